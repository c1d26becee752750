"""Assemble the static site in dist/: page, UI code, engine and runtime.

Everything the page needs is copied here and addressed by relative URLs, so
dist/ works from any sub-path (GitHub Pages serves /<repo>/) and with no
network.  The engine and the UI modules travel as one zip that PyScript
unpacks into the interpreter's working directory.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pyodide_patch
import stdlib_list

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]  # the engine and the UI, to prerender the lobby
# SPEELTAFEL_DIST builds elsewhere (several people testing in one checkout)
DIST = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
NODE = ROOT / "node_modules"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
# browser libraries from npm (pinned in package.json), copied to dist/vendor/:
# idiomorph redraws the page by morphing (web/morph.js, on every page); the
# rest is loaded only when used: per-device play draws QR codes with lean-qr
# (web/net.js) and reads them with jsQR where the browser has no
# BarcodeDetector (web/scan-worker.js)
VENDOR = {"lean-qr/index.mjs": "lean-qr/index.mjs", "lean-qr/extras/svg.mjs": "lean-qr/extras/svg.mjs",
          "lean-qr/LICENSE": "lean-qr/LICENSE", "jsqr/dist/jsQR.js": "jsQR.js", "jsqr/LICENSE": "jsQR.LICENSE",
          # the page redraws by DOM morphing (web/morph.js), minified as the package ships it
          "idiomorph/dist/idiomorph.min.js": "idiomorph.min.js", "idiomorph/LICENSE": "idiomorph.LICENSE"}
# Python packages of the UI that travel in a zip of their own, fetched when
# first used (not on the first visit): ui/<name>/ -> <name>-<digest>.zip
LATER = ("devices",)
# SPEELTAFEL_FULL_STDLIB=1 ships Pyodide's whole stdlib as sources (only for
# recording which modules the page needs: scripts/record_stdlib.py)
FULL_STDLIB = os.environ.get("SPEELTAFEL_FULL_STDLIB") == "1"
# SPEELTAFEL_TEST_GAMES=1 adds the tests' own games and screens (make test's
# browser tests run on such a build, so a new game goes through them too);
# `make dist` never sets it
TEST_GAMES = os.environ.get("SPEELTAFEL_TEST_GAMES") == "1"
TEST_PLUGINS = {"games": ["tests.games"], "screens": ["tests.screens"]}


def app_files(later: str | None = None):
    """(path on disk, name inside the zip) of every Python module and data file
    of the page's first zip, or of the package `later` (LATER)."""
    ui = ROOT / "web" / "ui"
    folders = [ui / later] if later else [ROOT / "engine", ui]
    if TEST_GAMES and not later:  # the packages, not the tests; the planted-bug games stay out
        yield ROOT / "tests" / "__init__.py", "tests/__init__.py"
        folders += [ROOT / "tests" / "games", ROOT / "tests" / "screens"]
    for folder in folders:
        for pattern in ("*.py", "*.json"):
            for path in sorted(folder.rglob(pattern)):
                if later is None and path.is_relative_to(ui) and path.relative_to(ui).parts[0] in LATER:
                    continue
                if "__pycache__" not in path.parts and "_planted" not in path.parts:
                    rel = path.relative_to(ROOT)
                    # web/ui/x.py -> ui/x.py ; web/ui/screens/g/words.json -> ui/screens/g/words.json
                    name = rel.relative_to("web") if rel.parts[0] == "web" else rel
                    yield path, name.as_posix()


def lean_source(source: str) -> str:
    """The module without its docstrings and comments (the same code, as
    `ast.unparse` writes it): they are a quarter of the app's download on the
    first visit (issue 16: ≤ 5.0 MB gzip).  The sources in the repository
    keep them; a traceback in the page names the function, not the line."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def build_zip(target: Path, files, extra: dict | None = None) -> None:
    from ui import rules

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, name in list(files) + [(None, name) for name in extra or {}]:
            data = path.read_bytes() if path else extra[name]
            if path and path.suffix == ".py":
                data = lean_source(data.decode()).encode()
            elif path and path.name == "rules.json":  # the app carries the index; the text waits (write_rules)
                data = rules.split(json.loads(data))[0].encode()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)


def write_rules(games: list[str]) -> None:
    """Each game's rules text, one file per language (rules/<game>.<lang>.json):
    the page fetches one when the player first opens the rules (ui/rules.py)."""
    from ui import rules

    for game_id in games:
        data = rules.source(game_id)
        if not data:
            continue
        for lang, text in rules.split(data)[1].items():
            target = DIST / rules.url(game_id, lang)
            target.parent.mkdir(exist_ok=True)
            target.write_text(text, encoding="utf-8")


def copy_runtime() -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make dist does)")
    out = DIST / "runtime" / "pyodide"
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / name)
    if FULL_STDLIB:  # (recording the list: Pyodide's files as shipped)
        shutil.copy2(pyodide / "python_stdlib.zip", out / "python_stdlib.zip")
    else:  # the page's own stdlib: the listed modules as bytecode
        figures = stdlib_list.build(out / "python_stdlib.zip")
        print(f"stdlib: {figures['modules']} modules, {figures['bytes'] / 1e6:.2f} MB, "
              f"Python {figures['python']} of Pyodide {figures['pyodide']}")
        # Pyodide's start in steps, the page answering in between (issue 26)
        ahead = pyodide_patch.write(pyodide / "pyodide.mjs", out / "pyodide.mjs", figures["bootstrap"],
                                    set(stdlib_list.read_list()[1]))
        print(f"pyodide.mjs: {ahead} modules imported ahead of Pyodide's bootstrap, a slice at a time")
    # The lock file only tells Pyodide which packages it could install; the
    # page installs none, so it goes without the 350 entries (0.1 MB).
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    (out / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    out = DIST / "runtime" / "pyscript"
    out.mkdir(parents=True)
    for path in pyscript.iterdir():
        if path.suffix in (".js", ".css") and path.is_file():
            shutil.copy2(path, out / path.name)
    for source, name in VENDOR.items():
        if not (NODE / source).is_file():
            sys.exit(f"node_modules/{source} is missing: run `npm ci` (make dist does)")
        (DIST / "vendor" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE / source, DIST / "vendor" / name)


def prerender_lobby(web: Path) -> None:
    """The lobby as the page shows it before Python runs, rendered by the
    lobby's own code (web/ui/prerender.py) into index.html and style.css."""
    import engine
    from ui import prerender, screens

    games = screens.playable(sorted(engine.GAMES))
    page = (web / "index.html").read_text()
    if page.count("<!--PRERENDERED-->") != 1:
        sys.exit("web/index.html needs exactly one <!--PRERENDERED--> where the lobby goes")
    (DIST / "index.html").write_text(page.replace("<!--PRERENDERED-->", prerender.templates(games)))
    with open(DIST / "style.css", "a") as css:
        css.write("\n" + prerender.css(games))


def without_comment_lines(script: str) -> str:
    """Our own scripts without their lines of comment (`//` first on the
    line), as the app's Python goes without docstrings: 4 KB gzip of the
    first visit (issue 16: <= 5.0 MB).  None of them has a multi-line string
    where such a line could be text."""
    return "".join(line for line in script.splitlines(keepends=True) if not line.lstrip().startswith("//"))


def write_service_worker(template: Path) -> None:
    """sw.js lists every file of the site and carries a digest of them all, so
    the browser sees a new version exactly when anything changed."""
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (DIST / name).read_bytes())
    version = digest.hexdigest()[:16]
    urls = ["./"] + [f"./{name}" for name in files]
    text = without_comment_lines(template.read_text()).replace("__VERSION__", version).replace("__FILES__", json.dumps(urls))
    (DIST / "sw.js").write_text(text)


def main() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir(parents=True)  # .cache/dist-test on a clean clone
    copy_runtime()
    web = ROOT / "web"
    for path in web.iterdir():
        if path.is_file() and path.name != "sw.js" and path.suffix == ".js":
            (DIST / path.name).write_text(without_comment_lines(path.read_text()))
        elif path.is_file() and path.name != "sw.js" and path.suffix in (
                ".html", ".py", ".css", ".json", ".svg", ".webmanifest", ".png"):
            shutil.copy2(path, DIST / path.name)
    if TEST_GAMES:
        from ui import plugins

        plugins.register(TEST_PLUGINS)
    # each game screen may bring its own stylesheet; the page loads one file
    css = [(web / "style.css").read_text()]
    css += [p.read_text() for p in sorted((web / "ui" / "screens").glob("*/style.css"))]
    if TEST_GAMES:
        css += [p.read_text() for p in sorted((ROOT / "tests" / "screens").glob("*/style.css"))]
    (DIST / "style.css").write_text("\n".join(css))
    prerender_lobby(web)
    for folder in ("icons",):
        if (web / folder).is_dir():
            shutil.copytree(web / folder, DIST / folder)
    parts = {}  # the zips fetched later, by the names the page asks for (ui/parts.json)
    for name in LATER:
        build_zip(DIST / "part.zip", app_files(name))
        parts[name] = f"{name}-{hashlib.sha256((DIST / 'part.zip').read_bytes()).hexdigest()[:12]}.zip"
        (DIST / "part.zip").rename(DIST / parts[name])
    listed = {"ui/parts.json": json.dumps(parts).encode()}
    if TEST_GAMES:  # the page registers them (ui/plugins.py)
        listed["ui/plugins.json"] = json.dumps(TEST_PLUGINS).encode()
    build_zip(DIST / "app.zip", app_files(), listed)
    import engine
    from ui import screens

    write_rules(screens.playable(sorted(engine.GAMES)))
    digest = hashlib.sha256((DIST / "app.zip").read_bytes()).hexdigest()[:12]
    # The zip's name carries its digest, so a new build is never mixed with an
    # old cached copy (PyScript unpacks it because the name ends in .zip).
    (DIST / "app.zip").rename(DIST / f"app-{digest}.zip")
    config = json.loads((web / "pyscript.json").read_text())
    config["files"] = {f"./app-{digest}.zip": "./*"}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1))
    write_service_worker(web / "sw.js")
    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"dist/ built: {total / 1e6:.1f} MB, app-{digest}.zip")


if __name__ == "__main__":
    main()
