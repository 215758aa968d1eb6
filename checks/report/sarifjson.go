package report

import (
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// MarshalSARIF encodes rep as compact JSON.
//
// encoding/json writes go-sarif's structs verbatim: its constructors fill
// every array with [] and every index with -1 and its fields have no
// omitempty, so each result carries about 2 KB of "attachments":[],
// "index":-1 and the like, and the log of a large tree takes megabytes and
// most of the time of a check. MarshalSARIF leaves out what the SARIF
// 2.1.0 schema makes optional and gives a default: nil pointers, empty
// arrays and maps, empty property bags, -1 for indices, ids, offsets and
// ranks, a result kind of "fail", a tool component's default contents and
// isComprehensive false. Some defaults are written all the same:
//
//   - levels: a result's level defaults to its rule's configured level,
//     not to the schema's "warning";
//   - the run's results, even none: a log of a scan must have them;
//   - the language and newline sequences of a run, the language of a tool
//     component and whether a rule is enabled, which appear once per log
//     or rule: go-sarif reads absent ones as zero values, so a log it
//     reads back would have "" (not a valid language), no newline
//     sequences (the schema wants at least one) and disabled rules;
//   - a region's offsets when it has no start line, as the schema wants a
//     region to have a start.
//
// Everything else is written as encoding/json writes it: fields in
// declaration order, map keys sorted, strings escaped byte for byte the
// same way (HTML-safe, invalid UTF-8 as U+FFFD). Objects of types upclint
// does not build (code flows, graphs, ...) and property values other than
// strings, string slices, booleans and ints are encoded by encoding/json.
func MarshalSARIF(rep *sarif.Report) ([]byte, error) {
	return appendSARIF(nil, rep)
}

// appendSARIF appends the encoding of rep to dst.
func appendSARIF(dst []byte, rep *sarif.Report) ([]byte, error) {
	// Room for the log, estimated, so that a large one is not copied and
	// cleared at every doubling of its buffer: the fixed part, a few
	// hundred bytes a result and location, and the text of fixes.
	hint := 64 << 10
	for _, run := range rep.Runs {
		if run == nil {
			continue
		}
		for _, r := range run.Results {
			hint += 300 + 250*(len(r.Locations)+len(r.RelatedLocations))
			for _, fx := range r.Fixes {
				for _, ch := range fx.ArtifactChanges {
					for _, rp := range ch.Replacements {
						hint += 200
						if rp.InsertedContent != nil && rp.InsertedContent.Text != nil {
							hint += len(*rp.InsertedContent.Text) * 9 / 8
						}
					}
				}
			}
		}
	}
	dst = slices.Grow(dst, hint)
	e := &sarifEncoder{buf: dst[:cap(dst)], n: len(dst)}
	e.report(rep)
	return e.buf[:e.n], e.err
}

// sarifEncoder appends JSON to buf[:n]. Commas are placed by looking at
// the last byte: a member or element that does not directly follow the
// '{' or '[' that opens its object or array follows another one.
//
// The output's length is kept in an int rather than in the slice, and
// buf's length is its capacity: methods append to the local slice out()
// and store it back with set, which stores a pointer only when append
// had to allocate. Storing the slice itself after every append would
// store a pointer into the heap each time, which costs a write barrier
// whenever the garbage collector is running, as it often is during a
// check.
type sarifEncoder struct {
	buf []byte
	n   int
	err error // the first error of encoding/json or of the sink
	// results, when set, writes the elements of the results array of
	// every run in place of the run's Results.
	results func(*sarifEncoder)
	// sink, when set, receives the output in pieces (see flush), and
	// flushed counts the bytes it has received.
	sink    io.Writer
	flushed int64
}

// sarifFlushSize is how much output the encoder holds before it hands it
// to its sink.
const sarifFlushSize = 64 << 10

// flush hands the output to the sink, if there is one: all of it when
// final, else, once it has grown past sarifFlushSize, all but its last
// byte, which stays because commas are placed by looking at it.
func (e *sarifEncoder) flush(final bool) {
	if e.sink == nil || e.err != nil || (!final && e.n < sarifFlushSize) {
		return
	}
	keep := 1
	if final {
		keep = 0
	}
	k, err := e.sink.Write(e.buf[:e.n-keep])
	e.flushed += int64(k)
	if err != nil {
		e.err = err
		return
	}
	if keep == 1 {
		e.buf[0] = e.buf[e.n-1]
	}
	e.n = keep
}

// out returns the output so far, with buf's spare capacity after it.
func (e *sarifEncoder) out() []byte { return e.buf[:e.n] }

// set makes b, the result of appending to out(), the output.
func (e *sarifEncoder) set(b []byte) {
	if cap(b) != cap(e.buf) {
		e.buf = b[:cap(b)]
	}
	e.n = len(b)
}

func (e *sarifEncoder) open()  { e.set(append(e.out(), '{')) }
func (e *sarifEncoder) close() { e.set(append(e.out(), '}')) }

// key starts a member named k (a name without characters to escape).
func (e *sarifEncoder) key(k string) {
	b := e.out()
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, k...)
	e.set(append(b, '"', ':'))
}

// mapKey starts a member named by a map key, which may need escaping.
func (e *sarifEncoder) mapKey(k string) {
	b := e.out()
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	e.set(append(appendJSONString(b, k), ':'))
}

// elem starts an array element.
func (e *sarifEncoder) elem() {
	if e.buf[e.n-1] != '[' {
		e.set(append(e.out(), ','))
	}
}

func (e *sarifEncoder) str(s string) { e.set(appendJSONString(e.out(), s)) }

func (e *sarifEncoder) strField(k, v string) {
	e.key(k)
	e.str(v)
}

// strPtr writes a member for a non-nil string pointer.
func (e *sarifEncoder) strPtr(k string, v *string) {
	if v != nil {
		e.strField(k, *v)
	}
}

func (e *sarifEncoder) intField(k string, v int) {
	e.key(k)
	e.set(strconv.AppendInt(e.out(), int64(v), 10))
}

func (e *sarifEncoder) intPtr(k string, v *int) {
	if v != nil {
		e.intField(k, *v)
	}
}

// index writes an index, offset or id member unless it is -1, the schema's
// default ("absent").
func (e *sarifEncoder) index(k string, v int) {
	if v != -1 {
		e.intField(k, v)
	}
}

func (e *sarifEncoder) boolField(k string, v bool) {
	e.key(k)
	e.set(strconv.AppendBool(e.out(), v))
}

// rank writes a rank member unless it is -1, the schema's default.
func (e *sarifEncoder) rank(k string, v float64) {
	if v != -1 {
		e.key(k)
		e.json(v)
	}
}

// strings writes a non-empty string array.
func (e *sarifEncoder) strings(k string, v []string) {
	if len(v) == 0 {
		return
	}
	e.key(k)
	e.strArray(v)
}

func (e *sarifEncoder) strArray(v []string) {
	e.set(append(e.out(), '['))
	for _, s := range v {
		e.elem()
		e.str(s)
	}
	e.set(append(e.out(), ']'))
}

// strMap writes a non-empty string map, keys in sorted order.
func (e *sarifEncoder) strMap(k string, m map[string]string) {
	if len(m) == 0 {
		return
	}
	e.key(k)
	e.open()
	if len(m) == 1 { // the common case (a fingerprint), without sorting
		for name, v := range m {
			e.mapKey(name)
			e.str(v)
		}
	} else {
		for _, name := range sortedKeys(m) {
			e.mapKey(name)
			e.str(m[name])
		}
	}
	e.close()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// json writes v as encoding/json does.
func (e *sarifEncoder) json(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		if e.err == nil {
			e.err = err
		}
		data = []byte("null")
	}
	e.set(append(e.out(), data...))
}

// other writes a member of a type upclint does not build with
// encoding/json. Callers test whether it is set (non-nil, non-empty)
// first: converting an unset value to an interface would cost an
// allocation per field and object.
func (e *sarifEncoder) other(k string, v any) {
	e.key(k)
	e.json(v)
}

// writeArray writes a member for a non-empty array of objects with write.
func writeArray[T any](e *sarifEncoder, k string, v []*T, write func(*sarifEncoder, *T)) {
	if len(v) > 0 {
		e.key(k)
		writeElems(e, v, write)
	}
}

// writeElems writes an array of objects with write.
func writeElems[T any](e *sarifEncoder, v []*T, write func(*sarifEncoder, *T)) {
	e.set(append(e.out(), '['))
	for _, x := range v {
		e.elem()
		if x == nil {
			e.set(append(e.out(), "null"...))
			continue
		}
		write(e, x)
	}
	e.set(append(e.out(), ']'))
}

// writePtr writes a member for a non-nil object pointer with write.
func writePtr[T any](e *sarifEncoder, k string, v *T, write func(*sarifEncoder, *T)) {
	if v != nil {
		e.key(k)
		write(e, v)
	}
}

func (e *sarifEncoder) report(r *sarif.Report) {
	e.open()
	e.strField("$schema", r.Schema)
	e.strField("version", r.Version)
	e.key("runs")
	writeElems(e, r.Runs, (*sarifEncoder).run)
	if len(r.InlineExternalProperties) > 0 {
		e.other("inlineExternalProperties", r.InlineExternalProperties)
	}
	if !emptyBag(&r.Properties) {
		e.key("properties")
		e.propertyBag(&r.Properties)
	}
	e.close()
}

func (e *sarifEncoder) run(r *sarif.Run) {
	e.open()
	if len(r.OriginalUriBaseIds) > 0 {
		e.key("originalUriBaseIds")
		e.open()
		for _, name := range sortedKeys(r.OriginalUriBaseIds) {
			e.mapKey(name)
			loc := r.OriginalUriBaseIds[name]
			e.artifactLocation(&loc)
		}
		e.close()
	}
	if len(r.Addresses) > 0 {
		e.other("addresses", r.Addresses)
	}
	if len(r.Artifacts) > 0 {
		e.other("artifacts", r.Artifacts)
	}
	if r.AutomationDetails != nil {
		e.other("automationDetails", r.AutomationDetails)
	}
	e.strPtr("baselineGuid", r.BaselineGuID)
	e.strPtr("columnKind", r.ColumnKind)
	if r.Conversion != nil {
		e.other("conversion", r.Conversion)
	}
	e.strPtr("defaultEncoding", r.DefaultEncoding)
	e.strPtr("defaultSourceLanguage", r.DefaultSourceLanguage)
	if r.ExternalPropertyFileReferences != nil {
		e.other("externalPropertyFileReferences", r.ExternalPropertyFileReferences)
	}
	if len(r.Graphs) > 0 {
		e.other("graphs", r.Graphs)
	}
	writeArray(e, "invocations", r.Invocations, (*sarifEncoder).invocation)
	if r.Language != "" {
		e.strField("language", r.Language)
	}
	if len(r.LogicalLocations) > 0 {
		e.other("logicalLocations", r.LogicalLocations)
	}
	e.strings("newlineSequences", r.NewlineSequences)
	writeArray(e, "policies", r.Policies, (*sarifEncoder).toolComponent)
	e.bag("properties", r.Properties)
	e.strings("redactionTokens", r.RedactionTokens)
	// Present even when empty: an empty array says the scan found nothing.
	e.key("results")
	if e.results != nil {
		e.set(append(e.out(), '['))
		e.results(e)
		e.set(append(e.out(), ']'))
	} else {
		writeElems(e, r.Results, (*sarifEncoder).result)
	}
	if len(r.RunAggregates) > 0 {
		e.other("runAggregates", r.RunAggregates)
	}
	if r.SpecialLocations != nil {
		e.other("specialLocations", r.SpecialLocations)
	}
	writeArray(e, "taxonomies", r.Taxonomies, (*sarifEncoder).toolComponent)
	if len(r.ThreadFlowLocations) > 0 {
		e.other("threadFlowLocations", r.ThreadFlowLocations)
	}
	writePtr(e, "tool", r.Tool, (*sarifEncoder).tool)
	writeArray(e, "translations", r.Translations, (*sarifEncoder).toolComponent)
	if len(r.VersionControlProvenance) > 0 {
		e.other("versionControlProvenance", r.VersionControlProvenance)
	}
	if len(r.WebRequests) > 0 {
		e.other("webRequests", r.WebRequests)
	}
	if len(r.WebResponses) > 0 {
		e.other("webResponses", r.WebResponses)
	}
	e.close()
}

func (e *sarifEncoder) tool(t *sarif.Tool) {
	e.open()
	writePtr(e, "driver", t.Driver, (*sarifEncoder).toolComponent)
	writeArray(e, "extensions", t.Extensions, (*sarifEncoder).toolComponent)
	e.bag("properties", t.Properties)
	e.close()
}

func (e *sarifEncoder) toolComponent(c *sarif.ToolComponent) {
	e.open()
	e.messageStrings("globalMessageStrings", c.GlobalMessageStrings)
	if c.AssociatedComponent != nil {
		e.other("associatedComponent", c.AssociatedComponent)
	}
	// The default is both kinds; an empty array is not the default.
	if c.Contents != nil && !slices.Equal(c.Contents, []string{"localizedData", "nonLocalizedData"}) {
		e.key("contents")
		e.strArray(c.Contents)
	}
	e.strPtr("dottedQuadFileVersion", c.DottedQuadFileVersion)
	e.strPtr("downloadUri", c.DownloadURI)
	writePtr(e, "fullDescription", c.FullDescription, (*sarifEncoder).multiformat)
	e.strPtr("fullName", c.FullName)
	e.strPtr("guid", c.GuID)
	e.strPtr("informationUri", c.InformationURI)
	if c.IsComprehensive {
		e.boolField("isComprehensive", true)
	}
	if c.Language != "" {
		e.strField("language", c.Language)
	}
	e.strPtr("localizedDataSemanticVersion", c.LocalizedDataSemanticVersion)
	writeArray(e, "locations", c.Locations, (*sarifEncoder).artifactLocation)
	e.strPtr("minimumRequiredLocalizedDataSemanticVersion", c.MinimumRequiredLocalizedDataSemanticVersion)
	e.strPtr("name", c.Name)
	writeArray(e, "notifications", c.Notifications, (*sarifEncoder).reportingDescriptor)
	e.strPtr("organization", c.Organization)
	e.strPtr("product", c.Product)
	e.strPtr("productSuite", c.ProductSuite)
	e.bag("properties", c.Properties)
	e.strPtr("releaseDateUtc", c.ReleaseDateUtc)
	writeArray(e, "rules", c.Rules, (*sarifEncoder).reportingDescriptor)
	e.strPtr("semanticVersion", c.SemanticVersion)
	writePtr(e, "shortDescription", c.ShortDescription, (*sarifEncoder).multiformat)
	if len(c.SupportedTaxonomies) > 0 {
		e.other("supportedTaxonomies", c.SupportedTaxonomies)
	}
	writeArray(e, "taxa", c.Taxa, (*sarifEncoder).reportingDescriptor)
	if c.TranslationMetadata != nil {
		e.other("translationMetadata", c.TranslationMetadata)
	}
	e.strPtr("version", c.Version)
	e.close()
}

func (e *sarifEncoder) reportingDescriptor(d *sarif.ReportingDescriptor) {
	e.open()
	e.messageStrings("messageStrings", d.MessageStrings)
	writePtr(e, "defaultConfiguration", d.DefaultConfiguration, (*sarifEncoder).reportingConfiguration)
	e.strings("deprecatedGuids", d.DeprecatedGuids)
	e.strings("deprecatedIds", d.DeprecatedIds)
	e.strings("deprecatedNames", d.DeprecatedNames)
	writePtr(e, "fullDescription", d.FullDescription, (*sarifEncoder).multiformat)
	e.strPtr("guid", d.GuID)
	writePtr(e, "help", d.Help, (*sarifEncoder).multiformat)
	e.strPtr("helpUri", d.HelpURI)
	e.strPtr("id", d.ID)
	e.strPtr("name", d.Name)
	e.bag("properties", d.Properties)
	if len(d.Relationships) > 0 {
		e.other("relationships", d.Relationships)
	}
	writePtr(e, "shortDescription", d.ShortDescription, (*sarifEncoder).multiformat)
	e.close()
}

func (e *sarifEncoder) reportingConfiguration(c *sarif.ReportingConfiguration) {
	e.open()
	e.boolField("enabled", c.Enabled)
	if c.Level != "" {
		e.strField("level", c.Level)
	}
	e.bag("parameters", c.Parameters)
	e.bag("properties", c.Properties)
	e.rank("rank", c.Rank)
	e.close()
}

func (e *sarifEncoder) messageStrings(k string, m map[string]sarif.MultiformatMessageString) {
	if len(m) == 0 {
		return
	}
	e.key(k)
	e.open()
	for _, name := range sortedKeys(m) {
		e.mapKey(name)
		s := m[name]
		e.multiformat(&s)
	}
	e.close()
}

func (e *sarifEncoder) multiformat(m *sarif.MultiformatMessageString) {
	e.open()
	e.strPtr("markdown", m.Markdown)
	e.bag("properties", m.Properties)
	e.strPtr("text", m.Text)
	e.close()
}

func (e *sarifEncoder) message(m *sarif.Message) {
	e.open()
	e.strings("arguments", m.Arguments)
	e.strPtr("id", m.ID)
	e.strPtr("markdown", m.Markdown)
	e.bag("properties", m.Properties)
	e.strPtr("text", m.Text)
	e.close()
}

func (e *sarifEncoder) invocation(v *sarif.Invocation) {
	e.open()
	e.strMap("environmentVariables", v.EnvironmentVariables)
	e.strPtr("account", v.Account)
	e.strings("arguments", v.Arguments)
	e.strPtr("commandLine", v.CommandLine)
	e.strPtr("endTimeUtc", v.EndTimeUtc)
	writePtr(e, "executableLocation", v.ExecutableLocation, (*sarifEncoder).artifactLocation)
	if v.ExecutionSuccessful != nil {
		e.boolField("executionSuccessful", *v.ExecutionSuccessful)
	}
	e.intPtr("exitCode", v.ExitCode)
	e.strPtr("exitCodeDescription", v.ExitCodeDescription)
	e.strPtr("exitSignalName", v.ExitSignalName)
	e.intPtr("exitSignalNumber", v.ExitSignalNumber)
	e.strPtr("machine", v.Machine)
	if len(v.NotificationConfigurationOverrides) > 0 {
		e.other("notificationConfigurationOverrides", v.NotificationConfigurationOverrides)
	}
	e.intPtr("processId", v.ProcessID)
	e.strPtr("processStartFailureMessage", v.ProcessStartFailureMessage)
	e.bag("properties", v.Properties)
	writeArray(e, "responseFiles", v.ResponseFiles, (*sarifEncoder).artifactLocation)
	if len(v.RuleConfigurationOverrides) > 0 {
		e.other("ruleConfigurationOverrides", v.RuleConfigurationOverrides)
	}
	e.strPtr("startTimeUtc", v.StartTimeUtc)
	writePtr(e, "stderr", v.Stderr, (*sarifEncoder).artifactLocation)
	writePtr(e, "stdin", v.Stdin, (*sarifEncoder).artifactLocation)
	writePtr(e, "stdout", v.Stdout, (*sarifEncoder).artifactLocation)
	writePtr(e, "stdoutStderr", v.StdoutStderr, (*sarifEncoder).artifactLocation)
	writeArray(e, "toolConfigurationNotifications", v.ToolConfigurationNotifications, (*sarifEncoder).notification)
	writeArray(e, "toolExecutionNotifications", v.ToolExecutionNotifications, (*sarifEncoder).notification)
	writePtr(e, "workingDirectory", v.WorkingDirectory, (*sarifEncoder).artifactLocation)
	e.close()
}

func (e *sarifEncoder) notification(n *sarif.Notification) {
	e.open()
	if n.AssociatedRule != nil {
		e.other("associatedRule", n.AssociatedRule)
	}
	if n.Descriptor != nil {
		e.other("descriptor", n.Descriptor)
	}
	if n.Exception != nil {
		e.other("exception", n.Exception)
	}
	if n.Level != "" {
		e.strField("level", n.Level)
	}
	writeArray(e, "locations", n.Locations, (*sarifEncoder).location)
	writePtr(e, "message", n.Message, (*sarifEncoder).message)
	e.bag("properties", n.Properties)
	e.intPtr("threadId", n.ThreadID)
	e.strPtr("timeUtc", n.TimeUtc)
	e.close()
}

func (e *sarifEncoder) result(r *sarif.Result) {
	e.open()
	e.strMap("partialFingerprints", r.PartialFingerprints)
	e.strMap("fingerprints", r.Fingerprints)
	writePtr(e, "analysisTarget", r.AnalysisTarget, (*sarifEncoder).artifactLocation)
	if len(r.Attachments) > 0 {
		e.other("attachments", r.Attachments)
	}
	e.strPtr("baselineState", r.BaselineState)
	if len(r.CodeFlows) > 0 {
		e.other("codeFlows", r.CodeFlows)
	}
	e.strPtr("correlationGuid", r.CorrelationGuID)
	writeArray(e, "fixes", r.Fixes, (*sarifEncoder).fix)
	if len(r.GraphTraversals) > 0 {
		e.other("graphTraversals", r.GraphTraversals)
	}
	if len(r.Graphs) > 0 {
		e.other("graphs", r.Graphs)
	}
	e.strPtr("guid", r.GuID)
	e.strPtr("hostedViewerUri", r.HostedViewerURI)
	if r.Kind != "" && r.Kind != "fail" {
		e.strField("kind", r.Kind)
	}
	if r.Level != "" {
		e.strField("level", r.Level)
	}
	writeArray(e, "locations", r.Locations, (*sarifEncoder).location)
	writePtr(e, "message", r.Message, (*sarifEncoder).message)
	e.intPtr("occurrenceCount", r.OccurrenceCount)
	e.bag("properties", r.Properties)
	if r.Provenance != nil {
		e.other("provenance", r.Provenance)
	}
	e.rank("rank", r.Rank)
	writeArray(e, "relatedLocations", r.RelatedLocations, (*sarifEncoder).location)
	if r.Rule != nil {
		e.other("rule", r.Rule)
	}
	e.strPtr("ruleId", r.RuleID)
	e.index("ruleIndex", r.RuleIndex)
	if len(r.Stacks) > 0 {
		e.other("stacks", r.Stacks)
	}
	if len(r.Suppressions) > 0 {
		e.other("suppressions", r.Suppressions)
	}
	if len(r.Taxa) > 0 {
		e.other("taxa", r.Taxa)
	}
	if r.WebRequest != nil {
		e.other("webRequest", r.WebRequest)
	}
	if r.WebResponse != nil {
		e.other("webResponse", r.WebResponse)
	}
	e.strings("workItemUris", r.WorkItemUris)
	e.close()
}

func (e *sarifEncoder) location(l *sarif.Location) {
	e.open()
	writeArray(e, "annotations", l.Annotations, (*sarifEncoder).region)
	e.index("id", l.ID)
	if len(l.LogicalLocations) > 0 {
		e.other("logicalLocations", l.LogicalLocations)
	}
	writePtr(e, "message", l.Message, (*sarifEncoder).message)
	writePtr(e, "physicalLocation", l.PhysicalLocation, (*sarifEncoder).physicalLocation)
	e.bag("properties", l.Properties)
	if len(l.Relationships) > 0 {
		e.other("relationships", l.Relationships)
	}
	e.close()
}

func (e *sarifEncoder) physicalLocation(p *sarif.PhysicalLocation) {
	e.open()
	if p.Address != nil {
		e.other("address", p.Address)
	}
	writePtr(e, "artifactLocation", p.ArtifactLocation, (*sarifEncoder).artifactLocation)
	writePtr(e, "contextRegion", p.ContextRegion, (*sarifEncoder).region)
	e.bag("properties", p.Properties)
	writePtr(e, "region", p.Region, (*sarifEncoder).region)
	e.close()
}

func (e *sarifEncoder) artifactLocation(a *sarif.ArtifactLocation) {
	e.open()
	writePtr(e, "description", a.Description, (*sarifEncoder).message)
	e.index("index", a.Index)
	e.bag("properties", a.Properties)
	e.strPtr("uri", a.URI)
	e.strPtr("uriBaseId", a.URIBaseID)
	e.close()
}

func (e *sarifEncoder) region(r *sarif.Region) {
	e.open()
	// The schema wants a startLine, charOffset or byteOffset.
	keep := r.StartLine == nil && r.ByteOffset == -1 && r.CharOffset == -1
	e.intPtr("byteLength", r.ByteLength)
	if keep {
		e.intField("byteOffset", r.ByteOffset)
	} else {
		e.index("byteOffset", r.ByteOffset)
	}
	e.intPtr("charLength", r.CharLength)
	if keep {
		e.intField("charOffset", r.CharOffset)
	} else {
		e.index("charOffset", r.CharOffset)
	}
	e.intPtr("endColumn", r.EndColumn)
	e.intPtr("endLine", r.EndLine)
	writePtr(e, "message", r.Message, (*sarifEncoder).message)
	e.bag("properties", r.Properties)
	writePtr(e, "snippet", r.Snippet, (*sarifEncoder).artifactContent)
	e.strPtr("sourceLanguage", r.SourceLanguage)
	e.intPtr("startColumn", r.StartColumn)
	e.intPtr("startLine", r.StartLine)
	e.close()
}

func (e *sarifEncoder) fix(f *sarif.Fix) {
	e.open()
	writeArray(e, "artifactChanges", f.ArtifactChanges, (*sarifEncoder).artifactChange)
	writePtr(e, "description", f.Description, (*sarifEncoder).message)
	e.bag("properties", f.Properties)
	e.close()
}

func (e *sarifEncoder) artifactChange(c *sarif.ArtifactChange) {
	e.open()
	writePtr(e, "artifactLocation", c.ArtifactLocation, (*sarifEncoder).artifactLocation)
	e.bag("properties", c.Properties)
	writeArray(e, "replacements", c.Replacements, (*sarifEncoder).replacement)
	e.close()
}

func (e *sarifEncoder) replacement(r *sarif.Replacement) {
	e.open()
	writePtr(e, "deletedRegion", r.DeletedRegion, (*sarifEncoder).region)
	writePtr(e, "insertedContent", r.InsertedContent, (*sarifEncoder).artifactContent)
	e.bag("properties", r.Properties)
	e.close()
}

func (e *sarifEncoder) artifactContent(c *sarif.ArtifactContent) {
	e.open()
	e.strPtr("binary", c.Binary)
	e.bag("properties", c.Properties)
	writePtr(e, "rendered", c.Rendered, (*sarifEncoder).multiformat)
	e.strPtr("text", c.Text)
	e.close()
}

// emptyBag reports whether a property bag has nothing to say.
func emptyBag(p *sarif.PropertyBag) bool {
	return p == nil || len(p.Properties) == 0 && len(p.Tags) == 0
}

// bag writes a property bag member unless it is empty.
func (e *sarifEncoder) bag(k string, p *sarif.PropertyBag) {
	if !emptyBag(p) {
		e.key(k)
		e.propertyBag(p)
	}
}

// propertyBag writes a bag as go-sarif's PropertyBag.MarshalJSON does:
// one object of its properties and, when there are any, its tags, which
// take the place of a property named "tags".
func (e *sarifEncoder) propertyBag(p *sarif.PropertyBag) {
	keys := sortedKeys(p.Properties)
	if _, ok := p.Properties["tags"]; len(p.Tags) > 0 && !ok {
		keys = append(keys, "tags")
		slices.Sort(keys)
	}
	e.open()
	for _, k := range keys {
		e.mapKey(k)
		if k == "tags" && len(p.Tags) > 0 {
			e.strArray(p.Tags)
			continue
		}
		e.value(p.Properties[k])
	}
	e.close()
}

// value writes a property value as encoding/json does.
func (e *sarifEncoder) value(v any) {
	switch v := v.(type) {
	case string:
		e.str(v)
	case []string:
		if v == nil {
			e.set(append(e.out(), "null"...))
			return
		}
		e.strArray(v)
	case bool:
		e.set(strconv.AppendBool(e.out(), v))
	case int:
		e.set(strconv.AppendInt(e.out(), int64(v), 10))
	default:
		e.json(v)
	}
}

// jsonSafe marks the ASCII bytes encoding/json writes unescaped: printable
// characters other than the quote and backslash, and other than <, > and
// &, which it escapes so that JSON can be embedded in HTML.
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped byte for byte as
// encoding/json escapes it: short escapes for \b \f \n \r \t " and \,
// \u00XX for other control characters and for < > &, \ufffd for each byte
// that is not part of valid UTF-8, and \u2028 and \u2029 (which
// JavaScript does not accept in strings).
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if jsonSafe[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
