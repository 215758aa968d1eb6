// Package all registers every rule of upclint with the checks registry.
// The command imports it; so do tests that run the whole rule set. Each
// family of rules registers itself from its own file here.
package all
