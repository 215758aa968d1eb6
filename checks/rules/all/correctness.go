package all

import (
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/rules/allreduce"
	"github.com/upclint/upclint/checks/rules/collectivity"
	"github.com/upclint/upclint/checks/rules/collidiom"
	"github.com/upclint/upclint/checks/rules/singlevalued"
)

// Collective-correctness rules, and the collective performance idioms.
func init() {
	checks.Register(collectivity.Rule)
	checks.Register(singlevalued.Rule)
	checks.Register(allreduce.Rule)
	checks.Register(collidiom.Rule)
}
