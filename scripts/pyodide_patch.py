"""Pyodide's start in steps (issue 26): a build-time patch of the pinned
`pyodide.mjs`, so that the page answers taps while Python starts.

As shipped, `loadPyodide` is one task of about two seconds on a slow phone:
the WebAssembly instance linked, Python initialised and Pyodide's bootstrap
(which imports some 150 modules, asyncio among them) run back to back.  The
patched copy in dist/ lets the browser in between:

- after `pyodide.asm.mjs` is loaded and run, before the instance is made;
- before the WebAssembly is compiled from the stream and instantiated, and
  again before the instance is linked (Emscripten's `receiveInstance`);
- after the instance is linked, before Python initialises (a pause as the
  `fsInit` hook, which Pyodide awaits before it runs Python's `main`);
- after Python initialised: the standard library modules Pyodide's bootstrap
  will import are imported first, the deepest first, a few milliseconds'
  worth at a time with a pause after each slice; the bootstrap then finds
  them imported.

The list of modules is recorded from the pinned Pyodide itself when the
stdlib is built (scripts/build_stdlib.mjs, "bootstrap"): the order their
imports finished, so that each slice imports a module whose own imports are
done.  Of Pyodide's own modules only the package `_pyodide` comes early
(Pyodide's rule for it: it imports no `js`, `pyodide_js` or `_pyodide_core`);
the rest stay with the bootstrap, in Pyodide's order (`_pyodide.jsbind`
imported before `_pyodide_core` breaks the start).  A module that fails to
import ends the steps early; Pyodide's bootstrap then runs as it would have.

The patch knows the file it changes: the build refuses any other
`pyodide.mjs` (a new Pyodide needs this patch looked at again).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

PINNED_SHA256 = "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109"  # npm pyodide@314.0.7
# (as shipped, as patched): the pinned file's minified code, each found once.
# loadPyodide: configuration, Emscripten settings, the instance, then
# bootstrapPyodide (Ae) right after configureAPI (Fe)
LOAD = ("async function dt(e={}){let t=await Se(e),n=we(t),i=await _e(t),s=await ke(t,n),r=await Re(i,n);"
        "Fe(r,t);let a=Ae(r,s,t);return await Oe(a,t)}",
        "async function dt(e={}){let t=await Se(e);t.fsInit??=speeltafelPause;"
        "let n=we(t),i=await _e(t),s=await ke(t,n);await speeltafelPause();let r=await Re(i,n);"
        "Fe(r,t);await speeltafelImports(r.API);let a=Ae(r,s,t);"
        'performance.mark("pyodide: bootstrapped");return await Oe(a,t)}')
# Emscripten's instantiateWasm hook: compile and instantiate, then link (r)
INSTANTIATE = ("try{let l;n?l=await WebAssembly.instantiateStreaming(n,s):l=await WebAssembly.instantiate(await t,s);"
               "let{instance:d,module:u}=l;r(d,u)}",
               "try{let l;await speeltafelPause();"
               "n?l=await WebAssembly.instantiateStreaming(n,s):l=await WebAssembly.instantiate(await t,s);"
               "let{instance:d,module:u}=l;await speeltafelPause();r(d,u)}")
PATCHES = (LOAD, INSTANTIATE)
STEPS = """
// Speeltafel (scripts/pyodide_patch.py): Pyodide's start in steps, so that
// the page answers taps in between (issue 26).
const SPEELTAFEL_SLICE_MS = 5;
const SPEELTAFEL_MODULES = __MODULES__;
function speeltafelPause() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(null);
  });
}
async function speeltafelImports(API) {
  performance.mark("pyodide: python initialised");
  for (let next = 0; next < SPEELTAFEL_MODULES.length;) {
    await speeltafelPause();
    const start = performance.now();
    do {
      const [failed] = API.rawRun("import " + SPEELTAFEL_MODULES[next++]);
      if (failed) return;  // Pyodide's own bootstrap runs as it would have
    } while (next < SPEELTAFEL_MODULES.length && performance.now() - start < SPEELTAFEL_SLICE_MS);
    performance.mark("pyodide: imported " + SPEELTAFEL_MODULES[next - 1]);
  }
  await speeltafelPause();
}
"""


PYODIDES_OWN = ("_pyodide", "_pyodide_core", "pyodide", "pyodide_js")
PURE = "_pyodide"  # Pyodide's pure-Python part: its rule is that it imports no js, pyodide_js or _pyodide_core


def start_modules(bootstrap: list[str], shipped: set[str]) -> list[str]:
    """What the page imports ahead of Pyodide's bootstrap, in order: the
    modules the bootstrap imports (`bootstrap`, as recorded) that the page's
    stdlib ships; of Pyodide's own only the package `_pyodide` and its
    modules, as long as the record shows none of Pyodide's others and
    `_pyodide` has not finished."""
    keep, pure = [], True
    for name in bootstrap:
        top = name.split(".")[0]
        pure = pure and (top == PURE or top not in PYODIDES_OWN)
        if name in shipped and (top not in PYODIDES_OWN or pure) and name not in keep:
            keep.append(name)
        pure = pure and name != PURE
    return keep


def patch(text: str, modules: list[str]) -> str:
    """The patched pyodide.mjs; exits when `text` is not the pinned file."""
    digest = hashlib.sha256(text.encode()).hexdigest()
    if digest != PINNED_SHA256 or any(text.count(shipped) != 1 for shipped, _ in PATCHES):
        sys.exit(f"pyodide.mjs is not the one scripts/pyodide_patch.py was made for (sha256 {digest}): "
                 "look at the patch again for this Pyodide (issue 26) and update PINNED_SHA256")
    for shipped, patched in PATCHES:
        text = text.replace(shipped, patched)
    steps = STEPS.replace("__MODULES__", json.dumps(modules))
    body, sep, tail = text.rpartition("export{")
    return body + steps + sep + tail


def write(source: Path, target: Path, bootstrap: list[str], shipped: set[str]) -> int:
    """Copy Pyodide's `source` pyodide.mjs to `target`, patched: the number
    of modules imported ahead of the bootstrap."""
    modules = start_modules(bootstrap, shipped)
    target.write_text(patch(source.read_text(), modules))
    return len(modules)
