package report

import (
	"slices"

	"github.com/upclint/upclint/checks"
)

// Results written straight from findings.
//
// A log of thousands of results spent most of its encoding time building
// the go-sarif objects of each result (a dozen small allocations, and the
// garbage collection they cause) only to write them out once. The encoder
// writes the results of a log from the findings instead, member for member
// as (*sarifEncoder).result writes result(r, f, uris): the go-sarif model
// stays the reference (BuildSARIF), and TestDirectResultsMatchModel checks
// that both give the same bytes.

// findingResult writes the result of finding f; ruleIndex is its rule's
// index in the run (-1 when absent).
func (e *sarifEncoder) findingResult(f *checks.Finding, ruleIndex int, uris *uriCache) {
	e.open()
	e.key("partialFingerprints")
	e.open()
	e.mapKey("primaryLocationLineHash")
	e.str(f.Fingerprint)
	e.close()
	if slices.ContainsFunc(f.Fixes, func(fx checks.Fix) bool { return fx.Applicable() }) {
		e.key("fixes")
		e.set(append(e.out(), '['))
		for k := range f.Fixes {
			if f.Fixes[k].Applicable() {
				e.elem()
				e.findingFix(f, &f.Fixes[k], uris)
			}
		}
		e.set(append(e.out(), ']'))
	}
	if lv := level(f.Severity); lv != "" {
		e.strField("level", lv)
	}
	e.key("locations")
	e.set(append(e.out(), '['))
	e.findingLocation(f.Pos, f.End, f.Line, -1, "", uris)
	e.set(append(e.out(), ']'))
	e.key("message")
	e.textMessage(f.Message)
	if len(f.Related) > 0 {
		e.key("relatedLocations")
		e.set(append(e.out(), '['))
		for j, rl := range f.Related {
			if j == MaxSARIFRelatedLocations {
				break
			}
			e.elem()
			e.findingLocation(rl.Pos, rl.End, "", j, rl.Message, uris)
		}
		e.set(append(e.out(), ']'))
	}
	e.strField("ruleId", f.Rule)
	e.index("ruleIndex", ruleIndex)
	e.close()
}

// textMessage writes a message with text only.
func (e *sarifEncoder) textMessage(text string) {
	e.open()
	e.strField("text", text)
	e.close()
}

// findingLocation writes what location(pos, end, line, uris) builds, with
// an id (unless -1) and a message (unless "") as a related location has.
func (e *sarifEncoder) findingLocation(pos, end checks.Position, line string, id int, msg string, uris *uriCache) {
	e.open()
	e.index("id", id)
	if msg != "" {
		e.key("message")
		e.textMessage(msg)
	}
	e.key("physicalLocation")
	e.open()
	e.key("artifactLocation")
	e.artifactURI(pos.Path, uris)
	if pos.IsValid() {
		e.key("region")
		e.open()
		if end.IsValid() && end.Offset >= pos.Offset {
			endCol := end.Col
			if end.Line == pos.Line {
				endCol = charColumn(line, end.Col)
			}
			e.intField("endColumn", endCol)
			e.intField("endLine", end.Line)
		}
		e.intField("startColumn", charColumn(line, pos.Col))
		e.intField("startLine", pos.Line)
		e.close()
	}
	e.close()
	e.close()
}

// artifactURI writes the artifact location uris.artifact(path) builds.
func (e *sarifEncoder) artifactURI(path string, uris *uriCache) {
	uris.lookup(path)
	e.open()
	e.strField("uri", uris.uri)
	if uris.inRoot {
		e.strField("uriBaseId", srcRoot)
	}
	e.close()
}

// findingFix writes what fix(f, fx, uris) builds: one artifactChange per
// file, in the order the files first appear.
func (e *sarifEncoder) findingFix(f *checks.Finding, fx *checks.Fix, uris *uriCache) {
	desc := fx.Message
	if !fx.Safe() {
		desc += " (review: not proven safe)"
	}
	e.open()
	var paths []string
	for k := range fx.Edits {
		path := fx.Edits[k].Pos.Path
		if path == "" {
			path = f.Pos.Path
		}
		if !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	}
	if len(paths) > 0 {
		e.key("artifactChanges")
		e.set(append(e.out(), '['))
		for _, path := range paths {
			e.elem()
			e.open()
			e.key("artifactLocation")
			e.artifactURI(path, uris)
			e.key("replacements")
			e.set(append(e.out(), '['))
			for k := range fx.Edits {
				ed := &fx.Edits[k]
				if p := ed.Pos.Path; p != path && (p != "" || path != f.Pos.Path) {
					continue
				}
				e.elem()
				e.replacementOf(f, ed)
			}
			e.set(append(e.out(), ']'))
			e.close()
		}
		e.set(append(e.out(), ']'))
	}
	e.key("description")
	e.textMessage(desc)
	e.close()
}

// replacementOf writes the replacement of one edit of a fix of f.
func (e *sarifEncoder) replacementOf(f *checks.Finding, ed *checks.Edit) {
	lineOf := func(p checks.Position) string {
		if p.Path == f.Pos.Path && p.Line == f.Pos.Line {
			return f.Line
		}
		return ""
	}
	e.open()
	e.key("deletedRegion")
	e.open()
	e.intField("byteLength", max(ed.End.Offset-ed.Pos.Offset, 0))
	if ed.Pos.IsValid() {
		e.index("byteOffset", ed.Pos.Offset)
		if ed.End.IsValid() && ed.End.Offset >= ed.Pos.Offset {
			e.intField("endColumn", charColumn(lineOf(ed.End), ed.End.Col))
			e.intField("endLine", ed.End.Line)
		}
		e.intField("startColumn", charColumn(lineOf(ed.Pos), ed.Pos.Col))
		e.intField("startLine", ed.Pos.Line)
	} else if ed.Pos.Offset == -1 {
		// No line and no offset: the schema wants one, so both offsets
		// are written as -1, as the model's encoding does.
		e.intField("byteOffset", -1)
		e.intField("charOffset", -1)
	} else {
		e.index("byteOffset", ed.Pos.Offset)
	}
	e.close()
	if ed.NewText != "" {
		e.key("insertedContent")
		e.open()
		e.strField("text", ed.NewText)
		e.close()
	}
	e.close()
}
