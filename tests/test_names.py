"""Players' names (ui/names.py): cleaned where they come in, the same for the
lobby and for every save read; isolated where they are shown."""

import pytest

from engine.saves import SaveError

from . import ui_support  # noqa: F401
from ui import table  # noqa: E402
from ui.i18n import Words  # noqa: E402
from ui.names import MAX_NAME, clean, isolate  # noqa: E402
from ui.savemeta import check_meta  # noqa: E402


@pytest.mark.parametrize("typed,name", [
    ("\u200b", ""),                              # only a zero-width space
    ("\u00a0 Anna\u3000\ufeff", "Anna"),         # no-break, ideographic spaces, a byte-order mark
    ("\u202eAnna", "Anna"),                      # a right-to-left override
    ("An\u2067na\u2069 B", "Anna B"),            # bidi controls inside
    ("Anna\nBram\t", "Anna Bram"),               # a line break inside, a tab at the end
    ("👨\u200d👩\u200d👧 Fam", "👨\u200d👩\u200d👧 Fam"),  # joiners inside an emoji stay
    ("W" * 100, "W" * MAX_NAME),                 # one limit
    ("A" * (MAX_NAME - 1) + " B", "A" * (MAX_NAME - 1)),  # a cut leaves no space at the end
])
def test_a_name_is_trimmed_of_what_does_not_show(typed, name):
    assert clean(typed) == name
    assert clean(typed, "Player 1") == (name or "Player 1")


def test_a_save_names_its_players_as_the_lobby_would():
    meta = {"players": [{"name": "W" * 100, "kind": "human"}, {"name": "\u200b", "kind": "human"},
                        {"name": "\u202eBram", "kind": "bot", "level": "random"}]}
    players = check_meta(meta, 3)["players"]
    assert [p["name"] for p in players] == ["W" * MAX_NAME, "#2", "Bram"]
    with pytest.raises(SaveError):
        check_meta({"players": [{"name": 7, "kind": "human"}]}, 1)


def test_every_name_on_the_table_is_isolated():
    players = [{"name": "Anna", "kind": "human", "level": None}, {"name": "דנה", "kind": "bot", "level": "random"}]
    ctx = table.TableContext(Words("en", "toy", lambda s: isolate(players[s]["name"])), players, 0)
    assert ctx.name(1) == "\u2068דנה\u2069"
    assert "\u2068Anna\u2069" in table.render_handoff(ctx, 0)
    assert '<bdi class="pname">\u2068דנה\u2069</bdi>' in ctx.badge(1)
