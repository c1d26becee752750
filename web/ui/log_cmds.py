"""The log's folds the player opened (ui/history.py draws them).

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

from . import dom


class LogFolds:
    def log_opened(self) -> set:
        """The folds open in the game at the table, by their first entry's index."""
        kept = getattr(self, "_log_opened", None)
        if kept is None or kept[0] is not self.session:
            kept = self._log_opened = (self.session, set())
        return kept[1]

    def cmd_log_fold(self, arg, el, ev):
        if ev != "click" or (self.session is None and self.guest is None):
            return
        try:
            start = int(arg)
        except ValueError:
            return
        self.log_opened().symmetric_difference_update({start})
        self.render_table()
        dom.scroll_to("log-scroll", f"log-fold-{start}")  # the fold's button on top, its entries under it

    def cmd_log_newest(self, arg, el, ev):
        """Back to the newest entry after reading older ones."""
        if ev == "click":
            dom.scroll_newest("log-scroll")
