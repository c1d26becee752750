"""Hot-seat Kutschfahrt in a real browser: two humans play a whole game
through the public window screen (stepping forward, backing out, "nobody",
support and turns said out loud), and a hand-over that is waiting for its
player stays on the screen while bots play on."""

import json
import time

import engine

from .test_kutschfahrt import check_secrets, names, viewer_seat

STEPS = 900
DRAWN = "() => !speeltafelApp.draw_asked && !speeltafelApp.answering"
SETTLED = """humans => { const app = speeltafelApp; return !app.draw_asked && !app.answering &&
    (app.session.state.is_over() || app.session.state.to_act().toJs().every(s => humans.includes(s))); }"""
READY = ".result, #handoff-ok, #looked, .window-bar:not(.window-private), #screen .kr-actions:not(.kr-wait) button"
HUMANS = {0: "Anna", 2: "Carl"}
PLAYERS = [("Anna", "human", None), ("Bot B", "bot", "basic"), ("Carl", "human", None),
           ("Bot D", "bot", "strong"), ("Bot E", "bot", "strong")]


def assert_public(page):
    """Nothing of any seat's own view is on the page."""
    assert page.locator("#screen .kr-mine").count() == 0
    assert page.locator("#screen .kr-knowledge").count() == 0
    assert page.locator(".player .you, .kr-you").count() == 0, "someone is marked (you) on a public screen"
    assert page.locator("#notes").count() == 0


def test_two_humans_play_a_whole_game_through_the_public_window_screen(tab):
    page = tab.start_game("kutschfahrt", PLAYERS, lang="en", seed=5)
    seen = {"handoff": 0, "window": 0, "forward": 0, "back": 0, "nobody": 0, "aloud": 0, "attack": 0, "private": 0,
            "looked": 0}
    holder = None  # the seat that confirmed last, since the device was last offered or laid down
    claimed = False
    start = time.time()
    for step in range(STEPS):
        page.wait_for_selector(READY, timeout=30_000)
        if page.locator(".result").count():
            break
        if page.locator("#handoff-ok").count():
            seen["handoff"] += 1
            holder = None
            target = next(s for s, n in HUMANS.items() if n in page.inner_text("#handoff-h"))
            assert page.locator("#screen").inner_text().strip() == ""
            assert_public(page)
            if page.locator("#handoff-back").count() and seen["handoff"] % 5 == 0:
                page.click("#handoff-back")  # the wrong name was tapped: back to the table
                seen["back"] += 1
                continue
            page.click("#handoff-ok")
            # a bot's move drawn part by part (ui/drawing.py) may have replaced this hand-over as it was
            # tapped: that tap does nothing (ui/taps.py), and the loop meets the hand-over drawn now
            page.wait_for_function(DRAWN)
            if page.locator("#handoff-ok").count():
                continue
            page.wait_for_selector("#screen .kr-seat.kr-me")
            holder = target
            assert viewer_seat(page) == target
            continue
        if page.locator("#looked").count():  # the opening: the holder looks at their own cards
            assert seen["window"] == 0 and viewer_seat(page) == holder
            assert page.locator("#screen .kr-actions [data-cmd=act]").count() == 0
            page.click("#looked")
            seen["looked"] += 1
            holder = None
            continue
        if page.locator(".window-bar:not(.window-private)").count():
            # the bots answer the same window at their own pace, each answer drawn a few tasks later
            # (a tap on a screen not drawn yet does nothing, ui/taps.py): wait until only humans are asked
            page.wait_for_function(SETTLED, arg=list(HUMANS))
            if not page.locator(".window-bar:not(.window-private)").count():
                continue
            seen["window"] += 1
            assert seen["looked"] == len(HUMANS), "a public question before everyone saw their cards"
            holder = None
            assert_public(page)
            asked = [int(b.get_attribute("data-arg")) for b in page.locator("[data-cmd=forward]").all()]
            state = engine.load(tab.state_json())
            assert asked == [s for s in state.to_act() if s in HUMANS]
            n = len(state.actions)
            if seen["window"] % 4 == 0:
                page.locator("[data-cmd=forward]").first.click()  # step forward (the device goes to them)
                seen["forward"] += 1
                page.wait_for_selector("#handoff-ok")
                continue
            if page.locator("#window-nobody").count():
                page.click("#window-nobody")
                seen["nobody"] += 1
            elif page.locator(".window-fold").count() and seen["window"] % 5 == 1:
                page.click(".window-fold summary")  # "Attack…": the target in a second tap
                page.locator(".window-fold .window-answer").first.click()
                seen["attack"] += 1
            else:  # support, or a turn: said out loud (the first answer: pass / support the attacker)
                page.locator(".window-answer").first.click()
                seen["aloud"] += 1
            page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
            continue
        # a private view: it is the holder's, who confirmed in front of the device
        seat = viewer_seat(page)
        assert seat == holder, f"seat {seat}'s cards on the screen, but {holder} confirmed last"
        seen["private"] += 1
        if step % 7 == 0:
            check_secrets(tab, page, seat)
        if page.locator("#back-out").count() and seen["private"] % 3 == 0:
            page.click("#back-out")  # stepped forward, looked, plays nothing now
            seen["back"] += 1
            continue
        claim = page.locator('#screen .kr-actions [data-arg="mode:claim"]')
        if claim.count() and (time.time() - start > 40 or seen["private"] > 30):
            claim.click()
            page.locator('#screen .kr-actions [data-arg^="confirm:"]').first.click()
            page.click("#kr-confirm-yes")
            claimed = True
            continue
        first = page.locator("#screen .kr-actions button").first
        first.click()
    else:
        raise AssertionError(f"the game did not end: {seen}")
    page.wait_for_selector(".result")
    state = engine.load(tab.state_json())
    assert state.is_over()
    assert seen["handoff"] >= 2 and seen["forward"] >= 1 and seen["nobody"] >= 1 and seen["aloud"] >= 1, seen
    assert seen["attack"] >= 1 and seen["back"] >= 1, seen
    # no undo on the result screen
    assert page.locator("#undo").count() == 0
    print(json.dumps({**seen, "claimed": claimed, "moves": len(state.actions), "s": round(time.time() - start)}))


def test_a_hand_over_waiting_for_its_player_survives_a_bot_reopening_the_window(tab):
    """Leave a hand-over unconfirmed while bots answer a struggle window:
    whatever the bots lay, the hand-over screen stays (it used to vanish and
    show the previous player's cards)."""
    delay = 150  # the bots' pause: the test waits for their moves, not for time
    page = tab.start_game("kutschfahrt", PLAYERS, lang="en", seed=1, bot_delay_ms=delay)
    reopened = checked = 0
    for _ in range(1500):
        page.wait_for_selector(READY, timeout=30_000)
        if page.locator(".result").count() or reopened:
            break
        state = engine.load(tab.state_json())
        n = len(state.actions)
        bots_asked = [s for s in state.to_act() if s not in HUMANS]
        in_fight = state.step["phase"] == "fight"
        if page.locator("#handoff-ok").count():
            if in_fight and bots_asked:
                # the device is being handed over: a bot answers meanwhile
                page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
                page.wait_for_selector(READY)
                after = engine.load(tab.state_json())
                assert page.locator("#handoff-ok").count() == 1, "the hand-over screen vanished"
                assert page.locator("#screen .kr-mine").count() == 0, "a private table came up without a confirm"
                checked += 1
                reopened += any(a.get("type") == "play" for s, a in after.actions[n:] if s not in HUMANS)
                continue
            page.click("#handoff-ok")
        elif page.locator("#looked").count():
            page.click("#looked")
        elif page.locator(".window-bar:not(.window-private)").count():
            if in_fight and bots_asked:
                page.locator("[data-cmd=forward]").first.click()  # someone steps forward: a hand-over waits
            elif page.locator("#window-nobody").count():
                page.click("#window-nobody")
            else:
                page.locator(".window-answer").first.click()
        else:
            legal = page.locator("#screen .kr-actions [data-cmd=act]")
            passing = page.locator('#screen .kr-actions .kr-pass, #screen .kr-actions [aria-label^="Pass"]')
            (passing.first if passing.count() else legal.first).click()
    assert reopened >= 1, f"no bot laid a card while a hand-over waited ({checked} waits): try another seed"
    print(f"waits={checked} moves={len(engine.load(tab.state_json()).actions)}")
