// Package unit provides the root analyzer of upclint: its result is the
// loaded translation unit (syntax tree, type information, tokens) that every
// other analyzer starts from, the way inspect.Analyzer serves go/analysis
// passes.
package unit

import (
	"errors"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/grammar"
)

// Analyzer provides the *grammar.Unit being analysed. The driver supplies
// its result (it loaded the unit before any analysis ran), so Run is never
// called by upclint's driver.
var Analyzer = &analysis.Analyzer{
	Name:       "unit",
	Doc:        "provides the loaded UPC translation unit to other analyzers",
	Run:        run,
	ResultType: reflect.TypeFor[*grammar.Unit](),
}

func run(*analysis.Pass) (any, error) {
	return nil, errors.New("unit.Analyzer's result is supplied by the upclint driver")
}

// Of returns the unit from a pass whose analyzer requires Analyzer.
func Of(pass *analysis.Pass) *grammar.Unit {
	return pass.ResultOf[Analyzer].(*grammar.Unit)
}
