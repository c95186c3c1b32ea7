package peers

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"
)

var (
	keep  = flag.String("peers.dir", "", "keep the exchange directory here")
	which = flag.String("peers.only", "", "comma-separated peers to run")
)

func TestMatrix(t *testing.T) {
	var ps []string
	if *which != "" {
		ps = strings.Split(*which, ",")
	}
	res, err := Run(context.Background(), Options{Values: 10, Dir: *keep, Peers: ps})
	if err != nil {
		t.Fatal(err)
	}
	WriteMatrix(os.Stdout, res)
}
