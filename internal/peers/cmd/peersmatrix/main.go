// Command peersmatrix prints the cross-language matrix of internal/peers:
// the Python and Node peers (peers/README.md) read what every Go codec of
// each format wrote, write it back, and every Go codec reads that.
//
// Usage, from the repository (after bash scripts/install-peers.sh):
//
//	go run ./internal/peers/cmd/peersmatrix [-formats msgpack,cbor] [-workloads person,nested] [-values 20] [-json out.json]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/serbench/serbench/internal/peers"
)

func main() {
	formats := flag.String("formats", strings.Join(peers.AllFormats, ","), "comma-separated formats")
	workloads := flag.String("workloads", "person", "comma-separated workloads (the schema formats carry person only)")
	values := flag.Int("values", 20, "values per workload")
	only := flag.String("peers", strings.Join(peers.AllPeers, ","), "comma-separated peers")
	dir := flag.String("dir", "", "keep the exchange directory here (default: a temporary one, removed)")
	jsonOut := flag.String("json", "", "also write the Result as JSON to this file")
	flag.Parse()
	res, err := peers.Run(context.Background(), peers.Options{
		Formats:   strings.Split(*formats, ","),
		Workloads: strings.Split(*workloads, ","),
		Values:    *values,
		Peers:     strings.Split(*only, ","),
		Dir:       *dir,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "peersmatrix:", err)
		if errors.Is(err, peers.ErrNotInstalled) {
			fmt.Fprintln(os.Stderr, "install the peers with: bash scripts/install-peers.sh")
		}
		os.Exit(1)
	}
	peers.WriteMatrix(os.Stdout, res)
	if *jsonOut != "" {
		b, err := json.MarshalIndent(res, "", "  ")
		if err == nil {
			err = os.WriteFile(*jsonOut, b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "peersmatrix:", err)
			os.Exit(1)
		}
	}
}
