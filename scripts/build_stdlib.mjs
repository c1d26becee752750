// Build the page's own python_stdlib.zip (issue 16): only the modules named in
// scripts/stdlib_modules.txt, compiled to bytecode by the very Python that the
// pinned Pyodide runs -- this script loads that Pyodide under node and compiles
// inside it, so the bytecode always fits the interpreter that will read it.
//
//   node scripts/build_stdlib.mjs <out.zip> [--sources] [--docstrings] [--column-ranges] < list.json
//   node scripts/build_stdlib.mjs --info     # what a list's header must say
//
// The list comes on stdin as {"header": {...}, "modules": [...]} (scripts/
// stdlib_list.py reads scripts/stdlib_modules.txt and calls this).  The page
// ships bytecode only, without docstrings and column ranges; the flags build
// the variants measured in BENCHMARKS.md.
//
// Fails loudly when the Pyodide in node_modules is not the one the list was
// made for (Pyodide version, Python version, bytecode magic number or the set
// of frozen modules differ), or when a listed module is not in Pyodide's
// standard library.  Prints one line of JSON.  Called by scripts/stdlib_list.py.
//
// The JSON also names, in "bootstrap", the modules Pyodide's own start-up
// imports, in the order their imports finished (the deepest first): the page
// imports them a few at a time before Pyodide's bootstrap, letting the
// browser answer in between (scripts/pyodide_patch.py, issue 26).

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pyodideDir = resolve(here, "..", "node_modules", "pyodide");
const [outPath, ...flags] = process.argv.slice(2);
const infoOnly = outPath === "--info";
if (!outPath) {
  console.error("usage: node scripts/build_stdlib.mjs <out.zip> [--sources] [--docstrings] [--column-ranges] < list.json | --info");
  process.exit(2);
}

const { loadPyodide, version } = await import(resolve(pyodideDir, "pyodide.mjs"));
// Line numbers stay in the bytecode, column ranges do not (they are a third of
// its size and only draw the ^^^ under a traceback line): PYTHONNODEBUGRANGES.
// A fixed hash seed keeps the bytes the same from build to build.
const columns = flags.includes("--column-ranges");
// A module in site-packages, imported by a .pth file while Python starts
// (before Pyodide's bootstrap), notes each import as it finishes.
const RECORDER = `import importlib._bootstrap as _bootstrap
ORDER = []
_load = _bootstrap._load_unlocked
def _noted(spec):
    module = _load(spec)
    ORDER.append(spec.name)
    return module
_bootstrap._load_unlocked = _noted
`;
const py = await loadPyodide({
  indexURL: pyodideDir + "/",
  env: { PYTHONHASHSEED: "0", ...(columns ? {} : { PYTHONNODEBUGRANGES: "1" }) },
  stdout: () => {}, stderr: (s) => console.error(s),
  fsInit: (FS, { sitePackages }) => {
    FS.writeFile(sitePackages + "/speeltafel_order.py", RECORDER);
    FS.writeFile(sitePackages + "/speeltafel_order.pth", "import speeltafel_order\n");
  },
});
const bootstrap = py.runPython(`
import importlib._bootstrap, json, speeltafel_order
importlib._bootstrap._load_unlocked = speeltafel_order._load
json.dumps(speeltafel_order.ORDER)`);
py.globals.set("LIST_JSON", infoOnly ? "{}" : readFileSync(0, "utf8"));
py.globals.set("PYODIDE_VERSION", version);
py.globals.set("WITH_SOURCES", flags.includes("--sources"));
py.globals.set("DOCSTRINGS", flags.includes("--docstrings"));
py.globals.set("COLUMNS", columns);
py.globals.set("BOOTSTRAP", bootstrap);
py.runPython(`
import _imp, ast, importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"


def runtime():
    """What this Pyodide is; a list's header must say the same."""
    # modules frozen into the interpreter need no entry in the zip
    frozen = sorted(m for m in _imp._frozen_module_names() if not m.startswith("__"))
    return {"pyodide": PYODIDE_VERSION, "python": "%d.%d.%d" % sys.version_info[:3],
            "magic": importlib.util.MAGIC_NUMBER.hex(), "frozen": " ".join(frozen)}


def without_docstrings(source, path):
    """The module's syntax tree with every docstring left out (as python -OO
    does, but asserts stay): they are a sixth of the bytecode, and the stdlib
    works without them."""
    tree = ast.parse(source, path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass(lineno=first.lineno, col_offset=0)]
    return tree


def build(listing, with_sources):
    header, modules = listing["header"], sorted(set(listing["modules"]))
    wrong = [f"{k} {header.get(k)!r} in the list, {v!r} here" for k, v in runtime().items() if header.get(k) != v]
    if wrong:
        raise ValueError("the stdlib list was made for another Pyodide: " + "; ".join(wrong)
                         + ". Re-record it (python scripts/record_stdlib.py) and run the whole browser suite.")
    full = zipfile.ZipFile(STDLIB)
    names = set(full.namelist())
    out, missing = io.BytesIO(), []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for module in modules:
            base = module.replace(".", "/")
            path = next((p for p in (base + "/__init__.py", base + ".py") if p in names), None)
            if path is None:
                missing.append(module)
                continue
            source = full.read(path)
            tree = ast.parse(source, path) if DOCSTRINGS else without_docstrings(source, path)
            code = compile(tree, f"{STDLIB}/{path}", "exec", dont_inherit=True)
            if any(p[2] is not None for p in code.co_positions()) != COLUMNS:
                raise ValueError("column ranges compiled in or left out against the flags (PYTHONNODEBUGRANGES)")
            # unchecked hash-based bytecode: never compared with a source, so
            # it loads the same with or without the .py beside it
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
            for name, data in [(path + "c", pyc)] + ([(path, source)] if with_sources else []):
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, bytes(data), compresslevel=9)
    if missing:
        raise ValueError(f"not in Pyodide {PYODIDE_VERSION}'s standard library: {', '.join(missing)}")
    with open("/tmp/stdlib.zip", "wb") as f:
        f.write(out.getvalue())
    return {**runtime(), "modules": len(modules), "bytes": len(out.getvalue()), "bootstrap": json.loads(BOOTSTRAP)}
`);

try {
  const result = infoOnly ? py.runPython("json.dumps(runtime())")
    : py.runPython("build(json.loads(LIST_JSON), WITH_SOURCES)");
  if (!infoOnly) writeFileSync(outPath, py.FS.readFile("/tmp/stdlib.zip"));
  console.log(infoOnly ? result : JSON.stringify(result.toJs({ dict_converter: Object.fromEntries })));
} catch (err) {
  // the last line of the Python traceback says what is wrong
  console.error(String(err.message).trim().split("\n").pop());
  process.exit(1);
}
