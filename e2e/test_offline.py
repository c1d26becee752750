"""Offline and updates: after one visit the table opens with the network off;
a new version is offered, never half-applied, and saved games survive it."""

import json
import shutil

from .conftest import DIST, Tab
from .test_table import a_save


def controlled(page):
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=60_000)


def test_after_one_visit_the_table_works_offline(tab):
    page = tab.open()
    controlled(page)
    tab.context.set_offline(True)
    page.reload()
    tab.wait("lobby")
    assert page.locator("#saves-h").is_visible()
    games = page.locator(".game-card")
    if games.count():
        page.click("#start")
        tab.wait("table")
        assert page.locator("#screen").is_visible()


def test_a_new_version_is_offered_and_keeps_the_saves(browser, tmp_path):
    from serve import serve

    site_dir = tmp_path / "site"
    shutil.copytree(DIST, site_dir)
    server, url = serve(site_dir, 0, "/speeltafel/")
    tab = Tab(browser, url)
    try:
        page = tab.open()
        controlled(page)
        _, save = a_save()
        tab.set_storage({"speeltafel:save:before-update": save})
        # deploy "a new version": the service worker's text changes
        sw = site_dir / "sw.js"
        sw.write_text(sw.read_text().replace('const VERSION = "', 'const VERSION = "new-', 1))
        page.reload()
        tab.wait("lobby")
        page.wait_for_selector("#update-banner", timeout=60_000)
        assert page.locator('.save[data-save="before-update"]').count() == 1
        # the new version takes over, then the page reloads: wait for that load, not the old page's lobby
        with page.expect_navigation(timeout=60_000):
            page.click("#update-reload")
        page.wait_for_function(
            "navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL.endsWith('sw.js')")
        tab.wait("lobby")
        page.wait_for_function("() => !document.getElementById('update-banner')")
        assert json.loads(tab.storage("speeltafel:save:before-update")) == json.loads(save)
        assert page.locator('.save[data-save="before-update"]').count() == 1
        assert tab.foreign == [], f"the page asked another host: {tab.foreign[:3]}"
        assert tab.errors == [], f"errors on the page: {tab.errors[:3]}"
    finally:
        tab.close()
        server.shutdown()


def test_manifest_and_icons_are_valid_and_referenced(tab):
    import struct

    page = tab.open()
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = json.loads((DIST / href).read_text())
    assert manifest["display"] == "fullscreen" and manifest["theme_color"].startswith("#")
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        path = DIST / icon["src"]
        data = path.read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n", icon["src"]
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
            sizes.add(width)
        else:
            assert b"<svg" in data
        response = page.request.get(tab.site + icon["src"])
        assert response.ok, icon["src"]
    assert {192, 512} <= sizes
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    assert page.locator('link[rel="apple-touch-icon"]').count() == 1


def test_the_publishing_workflow_builds_with_make_dist():
    from pathlib import Path

    workflow = (Path(__file__).resolve().parent.parent / ".github/workflows/pages.yml").read_text()
    assert "run: make dist" in workflow
    assert "path: dist" in workflow and "deploy-pages" in workflow
    assert "branches: [main]" in workflow
