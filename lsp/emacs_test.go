package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/internal/testenv"
	"github.com/upclint/upclint/runtime"
)

// emacsScript drives Emacs with eglot (1.9 or later) in batch mode: it
// opens the file in a mode derived from c-mode, connects eglot to
// `upclint lsp`, waits until flymake shows the diagnostics (a forall and a
// finegrain finding, a collectivity error), applies the forall quick fix
// through eglot's code-action command (its menu answered with the fix's
// title), waits for the finding to go away, saves the file, and asks for
// the hover of a shared element access through eglot's eldoc function. It
// writes what it saw as JSON to $UPCLINT_OUT.
//
// Batch Emacs never becomes idle, so the idle timers that eglot and flymake
// use to send changes and to start checks are run by hand (wait-for).
const emacsScript = `
(require 'eglot)
(require 'json)
(require 'cl-lib)

(defun env (name) (or (getenv name) (error "%s not set" name)))
(defvar out (list (cons 'steps nil)))
(defun out-put (key val) (setq out (cons (cons key val) out)))
(defvar steps nil)
(defvar upc-buf nil)

(define-derived-mode upc-mode c-mode "UPC")

(defun diag-list ()
  (with-current-buffer upc-buf
    (sort (mapcar (lambda (d)
                    (let ((lsp (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d)))))
                      (list (cons 'line (1- (line-number-at-pos (flymake-diagnostic-beg d))))
                            (cons 'col (save-excursion (goto-char (flymake-diagnostic-beg d)) (- (point) (line-beginning-position))))
                            (cons 'type (symbol-name (flymake-diagnostic-type d)))
                            (cons 'text (flymake-diagnostic-text d))
                            (cons 'code (plist-get lsp :code)))))
                  (flymake-diagnostics))
          (lambda (a b) (< (cdr (assoc 'line a)) (cdr (assoc 'line b)))))))

(defun codes ()
  (mapconcat (lambda (d) (or (cdr (assoc 'code d)) "?")) (diag-list) ","))

(defun wait-for (pred what)
  (let ((deadline (+ (float-time) 30)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      ;; What an idle moment would run: eglot's pending didChange and a
      ;; flymake check, which hands the newest diagnostics to flymake.
      (with-current-buffer upc-buf
        (when eglot--change-idle-timer
          (cancel-timer eglot--change-idle-timer)
          (setq eglot--change-idle-timer nil)
          (eglot--signal-textDocument/didChange))
        (flymake-start)))
    (unless (funcall pred) (error "%s: timed out (diagnostics %s)" what (codes)))))

(defun diag-of (code)
  (or (cl-find-if (lambda (d) (equal (plist-get (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d))) :code) code))
                  (with-current-buffer upc-buf (flymake-diagnostics)))
      (error "no %s diagnostic" code)))

(setq steps
  (list
   (lambda ()
     (find-file (env "UPCLINT_FILE"))
     (setq upc-buf (current-buffer))
     (upc-mode)
     (eglot '(upc-mode) (cons 'transient (env "UPCLINT_ROOT")) 'eglot-lsp-server
            (list (env "UPCLINT_BIN") "lsp" "--log" (env "UPCLINT_LOG")
                  :initializationOptions '(:debounceMs 50))
            "upc")
     (unless (eglot-current-server) (error "eglot did not connect"))
     (out-put 'server (plist-get (eglot--server-info (eglot-current-server)) :name))
     "started")
   (lambda ()
     (wait-for (lambda () (equal (codes) "forall,finegrain,collectivity")) "on open")
     (out-put 'diagnostics (vconcat (diag-list)))
     "diagnostics")
   (lambda ()
     (let* ((d (diag-of "forall"))
            (title-part (env "UPCLINT_FORALL_FIX"))
            (titles nil)
            (last-nonmenu-event ?\r))
       (with-current-buffer upc-buf
         (goto-char (flymake-diagnostic-beg d))
         ;; eglot's command, with its menu answered like a user would.
         (cl-letf (((symbol-function 'completing-read)
                    (lambda (_prompt items &rest _)
                      (setq titles (mapcar #'car items))
                      (or (cl-find-if (lambda (ti) (string-match-p (regexp-quote title-part) ti)) titles)
                          (error "no action titled %s among %S" title-part titles)))))
           (eglot-code-actions (flymake-diagnostic-beg d) (flymake-diagnostic-end d) nil t)))
       (out-put 'actions (vconcat titles)))
     (wait-for (lambda () (equal (codes) "finegrain,collectivity")) "after the forall quick fix")
     (out-put 'after_quickfix (vconcat (diag-list)))
     "quick fix")
   (lambda ()
     (with-current-buffer upc-buf (save-buffer))
     "written")
   (lambda ()
     (let ((result nil) (done nil))
       (with-current-buffer upc-buf
         (switch-to-buffer upc-buf)
         (goto-char (point-min))
         (search-forward (env "UPCLINT_HOVER_AT"))
         (goto-char (match-beginning 0))
         (eglot-hover-eldoc-function (lambda (info &rest _) (setq result info done t))))
       (let ((deadline (+ (float-time) 30)))
         (while (and (not done) (< (float-time) deadline)) (accept-process-output nil 0.05)))
       (unless done (error "no hover"))
       (out-put 'hover (or result "")))
     "hover")
   (lambda ()
     ;; The run command of the code lens, as docs/editors.md tells eglot
     ;; users to call it.
     (if (not (getenv "UPCLINT_RUN"))
         "no run"
       (with-current-buffer upc-buf
         (let ((res (let ((jsonrpc-default-request-timeout 120))
                      (eglot-execute-command (eglot-current-server) 'upclint.runWithStats
                                             (vector (eglot--path-to-uri (buffer-file-name)) 4)))))
           (out-put 'run_summary (plist-get res :summary))
           (out-put 'run_status (plist-get res :exitStatus))
           (out-put 'run_error (or (plist-get res :error) ""))))
       "run"))))

(let ((err nil))
  (condition-case e
      (dolist (step steps)
        (setcdr (assoc 'steps out) (append (cdr (assoc 'steps out)) (list (funcall step)))))
    (error (setq err (error-message-string e))))
  (setcdr (assoc 'steps out) (vconcat (cdr (assoc 'steps out))))
  (out-put 'ok (if err :json-false t))
  (out-put 'err (or err ""))
  (ignore-errors (when (eglot-current-server) (eglot-shutdown (eglot-current-server))))
  (with-temp-file (env "UPCLINT_OUT") (insert (json-encode out))))
(kill-emacs 0)
`

// TestEmacs runs Emacs with eglot against the server binary.
func TestEmacs(t *testing.T) {
	emacs := testenv.LookPath(t, "emacs", "UPCLINT_REQUIRE_EMACS", "apt-get install -y emacs-nox elpa-eglot")
	probe, err := exec.Command(emacs, "--batch", "-q", "--eval", "(progn (require 'eglot) (princ (concat \"emacs \" emacs-version)))").CombinedOutput()
	if err != nil {
		testenv.Missing(t, "UPCLINT_REQUIRE_EMACS", "apt-get install -y elpa-eglot", fmt.Errorf("eglot does not load: %w\n%s", err, probe))
	}
	if i := strings.LastIndex(string(probe), "emacs "); i >= 0 {
		t.Logf("%s", probe[i:])
	}
	if testing.Short() {
		t.Skip("short")
	}
	r := newEditorRun(t, "emacs", "e2e.el", emacsScript)
	src, file := fixSrc, r.file
	type diagnostic struct {
		Line int    `json:"line"`
		Col  int    `json:"col"`
		Type string `json:"type"`
		Text string `json:"text"`
		Code string `json:"code"`
	}
	var res struct {
		Steps         []string     `json:"steps"`
		Server        string       `json:"server"`
		Actions       []string     `json:"actions"`
		Diagnostics   []diagnostic `json:"diagnostics"`
		AfterQuickFix []diagnostic `json:"after_quickfix"`
		Hover         string       `json:"hover"`
		RunSummary    string       `json:"run_summary"`
		RunStatus     int          `json:"run_status"`
		RunError      string       `json:"run_error"`
	}
	env := []string{"UPCLINT_FORALL_FIX=iterate with stride THREADS", "UPCLINT_HOVER_AT=X[j]"}
	run := fixtest.HaveCC()
	if run {
		// The editor's HOME is the test's directory: share the runtime's
		// build cache instead of building the runtime again.
		cache, err := runtime.CacheDir(runtime.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		env = append(env, "UPCLINT_RUN=1", "UPCLINT_CACHE="+cache)
	}
	r.run(t, []string{emacs, "--batch", "-q", "-l", r.script}, env, &res)
	wantSteps := []string{"started", "diagnostics", "quick fix", "written", "hover", "no run"}
	if run {
		wantSteps[len(wantSteps)-1] = "run"
		// The barrier only thread 0 reaches (the collectivity error) stops
		// the run; the command reports it.
		if res.RunStatus == 0 || !strings.Contains(res.RunSummary, "e2e.upc on 4 threads: exit status") ||
			!strings.Contains(res.RunError, "deadlock") {
			t.Errorf("run from emacs: status %d, error %q, summary %q", res.RunStatus, res.RunError, res.RunSummary)
		}
	}
	if !slices.Equal(res.Steps, wantSteps) {
		t.Errorf("steps: %q", res.Steps)
	}
	if res.Server != "upclint" {
		t.Errorf("server name %q", res.Server)
	}
	lines := strings.Split(src, "\n")
	if len(res.Diagnostics) != 3 {
		t.Fatalf("diagnostics in emacs: %+v", res.Diagnostics)
	}
	// Emacs counts characters; the server sent UTF-16 columns, and the
	// lines have characters of 1 and 2 UTF-16 units before the findings.
	col := func(line int, sub string) int {
		before, _, _ := strings.Cut(lines[line], sub)
		return utf8.RuneCountInString(before)
	}
	if d := res.Diagnostics[0]; d.Code != "forall" || d.Line != 11 || d.Col != col(11, "upc_forall") ||
		d.Type != ":warning" && d.Type != "eglot-warning" || !strings.Contains(d.Text, "upc_forall") {
		t.Errorf("forall diagnostic in emacs: %+v (want line 11, column %d)", d, col(11, "upc_forall"))
	}
	if d := res.Diagnostics[1]; d.Code != "finegrain" || d.Line != 21 || d.Col != col(21, "X[j]") {
		t.Errorf("finegrain diagnostic in emacs: %+v (want line 21, column %d)", d, col(21, "X[j]"))
	}
	if d := res.Diagnostics[2]; d.Code != "collectivity" || d.Line != 28 || d.Type != ":error" && d.Type != "eglot-error" {
		t.Errorf("collectivity diagnostic in emacs: %+v", d)
	}
	if !slices.Contains(res.Actions, "iterate with stride THREADS from this thread's first iteration") ||
		!slices.Contains(res.Actions, "Ignore this finding (upclint:ignore forall)") {
		t.Errorf("forall actions in emacs: %q", res.Actions)
	}
	if len(res.AfterQuickFix) != 2 || res.AfterQuickFix[0].Code != "finegrain" || res.AfterQuickFix[1].Code != "collectivity" {
		t.Errorf("after the quick fix: %+v", res.AfterQuickFix)
	}
	// The saved file is the original with the forall fix applied, as
	// `upclint fix` applies it.
	written, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := forallFixed(t, file, src)
	if string(written) != want {
		t.Errorf("saved file differs from the forall fix: %s", lineDiff(string(written), want))
	}
	// The hover of X[j] names the owner of the element and its block size.
	// (eglot 1.9 asks for plain text: no backquotes.)
	for _, w := range []string{"element of shared int X[100*THREADS]", "block size: 1", "owner of X[j]: thread j % THREADS"} {
		if !strings.Contains(res.Hover, w) {
			t.Errorf("hover lacks %q:\n%s", w, res.Hover)
		}
	}
}

// forallFixed returns src with the safe forall fix applied the way `upclint
// fix` applies it.
func forallFixed(t *testing.T, path, src string) string {
	t.Helper()
	fs := ruleFixes(t, path, src, "forall")
	i := slices.IndexFunc(fs, func(f checks.Fix) bool { return f.Safe() })
	if i < 0 {
		t.Fatalf("no safe forall fix")
	}
	fixed, err := applyBytes(src, fs[i].Edits)
	if err != nil {
		t.Fatal(err)
	}
	return fixed
}
