"""The prerendered lobby in CPython (issue 16): the form `make dist` writes
names a control for everything the lobby's model holds, and reading it back
gives the model the live lobby would have; what the form cannot mean falls
back to the defaults.  (Which parts show is CSS: e2e/test_prerendered_lobby.py.)"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

import engine
from engine import bots
from engine.registry import GameSpec, Option

from . import ui_support  # noqa: F401  (puts web/ on the path)
from .ui_support import run_async
from ui import lobby, prerender, screens  # noqa: E402
from ui.i18n import LANGS, Words  # noqa: E402

GAMES = screens.playable(sorted(engine.GAMES))  # every game the lobby offers, the tests' own too


class Controls(HTMLParser):
    """name -> values offered, per game form (data-game), of a page's controls."""

    def __init__(self):
        super().__init__()
        self.game = None
        self.forms: dict[str, dict[str, set]] = {}
        self.select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-game" in a and "pre-game" in (a.get("class") or ""):
            self.game = a["data-game"]
            self.forms[self.game] = {}
        form = self.forms.get(self.game)
        if form is None:
            return
        if tag == "select":
            self.select = form.setdefault(a["name"], set())
        elif tag == "option" and self.select is not None:
            self.select.add(a["value"])
        elif tag == "input" and "name" in a:
            form.setdefault(a["name"], set()).add(a.get("value", a.get("type")))

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_names_a_control_for_all_the_model_holds(lang):
    html = prerender.lobby_html(GAMES, Words(lang))
    parsed = Controls()
    parsed.feed(html)
    assert sorted(parsed.forms) == GAMES
    assert re.findall(r'name="game" value="(\w+)"', html) == GAMES
    for game_id in GAMES:
        spec, form = engine.GAMES[game_id], parsed.forms[game_id]
        assert form["seats"] == {str(n) for n in range(spec.min_seats, spec.max_seats + 1)}
        levels = {f"bot:{lv}" for lv in engine.bots.LEVELS[game_id]}
        for i in range(spec.max_seats):
            assert f"name-{i}" in form and form[f"kind-{i}"] == {"human", "remote"} | levels
        for opt in spec.options:
            if opt.kind == "subset":
                assert form[f"sub-{opt.id}"] == {json.dumps(v) for v in opt.values}
            elif opt.kind == "bool":
                assert form[f"opt-{opt.id}"] == {"checkbox"}
            else:
                assert form[f"opt-{opt.id}"] == {json.dumps(v) for v in opt.values}
        assert form["hints"] == {"checkbox"}  # the table's own choice: hints on or off
    assert 'id="start"' in html and "data-prestart" in html


def test_the_north_map_note_is_said_once_and_only_with_the_north_map():
    from html import unescape

    words = Words("en")
    note = engine.GAMES["thurn_taxis"].option("map").value_help["north"]["en"]
    model = lobby.default_model("thurn_taxis", words)
    assert note not in unescape(lobby.render_game_form(model, words))
    model["options"]["map"] = "north"
    assert unescape(lobby.render_game_form(model, words)).count(note) == 1
    static = unescape(prerender.lobby_html(GAMES, words))
    assert static.count(note) == 1  # in the prerendered form once, shown by CSS with the north map only
    rules = prerender.css_rules(engine.GAMES["thurn_taxis"])
    assert ':not(:has([name="opt-map"] option:checked:is([value="\\"north\\""]))) [data-option="map"] .value-help' in rules


def test_the_first_form_is_what_the_live_lobby_first_shows():
    words = Words("en")
    for game_id in GAMES:
        first = lobby.default_model(game_id, words)
        form = prerender.game_form_model(game_id, words)
        assert form["seats"] == first["seats"] and form["players"][: first["seats"]] == first["players"]
        assert len(form["players"]) == engine.GAMES[game_id].max_seats


def test_reading_the_form_back_gives_the_model():
    words = Words("nl")
    values = {"seats": "3", "name-0": "Anna", "kind-0": "human", "name-1": "Bram", "kind-1": "bot:greedy",
              "name-2": "x" * 30, "kind-2": "bot:strong", "name-3": "hidden row", "kind-3": "human",
              "opt-map": '"north"', "opt-horses": True, "opt-horses_stay": False, "opt-abandon": '"forced"'}
    model = prerender.model_from_form("thurn_taxis", values, words, GAMES)
    assert model["game"] == "thurn_taxis" and model["seats"] == 3
    assert model["players"] == [{"name": "Anna", "kind": "human", "level": None},
                                {"name": "Bram", "kind": "bot", "level": "greedy"},
                                {"name": "x" * 20, "kind": "bot", "level": "strong"}]
    assert lobby.resolved_options(model) == engine.GAMES["thurn_taxis"].resolve_options(
        {"map": "north", "horses": True, "horses_stay": False, "abandon": "forced"}, 3)
    kutsch = prerender.model_from_form("kutschfahrt", {"seats": "4", "opt-object_set": '"custom"',
                                                       "sub-extra_objects": ['"coat"', '"tome"']}, words, GAMES, 77)
    assert lobby.resolved_options(kutsch)["extra_objects"] == ["coat", "tome"] and kutsch["seed"] == 77


def test_what_the_form_cannot_mean_keeps_the_default():
    words = Words("en")
    default = lobby.default_model("carcassonne", words)
    odd = {"seats": "9", "kind-0": "alien", "name-0": "Ann", "name-1": "  ", "opt-start": '"moon"',
           "opt-pig_on_discard": "yes", "opt-wheel_tiles": "not json"}
    assert prerender.model_from_form("carcassonne", odd, words, GAMES) == dict(default, options={})
    assert prerender.model_from_form("chess", {}, words, GAMES) is None
    assert prerender.model_from_form("carcassonne", {}, words, ["kutschfahrt"]) is None  # not playable here
    unknown_level = prerender.model_from_form("carcassonne", {"kind-1": "bot:grandmaster"}, words, GAMES)
    assert unknown_level["players"][1]["level"] == bots.default_level("carcassonne")


def test_the_focus_goes_to_the_same_control_in_the_live_lobby():
    assert prerender.live_id("game", "thurn_taxis") == "game-thurn_taxis"
    assert prerender.live_id("name-2", "Anna") == "name-2"
    assert prerender.live_id("sub-extra_objects", '"coat"') == "opt-extra_objects"
    assert prerender.live_id("lang", "nl") == "lang"


def test_the_css_hides_an_option_exactly_when_it_does_not_apply():
    """The generated condition, evaluated here by hand over every form state
    of a spec with chained requirements, agrees with Option.applies."""
    spec = GameSpec(id="chain", names={"en": "Chain"}, min_seats=2, max_seats=4, options=(
        Option("a", default="p", values=("p", "q", "r")),
        Option("b", default=False, kind="bool", requires={"a": ("q", "r")}),
        Option("c", default=True, kind="bool", requires={"b": (True,)}, seats=(3, 4)),
        Option("d", default="s", values=("s", "t"), requires={"c": (False,), "a": ("r",)}),
    ))

    def holds(f, state):
        if isinstance(f, bool):
            return f
        kind = f[0]
        if kind == "not":
            return not holds(f[1], state)
        if kind == "and":
            return all(holds(g, state) for g in f[1])
        if kind == "or":
            return any(holds(g, state) for g in f[1])
        sel = f[1]  # a :has() test of one control
        name = re.match(r'\[name="([^"]+)"\]', sel).group(1)
        if sel.endswith(":checked"):
            return state[name] is True
        wanted = [json.loads(json.loads(v)) if name != "seats" else int(json.loads(v))
                  for v in re.findall(r'\[value=("(?:[^"\\]|\\.)*")\]', sel)]
        return state[name] in wanted

    count = 0
    for seats in range(2, 5):
        for a in ("p", "q", "r"):
            for b in (False, True):
                for c in (False, True):
                    given = {"a": a, "b": b, "c": c, "d": "t"}
                    state = {"seats": seats, "opt-a": a, "opt-b": b, "opt-c": c, "opt-d": "t"}
                    resolved = spec.resolve_options(given, seats)
                    for opt in spec.options:
                        assert holds(prerender.hidden(spec, opt), state) == (not opt.applies(seats, resolved)), \
                            (opt.id, state)
                        count += 1
    assert count == 3 * 3 * 2 * 2 * 4
    assert "[data-option=\"d\"]" in prerender.css_rules(spec)


def test_an_option_that_depends_on_a_subset_is_refused_at_build_time():
    spec = GameSpec(id="s", names={"en": "S"}, min_seats=2, max_seats=2, options=(
        Option("set", default=[], values=("a", "b"), kind="subset"),
        Option("x", default=False, kind="bool", requires={"set": (["a"],)}),
    ))
    with pytest.raises(ValueError, match="subset"):
        prerender.css_rules(spec)


def test_the_real_app_takes_over_the_form_and_starts_an_early_start():
    """App.start in CPython (tests/fake_dom.py): the form's choices become the
    lobby, a language picked there is remembered, and a Start pressed before
    Python was ready starts the game without a second tap."""

    from . import fake_dom
    from .ui_support import FakeStorage

    dom = fake_dom.install()
    from ui.app import App

    def open_page(prerendered, items=None):
        backend = FakeStorage()
        backend.items.update(items or {})
        dom.page = fake_dom.Page(backend, "nl-NL")
        dom.page.prerendered = prerendered
        app = App()
        app.start()
        return app, backend

    values = {"seats": "3", "name-0": "Anna", "kind-0": "human", "name-1": "Player 2", "kind-1": "bot:random",
              "kind-2": "human", "name-2": "Cas", "opt-map": '"north"', "opt-horses": True}
    form = {"game": "thurn_taxis", "values": values, "lang": "en", "focus": ("name-2", "Cas"), "caret": 3,
            "queued": False}

    async def scenario():
        app, backend = open_page(form, {"speeltafel:prefs": json.dumps({"lobby": {"game": "thurn_taxis", "seed": 9}})})
        assert dom.page.ready == "lobby" and app.lang == "en"
        assert json.loads(backend.getItem("speeltafel:prefs"))["lang"] == "en"
        assert [(p["name"], p["kind"]) for p in app.model["players"]] == [
            ("Anna", "human"), ("Bot 2", "bot"), ("Cas", "human")]  # a default name follows its kind
        assert app.model["options"] == {"map": "north", "horses": True} and app.model["seed"] == 9
        app, _ = open_page(dict(form, queued=True))
        assert dom.page.ready == "table" and app.session.game_id == "thurn_taxis"
        assert [p["name"] for p in app.session.players] == ["Anna", "Bot 2", "Cas"]
        app.stop_bots()
        app, _ = open_page(None)  # a page without the prerendered lobby: the usual start
        assert dom.page.ready == "lobby" and app.model["game"] == "carcassonne"

    run_async(scenario())
