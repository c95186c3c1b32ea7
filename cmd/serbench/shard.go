package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/serbench/serbench/internal/suite"
)

// shardFlags are run's --shard and --group: a run that is one of N slices
// of the selected jobs, stored with the others of its group in one shared
// database (see deploy/README.md).
type shardFlags struct {
	shard, group string
	s            suite.Shard
}

func registerShardFlags(fs *flag.FlagSet) *shardFlags {
	f := &shardFlags{}
	fs.StringVar(&f.shard, "shard", "", "run only slice I/N of the selected jobs (a job is a workload with a codec, strategy or reference), e.g. 2/4; needs --group")
	fs.StringVar(&f.group, "group", "", "name of the group of sharded runs this run belongs to; serbench show --group NAME merges them")
	return f
}

// check validates the flags: usage errors.
func (f *shardFlags) check() error {
	f.group = strings.TrimSpace(f.group)
	if f.shard == "" {
		if f.group != "" {
			// A group of one: the whole selection.
			f.s = suite.Shard{I: 1, N: 1}
		}
		return nil
	}
	s, err := suite.ParseShard(f.shard)
	if err != nil {
		return usageError{err}
	}
	if f.group == "" {
		return usagef("--shard %s needs --group NAME, the name every shard of this run shares", f.shard)
	}
	f.s = s
	return nil
}

// sharded reports whether the run belongs to a group.
func (f *shardFlags) sharded() bool { return f.group != "" }

// stored says where a shard's run went and how to see its group.
func (f *shardFlags) stored(w io.Writer, id, db string) {
	if f.sharded() {
		fmt.Fprintf(w, "stored as run %s in %s (shard %s of group %s: serbench show --group %s shows the group)\n", id, db, f.s, f.group, f.group)
		return
	}
	fmt.Fprintf(w, "stored as run %s in %s\n", id, db)
}

// checkShowGroup refuses show --group NAME with a RUN-ID as well.
func checkShowGroup(group string, args []string) error {
	if group != "" && len(args) > 0 {
		return usagef("show takes a RUN-ID or --group NAME, not both (got %q and --group %s)", args[0], group)
	}
	return nil
}
