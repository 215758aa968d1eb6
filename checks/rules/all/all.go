// Package all registers every rule of upclint with the checks registry.
// The command imports it; so do tests that run the whole rule set. A new
// rule is one line here.
package all

import (
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/rules/allreduce"
	"github.com/upclint/upclint/checks/rules/collectivity"
	"github.com/upclint/upclint/checks/rules/collidiom"
	"github.com/upclint/upclint/checks/rules/finegrain"
	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/checks/rules/irregular"
	"github.com/upclint/upclint/checks/rules/singlevalued"
	"github.com/upclint/upclint/checks/rules/splitphase"

	// unusedignore, the checks of upclint:ignore comments, registers
	// itself: the driver applies suppressions whatever rules are linked.
	_ "github.com/upclint/upclint/checks/suppress"
)

func init() {
	checks.Register(allreduce.Rule)    // performance
	checks.Register(collectivity.Rule) // correctness
	checks.Register(collidiom.Rule)    // performance
	checks.Register(finegrain.Rule)    // performance
	checks.Register(forall.Rule)       // performance
	checks.Register(irregular.Rule)    // performance
	checks.Register(singlevalued.Rule) // correctness
	checks.Register(splitphase.Rule)   // performance
}
