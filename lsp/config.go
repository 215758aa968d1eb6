package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/upclint/upclint/checks"
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
		return s, fmt.Errorf("settings: %v", err)
	}
	if wrapped.Upclint != nil {
		return *wrapped.Upclint, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("settings: %v", err)
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

// ConfigFileName is the project configuration file, looked up from a
// document's directory upwards.
const ConfigFileName = ".upclint.yaml"

// fileConfig is the part of the project configuration file that the server
// reads:
//
//	include: [include, third_party/upc]   # relative to the file
//	define: [N=1024]
//	undefine: [DEBUG]
//	threads: 8
//	enable: [finegrain, forall]
//	disable: [allreduce]
type fileConfig struct {
	Include  []string `yaml:"include"`
	Define   []string `yaml:"define"`
	Undefine []string `yaml:"undefine"`
	Threads  int      `yaml:"threads"`
	Enable   []string `yaml:"enable"`
	Disable  []string `yaml:"disable"`
}

// findConfigFile returns the nearest configuration file at or above dir,
// stopping at stop (the workspace root) when dir is inside it.
func findConfigFile(dir, stop string) string {
	for {
		p := filepath.Join(dir, ConfigFileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
		if dir == stop {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// loadFileConfig reads a configuration file; include directories become
// absolute.
func loadFileConfig(path string) (*fileConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fc fileConfig
	if err := yaml.Unmarshal(data, &fc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	for i, d := range fc.Include {
		if !filepath.IsAbs(d) {
			fc.Include[i] = filepath.Join(filepath.Dir(path), d)
		}
	}
	return &fc, nil
}

// analysisOptions combines the editor settings with the project file that
// applies to path into driver options. The file is read afresh for every
// analysis (it is small), so edits to it take effect without a cache. The
// returned error describes a configuration file that could not be read; the
// options are still usable.
func analysisOptions(path, root string, s *Settings, readFile func(string) ([]byte, error)) (*checks.Options, error) {
	opts := &checks.Options{Jobs: 1}
	var fc *fileConfig
	var cfgErr error
	if cf := findConfigFile(filepath.Dir(path), root); cf != "" {
		fc, cfgErr = loadFileConfig(cf)
	}
	if fc == nil {
		fc = &fileConfig{}
	}
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
	c := &opts.Config
	c.IncludeDirs = append(abs(s.IncludeDirs), fc.Include...)
	c.Defines = append(slices.Clone(fc.Define), s.Defines...)
	c.Undefs = append(slices.Clone(fc.Undefine), s.Undefines...)
	c.StaticThreads = fc.Threads
	if s.Threads > 0 {
		c.StaticThreads = s.Threads
	}
	c.ReadFile = readFile
	enable, disable := fc.Enable, slices.Concat(fc.Disable, s.Disable)
	if len(s.Enable) > 0 {
		enable = s.Enable
	}
	if len(enable) > 0 || len(disable) > 0 {
		opts.Enabled = func(rule string) bool {
			if slices.Contains(disable, rule) {
				return false
			}
			if len(enable) == 0 {
				return true
			}
			if r := checks.Lookup(rule); r != nil && r.Kind == checks.KindFrontEnd {
				return true
			}
			return slices.Contains(enable, rule)
		}
	}
	return opts, cfgErr
}
