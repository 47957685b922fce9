"""A scene (the JSON-ready description of a picture) drawn into a PNG.

The renderer draws only what the scene holds: titles, labelled rows of cards (by id, or backs with a
count), text lines and the legend. So checking the scene for hidden cards checks the picture.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.art import fonts
from bot.art.cardimg import BIG, SIZES, sprite, wrap
from bot.art.decks import all_cards
from bot.art.faces import face, style

WIDTH = 760
MARGIN = 16
GAP = {"big": 8, "small": 6}
TEXT = (236, 234, 224)
DIM = (186, 190, 180)
MARK = (255, 206, 64)
TITLE_SIZE = 26
LABEL_SIZE = 20
LINE_SIZE = 18
CAP_SIZE = 14


@lru_cache(maxsize=4096)
def _text_mask(line: str, path: str, size: int) -> tuple[Image.Image, int, int]:
    """A line of lettering as an 8-bit mask (cached: labels and effect lines repeat across pictures)."""
    font = fonts.load(path, size)
    left, top, right, bottom = font.getbbox(line)
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ImageDraw.Draw(mask).text((-left, -top), line, font=font, fill=255)
    return mask, int(left), int(top)


def _paste_text(
    canvas: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, line: str, font: fonts.Font, fill: Any
) -> None:
    path = getattr(font, "path", None)
    if not isinstance(path, str) or not isinstance(font, ImageFont.FreeTypeFont):
        d.text((x, y), line, font=font, fill=fill)  # Pillow's built-in font: drawn directly
        return
    mask, left, top = _text_mask(line, path, int(font.size))
    canvas.paste(fill, (int(x) + left, int(y) + top, int(x) + left + mask.width, int(y) + top + mask.height), mask)


def _inline_candidate(row: Mapping[str, Any]) -> bool:
    cards = row.get("cards") or ()
    return bool(row.get("label")) and bool(cards) and row.get("size") == "small" and not any(
        c.get("cap") for c in cards
    )


def _card_image(game: str, lang: str, size: str, card: Mapping[str, Any]) -> Image.Image:
    n = card.get("n")
    if card.get("back"):
        return sprite(game, "", lang, size, "down", None if n is None else int(n))
    return sprite(
        game, str(card["id"]), lang, size, str(card.get("state") or "up"), None if n is None else int(n)
    )


def _wrapped(d: ImageDraw.ImageDraw, text: str, size: int, width: int) -> list[tuple[str, fonts.Font]]:
    font = fonts.font_for(text, size)
    return [(line, font) for line in _lines(text, size, width)]


_PROBE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


@lru_cache(maxsize=4096)
def _lines(text: str, size: int, width: int) -> tuple[str, ...]:
    """Line breaks of a text (cached: Japanese is broken character by character, which costs)."""
    return tuple(wrap(_PROBE, text, fonts.font_for(text, size), width))


def draw(scene: Mapping[str, Any]) -> Image.Image:
    game = str(scene.get("game", ""))
    lang = str(scene.get("lang", "en"))
    look = style(game)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = int(scene.get("width") or WIDTH)
    inner = width - 2 * MARGIN
    # Measure and place everything first, then draw on a canvas of the right height.
    ops: list[tuple[str, Any]] = []
    y = MARGIN
    title = str(scene.get("title") or "")
    if title:
        for line, font in _wrapped(probe, title, TITLE_SIZE, inner):
            ops.append(("text", (MARGIN, y, line, font, TEXT)))
            y += TITLE_SIZE + 6
    for note in scene.get("notes") or ():
        for line, font in _wrapped(probe, str(note), LINE_SIZE, inner):
            ops.append(("text", (MARGIN, y, line, font, DIM)))
            y += LINE_SIZE + 5
    # Seats with few small cards put them beside their name; their cards start in one shared column.
    column = 0.0
    for row in scene.get("rows") or ():
        if _inline_candidate(row):
            label = str(row["label"])
            column = max(column, 18 + probe.textlength(label, font=fonts.font_for(label, LABEL_SIZE)) + 14)
    for row in scene.get("rows") or ():
        y += 8
        colour = MARK if row.get("mark") else TEXT
        label = str(row.get("label") or "")
        size = str(row.get("size") or "big")
        cards = row.get("cards") or ()
        start_x = MARGIN
        if _inline_candidate(row):
            # A seat's few small cards fit beside its name: one line instead of two (less scrolling)
            font = fonts.font_for(label, LABEL_SIZE)
            x_label = MARGIN + (18 if row.get("mark") else 0)
            imgs = [_card_image(game, lang, size, c) for c in cards]
            cards_w = sum(i.width for i in imgs) + GAP[size] * (len(imgs) - 1)
            if MARGIN + column + cards_w <= width - MARGIN:
                mid = y + SIZES[size][1] / 2
                if row.get("mark"):
                    ops.append(("dot", (MARGIN + 6, mid)))
                ops.append(("text", (x_label, mid - LABEL_SIZE / 2 - 2, label, font, colour)))
                start_x = int(MARGIN + column)
                label = ""
        if label:
            if row.get("mark"):
                ops.append(("dot", (MARGIN + 6, y + LABEL_SIZE / 2 + 1)))
            x_label = MARGIN + (18 if row.get("mark") else 0)
            for line, font in _wrapped(probe, label, LABEL_SIZE, inner - 18):
                ops.append(("text", (x_label, y, line, font, colour)))
                y += LABEL_SIZE + 6
        if cards:
            gap = GAP[size]
            caps = any(c.get("cap") for c in cards)
            x = start_x
            line_h = 0
            for card in cards:
                img = _card_image(game, lang, size, card)
                if x + img.width > width - MARGIN and x > MARGIN:
                    y += line_h + gap + (CAP_SIZE + 6 if caps else 0)
                    x = MARGIN
                    line_h = 0
                top = y + (SIZES[size][1] - img.height)  # sideways cards sit on the row's baseline
                ops.append(("card", (x, top, img)))
                if card.get("cap"):
                    ops.append(
                        (
                            "cap",
                            (x + img.width / 2, y + SIZES[size][1] + 4, str(card["cap"]), img.width + gap),
                        )
                    )
                x += img.width + gap
                line_h = max(line_h, SIZES[size][1])
            y += line_h + (CAP_SIZE + 6 if caps else 0)
        for text in row.get("lines") or ():
            y += 4
            for line, font in _wrapped(probe, str(text), LINE_SIZE, inner):
                ops.append(("text", (MARGIN, y, line, font, TEXT)))
                y += LINE_SIZE + 5
    legend = scene.get("legend") or ()
    if legend:
        y += 10
        ops.append(("rule", y))
        y += 8
        for text in legend:
            for line, font in _wrapped(probe, str(text), LINE_SIZE - 1, inner):
                ops.append(("text", (MARGIN, y, line, font, DIM)))
                y += LINE_SIZE + 4
            y += 3
    height = y + MARGIN
    canvas = Image.new("RGB", (width, height), look.table)
    d = ImageDraw.Draw(canvas)
    for kind, arg in ops:
        if kind == "text":
            x, ty, line, font, fill = arg
            _paste_text(canvas, d, x, ty, line, font, fill)
        elif kind == "card":
            x, ty, img = arg
            canvas.paste(img, (int(x), int(ty)), img)
        elif kind == "cap":
            cx, ty, text, room = arg
            font = fonts.font_for(text, CAP_SIZE)
            while len(text) > 1 and d.textlength(text, font=font) > room:
                text = text[:-1]
            d.text((cx, ty), text, font=font, fill=DIM, anchor="mt")
        elif kind == "dot":
            cx, cy = arg
            d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=MARK)
        elif kind == "rule":
            d.line((MARGIN, arg, width - MARGIN, arg), fill=DIM, width=1)
    return canvas


@lru_cache(maxsize=16)
def palette(game: str) -> Image.Image:
    """A fixed 256-colour palette per game, learnt once from a swatch of its card colours and lettering.

    Mapping to a fixed palette costs under a millisecond, where an adaptive one costs ~10 ms per
    picture; flat card art has few colours, so nothing visible is lost and the PNGs stay small.
    """
    look = style(game)
    groups: dict[tuple[Any, ...], str] = {}
    for cid in all_cards(game):
        f = face(game, cid, "en")
        groups.setdefault((f.colour, f.style, bool(f.corner)), cid)
    sprites = [sprite(game, "", "en", "big", "down", 3)]
    for cid in groups.values():
        sprites.extend(
            sprite(game, cid, "en", size, state) for size in ("big", "small") for state in ("up", "used")
        )
    width = 8 * (BIG[0] + 4)
    rows = (len(sprites) + 7) // 8
    swatch = Image.new("RGB", (width, rows * (BIG[1] + 4) + 80), look.table)
    for i, img in enumerate(sprites):
        swatch.paste(img, ((i % 8) * (BIG[0] + 4), (i // 8) * (BIG[1] + 4)), img)
    d = ImageDraw.Draw(swatch)
    y = rows * (BIG[1] + 4) + 4
    for colour in (TEXT, DIM, MARK):
        d.text((4, y), "Aa Bb 0123 あア漢 · ●", font=fonts.font_for("Aa", LABEL_SIZE), fill=colour)
        d.ellipse((width - 30, y, width - 18, y + 12), fill=colour)
        y += 24
    return swatch.quantize(colors=255, method=Image.Quantize.FASTOCTREE)


def to_png(img: Image.Image, game: str) -> bytes:
    """PNG bytes in the game's fixed palette (small, and fast to encode and to send)."""
    out = io.BytesIO()
    img.quantize(palette=palette(game), dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)
    return out.getvalue()


def render(scene: Mapping[str, Any]) -> bytes:
    return to_png(draw(scene), str(scene.get("game", "")))
