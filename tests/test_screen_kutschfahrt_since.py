"""The Kutschfahrt screen in CPython (issue 12): what changed since the
viewer's last turn is marked on the coach (trades and attacks as lines with
a chip, won/lost tags, occupations turned up) and said in one line; "What I
know" keeps the whole game, the older entries folded per round."""

import re
import sys
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from ui.names import isolate  # noqa: E402
from ui.i18n import Words, game_strings  # noqa: E402
from ui.screens.kutschfahrt import history  # noqa: E402
from ui.screens.kutschfahrt.screen import Screen  # noqa: E402
from ui.session import Session  # noqa: E402
from ui.table import TableContext  # noqa: E402

from engine import new_game  # noqa: E402
from engine.kutschfahrt.cards import OBJECT_IDS  # noqa: E402
from engine.play import play, random_chooser  # noqa: E402
from engine.rng import Rng  # noqa: E402

from .kutschfahrt_helpers import pick  # noqa: E402

NAMES = game_strings("kutschfahrt")["en"]["names"]
PATH = re.compile(r'<path class="kr-line kr-line-(\w+)" d="M([\d.]+) ([\d.]+) Q[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"/>')


def seat_name(s):
    """A seat's name as the screen shows it: isolated (ui/names.py)."""
    return isolate(f"Seat{s}x")


def players(n):
    return [{"name": f"Seat{s}x", "kind": "bot", "level": "random"} for s in range(n)]


def screen(n, viewer, since, lang="en"):
    ps = players(n)
    return Screen(TableContext(Words(lang, "kutschfahrt", lambda s: ps[s]["name"]), ps, viewer, since=since))


def seen_until(state, seat):
    return Session(state, players(state.seats), "t").seen_until(seat)


def new_entries(state, seat):
    since = seen_until(state, seat)
    return [e for e in state.view(seat)["log"] if (e.get("move") or 0) > since and not e.get("private")]


def position(seats, wanted, seed0=1):
    """A random game (no claims) at seat 0's turn where `wanted(new public entries)` holds."""
    for seed in range(seed0, seed0 + 40):
        state = new_game("kutschfahrt", seats, {}, seed)
        try:
            for state in play(state, random_chooser(Rng(seed), lambda rng, legal: pick(rng, legal, 0.0)), 1500):
                if state.to_act() == [0] and state.step["phase"] == "turn" and wanted(new_entries(state, 0)):
                    return state
        except RuntimeError:  # no end (nobody claims): the next game
            pass
    raise AssertionError("no such position")


def busy(entries):
    ks = [e["k"] for e in entries]
    return "accept" in ks and "fight_result" in ks


@pytest.fixture(scope="module")
def busy6():
    return position(6, busy)


def seat_region(html, seat):
    m = re.search(r'<div(?: id="[^"]+")? class="kr-seat[^"]*"[^>]*data-seat="%d"[^>]*>(.*?)</div></div>' % seat, html, re.S)
    assert m, f"seat {seat} not drawn"
    return m.group(1)


def marks(html):
    start = html.index('<svg class="kr-marks"')
    return html[start:html.index('<div class="kr-centre"')]


def test_trades_and_attacks_since_the_viewers_turn_are_lines_on_the_coach(busy6):
    state = busy6
    view = state.view(0)
    sc = screen(6, 0, seen_until(state, 0))
    html = sc.render(view, state.legal_actions(0))
    pos = sc._positions(6)
    new = new_entries(state, 0)
    lines = [(kind, (float(x1), float(y1)), (float(x2), float(y2))) for kind, x1, y1, x2, y2 in PATH.findall(html)]

    def at(seat):
        return tuple(round(v, 1) for v in pos[seat])

    trades = [(at(e["to"]), at(e["by"])) for e in new if e["k"] == "accept"]
    trades += [(at(e["seat"]), at(e["to"])) for e in new if e["k"] == "diplomat_trade"]
    assert sorted((a, b) for kind, a, b in lines if kind == "trade") == sorted(trades)
    results = [e for e in new if e["k"] == "fight_result"]
    assert sorted((a, b) for kind, a, b in lines if kind == "attack") == sorted(
        (at(e["attacker"]), at(e["defender"])) for e in results)
    for e in results:  # the points on the chip, the result on both seats
        assert f'{e["att_pts"]}:{e["def_pts"]}' in marks(html)
        if e["winner"] is not None:
            loser = e["defender"] if e["winner"] == e["attacker"] else e["attacker"]
            assert "kr-tag-won" in seat_region(html, e["winner"])
            assert "kr-tag-lost" in seat_region(html, loser)
    # the one line above the board names them too
    line = str(sc.since_summary(view))
    first = next(e for e in new if e["k"] == "accept")
    assert "%s and %s traded" % (seat_name(first["to"]), seat_name(first["by"])) in line
    assert "%s attacked %s" % (seat_name(results[-1]["attacker"]), seat_name(results[-1]["defender"])) in line


def test_nothing_is_marked_without_a_last_turn_and_old_moves_are_not_marked(busy6):
    state = busy6
    view = state.view(0)
    legal = state.legal_actions(0)
    plain = screen(6, 0, None).render(view, legal)  # the public and hand-over screens
    assert "kr-marks" not in plain and 'class="kr-tag ' not in plain and "kr-chip" not in plain
    assert screen(6, 0, None).since_summary(view) is None
    # everything since the start: every trade of the game is a line
    html = screen(6, 0, 0).render(view, legal)
    every = sum(1 for e in view["log"] if e["k"] in ("accept", "diplomat_trade"))
    assert [k for k, *_ in PATH.findall(html)].count("trade") == every
    assert every > sum(1 for e in new_entries(state, 0) if e["k"] in ("accept", "diplomat_trade"))


def test_the_marks_are_public_the_same_for_every_seat_and_name_no_object(busy6):
    state = busy6
    since = seen_until(state, 0)
    seen = []
    for seat in range(6):  # each seat sees the coach turned its way: compare what is marked
        sc = screen(6, seat, since)
        text = re.sub(r"<[^>]+>", " ", marks(sc.render(state.view(seat), [])))
        assert not [k for k in OBJECT_IDS if NAMES[k] in text]
        seen.append(sc.recent)
    assert seen[0] and all(s == seen[0] for s in seen)


def test_an_occupation_turned_up_since_is_marked_at_its_seat():
    state = position(5, lambda es: any(e["k"] == "occ_used" and e["seat"] != 0 for e in es))
    shown = [e for e in new_entries(state, 0) if e["k"] == "occ_used" and e["seat"] != 0]
    html = screen(5, 0, seen_until(state, 0)).render(state.view(0), state.legal_actions(0))
    for e in shown:
        region = seat_region(html, e["seat"])
        assert "kr-tag-reveal" in region and "kr-occ up kr-new" in region
    line = str(screen(5, 0, seen_until(state, 0)).since_summary(state.view(0)))
    assert f'{seat_name(shown[-1]["seat"])} turned up {NAMES[shown[-1]["occ"]]}' in line


@pytest.fixture(scope="module")
def long_game():
    """Six seats, over a thousand log entries, seat 0 to play."""
    state = new_game("kutschfahrt", 6, {}, 5)
    for state in play(state, random_chooser(Rng(5), lambda rng, legal: pick(rng, legal, 0.0)), 5000):
        if len(state.events) > 1300 and state.to_act() == [0] and state.step["phase"] == "turn":
            return state
    raise AssertionError("the game ended early")


def knowledge(html):
    return re.search(r'<section id="kr-knowledge" class="kr-box kr-knowledge".*?</section>', html, re.S).group(0)


def test_what_i_know_keeps_every_entry_of_a_long_game_folded_per_round(long_game):
    state = long_game
    view = state.view(0)
    assert len(view["log"]) > 1000
    mine = [e for e in view["log"] if e.get("private")]
    assert len(mine) > 2 * history.OPEN
    sc = screen(6, 0, seen_until(state, 0))
    panel = knowledge(sc.render(view, state.legal_actions(0)))
    lists = re.findall(r'<ol class="kr-know-list">(.*?)</ol>', panel, re.S)
    assert sum(block.count("<li") for block in lists) == len(mine)  # none dropped
    assert lists[0].count("<li") == history.OPEN
    words = Words("en", "kutschfahrt", lambda s: f"Seat{s}x")
    text = unescape(re.sub(r"<[^>]+>", "", panel))
    for e in mine:  # every entry is there, in words
        assert re.sub(r"<[^>]+>", "", words.entry(e)) in text
    # the newest open and first, the older folded per round, the newest round first
    folded = panel.split('<div class="kr-history">')[1]
    newest = re.sub(r"<[^>]+>", "", words.entry(mine[-1]))
    assert text.index(newest) < text.index(re.sub(r"<[^>]+>", "", words.entry(mine[-history.OPEN - 1])))
    rounds = [int(n) for n in re.findall(r"<summary>Round (\d+)", folded)]
    assert rounds == sorted({(e["turn"] or 0) // 6 + 1 for e in mine[:-history.OPEN]}, reverse=True)
    assert folded.count(' class="kr-fold"') == len(rounds) > 1


def test_the_history_is_worded_again_when_the_language_changes(long_game):
    state = long_game
    view = state.view(0)
    sc = screen(6, 0, seen_until(state, 0))
    en = knowledge(sc.render(view, []))
    assert knowledge(sc.render(view, [])) == en  # drawn again from memory: the same
    ps = players(6)
    sc.ctx = TableContext(Words("de", "kutschfahrt", lambda s: ps[s]["name"]), ps, 0, since=seen_until(state, 0))
    de = knowledge(sc.render(view, []))
    assert "You were dealt" in en and "You were dealt" not in de and "Du hast erhalten" in de


def test_the_end_tells_the_claim_every_card_turned_over_and_the_verdict():
    from .kutschfahrt_helpers import claim_pos
    st = claim_pos([["key", "key"], ["key"], ["goblet"], ["dagger"]], ["order", "order", "brotherhood", "brotherhood"])
    st.apply(0, {"type": "claim", "allies": [1]})
    html = screen(4, 2, None).render(st.view(2), [])
    final = re.sub(r"<[^>]+>", "", re.search(r'<section id="kr-final" class="kr-box kr-final".*?</section>', html, re.S).group(0))
    assert "Seat0x proclaims the victory of The Order of Open Secrets and names Seat1x as allies." in final
    assert "The claim is right: The Order of Open Secrets wins (Seat0x and Seat1x)." in final
    assert final.count("The Order of Open Secrets; Thug") == 1 and "Grand Master; Key" in final
