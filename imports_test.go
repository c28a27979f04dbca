package groupmem_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// module is the import path of this module.
const module = "github.com/groupmem/groupmem"

// listed is what go list says of one package of the module.
type listed struct {
	ImportPath string
	Imports    []string // direct, non-test imports
	Deps       []string // every package it depends on, transitively
}

// layer is one rule of the package map (docs/ARCHITECTURE.md): the
// packages under pkg must not depend on any package named in deny, either
// directly or, with transitive set, through other packages. A name ending
// in "/" denies every package under it.
type layer struct {
	pkg        string
	deny       []string
	transitive bool
}

// io names the packages that talk to the world: the network, databases,
// other processes and our adapters to them.
var ioPackages = []string{"net/http", "database/sql", "os/exec", "google.golang.org/grpc", "github.com/jackc/",
	"github.com/redis/", "github.com/qdrant/", "modernc.org/", module + "/store/", module + "/llm"}

var layers = []layer{
	{pkg: "", deny: []string{module + "/"}},
	{pkg: "evolve", deny: append([]string{module + "/worker", module + "/api", module + "/offline", module + "/llmfuse"}, ioPackages...), transitive: true},
	// The run knows no model: it calls no model client and reads no
	// model's answer (llmfuse does, with jsonrepair); a prompt is only the
	// measure of its passes (package prompts).
	{pkg: "evolve", deny: []string{module + "/llm", module + "/llm/", module + "/llmfuse", "github.com/kaptinlin/jsonrepair"}, transitive: true},
	{pkg: "prompts", deny: ioPackages, transitive: true},
	// The evolver that needs no model reaches no model client.
	{pkg: "offline", deny: []string{module + "/worker", module + "/llmfuse", module + "/llm", module + "/api", module + "/store/", module + "/demo", module + "/cmd/"}, transitive: true},
	// The local embedders compute; they talk to nothing.
	{pkg: "embed", deny: append([]string{module + "/worker", module + "/api", module + "/evolve", module + "/offline", module + "/stack"}, ioPackages...), transitive: true},
	{pkg: "llmfuse", deny: []string{module + "/worker", module + "/offline", module + "/api", module + "/store/", module + "/demo", module + "/cmd/"}, transitive: true},
	{pkg: "worker", deny: []string{module + "/api", module + "/offline", module + "/llmfuse", module + "/store/", module + "/demo", module + "/cmd/"}, transitive: true},
	{pkg: "store/", deny: []string{module + "/worker", module + "/api", module + "/offline", module + "/llmfuse", module + "/evolve", module + "/demo", module + "/cmd/"}, transitive: true},
	{pkg: "demo", deny: []string{module + "/store/"}},
	{pkg: "stack", deny: []string{module + "/api", module + "/cmd/", module + "/demo", module + "/client"}, transitive: true},
	{pkg: "llm", deny: []string{module + "/worker", module + "/api", module + "/evolve", module + "/offline", module + "/llmfuse", module + "/store/", module + "/stack"}, transitive: true},
	{pkg: "msgsearch", deny: []string{module + "/worker", module + "/api", module + "/evolve", module + "/store/", module + "/stack", module + "/llm"}, transitive: true},
	{pkg: "recall", deny: append([]string{module + "/worker", module + "/api", module + "/evolve", module + "/offline", module + "/stack"}, ioPackages...), transitive: true},
	{pkg: "keyword", deny: []string{module + "/"}, transitive: true},
	// The in-process search core: keyword and vector, nothing else of ours.
	{pkg: "hybrid", deny: append([]string{module + "/worker", module + "/api", module + "/evolve", module + "/offline", module + "/stack", module + "/msgsearch", module + "/recall"}, ioPackages...), transitive: true},
	// The vector arithmetic of the in-process indexes: keyword's ranking, nothing else of ours.
	{pkg: "vector", deny: append([]string{module + "/worker", module + "/api", module + "/evolve", module + "/offline", module + "/stack", module + "/msgsearch", module + "/recall"}, ioPackages...), transitive: true},
	// The file format of export and import knows the domain alone.
	{pkg: "archive", deny: append([]string{module + "/worker", module + "/api", module + "/stack", module + "/evolve"}, ioPackages...), transitive: true},
	// Webhook delivery knows the domain and the network, not the stores,
	// the worker or the API (the stores' port is the root's Webhooks).
	{pkg: "webhook", deny: []string{module + "/worker", module + "/api", module + "/store/", module + "/stack", module + "/evolve", module + "/cmd/"}, transitive: true},
	// The spans' API may be used by every layer: it reaches no I/O and
	// nothing of ours but the domain. The exporter is the assembly's.
	{pkg: "telemetry", deny: append([]string{module + "/worker", module + "/api", module + "/stack", module + "/store/", module + "/telemetry/otlp"}, ioPackages...), transitive: true},
	{pkg: "telemetry/otlp", deny: []string{module + "/worker", module + "/api", module + "/stack", module + "/store/", module + "/llm", module + "/evolve"}, transitive: true},
	{pkg: "metrics", deny: []string{module + "/worker", module + "/api", module + "/store/", module + "/stack", module + "/llm"}, transitive: true},
	{pkg: "api", deny: []string{module + "/store/", module + "/offline", module + "/llmfuse", module + "/demo", module + "/cmd/"}, transitive: true},
	// The MCP tools reach the memory only through the API's endpoints.
	{pkg: "mcp", deny: []string{module + "/store/", module + "/worker", module + "/stack", module + "/offline", module + "/llmfuse", module + "/evolve", module + "/recall", module + "/msgsearch", module + "/demo", module + "/cmd/"}},
}

// TestImportsPointDown fails when a package depends on one its layer must
// not know: the domain and the evolvers never reach I/O or the worker, the
// stores never reach the worker or the API, and only the assembly picks
// the stores.
func TestImportsPointDown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "./...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("read go list: %v", err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		for _, l := range layers {
			if !under(rel, l.pkg) {
				continue
			}
			seen++
			deps := p.Imports
			if l.transitive {
				deps = p.Deps
			}
			for _, d := range deps {
				for _, deny := range l.deny {
					if d != p.ImportPath && under(d, deny) {
						t.Errorf("%s depends on %s, which its layer must not know", p.ImportPath, d)
					}
				}
			}
		}
	}
	if seen < len(layers) {
		t.Fatalf("the rules matched %d packages; want at least one per rule (%d)", seen, len(layers))
	}
}

// under reports whether path is pkg or, when pkg ends in "/", lies under
// it. The empty pkg is the module's root package.
func under(path, pkg string) bool {
	if strings.HasSuffix(pkg, "/") {
		return strings.HasPrefix(path, pkg)
	}
	return path == pkg
}

// TestLibrariesNameNoVariables fails when a package other than the command
// puts an environment variable's name in a string: the command owns the
// variables and names them in its errors; a library names its own
// settings (Config.URL, Spec), so that it reads right wherever it is used.
// The test helpers, which read their own variables, are exempt.
func TestLibrariesNameNoVariables(t *testing.T) {
	exempt := []string{"cmd/", "store/postgres/pgtest/", "store/qdrant/qdranttest/", "store/redis/redistest/", "internal/"}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		for _, e := range exempt {
			if strings.HasPrefix(filepath.ToSlash(path), e) {
				return nil
			}
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "GROUPMEM_") {
				t.Errorf("%s: %s names an environment variable", path, lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
