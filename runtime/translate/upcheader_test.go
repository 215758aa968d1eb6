package translate

import "testing"

// The UPC headers map to upcr.h; other bundled headers, even those whose
// names start with "upc" (the internal <bits/upclint_types.h>), are C.
func TestIsUPCHeader(t *testing.T) {
	for name, want := range map[string]bool{
		"upc.h": true, "upc_relaxed.h": true, "upc_collective.h": true, "bupc_extensions.h": true,
		"upclint_types.h": false, "stdio.h": false, "upcxx.h": false, "bupc.h": false,
	} {
		if got := isUPCHeader(name); got != want {
			t.Errorf("isUPCHeader(%q) = %v, want %v", name, got, want)
		}
	}
}
