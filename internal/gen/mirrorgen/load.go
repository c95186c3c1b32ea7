package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// source is the parsed package whose types are mirrored.
type source struct {
	fset  *token.FileSet
	name  string               // package name
	types map[string]*typeDecl // package-level named types, by name
}

// typeDecl is a named type declared in the source package.
type typeDecl struct {
	spec    *ast.TypeSpec
	doc     *ast.CommentGroup // the spec's doc, or its GenDecl's
	pos     token.Position
	imports map[string]string // the file's imports: local name -> path
}

// load parses the non-test Go files of dir.
func load(dir string) (*source, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	src := &source{fset: token.NewFileSet(), types: map[string]*typeDecl{}}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(src.fset, name, data, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if src.name == "" {
			src.name = f.Name.Name
		} else if f.Name.Name != src.name {
			return nil, fmt.Errorf("%s: package %s, want %s", name, f.Name.Name, src.name)
		}
		imports := map[string]string{}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			local := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				local = im.Name.Name
			}
			imports[local] = path
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				src.types[ts.Name.Name] = &typeDecl{spec: ts, doc: doc, pos: src.fset.Position(ts.Pos()), imports: imports}
			}
		}
	}
	if src.name == "" {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return src, nil
}
