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

A move costs the page what it added (issue 26): the folds are one part the
page keeps (`kit.keep`, ui/memo.py: a placeholder while no fold closes,
opens or closes), each fold a part inside it, and entries go in lists of
CHUNK by their number, each list a part (the last one's entries too): a
move's drawing holds a few placeholders, the last list and its new
entries, whatever the log's length (a list is sent once more when it is
full); and a list is what the browser leaves out of the view
(content-visibility, web/style.css), not each entry.  Building it walks
no more than that either: new entries are looked for from the end, a
closed fold and a full list are made once.
"""

from __future__ import annotations

from html import escape as esc

from . import kit

FOLD_AT = 50  # a fold closes at the first new turn after this many entries...
FOLD_MOST = 200  # ...or here, whatever the turns (a game whose entries carry no turn)
KEEP_OPEN = 30  # at least this many of the newest entries are never folded
CHUNK = 10  # the listed entries in lists of this many, by number: a full one the page keeps whole
_worded: dict = {}  # (words, names, viewer, index) -> (the entry, its words as HTML)
_listed: dict = {}  # (words, names, viewer, start, end, which are new) -> (the entries, their HTML)
_folded: dict = {}  # (language, game, start, end, (first turn, last turn)) -> a closed fold's HTML
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
    first_new = _first_new(entries, ctx)
    last_fold = min(len(entries) - KEEP_OPEN, first_new)
    folded = [(a, b) for a, b in folds(entries) if b <= last_fold]
    long = " log-long" if len(entries) >= 1000 else ""  # room for 4-digit numbers
    out = [kit.Html(f'<h2>{esc(words.t("table.log"))}</h2>'
                    f'<div class="log-scroll" id="log-scroll" tabindex="0"><div class="log-all{long}">')]
    if folded:  # a part the page keeps while no fold closes, opens or closes
        out.append(kit.keep("log-folds", "div", *[_fold(entries, a, b, ctx, a in opened) for a, b in folded]))
    out += _lists(entries, folded[-1][1] if folded else 0, len(entries), ctx, keep=True)
    # shown while the player reads older entries (web/morph.js marks the scroller away from its end)
    out.append(kit.Html(f'</div></div><button type="button" class="log-newest" data-cmd="log-newest">'
                        f'<span aria-hidden="true">↓</span> {esc(words.t("log.newest"))}</button>'))
    # a part of its own, each part in it compared as the page holds it: a drawing that adds no
    # entry sends a placeholder, one that adds a few sends them and placeholders (ui/memo.py)
    return kit.keep("table-log", "section", *out, cls="log", aria_label=words.t("table.log"), data_frame=True)


def _fold(entries: list[dict], start: int, end: int, ctx, is_open: bool) -> str:
    """A fold's button, and its entries when it is open: a part the page
    keeps.  A closed fold is made once: its words are its turns and size."""
    if is_open:
        return kit.keep(f"log-f{start}", "div", kit.Html(_fold_html(entries, start, end, ctx, True)))
    turns = _turns(entries, start, end)
    key = (ctx.words.lang, ctx.words.game_id, start, end, turns)
    html = _folded.get(key)
    if html is None:
        if len(_folded) >= _WORDED_MOST // FOLD_AT:
            _folded.clear()
        html = _folded[key] = _fold_html(entries, start, end, ctx, False)
    return kit.keep(f"log-f{start}", "div", kit.Html(html))


def _turns(entries: list[dict], start: int, end: int) -> tuple:
    """The first and the last turn of entries start..end-1 (None, None without turns)."""
    first = next((entries[i]["turn"] for i in range(start, end) if entries[i].get("turn")), None)
    last = next((entries[i]["turn"] for i in range(end - 1, start - 1, -1) if entries[i].get("turn")), None)
    return first, last


def _fold_html(entries: list[dict], start: int, end: int, ctx, is_open: bool) -> str:
    words = ctx.words
    first, last = _turns(entries, start, end)
    n = end - start
    if first is None:
        label = words.t("log.fold_setup", n=n)
    elif first == last:
        label = words.t("log.fold_one", first=first, n=n)
    else:
        label = words.t("log.fold", first=first, last=last, n=n)
    state = "true" if is_open else "false"
    button = (f'<button type="button" class="log-fold" id="log-fold-{start}" data-cmd="log-fold" data-arg="{start}" '
              f'aria-expanded="{state}" aria-controls="log-part-{start}">{esc(label)}</button>')
    body = _list(entries, start, end, ctx) if is_open else ""
    return f'{button}<div class="log-part" id="log-part-{start}">{body}</div>'


def _first_new(entries: list[dict], ctx) -> int:
    """The index of the first entry new to the viewer (ctx.is_new), or the
    log's length: looked for from the end, as entries come in the order of
    their moves (a move costs what it added, not the log's length)."""
    if ctx.since is None:
        return len(entries)
    first = len(entries)
    while first and (entries[first - 1].get("move") or 0) > ctx.since:
        first -= 1
    return first if first < len(entries) and ctx.is_new(entries[first]) else len(entries)


def _lists(entries: list[dict], start: int, end: int, ctx, keep: bool = False) -> list[str]:
    """Entries start..end-1 in lists of CHUNK that end at a multiple of it
    (so a list keeps its entries as the log grows), each one element for
    the browser to leave out of view (web/style.css); `keep`: each list a
    part the page keeps (ui/memo.py), the last one each of its entries
    too (it grows: a move sends its new entries, the list again once full)."""
    out = []
    while start < end:
        stop = min(end, (start // CHUNK + 1) * CHUNK)
        if not keep:
            out.append(f'<ol class="log-list" start="{start + 1}">{_entries(entries, start, stop, ctx)}</ol>')
        elif stop < end:
            out.append(kit.keep(f"log-c{start // CHUNK}", "ol", kit.Html(_entries(entries, start, stop, ctx)),
                                cls="log-list", start=start + 1))
        else:
            out.append(kit.keep(f"log-c{start // CHUNK}", "ol", *_entries(entries, start, stop, ctx, keep=True),
                                cls="log-list", start=start + 1))
        start = stop
    return out


def _list(entries: list[dict], start: int, end: int, ctx) -> str:
    """Entries start..end-1 as a numbered list (numbers count from the game's first entry)."""
    return "".join(_lists(entries, start, end, ctx))


def _entries(entries: list[dict], start: int, end: int, ctx, keep: bool = False):
    """Entries start..end-1 as list items: HTML (made once while they and
    the table read the same), or each a part the page keeps (`keep`)."""
    table = _table(ctx)
    new = tuple(ctx.is_new(entries[i]) for i in range(start, end))
    if not keep:
        key = table + (start, end, new)
        kept = _listed.get(key)
        if kept is not None and kept[0] == entries[start:end]:
            return kept[1]
    out = []
    for i in range(start, end):
        entry = entries[i]
        cls = "log-entry" + (" private" if entry.get("private") else "") + (" new" if new[i - start] else "")
        words = kit.Html(_words(entry, table + (i,), ctx))
        out.append(kit.keep(f"log-e{i}", "li", words, cls=cls) if keep
                   else f'<li id="log-e{i}" class="{cls}">{words}</li>')
    if keep:
        return out
    if len(_listed) >= _WORDED_MOST // CHUNK:
        _listed.clear()
    html = _listed[key] = (entries[start:end], "".join(out))
    return html[1]


def _table(ctx) -> tuple:
    """What an entry's words depend on besides the entry: the language, the game, the names, the viewer."""
    return ctx.words.lang, ctx.words.game_id, tuple(p["name"] for p in ctx.players), ctx.viewer


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
