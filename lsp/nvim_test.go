package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// nvimScript drives Neovim (0.7 or later) headless: it starts `upclint lsp`
// with the built-in client, opens the file, waits for diagnostics, applies
// the code action whose title contains $UPCLINT_ACTION (the finding goes
// away), then fixes the error by editing the buffer and waits for the
// report of the now unused suppression. It writes what it saw as JSON to
// $UPCLINT_OUT and quits.
//
// More steps (e.g. applying a rule's quick fix once rules carry fixes) go
// in the steps table.
const nvimScript = `
local env = function(name)
  local v = os.getenv(name)
  assert(v, name .. ' not set')
  return v
end
local out = {steps = {}}
local buf, client_id

local function lsp_diags()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local l = (d.user_data and d.user_data.lsp) or {}
    table.insert(list, {lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity,
      message = d.message, source = d.source, code = d.code or l.code,
      href = l.codeDescription and l.codeDescription.href, lsp = l})
  end
  return list
end

local function apply_action(title_part)
  local d = lsp_diags()[1]
  local params = {
    textDocument = {uri = vim.uri_from_bufnr(buf)},
    range = {start = {line = d.lnum, character = d.col}, ['end'] = {line = d.lnum, character = d.col}},
    context = {diagnostics = {d.lsp}},
  }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  assert(res and res[client_id] and res[client_id].result, 'no code action response')
  out.actions = {}
  for _, a in ipairs(res[client_id].result) do
    table.insert(out.actions, a.title)
    if a.title:find(title_part, 1, true) then
      vim.lsp.util.apply_workspace_edit(a.edit, 'utf-16')
      out.lines_after_action = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
      return
    end
  end
  error('no code action titled ' .. title_part)
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
    assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20), 'no diagnostics published')
    out.diagnostics = lsp_diags()
    return 'diagnostics'
  end,
  function()
    -- The edit goes to the server as an incremental change; the new
    -- suppression comment silences the finding.
    apply_action(env('UPCLINT_ACTION'))
    assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20), 'diagnostics not cleared after the action')
    return 'code action'
  end,
  function()
    -- Fix the error by editing the buffer: the suppression is now unused.
    local lnum = tonumber(env('UPCLINT_FIX_LINE'))
    local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, false)[1]
    local from, to = env('UPCLINT_FIX_FROM'), env('UPCLINT_FIX_TO')
    local s, e = line:find(from, 1, true)
    vim.api.nvim_buf_set_text(buf, lnum, s - 1, lnum, e, {to})
    assert(vim.wait(30000, function()
      local d = lsp_diags()
      return #d == 1 and d[1].code == 'unusedignore'
    end, 20), 'no unusedignore finding after the fix')
    out.after_fix = lsp_diags()
    return 'fixed'
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
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim not installed (apt-get install -y neovim)")
	}
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "upclint")
	build := exec.Command("go", "build", "-o", bin, "../cmd/upclint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src := "#include <upc.h>\n" +
		"shared [4] int a[4*THREADS];\n" +
		"int main(void) {\n" +
		"  /* é😀 */ int v = a[MYTHREAD] + missing_name;\n" +
		"  return v;\n" +
		"}\n"
	file := filepath.Join(dir, "e2e.upc")
	script := filepath.Join(dir, "e2e.lua")
	outFile := filepath.Join(dir, "out.json")
	for name, text := range map[string]string{file: src, script: nvimScript} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "--noplugin", "-n",
		"-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir,
		"UPCLINT_BIN="+bin, "UPCLINT_FILE="+file, "UPCLINT_ROOT="+dir, "UPCLINT_OUT="+outFile,
		"UPCLINT_LOG="+filepath.Join(dir, "server.log"),
		"UPCLINT_ACTION=Ignore this finding",
		"UPCLINT_FIX_LINE=3", "UPCLINT_FIX_FROM=missing_name", "UPCLINT_FIX_TO=1")
	combined, runErr := cmd.CombinedOutput()
	data, err := os.ReadFile(outFile)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		t.Fatalf("nvim wrote no result (%v): %v\n%s\nserver log:\n%s", runErr, err, combined, log)
	}
	var res struct {
		OK          bool     `json:"ok"`
		Err         string   `json:"err"`
		Steps       []string `json:"steps"`
		Actions     []string `json:"actions"`
		LinesAfter  []string `json:"lines_after_action"`
		Diagnostics []struct {
			Lnum, Col, EndCol int
			Severity          int    `json:"severity"`
			Message           string `json:"message"`
			Source            string `json:"source"`
			Code              string `json:"code"`
			Href              string `json:"href"`
		} `json:"diagnostics"`
	}
	t.Logf("nvim saw: %s", data)
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("bad result %s: %v", data, err)
	}
	if !res.OK {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		t.Fatalf("nvim steps %q failed: %s\nserver log:\n%s", res.Steps, res.Err, log)
	}
	if len(res.Diagnostics) != 1 {
		t.Fatalf("diagnostics in nvim: %+v", res.Diagnostics)
	}
	d := res.Diagnostics[0]
	line := strings.Split(src, "\n")[3]
	// Neovim converts LSP's UTF-16 columns back to byte columns.
	if d.Lnum != 3 || d.Col != strings.Index(line, "missing_name") || d.Code != "typecheck" ||
		d.Source != "upclint" || d.Severity != 1 || !strings.Contains(d.Message, "missing_name") ||
		d.Href != RuleDocURL+"typecheck.md" {
		t.Errorf("diagnostic in nvim: %+v (want line 3, byte column %d)", d, strings.Index(line, "missing_name"))
	}
	if !slices.Equal(res.Steps, []string{"started", "diagnostics", "code action", "fixed"}) {
		t.Errorf("steps: %q", res.Steps)
	}
	if len(res.LinesAfter) < 4 || !strings.HasSuffix(res.LinesAfter[3], "missing_name; // upclint:ignore typecheck TODO: reason") {
		t.Errorf("after the ignore action, line 4 = %q (actions %q)", res.LinesAfter, res.Actions)
	}
}
