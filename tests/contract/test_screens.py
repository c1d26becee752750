"""Every game's screen, checked on every registered game (the toy game's
screen included): it keeps the Screen interface, every legal action can be
reached by tapping through the screen, nothing is left unworded or raw,
every log entry and step is worded in nl/en/de, and no other seat's secret
reaches the viewer's page."""

import copy
import inspect
import re
from html import unescape
from html.parser import HTMLParser

import pytest

from engine import GAMES

from .. import ui_support  # noqa: F401  (web/ on the path)
from .positions import CASES, GAME_IDS, sampled

from ui import kit, screens, table  # noqa: E402
from ui.i18n import LANGS, Words, game_strings  # noqa: E402
from ui.screens.interface import OPTIONAL, REQUIRED, GameScreen  # noqa: E402


ACT = re.compile(r'data-cmd="act" data-arg="(\d+)"')
UI = re.compile(r'data-cmd="ui" data-arg="([^"]*)"')
LEFTOVER = re.compile(r"\{\w+(?:[:|][\w|]+)?\}")
TAG = re.compile(r"<[^>]*>")
PRESSED = re.compile(r'aria-pressed="(true|false)"')
TOGGLE_OFF = re.compile(r'<[^>]*data-cmd="ui" data-arg="([^"]*)"[^>]*aria-pressed="false"')
VIEW_STEPS = ("zoom:", "pan:", "fit")
MAX_RENDERS = 1500


def players(n):
    return [{"name": f"Seat{s}", "kind": "human", "level": None} for s in range(n)]


def context(game_id, lang, seats, viewer):
    ps = players(seats)
    words = Words(lang, game_id, lambda s: ps[s]["name"] if isinstance(s, int) else "?")
    return table.TableContext(words, ps, viewer)


def make_screen(game_id, ctx):
    module = screens.screen_module(game_id)
    assert module is not None, f"{game_id} has no screen package"
    return module.Screen(ctx)


def reachable(screen, view, legal):
    """The legal indexes a player can reach by tapping the screen's local
    steps (`ui`), breadth first.  After a step the search tries that step
    again (it may cycle, like a rotation), the steps it brought up, and the
    toggles after it that are still off (every choice of several, once);
    moving the view (zoom, pan, fit) is no step.  Screens that look alike
    (same actions, steps and pressed buttons) are explored once."""
    seen, found = set(), set()
    queue = [(screen, None, ())]
    renders = 0
    while queue and renders < MAX_RENDERS and len(found) < len(legal):
        current, via, before = queue.pop(0)
        html = current.render(copy.deepcopy(view), legal)
        renders += 1
        acts = frozenset(int(i) for i in ACT.findall(html))
        steps = [a for a in dict.fromkeys(UI.findall(html)) if not a.startswith(VIEW_STEPS)]
        off = set(TOGGLE_OFF.findall(html))
        look = (acts, tuple(steps), tuple(PRESSED.findall(html)))
        if look in seen:
            continue
        seen.add(look)
        found |= acts
        for n, arg in enumerate(steps):
            later_toggle = arg in off and via in steps and n > steps.index(via)
            if via is None or arg == via or arg not in before or later_toggle:
                nxt = copy.copy(current)
                nxt.__dict__ = copy.deepcopy(current.__dict__)
                nxt.on_ui(unescape(arg))
                queue.append((nxt, arg, steps))
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_screen_keeps_the_screen_interface(game_id):
    """Subclassing GameScreen gives the optional methods their defaults (the
    table calls them without asking); the required ones are the screen's
    own, and every method takes what the table passes it."""
    cls = screens.screen_module(game_id).Screen
    assert GameScreen in cls.__mro__, f"{game_id}: class Screen(GameScreen)"
    assert isinstance(make_screen(game_id, context(game_id, "en", GAMES[game_id].min_seats, 0)), GameScreen)
    for name in REQUIRED:
        assert getattr(cls, name) is not getattr(GameScreen, name), f"{game_id}: Screen.{name} is required"
    for name in REQUIRED + OPTIONAL:
        wanted = list(inspect.signature(getattr(GameScreen, name)).parameters)
        given = inspect.signature(getattr(cls, name)).parameters.values()
        positional = [p for p in given if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        assert len(positional) == len(wanted), f"{game_id}: Screen.{name} takes {[p.name for p in positional]}"


@pytest.mark.parametrize("game_id,seats", CASES)
def test_every_legal_action_can_be_reached_from_the_screen(game_id, seats):
    checked = 0
    for k, state in enumerate(sampled(game_id, seats, 41)):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            ctx = context(game_id, LANGS[k % 3], seats, seat)
            found = reachable(make_screen(game_id, ctx), state.view(seat), legal)
            missing = sorted(set(range(len(legal))) - found)
            assert not missing, (k, seat, [legal[i] for i in missing][:5])
            assert found <= set(range(len(legal))), "a button plays an action that is not legal"
            checked += 1
    assert checked, "no position with a move was checked"


def page(game_id, state, seat, lang):
    """The viewer's whole table: the game's screen inside the frame (log,
    prompt, players), plus the result when the game is over."""
    ctx = context(game_id, lang, state.seats, seat)
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else []
    screen = make_screen(game_id, ctx)
    body = screen.render(view, legal)
    details = screen.player_details(view)
    prompt = screen.prompt(view)
    html = table.render_frame(view, ctx, body, can_undo=False, thinking=None, details=details, prompt=prompt)
    if view["over"]:
        html += table.render_result(view, ctx)
    for entry in view["log"]:
        ctx.words.entry(entry)
    ctx.words.prompt(prompt or view.get("prompt"), view.get("phase"))
    return html, ctx.words


@pytest.mark.parametrize("game_id,seats", CASES)
def test_nothing_unworded_or_raw_reaches_the_page(game_id, seats):
    for k, state in enumerate(sampled(game_id, seats, 43)):
        for seat in list(range(seats)) + [None]:
            html, words = page(game_id, state, seat, LANGS[(k + (seat or 0)) % 3])
            assert not words.missing, (k, seat, sorted(words.missing)[:8])
            text = TAG.sub(" ", html)
            assert not LEFTOVER.search(html), LEFTOVER.search(html).group(0)
            for raw in ("None", "[object", "undefined", "{'", "NaN"):
                assert raw not in text, (raw, k, seat)


class _Nodes(HTMLParser):
    """What the browser's parser makes of HTML, as a flat list."""

    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.out.append(("<", tag, attrs))

    def handle_endtag(self, tag):
        self.out.append((">", tag))

    def handle_data(self, data):
        self.out.append(("text", data))


@pytest.mark.parametrize("game_id,seats", CASES)
def test_the_table_goes_to_the_page_in_ascii_and_parses_the_same(game_id, seats):
    """ui/dom.py sends every drawing as kit.ascii_html: Pyodide hands a str
    with other characters over one character at a time."""
    wide = 0
    for k, state in enumerate(sampled(game_id, seats, 43)):
        html, _ = page(game_id, state, k % seats, LANGS[k % 3])
        sent = kit.ascii_html(html)
        assert sent.isascii()
        assert _Nodes(sent).out == _Nodes(html).out, (k, game_id)
        wide += not html.isascii()
    assert wide, "no table with a character past ASCII was checked"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_log_key_and_step_is_worded_in_three_languages(game_id):
    strings = game_strings(game_id)
    assert set(strings) >= set(LANGS)
    seen_keys, seen_phases = set(), set()
    for seats in {GAMES[game_id].min_seats, GAMES[game_id].max_seats}:
        for state in sampled(game_id, seats, 47, count=40):
            for seat in range(seats):
                view = state.view(seat)
                seen_keys |= {e["k"] for e in view["log"]}
                seen_phases.add(view["prompt"]["k"])
    for lang in LANGS:
        assert seen_keys <= set(strings[lang]["log"]), (lang, seen_keys - set(strings[lang]["log"]))
        assert seen_phases <= set(strings[lang]["phase"]), (lang, seen_phases - set(strings[lang]["phase"]))
    for section in ("log", "phase", "names", "ui"):
        keys = [set(strings[lang].get(section, {})) for lang in LANGS]
        assert keys[0] == keys[1] == keys[2], f"{section} differs between nl, en and de"


@pytest.mark.parametrize("game_id,seats", CASES)
def test_no_other_seats_secret_reaches_the_page(game_id, seats):
    for k, state in enumerate(sampled(game_id, seats, 53)):
        lang = LANGS[k % 3]
        views = [state.view(s) for s in range(seats)]
        for seat in range(seats):
            html, words = page(game_id, state, seat, lang)
            text = TAG.sub("", html)
            # a sentence the viewer has in its own log may look like another's secret
            own = {TAG.sub("", words.entry(e)) for e in views[seat]["log"]}
            for other in range(seats):
                if other == seat:
                    continue
                theirs = context(game_id, lang, seats, other).words
                for entry in views[other]["log"]:
                    if entry.get("private"):
                        secret = TAG.sub("", theirs.entry(entry))
                        assert secret in own or secret not in text, (k, seat, other, entry)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_the_hint_can_show_and_word_every_legal_action(game_id, seats):
    """Whatever the strong bot picks, the screen words it and, after
    `show_hint`, shows the very control that plays it (the frame marks it)."""
    checked = 0
    for k, state in enumerate(sampled(game_id, seats, 67)):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            view = state.view(seat)
            ctx = context(game_id, LANGS[k % 3], seats, seat)
            for i in range(len(legal)):
                screen = make_screen(game_id, ctx)
                screen.render(copy.deepcopy(view), legal)
                words = str(screen.describe(legal[i]))
                assert words.strip() and not LEFTOVER.search(words), (legal[i], words)
                screen.show_hint(i)
                html = screen.render(copy.deepcopy(view), legal)
                assert str(i) in ACT.findall(html), (k, seat, legal[i])
                checked += 1
            assert not ctx.words.missing, sorted(ctx.words.missing)[:5]
    assert checked, "no position with a move was checked"
