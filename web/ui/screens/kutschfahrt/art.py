"""The coach and the card icons, in our own SVG (no images)."""

from __future__ import annotations

import math

from engine.kutschfahrt.cards import OCCUPATION_IDS

from ...kit import Html, keep

_ICON = {
    "key": '<circle cx="8" cy="12" r="4.5" fill="none" stroke="#8a6a12" stroke-width="2.4"/>'
           '<path d="M12.5 12H22M18 12v4M21 12v3" stroke="#8a6a12" stroke-width="2.4" fill="none"/>',
    "goblet": '<path d="M6 3h12c0 6-2.5 9-6 9s-6-3-6-9z" fill="#b0223a"/><path d="M12 12v7M8 21h8" '
              'stroke="#7d1628" stroke-width="2.4"/>',
    "bag": '<path d="M7 7h10l3 14H4z" fill="#7b5a35"/><path d="M9 7a3 3 0 016 0" fill="none" '
           'stroke="#5b3f20" stroke-width="2"/>',
    "sword": '<path d="M19 3l2 2-11 11-2-2z" fill="#8c96a3"/><path d="M6 13l5 5M4 20l4-4" stroke="#5b3f20" '
             'stroke-width="2.4"/>',
    "shield": '<path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="#3a6fb0"/><path d="M12 5v15" '
              'stroke="#cfe0f5" stroke-width="1.6"/>',
    "ring": '<circle cx="12" cy="14" r="6" fill="none" stroke="#8a6a12" stroke-width="2.6"/>'
            '<circle cx="12" cy="6" r="3" fill="#3d9a4a"/>',
    "eye": '<path d="M2 12c3-5 7-7 10-7s7 2 10 7c-3 5-7 7-10 7s-7-2-10-7z" fill="#f3ead8" stroke="#5b3f20" '
           'stroke-width="1.6"/><circle cx="12" cy="12" r="3.2" fill="#2c4a6e"/>',
    "pearl": '<circle cx="12" cy="12" r="7" fill="#222"/><circle cx="9.5" cy="9.5" r="2" fill="#888"/>',
    "mirror": '<ellipse cx="12" cy="10" rx="6" ry="7.5" fill="#cfe3ee" stroke="#6b655b" stroke-width="1.6"/>'
              '<path d="M9 5l3 5-2 4 4 3" stroke="#6b655b" fill="none" stroke-width="1.2"/><path d="M12 17.5V22" '
              'stroke="#6b655b" stroke-width="2"/>',
    "star": '<path d="M12 2l2.8 6.5 7 .6-5.3 4.6 1.6 6.9L12 17l-6.1 3.6 1.6-6.9L2.2 9.1l7-.6z" fill="#d9a520"/>',
    "book": '<path d="M4 4h7v16H4zM13 4h7v16h-7z" fill="#6d3b20"/><path d="M11 4h2v16h-2z" fill="#3d2010"/>',
    "scroll": '<rect x="5" y="3" width="14" height="18" rx="2" fill="#efe1bd" stroke="#8a6a3a" stroke-width="1.4"/>'
              '<path d="M8 8h8M8 12h8M8 16h5" stroke="#8a6a3a" stroke-width="1.3"/>',
    "person": '<circle cx="12" cy="7" r="4" fill="#5b3f20"/><path d="M4 22c0-5 3.5-8 8-8s8 3 8 8z" fill="#5b3f20"/>',
    "back": '<rect x="4" y="2" width="16" height="20" rx="2.5" fill="#3b2a4d"/><path d="M8 6l8 12M16 6L8 18" '
            'stroke="#a58cc4" stroke-width="1.3"/>',
    "coat": '<path d="M8 3l4 3 4-3 4 4-2 4v10H6V11L4 7z" fill="#4b5d3a"/>',
}
_KIND_ICON = {"key": "key", "goblet": "goblet", "bag_key": "bag", "bag_goblet": "bag", "bag": "bag",
              "dagger": "sword", "casting_knives": "sword", "gloves": "shield", "whip": "shield",
              "poison_ring": "ring", "privilege": "scroll", "monocle": "eye", "black_pearl": "pearl",
              "broken_mirror": "mirror", "sextant": "star", "coat": "coat", "tome": "book", "loge": "shield",
              "thug": "sword", "grand_master": "shield"}


def icon(name: str, cls: str = "kr-ico") -> Html:
    body = _ICON.get(name) or _ICON["scroll"]
    return Html(f'<svg class="{cls}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">{body}</svg>')


def kind_icon(kind: str) -> Html:
    if kind in OCCUPATION_IDS and kind not in _KIND_ICON:
        return icon("person")
    return icon(_KIND_ICON.get(kind, "scroll"))


def _coach_art() -> Html:
    """The coach seen from above: wooden body, benches, table, lanterns and wheels."""
    wheels = "".join(
        f'<g transform="translate({x} {y})"><circle r="46" fill="#3a2a1c"/><circle r="36" fill="#6d4c2e"/>'
        + "".join(f'<path d="M0 0L{36 * math.cos(a):.1f} {36 * math.sin(a):.1f}" stroke="#3a2a1c" stroke-width="5"/>'
                  for a in [i * math.pi / 4 for i in range(8)])
        + '<circle r="9" fill="#caa24a"/></g>'
        for x, y in ((170, 40), (830, 40), (170, 600), (830, 600)))
    lanterns = "".join(f'<g transform="translate({x} 320)"><circle r="18" fill="#f6d77a" opacity="0.9"/>'
                       f'<circle r="30" fill="#f6d77a" opacity="0.25"/></g>' for x in (22, 978))
    return Html(
        f'{wheels}{lanterns}'
        '<rect x="40" y="40" width="920" height="560" rx="260" fill="#6b4425" stroke="#3d2612" stroke-width="10"/>'
        '<rect x="70" y="70" width="860" height="500" rx="230" fill="#8c5a31"/>'
        '<rect x="110" y="105" width="780" height="430" rx="200" fill="#7a2e2e" stroke="#5a1f1f" stroke-width="6"/>'
        '<ellipse cx="500" cy="320" rx="250" ry="125" fill="#2f5a3f" stroke="#caa24a" stroke-width="6"/>'
        '<ellipse cx="500" cy="320" rx="228" ry="106" fill="none" stroke="#3f7352" stroke-width="3"/>')


COACH_ART = _coach_art()


def coach_svg() -> Html:
    """The coach's picture, the same all game long (kit.keep: a drawing sends it once)."""
    return keep("kr-coach-art", "svg", COACH_ART, cls="kr-coach-art", viewBox="0 0 1000 640",
                preserveAspectRatio="none", aria_hidden="true", focusable="false")
