"""The main thread's long tasks while the page starts (issue 26).

    .venv/bin/python bench/browser.py --parts tasks [--runs 5]
    SPEELTAFEL_DIST=/tmp/before-26s ... (the old build beside: --before /tmp/before-26s)

Two readings of the same question, "how long can a tap on the prerendered
lobby wait while Python starts":

1. `trace_tasks`: a Chromium trace of one cold visit (new context) until
   Python's lobby (body[data-ready=lobby]) and one second more.  Each task of
   the page's main thread (RunTask) is counted by its thread CPU time times 4,
   as Lighthouse's mobile profile simulates a phone 4x slower than the
   machine (and CPU time, not wall time, so that other work on a shared
   machine does not lengthen it).  Total blocking time is the sum of what
   each such task lasts beyond 50 ms; each task over 50 ms is listed with
   what ran in it (the user-timing marks the page set, the scripts called).
2. `lighthouse_tasks`: Lighthouse itself (bench/package.json's pinned
   version, mobile profile): total blocking time, max potential FID, LCP and
   its list of long tasks with the script each is attributed to.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

SLOWDOWN = 4  # Lighthouse's mobile CPU multiplier
CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"]


def _main_thread(events):
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    mains = [k for k, v in names.items() if v == "CrRendererMain"]

    def busy(key):
        return sum(e.get("dur", 0) for e in events if (e["pid"], e["tid"]) == key and e.get("name") == "RunTask")
    return max(mains, key=busy)


def long_tasks(events, slowdown=SLOWDOWN):
    """The main thread's tasks over 50 ms once slowed ({"at_ms", "ms", "scripts",
    "marks"}), the total blocking time, and the thread's CPU ms in all tasks
    (unslowed)."""
    main = _main_thread(events)
    mine = [e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"]
    tasks = sorted((e for e in mine if e.get("name") == "RunTask"), key=lambda e: e["ts"])
    marks = [e for e in events if e.get("pid") == main[0] and "blink.user_timing" in e.get("cat", "")]
    t0 = tasks[0]["ts"]
    out, tbt = [], 0.0
    cpu = sum(t.get("tdur", t["dur"]) for t in tasks) / 1000
    for task in tasks:
        ms = slowdown * task.get("tdur", task["dur"]) / 1000
        if ms <= 50:
            continue
        tbt += ms - 50
        end = task["ts"] + task["dur"]
        inside = [e for e in mine if task["ts"] <= e["ts"] <= end and e.get("name") in ("FunctionCall", "EvaluateScript")]
        scripts = sorted({(e.get("args", {}).get("data", {}).get("url") or "").rsplit("/", 1)[-1] for e in inside} - {""})
        named = sorted({m["name"] for m in marks if task["ts"] <= m["ts"] <= end})
        out.append({"at_ms": round((task["ts"] - t0) / 1000), "ms": round(ms), "scripts": scripts, "marks": named})
    return out, round(tbt), round(cpu)


def trace_tasks(browser, url):
    """One cold visit's long tasks (see the module's docstring)."""
    context = browser.new_context()
    page = context.new_page()
    browser.start_tracing(page=page, categories=CATEGORIES)
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=180_000)
    ready = (time.perf_counter() - t0) * 1000
    page.wait_for_timeout(1000)
    trace = json.loads(browser.stop_tracing())
    context.close()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    tasks, tbt, cpu = long_tasks(events)
    return {"tbt_ms": tbt, "longest_ms": max((t["ms"] for t in tasks), default=0), "tasks": tasks,
            "main_thread_cpu_ms": cpu, "python_lobby_ms": round(ready)}


def trace_rows(browser, urls: dict, runs: int):
    """Per build (name -> url), interleaved run by run: median TBT and longest
    task, and the tasks of the run with the median TBT."""
    got = {name: [] for name in urls}
    for _ in range(runs):
        for name, url in urls.items():
            got[name].append(trace_tasks(browser, url))
    for name, rows in got.items():
        rows.sort(key=lambda r: r["tbt_ms"])
        middle = rows[len(rows) // 2]
        yield {"build": name, "runs": runs, "tbt_ms": round(statistics.median(r["tbt_ms"] for r in rows)),
               "longest_ms": round(statistics.median(r["longest_ms"] for r in rows)),
               "main_thread_cpu_ms": round(statistics.median(r["main_thread_cpu_ms"] for r in rows)),
               "tbt_all": [r["tbt_ms"] for r in rows], "median_run_tasks": middle["tasks"]}


LH_AUDITS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "max-potential-fid",
             "long-tasks", "interactive"]


def lighthouse_tasks(lighthouse_js: Path, chromium: str, url: str):
    """One Lighthouse run (mobile): TBT, max potential FID, LCP, and its long tasks."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        args = ["node", str(lighthouse_js), url, f"--chrome-path={chromium}",
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu", "--only-categories=performance",
                "--output=json", f"--output-path={out}", "--quiet", "--only-audits=" + ",".join(LH_AUDITS)]
        for _ in range(3):  # DevTools can time out on a busy machine
            if subprocess.run(args).returncode == 0:
                break
        else:
            return None
        report = json.loads(out.read_text())
    audits = report["audits"]
    items = (audits["long-tasks"].get("details") or {}).get("items", [])
    return {"lighthouse": report["lighthouseVersion"],
            "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
            "max_fid_ms": round(audits["max-potential-fid"]["numericValue"]),
            "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
            "long_tasks": [{"url": i["url"].rsplit("/", 1)[-1], "ms": round(i["duration"]), "at_ms": round(i["startTime"])}
                           for i in items]}
