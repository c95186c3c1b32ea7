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
	// workloads maps a type, as written in reflect.TypeFor[T](), to the
	// Name of the composite literal (a workload.Workload) that names it.
	workloads map[string]string
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
	src := &source{fset: token.NewFileSet(), types: map[string]*typeDecl{}, workloads: map[string]string{}}
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
		ast.Inspect(f, src.findWorkload)
	}
	if src.name == "" {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return src, nil
}

// findWorkload records the composite literals of the form
// {Name: "w", Type: reflect.TypeFor[T]()} in src.workloads.
func (src *source) findWorkload(n ast.Node) bool {
	lit, ok := n.(*ast.CompositeLit)
	if !ok {
		return true
	}
	var name, typ string
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch key.Name {
		case "Name":
			if b, ok := kv.Value.(*ast.BasicLit); ok && b.Kind == token.STRING {
				name, _ = strconv.Unquote(b.Value)
			}
		case "Type":
			if call, ok := kv.Value.(*ast.CallExpr); ok && len(call.Args) == 0 {
				if ix, ok := call.Fun.(*ast.IndexExpr); ok && exprString(ix.X) == "reflect.TypeFor" {
					typ = exprString(ix.Index)
				}
			}
		}
	}
	if name != "" && typ != "" {
		src.workloads[typ] = name
	}
	return true
}
