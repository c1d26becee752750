"""Each game's rules reference has an entry for every item its engine can
put on the table: every Kutschfahrt object, occupation and association;
every Carcassonne tile kind, wheel segment and follower role; every Thurn
und Taxis official, bonus tile (both maps) and carriage."""

import json

from engine.carcassonne.tiles import ROLE, TILES
from engine.carcassonne.wheel import SEGMENTS
from engine.kutschfahrt.cards import OCCUPATION_IDS
from engine.thurn_taxis.board import load_map
from engine.thurn_taxis.scoring import CARRIAGE_POINTS
from engine.thurn_taxis.state import initial_stacks

from . import ui_support  # noqa: F401

from ui import rules  # noqa: E402


def test_kutschfahrt_objects_occupations_and_associations():
    cards = json.loads(open(ui_support.WEB.parent / "engine/kutschfahrt/cards.json").read())
    ids = {o["id"] for o in cards["objects"]} | set(OCCUPATION_IDS) | set(cards["associations"])
    ids |= {"bag", "drink"}  # a bag as the table names it; the Drink of Power (odd tables)
    assert ids <= rules.linkable("kutschfahrt"), sorted(ids - rules.linkable("kutschfahrt"))


def test_carcassonne_tiles_segments_and_followers():
    ids = set(TILES) | set(SEGMENTS) | set(ROLE.values()) | {"crown", "pig", "wheel"}
    assert ids <= rules.linkable("carcassonne"), sorted(ids - rules.linkable("carcassonne"))


def test_thurn_taxis_officials_bonus_tiles_and_carriages():
    ids = {"amtmann", "postmeister", "postillion", "wagner"}
    ids |= {f"carriage:{n}" for n in CARRIAGE_POINTS}
    for map_id in ("south", "north"):
        ids |= set(initial_stacks(load_map(map_id)))
    assert ids <= rules.linkable("thurn_taxis"), sorted(ids - rules.linkable("thurn_taxis"))
