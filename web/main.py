"""Entry point of the page: start the table once Python is up.

The app is imported a module at a time (ui/stepwise.py), so the lobby
already on the screen answers taps while Python starts.  Any failure while
starting is shown to the player by the boot screen instead of leaving a
spinner that never ends."""

import js

try:
    from ui import stdlib_guard, stepwise

    stdlib_guard.install()  # before the table's imports, so tests see every miss
    # a performance mark per module names the step in a profile (bench/start_tasks.py)
    app = await stepwise.load("ui.app", done=lambda module: js.performance.mark(f"import {module}"))  # noqa: F704
    await app.start()  # noqa: F704  (the journal is read first: ui.app.start)
    js.performance.mark("python lobby")
except Exception as err:  # the boot screen says what went wrong
    js.window.speeltafelBoot.fail(f"{type(err).__name__}: {err}")
    raise
