"""Entry point of the page: start the table once Python is up.

Any failure while starting is shown to the player by the boot screen
instead of leaving a spinner that never ends."""

import js

try:
    from ui import stdlib_guard

    stdlib_guard.install()  # before the table's imports, so tests see every miss
    from ui.app import start

    start()
except Exception as err:  # the boot screen says what went wrong
    js.window.speeltafelBoot.fail(f"{type(err).__name__}: {err}")
    raise
