"""How often the device changes hands in hot-seat games (issue 11).

    python bench/handovers.py                      # every table below, 20 games each
    python bench/handovers.py --games 40 --tables kf2 kf3
    python bench/handovers.py --session-from main  # the same games with main's web/ui/session.py
    python bench/handovers.py --compare main       # both, on the same seeds, and the ratio

Fixed-seed games played headlessly through `ui.session.Session`, as the
app drives it.  Humans choose like the basic bot (Carcassonne, Thurn und
Taxis: the greedy one) on their OWN view.  On the public window screen a
simulated human steps forward only when that bot would not pass (the bench
may peek at its own player's choice; the screen never does); when nobody
would play, the table taps "nobody"; an answer the window calls public
(Kutschfahrt's support) is given out loud.  When bots and humans may both
act (open windows), the bots go first, as at the table, where a bot answers
after a short pause and a human takes longer (`--humans-first` for the
other order).

Counted per game: hand-over screens (each time a "hand the device to ..."
screen appears), private human decisions (actions taken on a human's own
view), public answers, "nobody" taps and public window screens.  The goal: at most
one hand-over per private decision, and for Kutschfahrt at least 4x fewer
hand-overs per game than before issue 11 (`--session-from <rev>` measures an
older session.py on the same seeds; its screen is derived as that version's
app drew it: a pending hand-over, else the viewer's own view).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import types

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "web"))

from engine import bots  # noqa: E402

TABLES = {  # name: (game, seats, human seats, bot level, human level, options)
    "kf2": ("kutschfahrt", 6, (0, 3), "strong", "basic", None),
    "kf3": ("kutschfahrt", 6, (0, 2, 4), "strong", "basic", None),
    "carcassonne": ("carcassonne", 2, (0, 1), None, "greedy", None),
    "thurn_taxis": ("thurn_taxis", 2, (0, 1), None, "greedy", None),
}


def load_session_class(rev: str | None):
    if rev is None:
        from ui.session import Session
        return Session
    source = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:web/ui/session.py"],
                            check=True, capture_output=True, text=True).stdout
    module = types.ModuleType("ui.session_at_" + rev.replace("/", "_"))
    module.__package__ = "ui"
    sys.modules[module.__name__] = module  # its dataclasses look their module up
    exec(compile(source, f"{rev}:web/ui/session.py", "exec"), module.__dict__)
    return module.Session


def drawn(session):
    """(kind, seat) on the screen now."""
    if hasattr(session, "shown"):
        shown = session.shown()
        return shown.kind, shown.seat
    if session.handoff_to is not None:  # before issue 11
        return "handoff", session.handoff_to
    return ("private", session.viewer) if session.viewer is not None else ("table", None)


def choose(session, seat, level):
    state = session.state
    return bots.choose(state.game_id, state.view(seat), state.legal_actions(seat), level,
                       state.seed * 7919 + len(state.actions) * 31 + seat, 200)


def play(Session, table, seed, cap=6000, bots_first=True):
    game, seats, humans, bot_level, human_level, options = TABLES[table]
    players = [{"name": f"P{s}", "kind": "human" if s in humans else "bot",
                "level": None if s in humans else bot_level} for s in range(seats)]
    s = Session.start(game, players, options, seed, "bench")
    count = {"handovers": 0, "private": 0, "nobody": 0, "windows": 0, "steps_forward": 0, "public_answers": 0,
             "by_phase": {}}

    def tally(what):
        phase = s.state.view(None)["phase"]
        row = count["by_phase"].setdefault(phase, {"handovers": 0, "private": 0})
        row[what] += 1

    last = None
    for _ in range(cap):
        now = drawn(s)
        if now != last:
            count["handovers"] += now[0] == "handoff"
            count["windows"] += now[0] == "window"
            if now[0] == "handoff":
                tally("handovers")
            last = now
        if s.state.is_over():
            break
        kind, seat = now
        if bots_first and s.bots_to_act():
            # the table's bots answer after a short pause; a human reading the
            # screen and passing the device takes longer
            bot = s.bots_to_act()[0]
            s.bot_act(bot, choose(s, bot, bot_level))
        elif kind == "handoff":
            s.confirm_handoff()
        elif kind == "look":  # the opening: a human has seen their cards (issue 23)
            s.looked()
        elif kind == "window":
            window = s.state.window()
            wants = {h: choose(s, h, human_level) for h in s.humans_to_act()}
            aloud = [h for h, a in wants.items() if a in window.get("public", [])]
            eager = [h for h, a in wants.items() if a != window["pass"] and h not in aloud]
            if aloud:
                s.answer(aloud[0], wants[aloud[0]], len(s.state.actions))
                count["public_answers"] += 1
            elif eager:
                s.step_forward(eager[0])
                count["steps_forward"] += 1
            else:
                s.nobody(len(s.state.actions))
                count["nobody"] += 1
        elif kind == "private" and s.my_legal():
            tally("private")
            s.act(choose(s, seat, human_level))
            count["private"] += 1
        elif s.bots_to_act():
            bot = s.bots_to_act()[0]
            s.bot_act(bot, choose(s, bot, bot_level))
        else:
            raise AssertionError(f"stuck: {now}, to act {s.state.to_act()}")
    count["over"] = s.state.is_over()
    count["moves"] = len(s.state.actions)
    return count


def by_phase(counts):
    """Hand-overs and private decisions per game, by the step they came at."""
    done = [c for c in counts if c["over"]]
    phases = sorted({p for c in done for p in c["by_phase"]})
    out = {}
    for p in phases:
        rows = [c["by_phase"].get(p, {"handovers": 0, "private": 0}) for c in done]
        out[p] = [round(sum(r["handovers"] for r in rows) / len(done), 1),
                  round(sum(r["private"] for r in rows) / len(done), 1)]
    return dict(sorted(out.items(), key=lambda kv: -kv[1][1]))


def summary(counts):
    """Per-game figures over the games that ended (a game past the cap is
    only counted as unfinished: one endless game would swamp the means)."""
    done = [c for c in counts if c["over"]]
    n = len(done)
    total = {k: sum(c[k] for c in done) for k in ("handovers", "private", "nobody", "windows",
                                                  "steps_forward", "public_answers", "moves")}
    worst = max((c["handovers"] / c["private"] for c in done if c["private"]), default=0)
    return {"games": len(counts), "unfinished": len(counts) - n,
            "handovers_per_game": round(total["handovers"] / n, 1),
            "handovers_median": statistics.median(c["handovers"] for c in done),
            "private_decisions_per_game": round(total["private"] / n, 1),
            "handovers_per_private_decision": round(total["handovers"] / max(1, total["private"]), 3),
            "worst_game_handovers_per_private_decision": round(worst, 3),
            "public_answers_per_game": round(total["public_answers"] / n, 1),
            "nobody_taps_per_game": round(total["nobody"] / n, 1),
            "steps_forward_per_game": round(total["steps_forward"] / n, 1),
            "window_screens_per_game": round(total["windows"] / n, 1),
            "moves_per_game": round(total["moves"] / n, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", nargs="*", default=list(TABLES), choices=list(TABLES))
    ap.add_argument("--session-from", default=None, help="a git revision whose web/ui/session.py to measure")
    ap.add_argument("--humans-first", action="store_true",
                    help="humans answer before bots whenever both may (default: bots first, as with the table's pause)")
    ap.add_argument("--by-phase", action="store_true", help="also count by the step (phase) they came at")
    ap.add_argument("--compare", default=None,
                    help="also play the same seeds with this revision's session.py and print the ratio")
    args = ap.parse_args()
    Session = load_session_class(args.session_from)
    Before = load_session_class(args.compare) if args.compare else None
    for table in args.tables:
        order = not args.humans_first
        counts = [play(Session, table, args.seed + i, bots_first=order) for i in range(args.games)]
        row = {"table": table, "session": args.session_from or "worktree",
               "order": "humans first" if args.humans_first else "bots first", **summary(counts)}
        if Before is not None:
            before = [play(Before, table, args.seed + i, bots_first=order) for i in range(args.games)]
            both = [i for i in range(args.games) if counts[i]["over"] and before[i]["over"]]
            now = sum(counts[i]["handovers"] for i in both)
            then = sum(before[i]["handovers"] for i in both)
            row.update({"compared_with": args.compare, "games_both_ended": len(both),
                        "handovers_per_game_before": round(then / len(both), 1),
                        "handovers_per_game_now": round(now / len(both), 1),
                        "fewer_by": round(then / now, 2) if now else None})
        if args.by_phase:
            row["by_phase_now"] = by_phase(counts)  # {phase: [hand-overs, private decisions] per game}
            if Before is not None:
                row["by_phase_before"] = by_phase(before)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
