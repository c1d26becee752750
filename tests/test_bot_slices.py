"""A bot thinks in slices between the browser's frames (ui/bot_loop.py):
a slice takes no step that the longest step so far says would end it past
SLICE_MS, so a bot whose steps are long takes one a slice (issue 26: no task
over 50 ms on a slow device).  The clock is the test's own."""

from __future__ import annotations

from . import fake_dom
from .ui_support import run_async

fake_dom.install()

from ui import bot_loop  # noqa: E402


def _slices(monkeypatch, steps_ms):
    """The steps (ms) of each slice that BotLoop.think runs of a thinker
    whose steps take `steps_ms`, and the action it returns."""
    clock = [0.0]
    monkeypatch.setattr(bot_loop.time, "perf_counter", lambda: clock[0])
    slices = []

    async def frame(_delay):  # where the browser may draw: a slice begins after it
        slices.append([])

    monkeypatch.setattr(bot_loop.asyncio, "sleep", frame)

    def thinker():
        for ms in steps_ms:
            clock[0] += ms / 1000
            slices[-1].append(ms)
            yield
        return "done"

    loop = bot_loop.BotLoop()
    loop.session = session = object()
    action = run_async(loop.think(thinker(), session))
    return [s for s in slices if s], action


def test_a_slice_takes_no_step_that_would_end_it_past_the_slice(monkeypatch):
    slices, action = _slices(monkeypatch, [20] * 6)
    assert action == "done" and sum(map(len, slices)) == 6
    assert slices == [[20]] * 6, f"a slice took a second long step: {slices}"


def test_short_steps_share_a_slice_up_to_its_length(monkeypatch):
    slices, _ = _slices(monkeypatch, [2] * 30)
    assert all(sum(s) <= bot_loop.SLICE_MS for s in slices)
    assert len(slices) <= 3, f"short steps were spread over {len(slices)} slices"
