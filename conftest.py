"""How `make test` shares the machine's two workers
(pytest -n 2 --dist loadfile --no-loadscope-reorder).

A file stays on one worker (an e2e file boots its browser tab once), and the
workers take files in the order given here: the files with a slow or a long
test (the hot-seat property runs, the long fuzz, the stdlib list's run of
every game) first, then the browser files, then the quick unit files, so the
run ends on short files on both workers instead of on one long file while the
other worker idles.  (xdist's own order, by number of tests, put the few-test,
long files last.  `--dist loadgroup` would split files further, but with
pytest 9.2 the group xdist 3.8 appends to a test's `_nodeid` never reaches its
scheduler: `Item.nodeid` is now read from `_id`.)
"""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    long_files = {item.path for item in items
                  if item.get_closest_marker("slow") or item.get_closest_marker("long")}

    def weight(item):
        if item.path in long_files:
            return 0
        return 1 if "e2e" in item.path.parts else 2

    items.sort(key=weight)  # stable: a file's tests stay together and in order
