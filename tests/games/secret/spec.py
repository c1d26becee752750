from engine.registry import GameSpec

SPEC = GameSpec(
    id="secret",
    names={"nl": "Geheimpje", "en": "Little Secret", "de": "Geheimnis"},
    min_seats=2,
    max_seats=4,
)
