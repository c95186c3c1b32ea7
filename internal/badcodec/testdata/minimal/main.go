// Command minimal makes the first Encode call of a badcodec codec, named
// by its argument, misbehave in a process that links as little as
// possible and runs no goroutine of its own, to check what the runtime
// makes of it there (TestBlockIsNoDeadlock). It prints a line on stdout
// just before the call. With the argument "plain-block" it blocks on a
// channel itself instead.
package main

import (
	"fmt"
	"os"
	"reflect"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/badcodec"
)

var never = make(chan struct{})

func main() {
	if os.Args[1] == "plain-block" {
		fmt.Println("BADCODEC-MISBEHAVING")
		<-never
	}
	badcodec.GoodCalls = 0
	c, ok := codec.Lookup(os.Args[1])
	if !ok {
		fmt.Fprintf(os.Stderr, "no codec %q\n", os.Args[1])
		os.Exit(1)
	}
	inst, err := c.Bind(codec.Target{Workload: "minimal", Type: reflect.TypeFor[int](), New: func() any { return new(int) }})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("BADCODEC-MISBEHAVING")
	inst.Encode(new(int))
	fmt.Fprintln(os.Stderr, "Encode returned")
}
