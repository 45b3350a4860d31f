"""site/public/favicon.ico, made from site/static/img/icon.svg. Run it by hand
when the icon changes, and commit the result:

    .venv/bin/python -m sitebuild.favicon

Chromium (Playwright's, at /usr/bin/chromium) draws the SVG at 16, 32 and
48 px on a transparent page; each drawing goes into the .ico as a PNG entry,
which every browser reads. The build copies site/public/** into dist/, so
/favicon.ico is served beside the pages for whatever asks for it without
reading a page's <link rel="icon"> (the SVG).
"""

from __future__ import annotations

import base64
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "site" / "static" / "img" / "icon.svg"
ICO = ROOT / "site" / "public" / "favicon.ico"
SIZES = (16, 32, 48)
CHROMIUM = "/usr/bin/chromium"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pack_ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico holding each square PNG of `pngs` (size in px -> PNG bytes) as an entry."""
    if not pngs:
        raise ValueError("an .ico needs at least one image")
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 (icon), count
    entries = b""
    images = b""
    offset = len(header) + 16 * len(pngs)
    for size, png in sorted(pngs.items()):
        if not 1 <= size <= 256 or not png.startswith(PNG_SIGNATURE):
            raise ValueError(f"entry {size}: not a PNG of 1 to 256 px")
        side = size % 256  # 0 stands for 256
        # width, height, colours in palette, reserved, planes, bits per pixel, bytes, offset
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(images))
        images += png
    return header + entries + images


def render(svg: bytes, sizes: tuple[int, ...] = SIZES) -> dict[int, bytes]:
    """PNGs of `svg` at each size, drawn by Chromium with a transparent background."""
    from playwright.sync_api import sync_playwright

    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    pngs = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        for size in sizes:
            page.set_viewport_size({"width": size, "height": size})
            img = f'<img src="{src}" width="{size}" height="{size}" style="display:block">'
            page.set_content(f'<body style="margin:0">{img}</body>')
            page.wait_for_function("() => document.images[0].complete")
            box = {"x": 0, "y": 0, "width": size, "height": size}
            pngs[size] = page.screenshot(omit_background=True, clip=box)
        browser.close()
    return pngs


def main() -> int:
    ICO.parent.mkdir(parents=True, exist_ok=True)
    ICO.write_bytes(pack_ico(render(SVG.read_bytes())))
    print(f"wrote {ICO.relative_to(ROOT)} ({ICO.stat().st_size} bytes, {', '.join(map(str, SIZES))} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
