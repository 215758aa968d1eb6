package runtime

import (
	"encoding/json"
	"time"
)

// Counters are one thread's (or the total) communication counts, as the
// runtime writes them (schema: runtime/csrc/CONTRACT.md, "Statistics").
type Counters struct {
	Thread           int     `json:"thread"`
	LocalReads       uint64  `json:"local_reads"`
	LocalReadBytes   uint64  `json:"local_read_bytes"`
	LocalWrites      uint64  `json:"local_writes"`
	LocalWriteBytes  uint64  `json:"local_write_bytes"`
	RemoteReads      uint64  `json:"remote_reads"`
	RemoteReadBytes  uint64  `json:"remote_read_bytes"`
	RemoteWrites     uint64  `json:"remote_writes"`
	RemoteWriteBytes uint64  `json:"remote_write_bytes"`
	BulkLocal        uint64  `json:"bulk_local"`
	BulkLocalBytes   uint64  `json:"bulk_local_bytes"`
	BulkRemote       uint64  `json:"bulk_remote"`
	BulkRemoteBytes  uint64  `json:"bulk_remote_bytes"`
	StrictOps        uint64  `json:"strict_ops"`
	Fences           uint64  `json:"fences"`
	Barriers         uint64  `json:"barriers"`
	LockOps          uint64  `json:"lock_ops"`
	Allocs           uint64  `json:"allocs"`
	Frees            uint64  `json:"frees"`
	Collectives      uint64  `json:"collectives"`
	CollectiveBytes  uint64  `json:"collective_bytes"`
	CommNs           float64 `json:"comm_ns"`    // modeled cost of the thread's own remote operations
	ModeledNs        float64 `json:"modeled_ns"` // modeled program time as seen by the thread
	// BarrierWaitNs is the wall time from each notify (user barriers and
	// the internal barriers of collectives) to the end of its wait.
	BarrierWaitNs float64 `json:"barrier_wait_ns"`
}

// RemoteOps is the number of fine-grained and bulk remote operations.
func (c Counters) RemoteOps() uint64 { return c.RemoteReads + c.RemoteWrites + c.BulkRemote }

// LineStats are the remote operations one source line performed, summed
// over threads.
type LineStats struct {
	File         string `json:"file"`
	Line         int    `json:"line"`
	RemoteReads  uint64 `json:"remote_reads"`
	RemoteWrites uint64 `json:"remote_writes"`
	RemoteBytes  uint64 `json:"remote_bytes"`
	Bulk         uint64 `json:"bulk"`
	BulkBytes    uint64 `json:"bulk_bytes"`
	Threads      int    `json:"threads"` // how many threads executed them
}

// Pair is one nonzero cell of the communication matrix, written by the
// runtime as [from, to, ops, bytes].
type Pair struct {
	From, To   int
	Ops, Bytes uint64
}

// UnmarshalJSON reads the runtime's four-element array.
func (p *Pair) UnmarshalJSON(b []byte) error {
	var a [4]uint64
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	*p = Pair{From: int(a[0]), To: int(a[1]), Ops: a[2], Bytes: a[3]}
	return nil
}

// MarshalJSON writes the runtime's form.
func (p Pair) MarshalJSON() ([]byte, error) {
	return json.Marshal([4]uint64{uint64(p.From), uint64(p.To), p.Ops, p.Bytes})
}

// NetParams echoes the network model a run used.
type NetParams struct {
	ONs     float64 `json:"o_ns"`
	LNs     float64 `json:"L_ns"`
	GNsByte float64 `json:"G_ns_per_byte"`
	Inject  bool    `json:"inject"`
}

// Stats are the communication statistics of a run.
type Stats struct {
	Version     int        `json:"version"`
	Threads     int        `json:"threads"`
	WallSeconds float64    `json:"wall_seconds"`
	Net         NetParams  `json:"net"`
	PerThread   []Counters `json:"per_thread"`
	Total       Counters   `json:"total"`
	ModeledNs   float64    `json:"modeled_ns"` // modeled communication time of the program
	// Pairs is the communication matrix, sparse: the remote operations
	// (fine-grained, bulk and collective transfers) from one thread to
	// the thread whose memory they touch.
	Pairs          []Pair      `json:"pairs"`
	LinesTruncated bool        `json:"lines_truncated"`
	Lines          []LineStats `json:"lines"` // most remote operations first
}

// Modeled returns the modeled communication time as a duration.
func (s *Stats) Modeled() time.Duration { return time.Duration(s.ModeledNs) }
