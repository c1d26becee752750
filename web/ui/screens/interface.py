"""The Screen interface: what the table calls on a game's screen.

Every game's `Screen` subclasses `GameScreen` (the contract checks it).  The
required methods have no default; the optional ones answer "nothing of
mine" (None), so the table calls them without asking whether they exist.
docs/engine-conventions.md lists what else a screen package provides (its
words, its rules reference).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

REQUIRED = ("render", "on_ui", "describe", "show_hint")
OPTIONAL = ("after_render", "player_details", "prompt", "window_words", "since_summary", "rules_extra")


@runtime_checkable
class GameScreen(Protocol):
    """One game's screen; `ctx` (ui.table.TableContext) holds the words, the
    players' names and colours, the viewer and what is new to it."""

    ctx: Any

    # ------------------------------------------------------------- required
    def render(self, view: dict, legal: list) -> str:
        """HTML of the board area for `view`; `legal[i]` is played by `data-cmd="act" data-arg="i"`."""
        ...

    def on_ui(self, arg: str) -> None:
        """A local step of the screen's own (`data-cmd="ui"`): select, rotate, open a list."""
        ...

    def describe(self, action: dict) -> str:
        """One legal action in words (the hint says it; the bots' pace shows it)."""
        ...

    def show_hint(self, i: int) -> None:
        """Bring `legal[i]` into sight on the next render (open its list, select its square)."""
        ...

    # ------------------------------------------------------------- optional
    def after_render(self, root) -> None:
        """Browser only, after the HTML is in the page: wire e.g. `dom.attach_pan_zoom`."""
        return None

    def player_details(self, view: dict) -> dict | None:
        """{seat: Html} a line under each player in the players panel."""
        return None

    def prompt(self, view: dict) -> dict | None:
        """The step for this viewer as {"k": phase key, ...} when it is not `view["prompt"]`."""
        return None

    def window_words(self, view: dict) -> dict | None:
        """For a step asked in public: {"heading", "text", "forward", "answers", "groups"}."""
        return None

    def since_summary(self, view: dict):
        """One line (Html): what happened since `ctx.since`, the viewer's last turn."""
        return None

    def rules_extra(self, ident: str):
        """Html shown under a rules entry (a picture of the card), or None."""
        return None
