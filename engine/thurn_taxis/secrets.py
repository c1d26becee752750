"""What Thurn und Taxis keeps secret (engine/secrecy.py): a seat's own hand,
the values of its bonus tiles and, with horses, the cities of its carriage
cards; the log tells a seat which card it drew, and reminds it of the cards
it laid face down and the values it took.  Nobody sees the deck, nor the
discards face down."""

from __future__ import annotations

from engine.secrecy import Pieces, Secrecy

SECRECY = Secrecy(
    own=("hand",), own_in_player=("bonus", "bonus_points", "carriage_cards"),
    private_log={"draw_own": ("seat",), "draw_own_h": ("seat",)},
    notes={key: ("seat",) for key in ("horse_own", "horse_own_h", "discard_own", "discard_own_h", "tile_own")})


def pieces(st) -> Pieces:
    """Every card and bonus tile of `st` (a ThurnTaxisState) where it lies."""
    def cards(held):  # as the log names a card: its city (and horseshoes)
        return [{k: v for k, v in st._card_view(c).items() if v is not None} for c in held]

    public = {f"route{s}": cards(r) for s, r in enumerate(st.routes)}
    public.update(display=cards(c for c in st.display if c is not None),
                  stacks=[{"tile": k, "value": v} for k, values in st.stacks.items() for v in values])
    own = [{"hand": cards(st.hands[s]), "carriage": cards(st.horse_cards[s]),
            "bonus": [{"tile": k, "value": v} for k, v in st.bonus[s]]} for s in range(st.seats)]
    # the discards lie face down (the table saw most of them go there)
    return Pieces(public=public, own=own,
                  hidden={"deck": cards(st.deck), "discards": sorted(cards(st.discards), key=repr)})
