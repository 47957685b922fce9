"""One card as a small RGBA picture, in two sizes and four states (face up, sideways, face down, used).

Sprites are cached (a bounded LRU keyed by game, card, language, size and state): a hand or board is
then mostly pasting. The design is sized for phones: a big card is 112x160 px, a small one 64x92 px,
in a picture 760 px wide that a phone shows at about half that, so the big lettering stays >= 10 dp.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.art import fonts, shapes
from bot.art.faces import DARK, WHITE, Face, face, style

BIG = (112, 160)
SMALL = (64, 92)
SIZES = {"big": BIG, "small": SMALL}
RADIUS = {"big": 10, "small": 7}
LIGHT: tuple[int, int, int] = (252, 250, 244)


def _darker(c: tuple[int, int, int], k: float = 0.7) -> tuple[int, int, int]:
    return (int(c[0] * k), int(c[1] * k), int(c[2] * k))


def fit(
    draw: ImageDraw.ImageDraw, text: str, width: float, size: int, smallest: int = 9
) -> tuple[str, fonts.Font]:
    """The text at the largest size <= `size` that fits `width`, clipped with an ellipsis at the smallest."""
    while True:
        font = fonts.font_for(text, size)
        if draw.textlength(text, font=font) <= width or size <= smallest:
            break
        size -= 1
    if draw.textlength(text, font=font) <= width:
        return text, font
    while len(text) > 1 and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…", font


def centred(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    width: float,
    size: int,
    fill: tuple[int, int, int],
    smallest: int = 9,
) -> None:
    text, font = fit(draw, text, width, size, smallest)
    draw.text(xy, text, font=font, fill=fill, anchor="mm")


def _halves(text: str) -> tuple[str, str]:
    """Two lines for a name too long for one: at the space nearest the middle, else (one word) in the
    middle with a hyphen ("Investi-" / "gator"); Japanese breaks between characters, without one."""
    middle = len(text) / 2
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - middle))
        return text[:cut], text[cut + 1 :]
    if not text.isascii():
        cut = (len(text) + 1) // 2
        return text[:cut], text[cut:]
    # between two consonants near the middle ("Scaven-ger"), else the middle itself
    vowels = set("aeiouyAEIOUY")
    cuts = range(max(2, int(middle) - 2), min(len(text) - 1, int(middle) + 3))
    good = [c for c in cuts if text[c - 1] not in vowels and text[c] not in vowels and text[c - 1].isalpha()]
    cut = min(good, key=lambda c: abs(c - middle)) if good else (len(text) + 1) // 2
    return text[:cut] + "-", text[cut:]


def small_name(
    draw: ImageDraw.ImageDraw,
    centre_x: float,
    band: tuple[float, float],
    text: str,
    width: float,
    fill: tuple[int, int, int],
) -> None:
    """A whole name on a small card (players told "Scav", "Inve" and "Guar" apart badly): one line at
    15 down to 9 points, else two lines at 12 down to 8, else one clipped line."""
    top, bottom = band
    middle = (top + bottom) / 2
    for size in range(15, 8, -1):
        font = fonts.font_for(text, size)
        if draw.textlength(text, font=font) <= width:
            draw.text((centre_x, middle), text, font=font, fill=fill, anchor="mm")
            return
    first, second = _halves(text)
    for size in range(12, 7, -1):
        font = fonts.font_for(text, size)
        step = size + 1
        if (
            max(draw.textlength(first, font=font), draw.textlength(second, font=font)) <= width
            and 2 * step <= bottom - top + 2
        ):
            draw.text((centre_x, middle - step / 2), first, font=font, fill=fill, anchor="mm")
            draw.text((centre_x, middle + step / 2), second, font=font, fill=fill, anchor="mm")
            return
    centred(draw, (centre_x, middle), text, width, 10, fill, 8)


def _body(size: str, f: Face) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    w, h = SIZES[size]
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = RADIUS[size]
    edge = _darker(f.colour, 0.6)
    if f.style in ("band", "note"):
        d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=f.colour, outline=edge, width=2)
    elif f.style == "frame":
        d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=f.colour, outline=edge, width=2)
        inset = 6 if size == "big" else 4
        d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), max(2, r - 4), fill=LIGHT)
    else:  # pip: a light card with a coloured stripe and coloured lettering
        d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=LIGHT, outline=_darker(f.colour, 0.8), width=2)
        stripe = 10 if size == "big" else 7
        d.rounded_rectangle((2, 2, w - 3, stripe + 4), r - 2, fill=f.colour)
        d.rectangle((2, stripe, w - 3, stripe + 4), fill=LIGHT)
    return img, d


def _lettering(f: Face) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(ink, background under the ink) for the card's style."""
    if f.style in ("frame", "pip"):
        r, g, b = f.colour
        luma = 0.299 * r + 0.587 * g + 0.114 * b
        ink = f.colour if luma < 160 else (_darker(f.colour, 0.55) if luma < 215 else DARK)
        return ink, LIGHT
    return f.ink, f.colour


def draw_big(f: Face) -> Image.Image:
    img, d = _body("big", f)
    w, h = BIG
    ink, under = _lettering(f)
    if f.style == "note":
        centred(d, (w / 2, 18), f.corner, w - 16, 18, f.ink)
        _wrap_in(d, f.effect, (8, 34, w - 8, h - 8), f.ink)
        return img
    if f.corner:
        size = 30 if len(f.corner) <= 2 else 22
        d.text((10, 8 if f.style != "pip" else 12), f.corner, font=fonts.font_for(f.corner, size), fill=ink)
        shapes.sign(d, f.sign, w - 20, 24, 9, ink, under)
    else:
        shapes.sign(d, f.sign, 22, 24, 10, ink, under)
    if f.title or f.sub:
        shapes.sign(d, f.sign, w / 2, 70, 26 if f.corner else 30, ink, under)
        band_top = 108
        if f.style == "band":
            d.rounded_rectangle((5, band_top, w - 6, h - 6), 6, fill=LIGHT)
            text_ink = DARK
        else:
            text_ink = ink if f.style == "pip" else DARK
            if f.style == "frame":
                d.rectangle((6, band_top, w - 7, h - 7), fill=f.colour)
                text_ink = f.ink
        if f.sub:
            centred(d, (w / 2, band_top + 16), f.title, w - 16, 17, text_ink)
            centred(d, (w / 2, band_top + 36), f.sub, w - 16, 13, text_ink)
        else:
            centred(d, (w / 2, band_top + 24), f.title, w - 16, 18, text_ink)
    else:  # a plain number card: the number big in the middle
        centred(d, (w / 2, 84), f.corner, w - 20, 60, ink)
        shapes.sign(d, f.sign, w - 22, h - 24, 11, ink, under)
    return img


def draw_small(f: Face) -> Image.Image:
    img, d = _body("small", f)
    w, h = SMALL
    ink, under = _lettering(f)
    if f.style == "note":
        centred(d, (w / 2, h / 2), f.corner, w - 8, 22, f.ink)
        return img
    if f.corner:
        centred(d, (w / 2, 34 if f.style != "pip" else 36), f.corner, w - 8, 30, ink)
        shapes.sign(d, f.sign, w / 2, 70, 10, ink, under)
    else:
        shapes.sign(d, f.sign, w / 2, 32, 17, ink, under)
        if f.style == "band":
            d.rounded_rectangle((4, 60, w - 5, h - 5), 4, fill=LIGHT)
            small_name(d, w / 2, (61, h - 6), f.short or f.title, w - 10, DARK)
        else:
            small_name(d, w / 2, (58, h - 5), f.short or f.title, w - 12, ink)
    return img


def _wrap_in(
    d: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int], fill: tuple[int, int, int]
) -> None:
    """Wrap `text` into `box`, shrinking the font until it fits."""
    x0, y0, x1, y1 = box
    for size in (16, 14, 13, 12, 11, 10):
        font = fonts.font_for(text, size)
        lines = wrap(d, text, font, x1 - x0)
        if len(lines) * (size + 3) <= y1 - y0:
            break
    for i, line in enumerate(lines):
        d.text((x0, y0 + i * (size + 3)), line, font=font, fill=fill)


_NO_LINE_START = frozenset("、。，．）」』】〕！？ー・：ゃゅょっャュョッ")


def wrap(d: ImageDraw.ImageDraw, text: str, font: fonts.Font, width: float) -> list[str]:
    """Greedy line breaking by words, or by characters for Japanese (no spaces)."""
    if d.textlength(text, font=font) <= width:
        return [text]
    units = text.split(" ") if text.isascii() else list(text)
    joiner = " " if text.isascii() else ""
    lines: list[str] = []
    current = ""
    for unit in units:
        trial = f"{current}{joiner}{unit}" if current else unit
        if current and d.textlength(trial, font=font) > width and unit not in _NO_LINE_START:
            lines.append(current)
            current = unit
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def draw_back(game: str, size: str, count: int | None = None) -> Image.Image:
    look = style(game)
    w, h = SIZES[size]
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = RADIUS[size]
    d.rounded_rectangle((0, 0, w - 1, h - 1), r, fill=look.back, outline=_darker(look.back, 0.6), width=2)
    inset = 6 if size == "big" else 4
    mark = _darker(look.back, 1.35) if sum(look.back) < 500 else _darker(look.back, 0.8)
    mark = (min(mark[0], 255), min(mark[1], 255), min(mark[2], 255))
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), max(2, r - 4), outline=mark, width=2)
    for y in range(inset + 8, h - inset - 4, 14 if size == "big" else 10):
        d.line((inset + 4, y, w - inset - 5, y), fill=_darker(look.back, 0.85), width=1)
    shapes.sign(d, look.back_mark, w / 2, h / 2, w * 0.22, mark, look.back)
    if count is not None:
        d.ellipse((w / 2 - 17, h / 2 - 17, w / 2 + 17, h / 2 + 17), fill=WHITE)
        centred(d, (w / 2, h / 2 + 1), str(count), 30, 20, DARK, 10)
    return img


@lru_cache(maxsize=4096)
def sprite(game: str, card: str, lang: str, size: str, state: str, n: int | None = None) -> Image.Image:
    """The picture of one card. state: up | side (turned 90°) | used (dimmed, marked) | down (its back)."""
    if state == "down":
        return draw_back(game, size, n)
    extra: dict[str, object] = {"n": n} if n is not None else {}
    if state in ("used", "bid", "turned"):
        extra["state"] = state
    f = face(game, card, lang, **extra)
    img = draw_big(f) if size == "big" else draw_small(f)
    if state in ("used", "turned"):
        shade = Image.new("RGBA", img.size, (20, 20, 20, 120))
        img = Image.alpha_composite(
            img, Image.composite(shade, Image.new("RGBA", img.size), img.getchannel("A"))
        )
    if state == "side":
        img = img.rotate(90, expand=True)
    return img
