"""A long list of log entries kept whole but short on the screen: the
newest open, the older ones folded per round of the table (a round is one
turn of every seat), newest round first.  A game of 1,000 entries draws
all of them; only the folds keep the page short."""

from __future__ import annotations

from ...kit import Html, keep

OPEN = 12  # the newest entries shown unfolded
# the log keys of a claim of victory and of its verdict (engine/kutschfahrt/turn.py)
CLAIMS = ("claim", "claim_alone", "claim_solo", "foretell")
VERDICTS = ("claim_right", "claim_wrong", "solo_won")


def history(entries: list, seats: int, item, w) -> str:
    """`entries` oldest first; `item(entry, links)` draws one as an <li> (the
    folded ones without taps on the card names: plain text is drawn much
    faster), `w` words a ui key."""
    newest = entries[-OPEN:][::-1]
    older = entries[:-OPEN] if len(entries) > OPEN else []
    out = [f'<ol class="kr-know-list">{"".join(item(e, True) for e in newest)}</ol>']
    if not older:
        return out[0]
    rounds: dict[int, list] = {}
    for e in older:
        rounds.setdefault((e.get("turn") or 0) // max(seats, 1) + 1, []).append(e)
    out.append(f'<div class="kr-history"><h3>{w("history")}</h3>')
    for r in sorted(rounds, reverse=True):
        group = rounds[r]
        # the round's id keeps the fold the same node whatever comes before it (open as the player left it)
        # (keyed, kit.keep: a round gone by stays the same, a drawing sends only the newest ones)
        out.append(keep(f"kr-round-{r}", "details", Html(
            f'<summary>{w("round_n", n=r)} · {w("n_entries", n=len(group))}</summary>'
            f'<ol class="kr-know-list">{"".join(item(e, False) for e in reversed(group))}</ol>'), cls="kr-fold"))
    out.append("</div>")
    return "".join(out)


class Memo:
    """Entries already drawn, by their content: a log only grows (an undo
    takes entries back, and what comes instead differs in content), so a
    long game's old entries are worded once, not at every render.  Forgotten
    when the words or the names change."""

    def __init__(self):
        self.owner = None
        self.drawn: dict = {}

    def get(self, ctx, entry: dict, links: bool, draw) -> str:
        owner = (id(ctx.words), ctx.words.lang, tuple(p.get("name") for p in ctx.players))
        if owner != self.owner:
            self.owner, self.drawn = owner, {}
        key = (repr(entry), links, ctx.is_new(entry))
        if key not in self.drawn:
            self.drawn[key] = draw(entry, links)
        return self.drawn[key]
