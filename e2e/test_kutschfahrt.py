"""De Koetsrit naar Duivelsfort in a real browser: one seat's page never shows
another seat's hidden cards, in its own language; a human asked with bots
need not wait for them.  (The whole two-human hot-seat game, through the
public window screen, is in test_hotseat.py.)"""

import json
import sys
from pathlib import Path

import engine

from .axe import violations

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

READY = ".result, #handoff-ok, #screen .kr-actions:not(.kr-wait) button"


def names(lang="en"):
    from ui.i18n import game_strings
    return game_strings("kutschfahrt")[lang]["names"]


def viewer_seat(page):
    me = page.locator("#screen .kr-seat.kr-me")
    return int(me.get_attribute("data-seat")) if me.count() else None


def check_secrets(tab, page, seat):
    """Compare what the page shows with the engine's secrets for the other seats."""
    state = engine.load(tab.state_json())
    view = state.view(seat)
    seen = json.dumps(view)
    nm = names()
    from engine.kutschfahrt.cards import OBJECT_IDS
    screen_text = page.inner_text("#screen")
    for other in range(state.seats):
        if other == seat:
            continue
        place = page.inner_text(f'#screen .kr-seat[data-seat="{other}"]')
        for k in OBJECT_IDS:
            assert nm[k] not in place, f"seat {other}'s {k} shown at its place to seat {seat}"
        known = {e.get("assoc") for e in view["log"] if e.get("k") == "saw_assoc" and e.get("who") == other}
        for a in ("order", "brotherhood"):
            if a not in known and not view["over"]:
                assert nm[a] not in place, f"seat {other}'s association shown to seat {seat}"
        if not state.occ_up[other] and not view["over"]:
            occ = state.occ[other]
            assert nm[occ] not in place
            if f'"{occ}"' not in seen:
                assert nm[occ] not in screen_text, f"seat {other}'s face-down {occ} on seat {seat}'s page"
        # the other seat's luggage as a whole is never listed unless this seat saw it
        hand = sorted(state.hands[other])
        if len(hand) > 1 and json.dumps(hand) not in seen:
            listed = ", ".join(nm[k] for k in hand)
            assert listed not in screen_text


def test_one_seat_page_hides_the_others_and_switches_language(tab):
    page = tab.start_game("kutschfahrt", [("Anna", "human", None), ("Bot B", "bot", "random"),
                                          ("Bot C", "bot", "random")], lang="de")
    page.wait_for_selector(READY, timeout=30_000)
    state = engine.load(tab.state_json())
    nm = names("de")
    text = page.inner_text("#screen")
    # own cards are shown in German, with the rulebook's names
    assert nm[state.assoc[0]] in text and nm[state.occ[0]] in text
    for k in state.hands[0]:
        assert nm[k] in text
    # the others' occupations and associations are not
    for other in (1, 2):
        place = page.inner_text(f'#screen .kr-seat[data-seat="{other}"]')
        assert nm[state.occ[other]] not in text
        assert nm["order"] not in place and nm["brotherhood"] not in place
    # the knowledge panel and the notes box are there
    assert page.locator("#screen .kr-knowledge").count() == 1
    assert page.locator("#screen #notes").count() == 1


def test_a_human_asked_with_bots_need_not_wait_for_them(tab):
    """When a window asks the human and bots at once (the struggle's windows),
    the human's buttons are there while the bots still pause, and a tap counts
    at once; the bots then answer the new table."""
    delay = 4000
    page = tab.start_game("kutschfahrt", [("Anna", "human", None), ("Bot B", "bot", "basic"),
                                          ("Bot C", "bot", "basic")], lang="en", seed=7, bot_delay_ms=delay)
    # the human answers their lone passes too (Session.answer_alone off): a window that asks
    # them with the bots comes every round, not only when they hold the Priest or the Doctor
    # (with it on, this test waited through about 40 of the bots' 4 s pauses: 178 s)
    page.evaluate("speeltafelApp.session.answer_alone = false")
    together = 0
    for _ in range(300):
        if together >= 2:
            break
        page.wait_for_selector(READY, timeout=4 * delay + 10_000)
        if page.locator(".result").count():
            break
        state = engine.load(tab.state_json())
        acting = state.to_act()
        n = len(state.actions)
        if 0 in acting and len(acting) > 1:
            # the human and a bot are asked at once: the human answers first
            page.locator("#screen .kr-actions [data-cmd=act]").first.click()
            # the tap counts while the bots still pause (a wait for that, bounded by half their pause)
            page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n, timeout=delay // 2)
            first = engine.load(tab.state_json()).actions[n]
            assert first[0] == 0, "the human's answer came after the bot's"
            together += 1
        elif acting == [0] and page.locator('[data-arg="mode:attack"]').count():
            page.click('[data-arg="mode:attack"]')  # attack: the struggle asks everyone
            page.locator("#screen .kr-actions [data-cmd=act]").first.click()
            page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
        elif 0 in acting:
            page.locator("#screen .kr-actions [data-cmd=act]").first.click()
            page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
        else:
            page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n,
                                   timeout=4 * delay + 10_000)
    assert together >= 2


def answer(page):
    """Pass, or give the first answer offered (a gift: its first object, then its first player)."""
    for _ in range(3):
        acts = page.locator("#screen .kr-actions [data-cmd=act]")
        if acts.count():
            acts.first.click()
            return
        page.locator('#screen .kr-actions [data-cmd=ui]:not([data-arg=cancel]):not([data-arg=unpick])').first.click()
    raise AssertionError("no answer on the screen")


def test_a_bots_trade_or_attack_is_in_the_log_and_marked_on_the_coach_when_the_humans_turn_comes(tab):
    """Issue 12: Anna plays against three bots and passes whatever she is
    asked; when her turn comes after a bot's trade or struggle, the log has
    it (marked new), the coach draws it (a line and a chip, in view in both
    orientations) and the line above the board says it."""
    from ui.i18n import Words
    from ui.names import isolate
    from ui.session import Session

    names = ["Anna", "Bram", "Carla", "Daan"]
    page = tab.start_game("kutschfahrt", [(names[0], "human", None)] + [(n, "bot", "basic") for n in names[1:]],
                          lang="en", seed=11)
    words = Words("en", "kutschfahrt", lambda s: isolate(names[s]))  # as the table says names (ui/names.py)
    for _ in range(300):
        page.wait_for_selector(READY, timeout=30_000)
        assert not page.locator(".result").count(), "the game ended before a bot traded or fought"
        state = engine.load(tab.state_json())
        if state.to_act() == [0] and state.step["phase"] == "turn":
            since = Session(state, [], "t").seen_until(0)
            new = [e for e in state.view(0)["log"] if (e.get("move") or 0) > since and not e.get("private")]
            done = [e for e in new if e["k"] == "accept" and 0 not in (e["by"], e["to"])
                    or e["k"] == "fight_result" and 0 not in (e["attacker"], e["defender"])]
            if done:
                break
        n = len(state.actions)
        answer(page)
        page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
    else:
        raise AssertionError("no bot traded or fought in 300 of Anna's answers")
    e = done[-1]
    # in the log, marked as new
    assert page.locator(".log-entry.new", has_text=words.entry(e)).count() == 1
    # on the coach: the line between the two seats and its chip
    if e["k"] == "accept":
        kind, said = "trade", f"{isolate(names[e['to']])} and {isolate(names[e['by']])} traded"
    else:
        kind, said = "attack", f"{isolate(names[e['attacker']])} attacked {isolate(names[e['defender']])}"
    assert page.locator(f"#screen .kr-marks .kr-line-{kind}").count() >= 1
    chip = page.locator(f"#screen .kr-chip.kr-chip-{kind}", has_text=said).first
    # and above the board, in words
    assert said in page.inner_text(".since-line")
    for width, height in ((1280, 800), (800, 1280)):  # in view without scrolling, both ways round
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        box = chip.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        assert page.locator(".since-line").bounding_box()["y"] < height
        assert violations(page) == []  # the marks keep the page readable (contrast, names)
