"""How the browser tests and the browser benchmarks start Debian's Chromium.

One list for both, so a bench measures the browser the tests check.
`--disable-dev-shm-usage`: a container's /dev/shm is often 64 MB, and a
renderer that runs out of it crashes; Chromium then keeps that memory in /tmp.
It is not the cause of the rare renderer crash while a page boots (a SIGSEGV,
seen here with 24 GB of /dev/shm too): e2e/conftest.py `Tab._boot` handles that.
"""

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
