package config

import (
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
)

// Print writes e as YAML, as `upclint config` shows it: the configuration
// file that applies, the front-end settings and every registered rule's
// enablement and severity after overrides.
func (e *Effective) Print(w io.Writer) {
	if e.ConfigFile == "" {
		fmt.Fprintln(w, "# no configuration file")
	} else {
		fmt.Fprintf(w, "# configuration: %s\n", e.ConfigFile)
	}
	list := func(key string, vals []string) {
		quoted := make([]string, len(vals))
		for i, v := range vals {
			quoted[i] = fmt.Sprintf("%q", v)
		}
		fmt.Fprintf(w, "%s: [%s]\n", key, strings.Join(quoted, ", "))
	}
	list("include", e.Include)
	list("define", e.Define)
	list("undefine", e.Undefine)
	fmt.Fprintf(w, "threads: %d\n", e.Threads)
	list("extensions", e.Extensions)
	list("exclude", e.Exclude)
	if len(e.ValidateMask) > 0 {
		list("validate-mask", e.ValidateMask)
	}
	fmt.Fprintln(w, "rules:")
	for _, r := range checks.Rules() {
		st := e.Rules[r.Name]
		fmt.Fprintf(w, "  %s: {enabled: %t, severity: %s}\n", r.Name, st.Enabled, st.Severity)
	}
}
