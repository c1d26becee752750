"""Every game's rules reference (ui/rules.py), checked on every registered
game: it covers a turn and the scoring, has the same entries in nl, en and
de, titles each entry by the game's own names, and every name the table
makes tappable (a card, a segment, an official, a name in the log) opens an
entry that exists in all three languages."""

import re
from html import unescape

import pytest

from .. import ui_support  # noqa: F401  (web/ on the path)
from .positions import CASES, GAME_IDS, sampled
from .test_screens import context, page

from ui import kit, rules, screens  # noqa: E402
from ui.i18n import LANGS, Words  # noqa: E402


LINK = re.compile(r'data-cmd="rules" data-arg="([^"]*)"')
LEFTOVER = re.compile(r"\{\w+(?:[:|][\w|]+)?\}")
NAME_PARAM = re.compile(r"\{(\w+):name\}")


def entries(game_id):
    return sorted(rules.linkable(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_reference_covers_a_turn_scoring_and_every_entry_in_three_languages(game_id):
    data = rules.source(game_id)
    assert data, f"{game_id} has no rules.json beside its screen"
    items = [i for g in data["groups"] for i in g["items"]]
    assert len(items) == len(set(items)), "an entry is listed twice"
    for lang in LANGS:
        texts = data[lang]
        sections = [s["id"] for s in texts["sections"]]
        assert {"turn", "scoring"} <= set(sections), (lang, sections)
        assert all(s["title"] and s["text"] and all(p.strip() for p in s["text"]) for s in texts["sections"])
        assert set(texts["groups"]) == {g["id"] for g in data["groups"]}, lang
        assert set(texts["items"]) == set(items), (lang, set(items) ^ set(texts["items"]))
        assert all(text.strip() for text in texts["items"].values()), lang
        words = Words(lang, game_id)
        for ident in items:
            words.name(ident)
        assert not words.missing, (lang, sorted(words.missing)[:5])
    assert [[s["id"] for s in data[lang]["sections"]] for lang in LANGS].count(
        [s["id"] for s in data["en"]["sections"]]) == 3, "the sections differ between nl, en and de"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_reference_renders_every_entry_and_links_only_to_entries(game_id):
    title = game_id
    for lang in LANGS:
        reference = rules.Reference(game_id, rules.texts_here(game_id, lang))
        screen = screens.screen_module(game_id).Screen(context(game_id, lang, 2, 0))
        extra = screen.rules_extra
        for at in [""] + ["#" + s["id"] for s in reference.sections] + entries(game_id):
            words = Words(lang, game_id)
            html = reference.render(words, title, at, extra)
            assert not words.missing, (lang, at, sorted(words.missing)[:5])
            assert not LEFTOVER.search(html), (at, LEFTOVER.search(html).group(0))
            assert 'aria-current="true"' in html, f"{at!r} is not marked as the one shown"
            targets = {unescape(a) for a in LINK.findall(html)}
            assert {t for t in targets if not t.startswith(rules.SECTION)} == set(entries(game_id))
            shown = reference.items.get(at) or next(
                (s["text"][0] for s in reference.sections if "#" + s["id"] == at), reference.sections[0]["text"][0])
            assert kit.esc(shown) in html, f"{at!r} does not show its own text"


@pytest.mark.parametrize("game_id,seats", CASES)
def test_every_name_the_table_makes_tappable_has_an_entry(game_id, seats):
    found = set()
    for k, state in enumerate(sampled(game_id, seats, 59)):
        for seat in list(range(seats)) + [None]:
            html, _ = page(game_id, state, seat, LANGS[k % 3])
            found |= {unescape(a) for a in LINK.findall(html)}
    items = set(entries(game_id))
    named = {f for f in found if f and not f.startswith(rules.SECTION)}
    assert named <= items, sorted(named - items)[:5]
    assert "" in found, "the table offers no way to open its rules"


@pytest.mark.parametrize("game_id,seats", CASES)
def test_names_in_the_log_open_their_entries(game_id, seats):
    """A `{x:name}` in a log entry whose id has an entry is a tap on it."""
    checked = 0
    items = set(entries(game_id))
    for k, state in enumerate(sampled(game_id, seats, 61)):
        ctx = context(game_id, LANGS[k % 3], seats, 0)
        say = kit.Say(ctx)
        for entry in state.view(0)["log"]:
            template = ctx.words.game.get("log", {}).get(entry["k"], "")
            ids = [v for p in NAME_PARAM.findall(template)
                   for v in (entry.get(p) if isinstance(entry.get(p), list) else [entry.get(p)])]
            want = {v for v in ids if v in items}
            html = say.entry(entry)
            assert want == {unescape(a) for a in LINK.findall(html)}, (entry, html)
            assert not LINK.search(say.entry(entry, links=False))
            checked += len(want)
    if items:
        assert checked or game_id == "toy", "no log entry named an item: the check saw nothing"
