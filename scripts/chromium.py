"""How the browser tests and the browser benchmarks start Debian's Chromium.

One list for both, so a bench measures the browser the tests check.
`--disable-dev-shm-usage`: a container's /dev/shm is often 64 MB, and a
Pyodide page's renderer that runs out of it crashes ("Target crashed");
Chromium then keeps that memory in /tmp instead.
"""

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
