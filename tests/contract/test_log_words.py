"""Every log entry of every game reads as a sentence in nl, en and de
(issue 12): at least 100 random games per game, options and table sizes
drawn at random, every entry worded in three languages.  A leftover
placeholder, a Python value (True, False, None, a list's brackets) or a raw
id (snake_case, or an id the game's names would word) fails it."""

import re

import pytest

from engine import GAMES, new_game
from engine.play import play, random_chooser
from engine.rng import Rng

from .. import ui_support  # noqa: F401  (web/ on the path)
from .positions import GAME_IDS, random_options

from ui.i18n import LANGS, Words, game_strings  # noqa: E402


pytestmark = pytest.mark.slow

GAMES_PER_GAME = 100
MOVES = 3000  # a random game that runs longer is cut here (its entries still count)
PYTHON = re.compile(r"\b(True|False|None)\b|[{}\[\]]|\w+=")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def ids_in(value):
    """The strings inside an entry's parameter (lists and dicts walked)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from ids_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from ids_in(v)


NOT_WORDED = ("k", "turn", "move", "private")  # an entry's keys that are no parameters of its sentence


def problems(entry: dict, text: str, names: dict) -> list[str]:
    plain = text
    for name in sorted(names.values(), key=len, reverse=True):  # "The Brotherhood of True Lies" is a name
        plain = plain.replace(name, "")
    found = [m.group(0) for m in PYTHON.finditer(plain)]
    found += SNAKE.findall(plain)
    for key, value in entry.items():
        if key in NOT_WORDED:
            continue
        for ident in ids_in(value):
            if ident in names and names[ident] != ident and re.search(rf"\b{re.escape(ident)}\b", plain):
                found.append(f"raw id {ident!r}")
    return found


def entries_of(game_id: str, game_no: int):
    """Every entry (public and private) of one random game."""
    spec = GAMES[game_id]
    rng = Rng(9001 + game_no)
    seats = spec.min_seats + rng.below(spec.max_seats - spec.min_seats + 1)
    state = new_game(game_id, seats, random_options(spec, rng), 500 + game_no)
    try:
        for _ in play(state, random_chooser(Rng(77 + game_no)), MOVES):
            pass
    except RuntimeError:  # no end after MOVES random moves: what was written still counts
        pass
    return state, [entry for _, entry in state.events]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_log_entry_of_100_random_games_is_worded_in_three_languages(game_id):
    strings = game_strings(game_id)
    worded = {lang: Words(lang, game_id, lambda s: f"Seat{s}") for lang in LANGS}
    bad: dict[tuple, list] = {}
    kinds = set()
    # the same sentence of the same parameters (turn and move aside) is looked at once:
    # most of a long game's entries repeat (a draw, a city played)
    looked: dict[tuple, list] = {}
    for game_no in range(GAMES_PER_GAME):
        state, entries = entries_of(game_id, game_no)
        for entry in entries:
            kinds.add(entry["k"])
            params = repr([item for item in entry.items() if item[0] not in NOT_WORDED])
            for lang, words in worded.items():
                names = strings.get(lang, {}).get("names", {})
                text = words.entry(entry)
                wrong = looked.get((lang, text, params))
                if wrong is None:
                    wrong = looked[(lang, text, params)] = problems(entry, text, names)
                if wrong and (entry["k"], lang) not in bad:
                    bad[(entry["k"], lang)] = [text, wrong, entry]
    for lang, words in worded.items():
        assert not words.missing, f"{lang}: not worded: {sorted(words.missing)[:10]}"
    assert not bad, "\n".join(f"{k} [{lang}]: {text!r} {wrong}" for (k, lang), (text, wrong, _) in
                              sorted(bad.items())[:20])
    assert len(kinds) >= 2  # the games did write a log
