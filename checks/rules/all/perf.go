package all

import (
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/rules/finegrain"
	"github.com/upclint/upclint/checks/rules/forall"
)

// Performance rules of the communication family.
func init() {
	checks.Register(finegrain.Rule)
	checks.Register(forall.Rule)
}
