"""The browser tests' own harness: a renderer crash while a page boots is
booted again once, with a warning; anything else still fails the test."""

import pytest
from playwright.sync_api import Error

from .conftest import CrashedWhileBooting


def crashing_first(tab, times):
    """Boot steps whose first `times` runs crash the renderer (chrome://crash)."""
    runs = []

    def steps():
        runs.append(1)
        if len(runs) <= times:
            try:
                tab.page.goto("chrome://crash")
            except Error:
                pass
            tab.wait("lobby")
        tab.page.goto(tab.site)
        tab.wait("lobby")
        return tab.page
    return steps, runs


def test_a_crash_while_booting_boots_again_with_a_warning(tab):
    steps, runs = crashing_first(tab, 1)
    with pytest.warns(CrashedWhileBooting):
        page = tab._boot(steps)
    assert len(runs) == 2 and tab.crashes == 1 and tab.rebooted == 1
    assert page.locator("body[data-ready=lobby]").count() == 1


def test_a_second_crash_fails_the_boot(browser, site):
    from .conftest import Tab

    tab = Tab(browser, site)
    try:
        steps, runs = crashing_first(tab, 2)
        with pytest.warns(CrashedWhileBooting), pytest.raises(Error, match="crashed"):
            tab._boot(steps)
        assert len(runs) == 2 and tab.crashes == 2
    finally:
        tab.close()


def test_a_failure_that_is_no_crash_is_not_retried(tab):
    runs = []

    def steps():
        runs.append(1)
        raise ValueError("not a crash")

    with pytest.raises(ValueError):
        tab._boot(steps)
    assert runs == [1]
