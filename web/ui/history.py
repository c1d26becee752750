"""The frame's log: every entry of the game, none ever dropped.

The newest entries are listed plainly at the foot of the log, which opens
scrolled to its end and stays there as entries come, unless the player
scrolled away to read (then it stays where they read, and a "newest"
button brings them back); older ones are folded, a turn or more per fold, behind
a button that opens the fold (a disclosure: `aria-expanded`).  A closed fold
puts only its button in the page, so a game of a thousand entries draws
about as fast as one of fifty.  A fold closes at the first new turn once it
holds FOLD_AT entries, so a closed fold never changes as the game goes on.
Entries since the viewer's last turn are never folded away.  An entry is
worded once and kept (`_worded`): entries never change once written.
"""

from __future__ import annotations

from html import escape as esc

from . import kit

FOLD_AT = 50  # a fold closes at the first new turn after this many entries...
FOLD_MOST = 200  # ...or here, whatever the turns (a game whose entries carry no turn)
KEEP_OPEN = 30  # at least this many of the newest entries are never folded
_worded: dict = {}  # (words, names, viewer, index) -> (the entry, its words as HTML)
_WORDED_MOST = 20_000


def folds(entries: list[dict]) -> list[tuple[int, int]]:
    """The closed folds of the log, as (start, end) index ranges, oldest
    first.  Decided from the start of the log, so a closed fold stays the
    same fold while entries are added after it."""
    out, start = [], 0
    for i in range(1, len(entries)):
        size = i - start
        if size >= FOLD_MOST or (size >= FOLD_AT and entries[i].get("turn") != entries[i - 1].get("turn")):
            out.append((start, i))
            start = i
    return out


def render_log(view: dict, ctx, opened=()) -> str:
    """The whole log: older entries in folds (those in `opened`, by their
    first index, shown open), the newest listed; the scroller starts at its
    end, so the newest entry is what one sees."""
    words = ctx.words
    entries = view.get("log") or []
    first_new = next((i for i, e in enumerate(entries) if ctx.is_new(e)), len(entries))
    last_fold = min(len(entries) - KEEP_OPEN, first_new)
    folded = [(a, b) for a, b in folds(entries) if b <= last_fold]
    long = " log-long" if len(entries) >= 1000 else ""  # room for 4-digit numbers
    out = [f'<h2>{esc(words.t("table.log"))}</h2>'
           f'<div class="log-scroll" id="log-scroll" tabindex="0"><div class="log-all{long}">']
    for start, end in folded:
        out.append(_fold(entries, start, end, ctx, start in opened))
    out.append(_list(entries, folded[-1][1] if folded else 0, len(entries), ctx))
    # shown while the player reads older entries (web/morph.js marks the scroller away from its end)
    out.append(f'</div></div><button type="button" class="log-newest" data-cmd="log-newest">'
               f'<span aria-hidden="true">↓</span> {esc(words.t("log.newest"))}</button>')
    # a part of its own: a drawing that adds no entry sends a placeholder (ui/memo.py)
    return kit.keep("table-log", "section", kit.Html("".join(out)), cls="log", aria_label=words.t("table.log"),
                    data_frame=True)


def _fold(entries: list[dict], start: int, end: int, ctx, is_open: bool) -> str:
    """A fold's button, and its entries when it is open."""
    words = ctx.words
    turns = [e["turn"] for e in entries[start:end] if e.get("turn")]
    n = end - start
    if not turns:
        label = words.t("log.fold_setup", n=n)
    elif turns[0] == turns[-1]:
        label = words.t("log.fold_one", first=turns[0], n=n)
    else:
        label = words.t("log.fold", first=turns[0], last=turns[-1], n=n)
    state = "true" if is_open else "false"
    button = (f'<button type="button" class="log-fold" id="log-fold-{start}" data-cmd="log-fold" data-arg="{start}" '
              f'aria-expanded="{state}" aria-controls="log-part-{start}">{esc(label)}</button>')
    body = _list(entries, start, end, ctx) if is_open else ""
    return f'{button}<div class="log-part" id="log-part-{start}">{body}</div>'


def _list(entries: list[dict], start: int, end: int, ctx) -> str:
    """Entries start..end-1 as a numbered list (numbers count from the game's first entry)."""
    table = (ctx.words.lang, ctx.words.game_id, tuple(p["name"] for p in ctx.players), ctx.viewer)
    out = [f'<ol class="log-list" start="{start + 1}">']
    for i in range(start, end):
        entry = entries[i]
        cls = (" private" if entry.get("private") else "") + (" new" if ctx.is_new(entry) else "")
        # kept by the page while it reads the same (ui/memo.py): a long log sends only its new entries
        out.append(kit.keep(f"log-e{i}", "li", kit.Html(_words(entry, table + (i,), ctx)), cls="log-entry" + cls))
    out.append("</ol>")
    return "".join(out)


def _words(entry: dict, key: tuple, ctx) -> str:
    """The entry's turn and sentence as HTML, worded once per language and
    table (`key`): the same entry at the same place gives the same words."""
    words = ctx.words
    kept = _worded.get(key)
    if kept is not None and kept[0] == entry:
        return kept[1]
    turn = entry.get("turn")
    stamp = f'<span class="log-turn">{esc(words.t("table.turn_no", n=turn))}</span> ' if turn else ""
    html = stamp + str(kit.Say(ctx).entry(entry))  # names in an entry open their rules entry
    if len(_worded) >= _WORDED_MOST:
        _worded.clear()
    _worded[key] = (entry, html)
    return html
