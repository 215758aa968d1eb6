package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/xeipuuv/gojsonschema"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"upclint": main})
}

// TestScripts runs the command-line scenarios in testdata/script: each
// .txtar file runs upclint and compares its output and exit status.
// UPCLINT_UPDATE_SCRIPTS=1 rewrites the golden files that cmp compares
// with (review the diff).
func TestScripts(t *testing.T) {
	schema := officialSchema(t)
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPCLINT_UPDATE_SCRIPTS") != "",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"sarif": func(ts *testscript.TestScript, neg bool, args []string) { sarifCmd(ts, neg, args, schema) },
		},
	})
}

// sarifCmd is the script command
//
//	sarif [-fingerprints] FILE
//
// It fails unless FILE is a SARIF log that validates against the official
// 2.1.0 schema and stays within GitHub code scanning's limits, then prints
// a summary for golden files: the tool, each rule's metadata, the
// invocation and each result with its locations, related locations,
// fingerprint and fixes. With -fingerprints it prints only each result's
// rule and primaryLocationLineHash.
func sarifCmd(ts *testscript.TestScript, neg bool, args []string, schema *gojsonschema.Schema) {
	if neg {
		ts.Fatalf("unsupported: ! sarif")
	}
	onlyFP := len(args) == 2 && args[0] == "-fingerprints"
	if len(args) != 1 && !onlyFP {
		ts.Fatalf("usage: sarif [-fingerprints] FILE")
	}
	data, err := os.ReadFile(ts.MkAbs(args[len(args)-1]))
	ts.Check(err)
	if err := checkSARIFLimits(schema, data); err != nil {
		ts.Fatalf("%v", err)
	}
	var log map[string]any
	ts.Check(json.Unmarshal(data, &log))
	runs := list(log["runs"])
	if len(runs) != 1 {
		ts.Fatalf("%d runs, want 1", len(runs))
	}
	run := obj(runs[0])
	results := list(run["results"])
	out := ts.Stdout()
	if onlyFP {
		for _, r := range results {
			r := obj(r)
			fmt.Fprintf(out, "%s %s\n", r["ruleId"], obj(r["partialFingerprints"])["primaryLocationLineHash"])
		}
		return
	}
	driver := obj(obj(run["tool"])["driver"])
	v := "semanticVersion differs from upclint version"
	if driver["semanticVersion"] == version {
		v = "semanticVersion = upclint version"
	}
	fmt.Fprintf(out, "tool %s, %s, informationUri %s\n", driver["name"], v, driver["informationUri"])
	fmt.Fprintf(out, "columnKind %s, %%SRCROOT%% bound: %t\n", run["columnKind"], obj(obj(run["originalUriBaseIds"])["%SRCROOT%"])["uri"] != nil)
	for _, r := range list(driver["rules"]) {
		r := obj(r)
		props := obj(r["properties"])
		var have []string
		for _, f := range []string{"shortDescription.text", "fullDescription.text", "fullDescription.markdown", "help.text", "help.markdown"} {
			k, sub, _ := strings.Cut(f, ".")
			if s, _ := obj(r[k])[sub].(string); s != "" {
				have = append(have, f)
			}
		}
		fmt.Fprintf(out, "rule %s: level %s, precision %s, problem.severity %s, tags %v, helpUri %t, %s\n",
			r["id"], obj(r["defaultConfiguration"])["level"], props["precision"], props["problem.severity"],
			props["tags"], r["helpUri"] != nil, strings.Join(have, " "))
	}
	for _, inv := range list(run["invocations"]) {
		inv := obj(inv)
		fmt.Fprintf(out, "invocation: exitCode %v, executionSuccessful %v\n", inv["exitCode"], inv["executionSuccessful"])
	}
	for _, r := range results {
		r := obj(r)
		fmt.Fprintf(out, "result %s %s %s: %s\n", r["ruleId"], r["level"], sarifLocation(list(r["locations"])[0]), obj(r["message"])["text"])
		fmt.Fprintf(out, "  primaryLocationLineHash %s\n", obj(r["partialFingerprints"])["primaryLocationLineHash"])
		for _, rl := range list(r["relatedLocations"]) {
			fmt.Fprintf(out, "  related %s: %s\n", sarifLocation(rl), obj(obj(rl)["message"])["text"])
		}
		for _, fx := range list(r["fixes"]) {
			fx := obj(fx)
			fmt.Fprintf(out, "  fix: %s\n", obj(fx["description"])["text"])
			for _, ch := range list(fx["artifactChanges"]) {
				ch := obj(ch)
				for _, rp := range list(ch["replacements"]) {
					rp := obj(rp)
					inserted := "(deleted)"
					if text, ok := obj(rp["insertedContent"])["text"].(string); ok {
						inserted = fmt.Sprintf("-> %q", text)
					}
					fmt.Fprintf(out, "    %s %s %s\n", artifact(obj(ch["artifactLocation"])), region(obj(rp["deletedRegion"])), inserted)
				}
			}
		}
	}
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func list(v any) []any         { l, _ := v.([]any); return l }

// artifact prints an artifact location: "%SRCROOT%/uri" or the URI.
func artifact(a map[string]any) string {
	if base, ok := a["uriBaseId"].(string); ok {
		return base + "/" + a["uri"].(string)
	}
	return fmt.Sprint(a["uri"])
}

// region prints a region as startLine:startColumn-endLine:endColumn, with
// its byte offset and length when it has them.
func region(r map[string]any) string {
	num := func(k string) string {
		if v, ok := r[k].(float64); ok {
			return fmt.Sprint(int(v))
		}
		return "?"
	}
	s := num("startLine") + ":" + num("startColumn") + "-" + num("endLine") + ":" + num("endColumn")
	if _, ok := r["byteOffset"]; ok {
		s += " @" + num("byteOffset") + "+" + num("byteLength")
	}
	return s
}

func sarifLocation(l any) string {
	phys := obj(obj(l)["physicalLocation"])
	return artifact(obj(phys["artifactLocation"])) + ":" + region(obj(phys["region"]))
}
