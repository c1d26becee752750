"""Every step of a Kutschfahrt turn as one row of data.

A row says who decides now, what they may do, what doing it changes, what
the whole table sees of the step (`public`) and what only some seats see
(`private`, None for the others).  `state.py` looks the current step up
here instead of switching on its name in five places; a new step is one
new row (and its words in the strings file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import struggle as S
from . import trades as T
from . import turn as U


def _nothing(game, seat=None):
    return None


@dataclass(frozen=True)
class Phase:
    who: Callable        # (game) -> seats that must decide
    legal: Callable      # (game, seat) -> legal actions
    apply: Callable      # (game, seat, action): the step's effect
    public: Callable = lambda game: {}  # (game) -> what the table sees of the step
    private: Callable = _nothing        # (game, seat) -> what only that seat sees, or None


def _owner(game):
    return [game.step["owner"]]


def _owner_partner(game):
    return {"owner": game.step["owner"], "partner": game.step["partner"]}


def _fighter(key):
    return lambda game: [game.fight[key]]


def _waiting(game):
    return list(game.step["waiting"])


def _if(seats, value):
    """value(game) for the seats seats(game) names, None for the others."""
    return lambda game, seat: value(game) if seat in seats(game) else None


PHASES: dict[str, Phase] = {
    "turn": Phase(who=lambda g: [g.current], legal=U.legal_turn, apply=U.apply_turn),
    "respond": Phase(
        who=lambda g: [g.step["to"]], legal=T.legal_respond, apply=T.apply_respond,
        public=lambda g: {"from": g.step["from"], "to": g.step["to"]},
        private=_if(lambda g: (g.step["from"], g.step["to"]), lambda g: {"obj": g.step["obj"]})),
    "smuggle": Phase(
        who=_owner, legal=T.legal_smuggle, apply=T.apply_smuggle, public=_owner_partner,
        private=_if(_owner, lambda g: {"obj": g.step["obj"]})),
    "sextant_dir": Phase(who=_owner, legal=T.legal_sextant_dir, apply=T.apply_sextant_dir,
                         public=_owner_partner),
    "sextant_pass": Phase(
        who=lambda g: [s for s in range(g.seats) if str(s) not in g.step["chosen"]],
        legal=T.legal_sextant_pass, apply=T.apply_sextant_pass,
        public=lambda g: {"dir": "left" if g.step["dir"] == 1 else "right",
                          "done": sorted(int(x) for x in g.step["chosen"])},
        private=lambda g, seat: ({"chosen": g.step["chosen"][str(seat)]}
                                 if str(seat) in g.step["chosen"] else None)),
    "coat": Phase(
        who=_owner, legal=T.legal_coat, apply=T.apply_coat, public=_owner_partner,
        private=_if(_owner, lambda g: {"occ_pile": sorted(g.occ_pile)})),
    "tome": Phase(who=_owner, legal=T.legal_tome, apply=T.apply_tome, public=_owner_partner),
    "monocle_card": Phase(who=_owner, legal=T.legal_monocle_card, apply=T.apply_monocle_card,
                          public=_owner_partner),
    "gift": Phase(
        who=lambda g: [g.step["seat"]], legal=T.legal_gift, apply=T.apply_gift,
        public=lambda g: {"seat": g.step["seat"], "over": len(g.hands[g.step["seat"]]) - g.limit}),
    "priest": Phase(who=_waiting, legal=S.legal_window, apply=S.apply_priest),
    "priest_pay": Phase(who=_fighter("att"), legal=S.legal_priest_pay, apply=S.apply_priest_pay),
    "support": Phase(
        who=lambda g: [g.step["order"][g.step["i"]]], legal=S.legal_support, apply=S.apply_support,
        public=lambda g: {"next": g.step["order"][g.step["i"]]}),
    "hypnotist": Phase(who=_fighter("att"), legal=S.legal_hypnotist, apply=S.apply_hypnotist),
    "fight": Phase(
        who=lambda g: [s for s in range(g.seats) if s != g.fight["voided"] and s not in g.step["passed"]],
        legal=S.legal_fight, apply=S.apply_fight),
    "doctor": Phase(who=_waiting, legal=S.legal_window, apply=S.apply_doctor),
    "spoils": Phase(who=_fighter("winner"), legal=S.legal_spoils, apply=S.apply_spoils),
    "take": Phase(
        who=_fighter("winner"), legal=S.legal_take, apply=S.apply_take,
        private=_if(_fighter("winner"), lambda g: {"loser_objects": sorted(g.hands[g.fight["loser"]])})),
    "diplomat_pick": Phase(
        who=lambda g: [g.step["to"]], legal=U.legal_diplomat_pick, apply=U.apply_diplomat_pick,
        public=lambda g: {"by": g.step["by"], "to": g.step["to"], "name": g.step["name"]},
        private=_if(lambda g: [g.step["to"]], lambda g: {"matching": list(g.step["matching"]), "got": None})),
    "diplomat_return": Phase(
        who=lambda g: [g.step["by"]], legal=U.legal_diplomat_return, apply=U.apply_diplomat_return,
        public=lambda g: {"by": g.step["by"], "to": g.step["to"], "name": g.step["name"]},
        private=_if(lambda g: (g.step["by"], g.step["to"]), lambda g: {"matching": None, "got": g.step["got"]})),
    "clair_pick": Phase(
        who=lambda g: [g.current], legal=U.legal_clair_pick, apply=U.apply_clair_pick,
        public=lambda g: {"seat": g.current, "picked": len(g.step["picked"])},
        private=_if(lambda g: [g.current], lambda g: {"pile": sorted(g.pile), "picked": list(g.step["picked"])})),
    "over": Phase(who=lambda g: [], legal=lambda g, s: [], apply=_nothing),
}


def public_step(game) -> dict:
    """The current step as the whole table sees it (the struggle included)."""
    name = game.step["phase"]
    out = {"phase": name, **PHASES[name].public(game)}
    if game.fight is not None:
        out["struggle"] = S.public_struggle(game)
    return out


def private_step(game, seat):
    return PHASES[game.step["phase"]].private(game, seat)
