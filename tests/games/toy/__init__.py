"""The toy game, a plugin like every real game: adding it touched no shared file."""

from engine.registry import Game, GameSpec, Option

SPEC = GameSpec(
    id="toy",
    names={"nl": "Speelgoed", "en": "Toy", "de": "Spielzeug"},
    min_seats=2,
    max_seats=4,
    options=(Option("bonus", default=0, values=(0, 1, 2),
                    names={"nl": "Bonus", "en": "Bonus", "de": "Bonus"},
                    value_names={v: {"nl": str(v), "en": str(v), "de": str(v)} for v in (0, 1, 2)}),),
)

GAME = Game(SPEC, state="tests.games.toy.rules:ToyState", bots="tests.games.toy.bots",
            sample="tests.games.toy.rules:sample_state")
