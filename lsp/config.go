package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
)

// Settings are the editor-side settings of the server, sent as
// initializationOptions or with workspace/didChangeConfiguration, either at
// top level or under an "upclint" key:
//
//	{"upclint": {"includeDirs": ["include"], "defines": ["N=1024"],
//	             "threads": 8, "enable": ["finegrain"], "disable": [],
//	             "debounceMs": 150}}
type Settings struct {
	IncludeDirs []string `json:"includeDirs"`
	Defines     []string `json:"defines"`
	Undefines   []string `json:"undefines"`
	Threads     int      `json:"threads"`
	// Enable, when non-empty, lists the only rules reported; Disable
	// removes rules. Front-end rules (syntax, typecheck, preprocessor) are
	// always reported unless disabled.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
	// DebounceMs is the delay between an edit and its analysis; 0 means the
	// default, a negative value no delay.
	DebounceMs int `json:"debounceMs"`
}

// defaultDebounce is the delay between the last edit and its analysis.
const defaultDebounce = 150 * time.Millisecond

// parseSettings reads settings from raw JSON; a missing or null value gives
// the zero settings.
func parseSettings(raw json.RawMessage) (Settings, error) {
	var s Settings
	if len(raw) == 0 || string(raw) == "null" {
		return s, nil
	}
	var wrapped struct {
		Upclint *Settings `json:"upclint"`
	}
	if err := json.Unmarshal(raw, &wrapped); err != nil {
		return s, fmt.Errorf("settings: %w", err)
	}
	if wrapped.Upclint != nil {
		return *wrapped.Upclint, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("settings: %w", err)
	}
	return s, nil
}

func (s *Settings) debounce() time.Duration {
	switch {
	case s.DebounceMs < 0:
		return 0
	case s.DebounceMs == 0:
		return defaultDebounce
	}
	return time.Duration(s.DebounceMs) * time.Millisecond
}

// analysisOptions combines the project configuration file that applies to
// path (.upclint.yaml, see package checks/config; the newest valid text of
// an open one, see findConfig) with the editor settings
// into driver options, the way `upclint check` combines it with its flags:
// editor include directories come first, editor defines after the file's,
// editor threads replace the file's. The file is read afresh for every
// analysis (it is small), so edits to it take effect without a cache. The
// returned error describes a configuration file that could not be read;
// the options are still usable.
func analysisOptions(path, root string, s *Settings, open map[string]*openConfig,
	readFile func(string) ([]byte, error)) (*checks.Options, *config.Effective, error) {
	fc, cfgErr := findConfig(filepath.Dir(path), open)
	eff := fc.For(path)
	abs := func(dirs []string) []string {
		out := make([]string, 0, len(dirs))
		for _, d := range dirs {
			if !filepath.IsAbs(d) && root != "" {
				d = filepath.Join(root, d)
			}
			out = append(out, d)
		}
		return out
	}
	opts := &checks.Options{Jobs: 1, Parallel: true}
	c := &opts.Config
	c.IncludeDirs = slices.Concat(abs(s.IncludeDirs), eff.Include)
	c.Defines = slices.Concat(eff.Define, s.Defines)
	c.Undefs = slices.Concat(eff.Undefine, s.Undefines)
	c.StaticThreads = eff.Threads
	if s.Threads > 0 {
		c.StaticThreads = s.Threads
	}
	c.ReadFile = readFile
	enable, disable := slices.Clone(s.Enable), slices.Clone(s.Disable)
	opts.Enabled = func(rule string) bool {
		if slices.Contains(disable, rule) {
			return false
		}
		if len(enable) > 0 {
			if r := checks.Lookup(rule); r != nil && r.Kind == checks.KindFrontEnd {
				return eff.Enabled(rule)
			}
			return slices.Contains(enable, rule)
		}
		return eff.Enabled(rule)
	}
	return opts, eff, cfgErr
}
