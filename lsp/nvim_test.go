package lsp

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/internal/testenv"
)

// nvimScript drives Neovim (0.7 or later) headless: it starts `upclint lsp`
// with the built-in client, opens the file and waits for its diagnostics
// (a forall and a finegrain finding, a collectivity error); applies the
// forall quick fix, then the finegrain one, through textDocument/codeAction,
// waiting each time for the finding to go away, and writes the file (:w);
// applies the ignore action to the collectivity error; then makes the
// barrier unconditional, so that the suppression is unused, and waits for
// that report. It writes what it saw as JSON to $UPCLINT_OUT
// and quits without writing the later edits.
//
// Each step is a function in the steps table; the Go test checks the
// steps' names, the diagnostics and the written file.
const nvimScript = `
local env = function(name)
  local v = os.getenv(name)
  assert(v, name .. ' not set')
  return v
end
local out = {steps = {}, actions = vim.empty_dict()}
local buf, client_id

local function lsp_diags()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local l = (d.user_data and d.user_data.lsp) or {}
    table.insert(list, {lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
      message = d.message, source = d.source, code = d.code or l.code,
      href = l.codeDescription and l.codeDescription.href, lsp = l})
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum end)
  return list
end

local function codes()
  local c = {}
  for _, d in ipairs(lsp_diags()) do table.insert(c, d.code) end
  return table.concat(c, ',')
end

local function wait_codes(want, what)
  assert(vim.wait(30000, function() return codes() == want end, 20),
    what .. ': diagnostics ' .. codes() .. ', want ' .. want)
end

-- apply_action asks for the code actions of the diagnostic of rule, for its
-- range and with it as context, and applies the one whose title contains
-- title_part.
local function apply_action(rule, title_part)
  local d
  for _, x in ipairs(lsp_diags()) do
    if x.code == rule then d = x end
  end
  assert(d, 'no ' .. rule .. ' diagnostic')
  -- Neovim 0.7 keeps byte columns and only the extra LSP fields: convert
  -- the range back to UTF-16 as its own code action request does.
  local function pos(lnum, col)
    local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1] or ''
    local _, units = vim.str_utfindex(line, math.min(col, #line))
    return {line = lnum, character = units}
  end
  local range = {start = pos(d.lnum, d.col), ['end'] = pos(d.lnum, d.end_col)}
  local params = {
    textDocument = {uri = vim.uri_from_bufnr(buf)},
    range = range,
    context = {diagnostics = {vim.tbl_extend('keep', {range = range, message = d.message,
      severity = d.severity, source = d.source, code = d.code}, d.lsp)}},
  }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  assert(res and res[client_id] and res[client_id].result, 'no code action response')
  local titles, chosen = {}, nil
  for _, a in ipairs(res[client_id].result) do
    table.insert(titles, a.title)
    if not chosen and a.title:find(title_part, 1, true) then chosen = a end
  end
  out.actions[rule] = titles
  assert(chosen, 'no code action titled ' .. title_part .. ' among: ' .. table.concat(titles, ' | '))
  vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
end

local steps = {
  function()
    vim.cmd('edit ' .. vim.fn.fnameescape(env('UPCLINT_FILE')))
    buf = vim.api.nvim_get_current_buf()
    client_id = vim.lsp.start_client({
      name = 'upclint',
      cmd = {env('UPCLINT_BIN'), 'lsp', '--log', env('UPCLINT_LOG')},
      root_dir = env('UPCLINT_ROOT'),
      init_options = {debounceMs = 50},
    })
    assert(client_id, 'start_client failed')
    assert(vim.lsp.buf_attach_client(buf, client_id), 'attach failed')
    return 'started'
  end,
  function()
    wait_codes('forall,finegrain,collectivity', 'on open')
    out.diagnostics = lsp_diags()
    return 'diagnostics'
  end,
  function()
    -- Each quick fix goes to the server as an incremental change.
    apply_action('forall', env('UPCLINT_FORALL_FIX'))
    wait_codes('finegrain,collectivity', 'after the forall quick fix')
    apply_action('finegrain', env('UPCLINT_FINEGRAIN_FIX'))
    wait_codes('collectivity', 'after the finegrain quick fix')
    out.after_quickfix = lsp_diags()
    return 'quick fixes'
  end,
  function()
    vim.cmd('write')
    assert(not vim.bo[buf].modified, 'buffer still modified after :w')
    return 'written'
  end,
  function()
    apply_action('collectivity', 'Ignore this finding')
    wait_codes('', 'after the ignore action')
    out.lines_after_ignore = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    return 'ignored'
  end,
  function()
    -- Make the barrier collective: the suppression is now unused.
    local from = env('UPCLINT_EDIT_FROM')
    for lnum, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local s, e = line:find(from, 1, true)
      if s then
        vim.api.nvim_buf_set_text(buf, lnum - 1, s - 1, lnum - 1, e, {'1'})
        break
      end
    end
    wait_codes('unusedignore', 'after the edit')
    out.after_edit = lsp_diags()
    return 'unused ignore'
  end,
}

local ok, err = pcall(function()
  for _, step in ipairs(steps) do table.insert(out.steps, step()) end
end)
out.ok, out.err = ok, err and tostring(err)
if client_id then vim.lsp.stop_client(client_id) end
local f = assert(io.open(env('UPCLINT_OUT'), 'w'))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
`

// TestNeovim runs a real editor against the server binary.
func TestNeovim(t *testing.T) {
	nvim := testenv.LookPath(t, "nvim", "UPCLINT_REQUIRE_NVIM", "apt-get install -y neovim")
	if out, err := exec.Command(nvim, "--version").Output(); err == nil {
		t.Logf("%s", strings.SplitN(string(out), "\n", 2)[0])
	}
	if testing.Short() {
		t.Skip("short")
	}
	r := newEditorRun(t, "nvim", "e2e.lua", nvimScript)
	src, file := fixSrc, r.file
	type diagnostic struct {
		Lnum, Col, EndCol int
		Severity          int    `json:"severity"`
		Message           string `json:"message"`
		Source            string `json:"source"`
		Code              string `json:"code"`
		Href              string `json:"href"`
	}
	var res struct {
		Steps         []string            `json:"steps"`
		Actions       map[string][]string `json:"actions"`
		LinesIgnored  []string            `json:"lines_after_ignore"`
		Diagnostics   []diagnostic        `json:"diagnostics"`
		AfterQuickFix []diagnostic        `json:"after_quickfix"`
		AfterEdit     []diagnostic        `json:"after_edit"`
	}
	d := r.dir
	r.run(t, []string{nvim, "--headless", "-u", "NONE", "-i", "NONE", "--noplugin", "-n", "-c", "luafile " + r.script},
		[]string{"XDG_CONFIG_HOME=" + d, "XDG_DATA_HOME=" + d, "XDG_STATE_HOME=" + d, "XDG_CACHE_HOME=" + d,
			"UPCLINT_FORALL_FIX=iterate with stride THREADS", "UPCLINT_FINEGRAIN_FIX=coalesce the reads of X",
			"UPCLINT_EDIT_FROM=MYTHREAD == 0"}, &res)
	if !slices.Equal(res.Steps, []string{"started", "diagnostics", "quick fixes", "written", "ignored", "unused ignore"}) {
		t.Errorf("steps: %q", res.Steps)
	}
	lines := strings.Split(src, "\n")
	// Neovim converts LSP's UTF-16 columns back to byte columns.
	if len(res.Diagnostics) != 3 {
		t.Fatalf("diagnostics in nvim: %+v", res.Diagnostics)
	}
	if d := res.Diagnostics[0]; d.Code != "forall" || d.Lnum != 11 || d.Col != strings.Index(lines[11], "upc_forall") ||
		d.Severity != 2 || d.Source != "upclint" || d.Href != RuleDocURL+"forall.md" {
		t.Errorf("forall diagnostic in nvim: %+v (want line 11, byte column %d)", d, strings.Index(lines[11], "upc_forall"))
	}
	if d := res.Diagnostics[1]; d.Code != "finegrain" || d.Lnum != 21 || d.Col != strings.Index(lines[21], "X[j]") {
		t.Errorf("finegrain diagnostic in nvim: %+v (want line 21, byte column %d)", d, strings.Index(lines[21], "X[j]"))
	}
	// After the quick fixes the barrier is 17 lines further down.
	collective := func(ds []diagnostic, lnum int) bool {
		return slices.ContainsFunc(ds, func(d diagnostic) bool {
			return d.Code == "collectivity" && d.Severity == 1 && d.Lnum == lnum && strings.Contains(d.Message, "upc_barrier")
		})
	}
	if !collective(res.Diagnostics, 28) || !collective(res.AfterQuickFix, 45) || len(res.AfterQuickFix) != 1 {
		t.Errorf("want the collectivity error on open and alone after the quick fixes: %+v, then %+v", res.Diagnostics, res.AfterQuickFix)
	}
	if len(res.AfterEdit) != 1 || res.AfterEdit[0].Code != "unusedignore" || res.AfterEdit[0].Lnum != 45 {
		t.Errorf("at the end: %+v", res.AfterEdit)
	}
	if titles := res.Actions["forall"]; !slices.Contains(titles, "iterate with stride THREADS from this thread's first iteration") ||
		!slices.Contains(titles, "Ignore this finding (upclint:ignore forall)") {
		t.Errorf("forall actions: %q", titles)
	}
	// The written file is the original with both loops rewritten, the
	// way `upclint fix` rewrites it.
	written, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cli := fixes.FixSource(file, []byte(src), &fixes.Options{Check: &checks.Options{Jobs: 1}, MaxRounds: 1})
	if len(cli.Applied) != 2 || string(written) != string(cli.Fixed) {
		t.Errorf("written file differs from upclint fix (%d fixes): %s", len(cli.Applied), lineDiff(string(written), string(cli.Fixed)))
	}
	if !strings.Contains(string(written), fixLoopFixed) || !strings.Contains(string(written), "/* ü😀 */ s += X_local[j - 10] * (j % 3);") {
		t.Errorf("written file:\n%s", written)
	}
	if i := slices.IndexFunc(res.LinesIgnored, func(l string) bool { return strings.Contains(l, "upc_barrier;") }); i < 0 ||
		!strings.HasSuffix(res.LinesIgnored[i], "upc_barrier; // upclint:ignore collectivity TODO: reason") {
		t.Errorf("after the ignore action: %q", res.LinesIgnored)
	}
}
