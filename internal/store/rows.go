package store

import "fmt"

// rowNames are what a row of each table of a run is, singular and plural.
var rowNames = map[string][2]string{
	"runs":           {"run", "runs"},
	"samples":        {"sample", "samples"},
	"cells":          {"cell", "cells"},
	"verifications":  {"verification", "verifications"},
	"warnings":       {"warning", "warnings"},
	"run_env":        {"environment entry", "environment entries"},
	"run_codecs":     {"codec", "codecs"},
	"run_workloads":  {"workload", "workloads"},
	"fidelity_cells": {"fidelity matrix cell", "fidelity matrix cells"},
	"fidelity_rows":  {"fidelity matrix row", "fidelity matrix rows"},
	"fidelity_cases": {"fidelity matrix column", "fidelity matrix columns"},
	"run_locks":      {"lock", "locks"},
}

// String says how many rows of the table were removed, in words: "1
// run", "40 samples", "2 rows of robust_matrices".
func (tr TableRows) String() string {
	names, ok := rowNames[tr.Table]
	if !ok {
		return fmt.Sprintf("%d rows of %s", tr.Rows, tr.Table)
	}
	if tr.Rows == 1 {
		return "1 " + names[0]
	}
	return fmt.Sprintf("%d %s", tr.Rows, names[1])
}

// DeletedWords says in words what DeleteRun removed (deleted), table by
// table, leaving out the tables of which it removed nothing: the run
// first when withRun is set (else not at all), then what was stored
// with it.
func DeletedWords(deleted []TableRows, withRun bool) []string {
	var run, with []string
	for _, tr := range deleted {
		switch {
		case tr.Rows == 0:
		case tr.Table == "runs":
			if withRun {
				run = append(run, tr.String())
			}
		default:
			with = append(with, tr.String())
		}
	}
	return append(run, with...)
}
