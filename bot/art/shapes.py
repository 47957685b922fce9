"""Suit signs and emblems drawn as plain shapes (our own art: no glyphs, so no font can lack them).

Each sign fits a square of side 2r centred on (cx, cy). Shapes are simple on purpose: at phone size a
sign is 10-20 pixels, and what matters is that seven suits look different even without colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

RGB = tuple[int, int, int]
Pt = tuple[float, float]


def _poly(d: ImageDraw.ImageDraw, pts: list[Pt], fill: RGB) -> None:
    d.polygon(pts, fill=fill)


def heart(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    q = r * 0.52
    d.ellipse((cx - r, cy - r * 0.8, cx - r + 2 * q, cy - r * 0.8 + 2 * q), fill=fill)
    d.ellipse((cx + r - 2 * q, cy - r * 0.8, cx + r, cy - r * 0.8 + 2 * q), fill=fill)
    _poly(d, [(cx - r * 0.98, cy - r * 0.18), (cx + r * 0.98, cy - r * 0.18), (cx, cy + r)], fill)


def triangle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(d, [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill)


def square(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    s = r * 0.82
    d.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill)


def diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(d, [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)], fill)


def circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    s = r * 0.85
    d.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill)


def club(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    q = r * 0.42
    for ox, oy in ((0, -r * 0.5), (-r * 0.5, r * 0.05), (r * 0.5, r * 0.05)):
        d.ellipse((cx + ox - q, cy + oy - q, cx + ox + q, cy + oy + q), fill=fill)
    _poly(
        d, [(cx - r * 0.12, cy), (cx + r * 0.12, cy), (cx + r * 0.35, cy + r), (cx - r * 0.35, cy + r)], fill
    )


def plant(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A sprout: two leaves on a stem."""
    d.rectangle((cx - r * 0.1, cy - r * 0.2, cx + r * 0.1, cy + r), fill=fill)
    d.ellipse((cx - r, cy - r * 0.9, cx, cy + r * 0.1), fill=fill)
    d.ellipse((cx, cy - r * 0.55, cx + r * 0.9, cy + r * 0.35), fill=fill)


def spade(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    q = r * 0.5
    d.ellipse((cx - r * 0.95, cy - r * 0.2, cx - r * 0.95 + 2 * q, cy - r * 0.2 + 2 * q), fill=fill)
    d.ellipse((cx + r * 0.95 - 2 * q, cy - r * 0.2, cx + r * 0.95, cy - r * 0.2 + 2 * q), fill=fill)
    _poly(d, [(cx, cy - r), (cx + r * 0.93, cy + r * 0.3), (cx - r * 0.93, cy + r * 0.3)], fill)
    _poly(
        d,
        [
            (cx - r * 0.1, cy + r * 0.2),
            (cx + r * 0.1, cy + r * 0.2),
            (cx + r * 0.35, cy + r),
            (cx - r * 0.35, cy + r),
        ],
        fill,
    )


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts: list[Pt] = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + r * 0.08 + rad * math.sin(a)))
    _poly(d, pts, fill)


def moon(
    d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, bg: RGB = (255, 255, 255)
) -> None:
    d.ellipse((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), fill=fill)
    d.ellipse((cx - r * 0.45, cy - r * 1.0, cx + r * 1.05, cy + r * 0.6), fill=bg)


def quatrefoil(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    q = r * 0.48
    for ox, oy in ((0, -q), (0, q), (-q, 0), (q, 0)):
        d.ellipse((cx + ox - q, cy + oy - q, cx + ox + q, cy + oy + q), fill=fill)


def crown(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(
        d,
        [
            (cx - r, cy + r * 0.7), (cx - r, cy - r * 0.6), (cx - r * 0.5, cy), (cx, cy - r * 0.9),
            (cx + r * 0.5, cy), (cx + r, cy - r * 0.6), (cx + r, cy + r * 0.7),
        ],
        fill,
    )  # fmt: skip


def flag(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.rectangle((cx - r * 0.75, cy - r, cx - r * 0.55, cy + r), fill=fill)
    _poly(d, [(cx - r * 0.55, cy - r), (cx + r, cy - r * 0.55), (cx - r * 0.55, cy - r * 0.05)], fill)


def gem(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(
        d,
        [
            (cx - r, cy - r * 0.3),
            (cx - r * 0.5, cy - r * 0.8),
            (cx + r * 0.5, cy - r * 0.8),
            (cx + r, cy - r * 0.3),
            (cx, cy + r),
        ],
        fill,
    )


def hourglass(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(
        d,
        [
            (cx - r * 0.75, cy - r),
            (cx + r * 0.75, cy - r),
            (cx, cy),
            (cx + r * 0.75, cy + r),
            (cx - r * 0.75, cy + r),
            (cx, cy),
        ],
        fill,
    )


def sword(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    _poly(
        d,
        [
            (cx, cy - r),
            (cx + r * 0.16, cy - r * 0.75),
            (cx + r * 0.16, cy + r * 0.35),
            (cx - r * 0.16, cy + r * 0.35),
            (cx - r * 0.16, cy - r * 0.75),
        ],
        fill,
    )
    d.rectangle((cx - r * 0.55, cy + r * 0.35, cx + r * 0.55, cy + r * 0.5), fill=fill)
    d.rectangle((cx - r * 0.12, cy + r * 0.5, cx + r * 0.12, cy + r), fill=fill)


def sun(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    for i in range(8):
        a = i * math.pi / 4
        d.line((cx, cy, cx + r * math.cos(a), cy + r * math.sin(a)), fill=fill, width=max(2, int(r / 5)))
    s = r * 0.55
    d.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill)


def drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.ellipse((cx - r * 0.7, cy - r * 0.3, cx + r * 0.7, cy + r), fill=fill)
    _poly(d, [(cx, cy - r), (cx + r * 0.62, cy + r * 0.1), (cx - r * 0.62, cy + r * 0.1)], fill)


def ring(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    s = r * 0.85
    d.ellipse((cx - s, cy - s, cx + s, cy + s), outline=fill, width=max(2, int(r / 3.5)))


SIGNS: dict[str, Callable[..., None]] = {
    "heart": heart,
    "triangle": triangle,
    "square": square,
    "diamond": diamond,
    "circle": circle,
    "club": club,
    "plant": plant,
    "spade": spade,
    "star": star,
    "moon": moon,
    "quatrefoil": quatrefoil,
    "crown": crown,
    "flag": flag,
    "gem": gem,
    "hourglass": hourglass,
    "sword": sword,
    "sun": sun,
    "drop": drop,
    "ring": ring,
}


def sign(d: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float, fill: RGB, bg: RGB) -> None:
    """Draw sign `name` (no-op for an unknown or empty name); `bg` is needed by the moon's cut-out."""
    fn = SIGNS.get(name)
    if fn is None:
        return
    if fn is moon:
        moon(d, cx, cy, r, fill, bg)
    else:
        fn(d, cx, cy, r, fill)
