"""The log follows the game (issue 23): a player who never touches the log
sees its newest entry after every decision, in a game of any length, in
landscape and after turning the tablet to portrait.  One page per game: a
human and bots at pace "instant", the human's decisions made by clicks on
the controls of the board chosen at random (seeded), 30 decisions in
landscape, then the tablet turned to portrait and 30 more (60 a game).  A
game that ends is started again from the lobby."""

from __future__ import annotations

import contextlib
import math
import random

import engine
import pytest
from engine.play import bot_chooser, finish
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}
DECISIONS = 30  # in each orientation: 60 a game

# the controls of the board that act, or lead to acting (a square, a spot); the game over
CHOICES = """() => {
  const at = el => {
    const b = el.getBoundingClientRect();
    if (b.width < 4 || b.height < 4 || el.disabled) return null;
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? [x, y] : null;
  };
  const all = sel => [...document.querySelectorAll(sel)].map(at).filter(Boolean);
  if (document.querySelector('.modal #result-close')) return {over: true};
  const ACTS = '#screen [data-cmd=act]';
  const STEPS = ['cell:', 'pick:', 'sel:'].map(a => `#screen [data-cmd=ui][data-arg^="${a}"]`).join(', ');
  let found = {acts: all(ACTS), steps: all(STEPS)};
  const hidden = !found.acts.length && !found.steps.length && document.querySelector(ACTS + ', ' + STEPS);
  if (hidden) {  // below the fold: scrolled to, as a player would
    hidden.scrollIntoView({block: 'center'});
    found = {acts: all(ACTS), steps: all(STEPS)};
  }
  return found;
}"""
LOOK = f"() => {{ const c = ({CHOICES})(); return c.over || c.acts.length + c.steps.length ? c : null; }}"

# the newest entry of the log inside the log's view, and no "newest" button
NEWEST = """() => {
  const scroller = document.getElementById('log-scroll');
  const entries = scroller.querySelectorAll('.log-entry');
  const last = entries[entries.length - 1];
  if (!last) return '';  // nothing written yet
  const box = scroller.getBoundingClientRect(), el = last.getBoundingClientRect();
  if (el.top < box.top - 1 || el.bottom > box.bottom + 1)
    return `newest entry at ${Math.round(el.top - box.top)}..${Math.round(el.bottom - box.top)} of ${Math.round(box.height)}`;
  const back = document.querySelector('.log-newest');
  if (back && getComputedStyle(back).display !== 'none') return 'the newest button shows';
  return '';
}"""


def look(page) -> dict:
    """What the board offers once it offers something (or the game is over)."""
    return page.wait_for_function(LOOK, timeout=30_000, polling=50).json_value()


def _games():
    """Kutschfahrt solo with 5 bots; Carcassonne and Thurn und Taxis with 2."""
    return [(g, 6 if engine.GAMES[g].min_seats > 2 else 3) for g in sorted(engine.GAMES)]


def most_games(game, seats, level) -> int:
    """How many games the 60 decisions may take: three, or for a game too
    short to hold 30 of one seat's moves (the tests' own games in a test
    build), four times what a headless game of greedy bots gives seat 0."""
    state = finish(engine.new_game(game, seats, {}, 11), bot_chooser([level] * seats, seed=11))
    per_game = max(1, sum(seat == 0 for seat, _ in state.actions))
    return 3 if per_game >= DECISIONS else 4 * math.ceil(2 * DECISIONS / per_game)


@pytest.mark.parametrize("game,seats", _games())
def test_the_newest_entry_stays_in_view_after_every_decision(tab, game, seats):
    level = engine.bots.LEVELS[game][1]
    players = [("You", "human", None)] + [(f"Bot {i}", "bot", level) for i in range(1, seats)]
    page = tab.start_game(game, players, seed=11)
    page.evaluate("speeltafelApp.set_pace('instant')")
    page.evaluate("""() => { window.__drawn = 0;
        new MutationObserver(() => { window.__drawn += 1; })
            .observe(document.getElementById('app'), {childList: true, subtree: true, attributes: true}); }""")
    rng = random.Random(5)
    games = 1
    for size in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(size)
        made = 0
        while made < DECISIONS:
            choices = look(page)
            if choices.get("over"):  # a new game from the lobby, with the same players
                games += 1
                page.click("#result-close")
                page.click("#menu")
                tab.wait("lobby")
                page.click("#start")
                tab.wait("table")
                choices = look(page)
            wrong = page.evaluate(NEWEST)
            assert not wrong, f"{game} {size}, decision {made}: {wrong}"
            act = choices["acts"] and (not choices["steps"] or rng.random() < 0.6)
            x, y = rng.choice(choices["acts"] if act else choices["steps"])
            drawn = page.evaluate("window.__drawn")
            page.mouse.click(x, y)
            made += bool(act)
            # the click answered (the table drawn again) before the next look; a click on a
            # control that a bot's move took away meanwhile does nothing, and the look comes again
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function("n => window.__drawn > n", arg=drawn, timeout=1_500, polling=50)
    assert games <= most_games(game, seats, level)
