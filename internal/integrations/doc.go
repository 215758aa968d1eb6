// Package integrations tests the pre-commit hook definition
// (.pre-commit-hooks.yaml at the repository root) with the pre-commit tool
// itself, against a clone of the repository. The GitHub Action (action.yml)
// is tested with the other CI examples in cmd/upclint.
package integrations
