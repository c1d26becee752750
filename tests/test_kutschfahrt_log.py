"""Every step of a Kutschfahrt game leaves its trace in the log (issue 12).

Random games with every variant and extra object: after each action the new
entries are checked.  Every action writes a public entry that names the seat
that acted, except the quiet answers of a window (passing while the Priest,
the Hypnotist, the fight or the Doctor is asked, which the window's close
says for all) and a pick of the Sextant or the Clairvoyant that the step
still waits on (the step's end says it).  Every new entry reads as a
sentence in nl, en and de.  The private details stay private (the helpers'
invariants)."""

import pytest

from engine import new_game
from engine.kutschfahrt.windows import WINDOWS
from engine.play import play, random_chooser
from engine.rng import Rng

from . import ui_support  # noqa: F401  (web/ on the path)
from .contract.test_log_words import problems
from .kutschfahrt_helpers import check_invariants, claim_pos, pick

from ui.i18n import LANGS, Words, game_strings  # noqa: E402

STRINGS = game_strings("kutschfahrt")
WORDS = {lang: Words(lang, "kutschfahrt", lambda s: f"Seat{s}") for lang in LANGS}
# the fields of an entry that name a seat
SEATS = ("seat", "by", "to", "from", "offerer", "partner", "owner", "winner", "loser", "attacker",
         "defender", "who", "whom", "target")
WINDOW_STEPS = ("priest", "hypnotist", "fight", "doctor")  # their pass is quiet until the window closes
WAITING_STEPS = ("sextant_pass", "clair_pick")  # one pick each; the step's end is logged
# every kind of action the engine has (phases.py), each must be met and logged
KINDS = {"pass", "offer", "attack", "claim", "claim_solo", "foretell", "diplomat", "clairvoyant", "accept",
         "refuse", "effect", "direction", "pass_on", "coat", "tome", "look_card", "gift", "priest", "give",
         "support", "hypnotize", "play", "doctor", "look", "take", "take_obj", "pick"}
OPTIONS = [
    {"object_set": "all", "smuggling": True},
    {"object_set": "all", "fortune_telling": True, "diplomat": "action"},
    {"object_set": "custom", "extra_objects": ["sextant", "coat", "tome", "loge"], "hypnotist_any": True},
    {"object_set": "all", "advanced3": True},
    {},
]


def named(entry) -> set:
    return {entry[f] for f in SEATS if isinstance(entry.get(f), int)}


def worded(entry) -> list:
    """What is wrong with the entry's words in any language (empty: nothing)."""
    wrong = []
    for lang, words in WORDS.items():
        text = words.entry(entry)
        found = problems(entry, text, STRINGS[lang]["names"])
        if found:
            wrong.append((lang, text, found))
    return wrong


def logged_games(games, seats_of, moves=500):
    """(state before, seat, action, state after's new events) for every action of `games` random games."""
    for game_no in range(games):
        seats = seats_of(game_no)
        state = new_game("kutschfahrt", seats, OPTIONS[game_no % len(OPTIONS)], 700 + game_no)
        choose = random_chooser(Rng(game_no), lambda rng, legal: pick(rng, legal, 0.01))
        moved = [None]

        def chooser(state):
            seat, action = choose(state)
            moved[0] = (seat, action, state.step["phase"], len(state.events))
            return seat, action

        try:
            for state in play(state, chooser, moves):
                seat, action, phase, before = moved[0]
                yield state, seat, action, phase, state.events[before:]
        except RuntimeError:  # no end after `moves` actions: what was played counts
            pass


def faults(state, seat, action, phase, new) -> tuple[list, bool]:
    """What is wrong with the entries one action wrote, and whether it was a quiet one."""
    bad = []
    public = [e for who, e in new if who is None]
    quiet = ((phase in WINDOW_STEPS and action == WINDOWS[phase])
             or (phase in WAITING_STEPS and state.step["phase"] == phase))
    if quiet:
        pass
    elif not public:
        bad.append(("no public entry", phase, action))
    elif action["type"] != "pass_on" and not any(seat in named(e) for e in public):
        bad.append(("the actor is not named", phase, action, public))
    if phase == "fight" and state.step["phase"] != "fight":  # the window closed: the struggle's result
        if [e["k"] for e in public][:1] != ["fight_result"] or not public[1]["k"].startswith("fight_"):
            bad.append(("no result of the struggle", public))
    for _, e in new:
        wrong = worded(e)
        if wrong:
            bad.append(("badly worded", e, wrong))
    return bad, quiet


@pytest.mark.parametrize("part", range(4))
def test_every_action_leaves_a_public_entry_naming_its_seat_worded_in_three_languages(part):
    met, quiets, bad = set(), 0, []
    for state, seat, action, phase, new in logged_games(10, lambda g: 3 + (g * 7 + part) % 8):
        met.add(action["type"])
        wrong, quiet = faults(state, seat, action, phase, new)
        bad += wrong
        quiets += quiet
        check_invariants(state, full_views=False)
    assert not bad, bad[:5]
    assert quiets > 0
    assert len(met) >= 20, sorted(KINDS - met)


def test_a_sole_victory_and_a_claim_are_told_card_by_card():
    """The Loge's sole victory is rare in random play: a position for it."""
    for hands, action, keys in (
            ([["loge", "key", "goblet", "key"], ["dagger"], ["goblet"], ["whip"]], {"type": "claim_solo"},
             ["claim_solo", "shows", "solo_won"]),
            ([["key", "key"], ["key"], ["goblet"], ["dagger"]], {"type": "claim", "allies": [1]},
             ["claim", "shows", "shows", "claim_right"]),
            ([["key", "key"], ["goblet"], ["goblet"], ["dagger"]], {"type": "claim", "allies": []},
             ["claim_alone", "shows", "claim_wrong"])):
        st = claim_pos(hands, ["order", "order", "brotherhood", "brotherhood"])
        before = len(st.events)
        st.apply(0, action)
        new = st.events[before:]
        assert [e["k"] for _, e in new] == keys
        assert faults(st, 0, action, "turn", new) == ([], False)
    assert WORDS["en"].entry(new[-1][1]) == ("The claim is wrong: The Brotherhood of True Lies wins "
                                             "(Seat2 and Seat3).")


def test_the_random_games_meet_every_kind_of_action():
    """The four parts above together play every action kind there is (the
    Loge's sole victory in its own position)."""
    met = {"claim_solo"}
    for part in range(4):
        for _, _, action, _, _ in logged_games(10, lambda g: 3 + (g * 7 + part) % 8):
            met.add(action["type"])
    assert met == KINDS, sorted(KINDS - met)
