"""Render web/icons/icon.svg into the PNG sizes browsers ask for.

    python scripts/make_icons.py      (needs Debian's chromium and playwright)

The PNGs are committed; run this again only when the SVG changes.  The
maskable icon keeps the drawing inside the 80% safe zone on the theme colour.
"""

from pathlib import Path

from chromium import ARGS, CHROMIUM
from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0), "apple-touch-icon.png": (180, 1.0),
         "maskable-512.png": (512, 0.8)}


def main():
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, (size, scale) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * scale)
            page.set_content(
                f'<body style="margin:0;background:{"#2f6f4f" if scale < 1 else "transparent"};display:flex;'
                f'align-items:center;justify-content:center;width:{size}px;height:{size}px">'
                f'<div style="width:{inner}px;height:{inner}px">{svg.replace("<svg ", f"<svg width={inner} height={inner} ", 1)}</div></body>')
            page.screenshot(path=str(ICONS / name), omit_background=scale >= 1)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
