"""The frame every game fills: turn banner, players, log (ui/history.py), the
bots' pace, undo, hand-off and end screens.  Pure functions to HTML; the
game's own screen renders the board."""

from __future__ import annotations

from html import escape as esc

import engine

from . import kit, pace as paces
from .history import render_log
from .i18n import Words
from .names import isolate
from .savemeta import MAX_NOTE


class TableContext:
    """What a game screen may use to word and colour things."""

    def __init__(self, words: Words, players: list[dict], viewer: int | None, note: str = "",
                 since: int | None = None, until: int | None = None):
        self.words = words
        self.players = players
        self.viewer = viewer
        self.note = note  # the viewer's own free notes
        # log entries with a larger "move" happened since the viewer's last turn
        # (None: nothing is marked, e.g. on the public and hand-over screens)...
        self.since = since
        # ...up to this move, where the viewer's present turn began (None: no end):
        # what the viewer does in it is not news to them
        self.until = until

    def is_new(self, entry: dict) -> bool:
        """Did this log entry happen since the viewer's last turn (and before
        their present one began)?"""
        move = entry.get("move") or 0
        return self.since is not None and move > self.since and (self.until is None or move <= self.until)

    def recent(self, view: dict) -> list[dict]:
        """The view's log entries since the viewer's last turn, oldest first."""
        return [e for e in view.get("log") or [] if self.is_new(e)]

    def notes_box(self, label: str) -> kit.Html:
        """A text area for the viewer's notes (kept in the save, private to the
        seat), with the room left in sight: the browser stops typing at the limit."""
        if self.viewer is None:
            return kit.Html("")
        return kit.h('<label class="notes">{}<textarea id="notes" rows="4" maxlength="{}" data-cmd="note" '
                     'data-arg="{}" aria-describedby="notes-count">{}</textarea>'
                     '<span class="notes-count" id="notes-count">{}</span></label>',
                     label, MAX_NOTE, self.viewer, self.note, notes_count(self.words, self.note))

    def name(self, seat) -> str:
        """A seat's name as shown: isolated from the text around it (ui/names.py)."""
        if seat is None or not 0 <= seat < len(self.players):
            return "?"
        return isolate(self.players[seat]["name"])

    def color(self, seat) -> str:
        return kit.seat_colour(seat)

    def symbol(self, seat) -> str:
        return kit.seat_symbol(seat)

    def badge(self, seat) -> kit.Html:
        """A player's name with colour and symbol, as HTML."""
        return kit.badge(seat, self.name(seat))


def notes_count(words: Words, text: str) -> str:
    """How much of the notes' room is used, counted as the browser's `maxlength` counts."""
    units = len(text) + sum(1 for c in text if ord(c) > 0xFFFF)  # beyond the BMP: two UTF-16 units
    return words.t("notes.count", n=units, max=MAX_NOTE)


def render_leave(ctx: TableContext, lines: list[str]) -> str:
    """The warning before leaving a table whose newest moves localStorage
    lacks: where they are (`lines`, worded), export, leave, stay."""
    t = ctx.words.t
    buttons = kit.tag("div", kit.button(t("leave.export"), cmd="export-current", id="leave-export"),
                      kit.button(t("leave.anyway"), cmd="menu", arg="anyway", cls="danger", id="leave-anyway"),
                      kit.button(t("leave.stay"), cmd="leave-stay", cls="primary", id="leave-stay"), cls="leave-buttons")
    return kit.tag("section", kit.tag("h2", t("leave.heading"), id="leave-h"),
                   kit.tag("div", *[kit.tag("p", line) for line in lines], id="leave-text"), buttons,
                   cls="leave", role="alertdialog", aria_labelledby="leave-h", aria_describedby="leave-text")


def turn_text(view: dict, ctx: TableContext, thinking: int | None, prompt: dict | None = None) -> str:
    """The banner: who is to act, and for the viewer what to do (`prompt`:
    the screen's own wording of the step for this viewer, else the view's)."""
    words = ctx.words
    if view.get("over"):
        return words.t("table.over")
    to_act = view.get("to_act") or []
    if thinking is not None and ctx.viewer not in to_act:
        return words.t("table.waiting", name=ctx.name(thinking))
    if len(to_act) == 1:
        head = words.t("table.turn", name=ctx.name(to_act[0]))
    else:
        head = words.t("table.turns", names=words._join([ctx.name(s) for s in to_act]))
    said = ""
    if ctx.viewer in to_act:
        said = words.prompt(prompt or view.get("prompt"), view.get("phase"))
    return f"{head}: {said}" if said else head


def render_players(view: dict, ctx: TableContext, details: dict | None = None) -> str:
    """One row per player; `details` (the game screen's, seat -> Html) go
    under the name, so no screen draws a players panel of its own."""
    words = ctx.words
    details = details or {}
    scores = view.get("scores")
    out = ["<ul>"]
    for seat, p in enumerate(ctx.players):
        acting = seat in (view.get("to_act") or [])
        cls = "player" + (" acting" if acting else "") + (" me" if seat == ctx.viewer else "")
        who = str(ctx.badge(seat))  # markup: what follows is appended as markup too
        if seat == ctx.viewer:
            who += f' <span class="you">({esc(words.t("table.you"))})</span>'
        if p["kind"] == "bot":
            who += f' <span class="level">{esc(words.level(p.get("level") or "random"))}</span>'
        score = f'<span class="score">{scores[seat]}</span>' if scores else ""
        mark = '<span class="turn-mark" aria-label="to act">▶</span>' if acting else ""
        if details.get(seat):  # the name's line stays one line, the game's lines go under it
            out.append(f'<li class="{cls}"><div class="player-line">{mark}{who}{score}</div>'
                       f'<div class="player-more">{details[seat]}</div></li>')
        else:
            out.append(f'<li class="{cls}">{mark}{who}{score}</li>')
    out.append("</ul>")
    # a part of its own: a drawing that changes no player sends a placeholder (ui/memo.py)
    return kit.keep("table-players", "section", kit.Html("".join(out)), cls="players-panel",
                    aria_label=words.t("table.players"), data_frame=True)


def render_since(view: dict, ctx: TableContext, summary=None) -> str:
    """One line above the board: what happened since the viewer's last turn.
    `summary` is the game screen's own line (Html); without one the frame
    says the newest public entry and how many more there are."""
    recent = [e for e in ctx.recent(view) if not e.get("private")]
    if not recent:
        return ""
    say = kit.Say(ctx)
    if summary is None:
        summary = say.entry(recent[-1], links=False)
        if len(recent) > 1:
            summary = summary + kit.Html(" ") + say.t("since.more", n=len(recent) - 1)
    return str(kit.h('<p class="since-line" role="status"><span class="since-head">{}</span> {}</p>',
                     say.t("since.head"), summary))


def render_result(view: dict, ctx: TableContext) -> str:
    words = ctx.words
    result = view.get("result") or {}
    winners = result.get("winners") or []
    names = words._join([ctx.name(s) for s in winners])
    title = words.t("table.winner" if len(winners) == 1 else "table.winners", names=names)
    out = [f'<div class="result" role="dialog" aria-labelledby="result-h"><h2 id="result-h">{esc(title)}</h2>']
    breakdown = result.get("breakdown") or []
    categories = []
    for row in breakdown:
        for key in row:
            if key not in categories:
                categories.append(key)
    scores = result.get("scores")
    seats = range(len(ctx.players))

    def value(seat, cat):
        return _cell(breakdown[seat].get(cat, "") if seat < len(breakdown) else "", words)

    def who(seat):  # a winner is named by a star as well as by the shading
        star = ' <span class="win-star" aria-hidden="true">★</span>' if seat in winners else ""
        return f"{ctx.badge(seat)}{star}"

    if len(ctx.players) <= 5:  # players across, categories down
        out.append('<div class="breakdown-wrap"><table class="breakdown"><thead><tr><th></th>')
        for seat in seats:
            out.append(f'<th scope="col">{who(seat)}</th>')
        out.append("</tr></thead><tbody>")
        for cat in categories:
            out.append(f'<tr><th scope="row">{esc(words.name(cat))}</th>')
            for seat in seats:
                out.append(f"<td>{esc(value(seat, cat))}</td>")
            out.append("</tr>")
        if scores:
            out.append(f'<tr class="total"><th scope="row">{esc(words.t("table.total"))}</th>')
            for seat in seats:
                win = ' class="winner"' if seat in winners else ""
                out.append(f"<td{win}>{scores[seat]}</td>")
            out.append("</tr>")
    else:  # many players (up to 10) do not fit across a tablet: one row each
        out.append('<div class="breakdown-wrap"><table class="breakdown by-player"><thead><tr><th></th>')
        for cat in categories:
            out.append(f'<th scope="col">{esc(words.name(cat))}</th>')
        if scores:
            out.append(f'<th scope="col" class="total">{esc(words.t("table.total"))}</th>')
        out.append("</tr></thead><tbody>")
        for seat in seats:
            win = " winner" if seat in winners else ""
            out.append(f'<tr class="player-row{win}"><th scope="row">{who(seat)}</th>')
            for cat in categories:
                out.append(f"<td>{esc(value(seat, cat))}</td>")
            if scores:
                out.append(f'<td class="total{win}">{scores[seat]}</td>')
            out.append("</tr>")
    out.append("</tbody></table></div>")
    out.append(f'<div class="result-buttons"><button type="button" id="result-close" data-cmd="result-close">'
               f'{esc(words.t("table.show_board"))}</button><button type="button" class="primary" data-cmd="menu">'
               f'{esc(words.t("table.back"))}</button></div></div>')
    return "".join(out)


def _cell(value, words: Words) -> str:
    if isinstance(value, bool):
        return "✓" if value else "–"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return ", ".join(words.name(v) for v in value)
    return words.name(value) if isinstance(value, str) else str(value)


def render_handoff(ctx: TableContext, seat: int, *, can_back: bool = False, look: bool = False) -> str:
    """The hand-over screen.  `can_back`: the seat stepped forward in an open
    window and may still change its mind (back to the public window screen);
    `look`: the opening, where each human looks at their own cards once."""
    words = ctx.words
    name = ctx.name(seat)
    back = (f'<button type="button" id="handoff-back" data-cmd="back-out">{esc(words.t("handoff.back"))}</button>'
            if can_back else "")
    why = f'<p class="handoff-look">{esc(words.t("look.why"))}</p>' if look else ""
    return (f'<div class="handoff" role="dialog" aria-labelledby="handoff-h" style="--pc:{ctx.color(seat)}">'
            f'<div class="handoff-sym" aria-hidden="true">{ctx.symbol(seat)}</div>'
            f'<h2 id="handoff-h">{esc(words.t("handoff.title", name=name))}</h2>{why}'
            f'<p>{esc(words.t("handoff.body", name=name))}</p>'
            f'<div class="handoff-buttons"><button type="button" id="handoff-ok" class="primary" data-cmd="handoff">'
            f'{esc(words.t("handoff.ready", name=name))}</button>{back}</div></div>')


def render_window(ctx: TableContext, asked: list[int], moves: int, window: dict, about: dict | None = None) -> str:
    """The public window screen's bar: what is happening and, for each human
    asked, "I'll play something" (and the window's public answers, if any),
    or "nobody".  It shows only public facts (who is asked, the engine's
    window), never anything a human holds.  `about` (from the game's screen,
    optional): {"heading", "text", "forward": template with {name}, "nobody",
    "answers": [a label per public answer], "groups": {label: [answer indices]}}."""
    words = ctx.words
    about = about or {}
    public = window.get("public") or []
    labels = about.get("answers") or [str(a) for a in public]
    forward = about.get("forward")

    def step_forward(seat):
        name = ctx.name(seat)
        label = words.fill(forward, {"name": name}) if forward else words.t("window.forward", name=name)
        return (f'<button type="button" class="window-forward" id="forward-{seat}" data-cmd="forward" '
                f'data-arg="{seat}" style="--pc:{ctx.color(seat)}"><span class="sym" aria-hidden="true">'
                f'{ctx.symbol(seat)}</span>{kit.esc(label)}</button>')

    groups = about.get("groups") or {}  # {label: [answer indices]}: folded under one button
    grouped = {i for idx in groups.values() for i in idx}

    def answers(seat):
        def button(i):
            return (f'<button type="button" class="window-answer" data-cmd="answer" '
                    f'data-arg="{seat}:{i}:{moves}">{kit.esc(labels[i])}</button>')
        out = [button(i) for i in range(len(public)) if i not in grouped]
        for label, idx in groups.items():  # a native fold: one more tap before an answer that commits
            out.append(f'<details class="window-fold"><summary>{kit.esc(label)}</summary>'
                       f'<div class="window-row">{"".join(button(i) for i in idx)}</div></details>')
        return "".join(out)

    if public:  # each human asked answers out loud, or takes the device first
        rows = "".join(f'<div class="window-row"><span class="window-who">{ctx.badge(seat)}</span>'
                       f'{answers(seat)}{step_forward(seat)}</div>' for seat in asked)
        how = words.t("window.intro_public")
    else:
        names = words._join([ctx.name(s) for s in asked])
        rows = (f'<div class="window-row">{"".join(step_forward(seat) for seat in asked)}'
                f'<button type="button" id="window-nobody" class="primary" data-cmd="nobody" data-arg="{moves}" '
                f'aria-describedby="window-nobody-hint">{kit.esc(about.get("nobody") or words.t("window.nobody"))}</button>'
                f'<span class="window-hint" id="window-nobody-hint">{kit.esc(words.t("window.nobody_hint", names=names))}'
                f'</span></div>')
        how = words.t("window.intro")
    return (f'<section class="window-bar" role="region" aria-labelledby="window-h">'
            f'<h2 id="window-h">{kit.esc(about.get("heading") or words.t("window.heading"))}</h2>'
            f'<p class="window-what">{kit.esc(about.get("text") or words.t("window.generic"))}</p>'
            f'<p class="window-how">{kit.esc(how)}</p><div class="window-buttons">{rows}</div></section>')


def render_look(ctx: TableContext, seat: int) -> str:
    """At the opening, for the human looking at their own cards: hide them
    when seen (the device goes on to the next human)."""
    t = ctx.words.t
    return kit.tag("section", kit.tag("p", t("look.note", name=ctx.name(seat))),
                   kit.button(t("look.done"), cmd="looked", cls="primary", id="looked"),
                   cls="window-bar window-private look-bar", style=f"--pc:{ctx.color(seat)}")


def render_back_out(ctx: TableContext, seat: int) -> str:
    """For a human who stepped forward: go back without acting."""
    words = ctx.words
    return (f'<section class="window-bar window-private" style="--pc:{ctx.color(seat)}">'
            f'<p>{kit.esc(words.t("window.forward_note", name=ctx.name(seat)))}</p>'
            f'<button type="button" id="back-out" data-cmd="back-out">{kit.esc(words.t("window.back"))}</button>'
            f'</section>')


def render_hint(ctx: TableContext, hint) -> str:
    """The hint button, and what the strong bot would do: its words, and a
    mark on the very control that plays it (`hint`: see App.hint_shown)."""
    say = kit.Say(ctx)
    if hint is None:
        return "", ""
    # the name says the visible word first (a voice command "Hint" finds it)
    name = say.t("hint.ask") + kit.Html(": ") + say.t("hint.ask_long")
    if hint is False:
        return kit.button(say.t("hint.ask"), cmd="hint", id="hint", title=say.t("hint.ask_long"),
                          aria_label=name), ""
    index, what = hint
    button = kit.button(say.t("hint.ask"), cmd="hint", id="hint", aria_label=name,
                        expanded=True, aria_controls="hint-bar")
    if index is None:
        return button, kit.h('<p class="hint-bar" id="hint-bar" role="status">{}</p>', say.t("hint.thinking"))
    mark = kit.Html(f'<style>#screen [data-cmd="act"][data-arg="{int(index)}"] {{ outline: 4px solid var(--hint); '
                    f'outline-offset: 3px; box-shadow: 0 0 0 8px rgba(224, 123, 0, 0.3); }}'
                    f'#screen g[data-cmd="act"][data-arg="{int(index)}"] circle {{ stroke: var(--hint); '
                    f'stroke-width: 6px; }}</style>')
    bar = kit.h('<div class="hint-bar" id="hint-bar" role="status"><p>{}</p>{}</div>{}',
                say.t("hint.says", what=what), kit.button("×", cmd="hint-close", id="hint-close",
                                                          aria_label=say.t("hint.close")), mark)
    return button, bar


def render_pace(ctx: TableContext, chosen: str | None) -> str:
    """The bots' pace, changeable during play (ui/pace.py); none without bots."""
    if chosen is None:
        return ""
    words = ctx.words
    options = "".join(f'<option value="{p}"{" selected" if p == chosen else ""}>{esc(words.t("pace." + p))}</option>'
                      for p in paces.PACES)
    return (f'<label class="pace" title="{esc(words.t("pace.title"))}"><span class="pace-label">'
            f'{esc(words.t("pace.label"))}</span><select id="pace" data-cmd="pace">{options}</select></label>')


def render_frame(view: dict, ctx: TableContext, screen_html: str, *, can_undo: bool,
                 thinking: int | None, message: str = "", details: dict | None = None, bar: str = "",
                 prompt: dict | None = None, hint=None, since: str = "", pace: str | None = None,
                 log_opened=(), tools: str = "", export: bool = True, decision: int | None = None) -> str:
    """The whole table; `bar` (the window screen's questions) sits above the board,
    `prompt` (the screen's wording of the step), `hint` (see render_hint),
    `since` (render_since: what happened since the viewer's last turn),
    `pace` (the bots' pace shown in the top bar; None at a table without bots),
    `log_opened` (the log's folds the player opened, ui/history.py), `tools` (more
    buttons for the top bar: the host's devices), `export` (a guest's device has no save),
    `decision` (Session.decision: what every control on it was drawn for, ui/taps.py)."""
    words = ctx.words
    spec = engine.GAMES[view["game"]]
    undo = (f'<button type="button" id="undo" data-cmd="undo">{esc(words.t("table.undo"))}</button>'
            if can_undo else "")
    result_btn = (f'<button type="button" data-cmd="result-open">{esc(words.t("table.show_result"))}</button>'
                  if view.get("over") else "")
    notice = f'<p class="notice" role="alert">{esc(message)}</p>' if message else ""
    export = (f'<button type="button" data-cmd="export-current">{esc(words.t("table.export"))}</button>'
              if export else "")
    hint_button, hint_bar = render_hint(ctx, hint)
    title = esc(spec.names.get(words.lang, spec.id))
    # .table-frame fills the window in landscape: the top bar, then the board and
    # the side column share what is left, each scrolling on its own
    return (
        f'<div class="table-frame"{kit.attrs(data_decision=decision)}><header class="topbar table-top"><button type="button" id="menu" data-cmd="menu">'
        f'{esc(words.t("table.menu"))}</button>'
        f'<h1 title="{title}">{title}</h1>'
        f'<div class="turn-banner" role="status" aria-live="polite">{esc(turn_text(view, ctx, thinking, prompt))}</div>'
        f'{hint_button}{undo}{result_btn}{render_pace(ctx, pace)}{tools}'
        f'{kit.button(words.t("rules.open"), cmd="rules", arg="", id="rules-open")}{export}'
        f'</header>{notice}{bar}{hint_bar}'
        f'<div class="table-body">{kit.keep("screen", "section", kit.Html(since + screen_html), cls="screen", data_frame=True)}'
        f'<aside class="side">{render_players(view, ctx, details)}{render_log(view, ctx, log_opened)}</aside></div></div>'
    )
