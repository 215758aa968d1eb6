package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// This file is the JSON-RPC 2.0 layer: "Content-Length" framing, message
// envelopes and an ordered outgoing queue. It is deliberately small and
// forgiving: a frame that is not JSON, or JSON that is not a request, is
// answered with the matching JSON-RPC error and the connection keeps going,
// because an editor's server must outlive one bad message.

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
	codeContentModified      = -32801
)

// maxFrame bounds the size of one incoming message, so that a corrupt
// Content-Length cannot make the server allocate without limit. A larger
// message is answered with a parse error (id null, as its id is unread)
// as soon as its header is read, and its body is then read in small pieces
// and dropped, so that the stream stays in sync and the session goes on.
const maxFrame = 256 << 20

// rpcError is a JSON-RPC error object; it is also a Go error, so handlers
// return it to choose the code of the error response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// envelope is an incoming message before dispatch. A request has Method and
// ID, a notification Method and no ID, a response ID and Result or Error.
type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// hasID reports whether the message carries an id (null counts as absent
// for requests, as JSON-RPC recommends against null ids).
func (e *envelope) hasID() bool { return len(e.ID) > 0 && string(e.ID) != "null" }

// idKey is a canonical spelling of a request id for map keys: numbers in
// decimal, strings quoted.
func idKey(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return strconv.Quote(s), true
	default:
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			return "", false
		}
		if i, err := n.Int64(); err == nil {
			return strconv.FormatInt(i, 10), true
		}
		return "", false
	}
}

// errBadFrame is a framing problem after which reading can continue: the
// frame was skipped, or skip bytes of its body remain to be skipped (a
// message over the size limit, whose body readFrame leaves unread so that
// the error can be answered before the body has arrived).
type errBadFrame struct {
	msg  string
	skip int64
}

func (e *errBadFrame) Error() string { return e.msg }

// readFrame reads one "Content-Length" framed message body.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	sawHeader := false
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if err == io.EOF && (sawHeader || line != "") {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if !sawHeader {
				continue // tolerate blank lines between messages
			}
			break
		}
		sawHeader = true
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &errBadFrame{msg: fmt.Sprintf("malformed header line %q", line)}
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, &errBadFrame{msg: fmt.Sprintf("bad Content-Length %q", strings.TrimSpace(value))}
			}
			length = n
		}
	}
	if length < 0 {
		return nil, &errBadFrame{msg: "missing Content-Length header"}
	}
	if length > maxFrame {
		return nil, &errBadFrame{msg: fmt.Sprintf("message of %d bytes exceeds the limit of %d", length, maxFrame),
			skip: int64(length)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// outQueue serializes outgoing messages in the order they were queued.
// Queueing never blocks, so a handler may queue while holding a lock; a
// single goroutine writes. Ordering is what keeps a newer publication of
// diagnostics from being overtaken by an older one.
type outQueue struct {
	w      io.Writer
	mu     sync.Mutex
	queue  [][]byte
	signal chan struct{}
	closed bool
	err    error
	done   chan struct{}
}

func newOutQueue(w io.Writer) *outQueue {
	q := &outQueue{w: w, signal: make(chan struct{}, 1), done: make(chan struct{})}
	go q.run()
	return q
}

func (q *outQueue) run() {
	defer close(q.done)
	for {
		q.mu.Lock()
		batch := q.queue
		q.queue = nil
		closed := q.closed
		q.mu.Unlock()
		for _, msg := range batch {
			var hdr [64]byte
			h := strconv.AppendInt(append(hdr[:0], "Content-Length: "...), int64(len(msg)), 10)
			h = append(h, "\r\n\r\n"...)
			if _, err := q.w.Write(append(h, msg...)); err != nil {
				q.mu.Lock()
				q.err = err
				q.closed = true
				q.queue = nil
				q.mu.Unlock()
				return
			}
		}
		if len(batch) > 0 {
			continue
		}
		if closed {
			return
		}
		<-q.signal
	}
}

// send queues one encoded message.
func (q *outQueue) send(msg []byte) {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return
	}
	q.queue = append(q.queue, msg)
	q.mu.Unlock()
	select {
	case q.signal <- struct{}{}:
	default:
	}
}

// close stops accepting messages and waits until the queued ones are written.
func (q *outQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	select {
	case q.signal <- struct{}{}:
	default:
	}
	<-q.done
}

// encodeResponse builds a response to the request with the given id (nil
// or "null" for a message whose id could not be read).
func encodeResponse(id json.RawMessage, result json.RawMessage, rerr *rpcError) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.Write(id)
	if rerr != nil {
		e, _ := json.Marshal(rerr)
		b.WriteString(`,"error":`)
		b.Write(e)
	} else {
		if len(result) == 0 {
			result = json.RawMessage("null")
		}
		b.WriteString(`,"result":`)
		b.Write(result)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// encodeNotification builds a notification with already-encoded params.
func encodeNotification(method string, params json.RawMessage) []byte {
	return encodeRequest(nil, method, params)
}

// encodeRequest builds a request of the server to the client with the given
// id and already-encoded params (a notification when id is nil).
func encodeRequest(id json.RawMessage, method string, params json.RawMessage) []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0",`)
	if id != nil {
		b.WriteString(`"id":`)
		b.Write(id)
		b.WriteByte(',')
	}
	b.WriteString(`"method":`)
	m, _ := json.Marshal(method)
	b.Write(m)
	b.WriteString(`,"params":`)
	b.Write(params)
	b.WriteByte('}')
	return b.Bytes()
}

// decodeEnvelope parses one frame. It returns the JSON-RPC error to answer
// with when the frame is not a valid message (and the id, when one could be
// read).
func decodeEnvelope(frame []byte) (*envelope, *rpcError) {
	var env envelope
	if err := json.Unmarshal(frame, &env); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || !json.Valid(frame) {
			return nil, errorf(codeParseError, "parse error: %v", err)
		}
		// Valid JSON of the wrong shape (an array, a number, a string id
		// of the wrong type...).
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(frame, &probe)
		return &envelope{ID: probe.ID}, errorf(codeInvalidRequest, "invalid request: %v", err)
	}
	if env.JSONRPC != "2.0" {
		return &env, errorf(codeInvalidRequest, "invalid request: jsonrpc must be \"2.0\"")
	}
	if len(env.ID) > 0 && string(env.ID) != "null" {
		if _, ok := idKey(env.ID); !ok {
			return &envelope{}, errorf(codeInvalidRequest, "invalid request: id must be a number or a string")
		}
	}
	if env.Method == nil && len(env.Result) == 0 && len(env.Error) == 0 {
		return &env, errorf(codeInvalidRequest, "invalid request: no method")
	}
	return &env, nil
}

// newReader buffers the incoming stream.
func newReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }
