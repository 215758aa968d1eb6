package lsp

// The tests and the benchmark run with every rule registered, as
// `upclint lsp` does.
import _ "github.com/upclint/upclint/checks/rules/all"
