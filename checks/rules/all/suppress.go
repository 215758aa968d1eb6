package all

// unusedignore: checks of upclint:ignore suppression comments.
import _ "github.com/upclint/upclint/checks/suppress"
