package peers

import (
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/interop"
)

// TestMain lets the test binary serve as the workers in which the Go
// codecs read the peers' messages (interop.Read).
func TestMain(m *testing.M) {
	interop.MaybeWorker()
	os.Exit(m.Run())
}

var (
	matrixDir       = flag.String("peers.dir", "", "TestMatrix: keep the exchange directory here")
	matrixWorkloads = flag.String("peers.workloads", "person", "TestMatrix: comma-separated workloads")
	matrixValues    = flag.Int("peers.values", 20, "TestMatrix: values per workload")
)

var (
	installOnce sync.Once
	installErr  error
	installOut  []byte
)

// ensurePeers returns the repository root once both peers are installed:
// it runs scripts/install-peers.sh when one is missing. When they cannot be
// installed the test fails under CI=true and is skipped otherwise.
func ensurePeers(t *testing.T) string {
	t.Helper()
	root, err := FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	missing := func() error {
		for _, p := range AllPeers {
			if _, err := Command(root, p); err != nil {
				return err
			}
		}
		return nil
	}
	if missing() != nil {
		installOnce.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "scripts", "install-peers.sh"))
			cmd.Dir = root
			installOut, installErr = cmd.CombinedOutput()
		})
	}
	if err := missing(); err != nil {
		why := err.Error()
		if installErr != nil {
			why += "; scripts/install-peers.sh: " + installErr.Error() + ": " + tail(string(installOut), 1000)
		}
		if os.Getenv("CI") == "true" {
			t.Fatalf("the peers are not installed (CI=true: a failure, not a skip): %s", why)
		}
		t.Skipf("the peers are not installed: %s", why)
	}
	return root
}

// cell returns a cell or fails the test.
func cell(t *testing.T, r *Result, format, wl, peer string, dir Direction, writer, reader string) *Cell {
	t.Helper()
	c := r.Cell(format, wl, peer, dir, writer, reader)
	if c == nil {
		t.Fatalf("no cell %s %s %s %s %s %s", format, wl, peer, dir, writer, reader)
	}
	return c
}

func wantStatus(t *testing.T, c *Cell, want Status, classes ...string) {
	t.Helper()
	if c.Status != want {
		t.Errorf("%s %s %s %s→%s: status %s, want %s (%s)", c.Format, c.Peer, c.Direction, c.Writer, c.Reader, c.Status, want, note(c))
		return
	}
	if want == StatusLossy && !slices.Equal(c.Classes, classes) {
		t.Errorf("%s %s %s %s→%s: classes %v, want %v", c.Format, c.Peer, c.Direction, c.Writer, c.Reader, c.Classes, classes)
	}
}

// TestPersonOutcomes runs both peers on every format's person messages,
// with message 0 of vmihailenco-msgpack corrupted, and checks the
// outcomes that peers/README.md documents.
func TestPersonOutcomes(t *testing.T) {
	root := ensurePeers(t)
	const n = 10
	corrupt := func(format, wl, writer string, i int, data []byte) []byte {
		if format == "msgpack" && writer == "vmihailenco-msgpack" && i == 0 {
			return data[:len(data)/2] // truncated: no peer can read it
		}
		return data
	}
	res, err := Run(context.Background(), Options{Root: root, Values: n, Corrupt: corrupt})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Peers) != 2 {
		t.Fatalf("peers %+v, want python and node", res.Peers)
	}
	tpTz := []string{"time-precision", "time-zone"}

	// MessagePack: both peers read the timestamp extension (-1) of the
	// three Go codecs that write it, as a datetime (microseconds, UTC) or
	// a Date (milliseconds, no offset): their documented mappings.
	for _, peer := range AllPeers {
		for _, w := range []string{"shamaton-msgpack", "ugorji-msgpack"} {
			wantStatus(t, cell(t, res, "msgpack", "person", peer, GoToPeer, w, ""), StatusLossy, tpTz...)
			wantStatus(t, cell(t, res, "msgpack", "person", peer, PeerToGo, w, w), StatusLossy, tpTz...)
		}
		// The corrupted message is an error, the other nine are read.
		c := cell(t, res, "msgpack", "person", peer, GoToPeer, "vmihailenco-msgpack", "")
		wantStatus(t, c, StatusError)
		if c.Errors != 1 || c.Lossy != n-1 || !strings.HasPrefix(c.Error, "message 0:") || !slices.Equal(c.Classes, tpTz) {
			t.Errorf("%s reading vmihailenco-msgpack with message 0 corrupted: %+v", peer, c.Outcome)
		}
		// What the peer could not read it did not write back: the nine
		// others come back to Go with the mapping's losses only.
		c = cell(t, res, "msgpack", "person", peer, PeerToGo, "vmihailenco-msgpack", "vmihailenco-msgpack")
		wantStatus(t, c, StatusLossy, tpTz...)
		if c.Messages != n-1 {
			t.Errorf("%s peer→go vmihailenco-msgpack: %d messages, want %d", peer, c.Messages, n-1)
		}
		// msgp writes times as its own extension 5, which neither peer
		// knows: a real incompatibility, seen at .BirthDay.
		c = cell(t, res, "msgpack", "person", peer, GoToPeer, "msgp+convert", "")
		wantStatus(t, c, StatusFail)
		if c.Fail == nil || c.Fail.Path != ".BirthDay" {
			t.Errorf("%s reading msgp+convert: fail %+v, want one at .BirthDay", peer, c.Fail)
		}
	}

	// JSON: person has no integer beyond 2^53, so even JSON.parse reads
	// it exactly; times are RFC 3339 text in JSON.
	for _, peer := range AllPeers {
		wantStatus(t, cell(t, res, "json", "person", peer, GoToPeer, "json", ""), StatusExact)
		wantStatus(t, cell(t, res, "json", "person", peer, PeerToGo, "json", "json"), StatusExact)
		wantStatus(t, cell(t, res, "json", "person", peer, PeerToGo, "json", "sonic"), StatusExact)
	}

	// Protocol Buffers and Avro: exact but for nil versus empty, which
	// neither format tells apart; BirthDayUnixNano (beyond 2^53) survives
	// in both peers (avsc with its bigint long type).
	for _, peer := range AllPeers {
		wantStatus(t, cell(t, res, "protobuf", "person", peer, GoToPeer, "protobuf+convert", ""), StatusLossy, "nil-empty")
		wantStatus(t, cell(t, res, "protobuf", "person", peer, PeerToGo, "protobuf+convert", "vtprotobuf+convert"), StatusLossy, "nil-empty")
		wantStatus(t, cell(t, res, "avro", "person", peer, GoToPeer, "hamba-avro+convert", ""), StatusLossy, "nil-empty")
		wantStatus(t, cell(t, res, "avro", "person", peer, PeerToGo, "goavro+convert", "hamba-avro+convert"), StatusLossy, "nil-empty")
	}

	// BSON: the Go codec's millisecond times and UTC, nothing else.
	for _, peer := range AllPeers {
		wantStatus(t, cell(t, res, "bson", "person", peer, GoToPeer, "bson", ""), StatusLossy, tpTz...)
		wantStatus(t, cell(t, res, "bson", "person", peer, PeerToGo, "bson", "bson"), StatusLossy, tpTz...)
	}

	// Every peer timed every case it read.
	for _, tm := range res.Timings {
		if tm.Messages == 0 || tm.Decode <= 0 || tm.Encode <= 0 {
			t.Errorf("timing %+v: want decode and encode times", tm)
		}
	}
}

// TestNestedBigIntegers checks the integers beyond 2^53 of the nested
// workload in JSON: orjson keeps them, JSON.parse rounds them (a FAIL,
// integer-precision) and writes them back rounded.
func TestNestedBigIntegers(t *testing.T) {
	root := ensurePeers(t)
	res, err := Run(context.Background(), Options{Root: root, Values: 5, Formats: []string{"json"}, Workloads: []string{"nested"}})
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, cell(t, res, "json", "nested", "python", GoToPeer, "json", ""), StatusLossy, "bytes-as-base64")
	wantStatus(t, cell(t, res, "json", "nested", "python", PeerToGo, "json", "json"), StatusLossy, "interface-types")
	c := cell(t, res, "json", "nested", "node", GoToPeer, "json", "")
	wantStatus(t, c, StatusFail)
	if c.Fail == nil || c.Fail.Class != "integer-precision" {
		t.Errorf("JSON.parse reading nested: fail %+v, want integer-precision", c.Fail)
	}
	if c := cell(t, res, "json", "nested", "node", PeerToGo, "json", "json"); c.Status != StatusFail && c.Status != StatusError {
		t.Errorf("json reading JSON.stringify's nested: %s, want FAIL or error (%s)", c.Status, note(c))
	}
}

// TestNotInstalled checks that a missing peer is ErrNotInstalled.
func TestNotInstalled(t *testing.T) {
	_, err := Run(context.Background(), Options{Root: t.TempDir(), Peers: []string{"python"}})
	if !errors.Is(err, ErrNotInstalled) {
		t.Fatalf("Run with no venv: %v, want ErrNotInstalled", err)
	}
}

// TestMatrix prints the cross-language matrix (go test ./internal/peers
// -run Matrix -v); flags -peers.workloads, -peers.values and -peers.dir
// change what it runs and keep the exchange directory.
func TestMatrix(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("prints the matrix: run with -v (go test ./internal/peers -run Matrix -v)")
	}
	root := ensurePeers(t)
	res, err := Run(context.Background(), Options{Root: root, Values: *matrixValues, Dir: *matrixDir,
		Workloads: strings.Split(*matrixWorkloads, ",")})
	if err != nil {
		t.Fatal(err)
	}
	WriteMatrix(os.Stdout, res)
}
