"""Renderer crashes while the page boots, with JSPI and without (issue 26).

    nice -n 19 .venv/bin/python bench/boots.py [--boots 500] [--tabs 4]
        [--modes jspi,nojspi] [--out /tmp/boots.jsonl]

Chromium's renderer has crashed (SIGSEGV) while the page booted, about once in
60-700 boots; Pyodide's tracker has crashes with JSPI (WebAssembly stack
switching) in Chrome.  This boots the built site (dist/, served under
/speeltafel/) `--boots` times in each mode, `--tabs` pages at once in one
browser (the tabs load each other and the machine).  Each boot is a new page
in its tab's browser context (one per tab and mode), so after the first its
files come from the service worker and the compiled WebAssembly from the
browser's code cache, as for a returning player; `--fresh` gives every boot
a new context (empty cache and storage: a first visit, as every browser
test's, at about four times the CPU).  The modes take turns boot by boot, so
both see the same machine:

- `jspi`: the browser as it is (Pyodide uses JSPI when `WebAssembly.Suspending`
  exists), unless the page itself turns it off;
- `nojspi`: `WebAssembly.Suspending` deleted before any script of the page runs,
  so Pyodide starts without JSPI;
- `page`: whatever the built page does itself (no init script).

Each boot: navigation until Python's lobby (body[data-ready=lobby]), or a crash
(Playwright's "crash" event), or a failure.  One JSON line per boot to `--out`,
then per mode: boots, crashes, failures, start-up median/p90 (ms).  Whether
Pyodide ran with JSPI is read from the page after the boot (`jspi` field).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import serve  # noqa: E402

INIT = {"jspi": "", "page": "", "nojspi": "delete WebAssembly.Suspending;"}
# Pyodide uses JSPI exactly when WebAssembly.Suspending exists as it starts
USES_JSPI = "() => typeof WebAssembly.Suspending === 'function'"


async def new_context(browser, mode):
    context = await browser.new_context()
    if INIT[mode]:
        await context.add_init_script(INIT[mode])
    return context


async def boot(context, url, mode, timeout_ms):
    """One boot on a new page of `context`: {"mode", "ms", "outcome", "jspi"}."""
    page = await context.new_page()
    crashed = asyncio.Event()
    page.on("crash", lambda _p: crashed.set())
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)[:200]))
    row = {"mode": mode, "ms": None, "outcome": "ok", "jspi": None}
    t0 = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=timeout_ms)
        await page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=timeout_ms)
        row["ms"] = round((time.perf_counter() - t0) * 1000)
        row["jspi"] = await page.evaluate(USES_JSPI)
    except Exception as err:  # a crash shows as a failed wait
        row["outcome"] = "crash" if crashed.is_set() else "failed"
        row["error"] = (errors or [str(err).splitlines()[0]])[0][:200]
    finally:
        await page.close()
    return row


async def run(args, url):
    from playwright.async_api import async_playwright

    modes = args.modes.split(",")
    queue = [modes[i % len(modes)] for i in range(args.boots * len(modes))]  # turn by turn
    rows = []
    out = open(args.out, "a")

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        async def worker():
            contexts = {}
            while queue:
                mode = queue.pop(0)
                if args.fresh or mode not in contexts:
                    contexts[mode] = await new_context(browser, mode)
                row = await boot(contexts[mode], url, mode, args.timeout * 1000)
                if args.fresh:
                    await contexts.pop(mode).close()
                row["t"] = round(time.time())
                rows.append(row)
                out.write(json.dumps(row) + "\n")
                out.flush()
                if row["outcome"] != "ok":
                    print(json.dumps(row), flush=True)
                if len(rows) % 50 == 0:
                    print(f"{len(rows)} boots, {sum(r['outcome'] == 'crash' for r in rows)} crashes", flush=True)

        await asyncio.gather(*(worker() for _ in range(args.tabs)))
        await browser.close()
    out.close()
    return rows


def summary(rows):
    """Per mode: boots, crashes, failures, start-up median and p90 of the boots that finished."""
    out = []
    for mode in dict.fromkeys(r["mode"] for r in rows):
        mine = [r for r in rows if r["mode"] == mode]
        ms = sorted(r["ms"] for r in mine if r["ms"] is not None)
        out.append({"mode": mode, "boots": len(mine), "crashes": sum(r["outcome"] == "crash" for r in mine),
                    "failed": sum(r["outcome"] == "failed" for r in mine),
                    "jspi_used": sorted({r["jspi"] for r in mine if r["jspi"] is not None}),
                    "median_ms": round(statistics.median(ms)) if ms else None,
                    "p90_ms": ms[int(0.9 * (len(ms) - 1))] if ms else None})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=500, help="boots per mode")
    parser.add_argument("--tabs", type=int, default=4, help="pages booting at once")
    parser.add_argument("--modes", default="jspi,nojspi")
    parser.add_argument("--timeout", type=int, default=180, help="seconds a boot may take")
    parser.add_argument("--out", default="/tmp/boots.jsonl", help="one JSON line per boot (appended)")
    parser.add_argument("--fresh", action="store_true", help="a new browser context for every boot")
    parser.add_argument("--summary", action="store_true", help="only summarise --out")
    args = parser.parse_args()
    if args.summary:
        rows = [json.loads(line) for line in open(args.out)]
    else:
        dist = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
        server, url = serve(dist, 0, "/speeltafel/")
        server.handle_error = lambda *a: None  # a context closed while the service worker still fetched
        started = time.time()
        rows = asyncio.run(run(args, url))
        server.shutdown()
        print(f"{len(rows)} boots in {time.time() - started:.0f} s, {args.tabs} tabs at once")
    for row in summary(rows):
        print(json.dumps(row))


if __name__ == "__main__":
    main()
