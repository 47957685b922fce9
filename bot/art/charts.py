"""Pictures of the boards people compare: the leaderboard as a table (rating and its trend since last
week) and /stats as a rating plot per game over the per-game figures.

Drawn with Pillow alone, like the card pictures: a line plot and a table are a few dozen lines and
polygons, which Pillow draws in a few milliseconds, where a plotting library (matplotlib and numpy,
tens of megabytes installed and a few hundred milliseconds to import) would spend most of the 30 ms
budget on one figure. As with the boards, a picture is drawn from a scene (JSON-ready data) alone, and
the scene holds only public figures (names, ratings, counts), the same as the words sent below it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.art import fonts
from bot.art.labels import tr
from games.core import i18n

BG = (28, 31, 38)
PANEL = (38, 42, 52)
HILITE = (58, 66, 92)
TEXT = (232, 234, 240)
DIM = (150, 156, 170)
UP = (96, 200, 120)
DOWN = (232, 96, 96)
GRID = (70, 75, 88)
SERIES = ((98, 160, 255), (255, 180, 70), (120, 210, 150), (230, 110, 200), (250, 240, 110), (140, 220, 230))
MAX_POINTS = 120  # per plotted game: enough for the shape, and the scene (the cache key) stays small

i18n.register(
    {
        "art.lb.rank": {"en": "#", "ja": "順位"},
        "art.lb.player": {"en": "Player", "ja": "プレイヤー"},
        "art.lb.rating": {"en": "Rating", "ja": "レート"},
        "art.lb.week": {"en": "7 days", "ja": "7日間"},
        "art.lb.games": {"en": "Games", "ja": "対局"},
        "art.lb.wins": {"en": "Wins", "ja": "勝利"},
        "art.lb.new": {"en": "new", "ja": "新"},
        "art.lb.page": {"en": "Page {page} of {pages} · {total} players", "ja": "{page} / {pages} ページ・{total}人"},
        "art.lb.you": {"en": "You", "ja": "あなた"},
        "art.lb.empty": {"en": "No rated games yet.", "ja": "まだレート対象の対局はありません。"},
        "art.st.game": {"en": "Game", "ja": "ゲーム"},
        "art.st.average": {"en": "Avg place", "ja": "平均順位"},
        "art.st.streak": {"en": "Best streak", "ja": "最長連勝"},
        "art.st.plot": {"en": "Rating after each game", "ja": "対局ごとのレート"},
        "art.st.few": {"en": "The plot starts after the first rated game.", "ja": "グラフはレート対象の対局の後に表示されます。"},
    }
)


def trend_text(trend: float | None, lang: str) -> str:
    if trend is None:
        return tr("art.lb.new", lang)
    if abs(trend) < 0.05:
        return "±0.0"
    return f"{'+' if trend > 0 else '−'}{abs(trend):.1f}"


def leaderboard_scene(
    title: str,
    subtitle: str,
    rows: Sequence[tuple[int, str, float, float | None, int, int]],
    viewer: tuple[int, str, float, float | None, int, int] | None,
    viewer_on_page: bool,
    page: int,
    pages: int,
    total: int,
    lang: str,
) -> dict[str, Any]:
    """A leaderboard page as a scene: rows are (rank, name, rating, trend or None, games, wins)."""

    def line(r: tuple[int, str, float, float | None, int, int]) -> list[Any]:
        rank, name, rating, trend, games, wins = r
        sign = 0 if trend is None or abs(trend) < 0.05 else (1 if trend > 0 else -1)
        return [rank, name, f"{rating:.1f}", trend_text(trend, lang), sign, games, wins]

    return {
        "kind": "leaderboard",
        "lang": lang,
        "title": title,
        "subtitle": subtitle,
        "rows": [line(r) for r in rows],
        "viewer": line(viewer) if viewer is not None else None,
        "viewer_on_page": viewer_on_page,
        "footer": tr("art.lb.page", lang, page=page + 1, pages=pages, total=total),
    }


def stats_scene(
    title: str,
    subtitle: str,
    games: Sequence[tuple[str, float, int, int, int, float | None, int, Sequence[tuple[float, float]]]],
    lang: str,
) -> dict[str, Any]:
    """/stats as a scene: per game (name, rating, rank, games, wins, average place or None, best streak,
    [(time, rating)...]); the first game is the all-games line."""
    out = []
    for name, rating, rank, played, wins, average, streak, points in games:
        step = max(1, -(-len(points) // MAX_POINTS))
        kept = list(points[::step])
        if points and kept[-1] != points[-1]:
            kept.append(points[-1])
        out.append(
            {
                "name": name,
                "cells": [name, f"{rating:.1f}", f"#{rank}", played, wins, "–" if average is None else f"{average:.2f}", streak],
                "points": [[round(t), round(o, 2)] for t, o in kept],
            }
        )
    return {"kind": "stats", "lang": lang, "title": title, "subtitle": subtitle, "games": out}


def render_chart(scene: Mapping[str, Any]) -> bytes:
    """The PNG of a leaderboard or stats scene."""
    img = draw_leaderboard(scene) if scene["kind"] == "leaderboard" else draw_stats(scene)
    out = io.BytesIO()
    img.quantize(palette=_palette(), dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)
    return out.getvalue()


# --- drawing ------------------------------------------------------------------------------------------
TITLE, LABEL, CELL = 26, 15, 18
ROW = 34


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
          anchor: str = "la") -> None:
    d.text(xy, text, font=fonts.font_for(text, size), fill=fill, anchor=anchor)


def _fit(text: str, size: int, width: float) -> str:
    """The text cut with an ellipsis to `width` pixels (a long name cannot push the columns apart)."""
    font = fonts.font_for(text, size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


LB_WIDTH = 720
LB_COLUMNS = (  # (label code, x, anchor); the name column is left-aligned, the figures right-aligned
    ("art.lb.rank", 52, "ra"),
    ("art.lb.player", 72, "la"),
    ("art.lb.rating", 470, "ra"),
    ("art.lb.week", 566, "ra"),
    ("art.lb.games", 640, "ra"),
    ("art.lb.wins", 700, "ra"),
)


def draw_leaderboard(scene: Mapping[str, Any]) -> Image.Image:
    lang = str(scene["lang"])
    rows: list[list[Any]] = list(scene["rows"])
    viewer = scene.get("viewer")
    extra = viewer is not None and not scene.get("viewer_on_page")
    height = 104 + ROW * max(1, len(rows)) + (ROW + 14 if extra else 0) + 40
    img = Image.new("RGB", (LB_WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    _text(d, (20, 14), _fit(str(scene["title"]), TITLE, LB_WIDTH - 40), TITLE, TEXT)
    _text(d, (20, 50), _fit(str(scene["subtitle"]), LABEL, LB_WIDTH - 40), LABEL, DIM)
    y = 78
    for code, x, anchor in LB_COLUMNS:
        _text(d, (x, y + LABEL), tr(code, lang), LABEL, DIM, anchor[0] + "s")
    y += 26
    if not rows:
        _text(d, (20, y + 6), tr("art.lb.empty", lang), CELL, DIM)
    mine = viewer[0] if viewer is not None else None
    for i, row in enumerate(rows):
        top = y + i * ROW
        if row[0] == mine:
            d.rectangle((10, top, LB_WIDTH - 10, top + ROW - 4), fill=HILITE)
        elif i % 2 == 0:
            d.rectangle((10, top, LB_WIDTH - 10, top + ROW - 4), fill=PANEL)
        _row(d, row, top + 6)
    y += ROW * max(1, len(rows))
    if extra:
        assert viewer is not None
        d.line((20, y + 4, LB_WIDTH - 20, y + 4), fill=GRID, width=1)
        top = y + 14
        d.rectangle((10, top, LB_WIDTH - 10, top + ROW - 4), fill=HILITE)
        _row(d, viewer, top + 6)
        y = top + ROW
    _text(d, (LB_WIDTH - 20, y + 10), str(scene["footer"]), LABEL, DIM, "ra")
    return img


def _row(d: ImageDraw.ImageDraw, row: Sequence[Any], y: float) -> None:
    rank, name, rating, trend, sign, games, wins = row
    xs = [x for _code, x, _a in LB_COLUMNS]
    y += CELL  # on the baseline: Latin and Japanese lettering (two fonts) line up
    _text(d, (xs[0], y), str(rank), CELL, TEXT, "rs")
    _text(d, (xs[1], y), _fit(str(name), CELL, xs[2] - xs[1] - 90), CELL, TEXT, "ls")
    _text(d, (xs[2], y), str(rating), CELL, TEXT, "rs")
    _text(d, (xs[3], y), str(trend), CELL, UP if sign > 0 else DOWN if sign < 0 else DIM, "rs")
    _text(d, (xs[4], y), str(games), CELL, TEXT, "rs")
    _text(d, (xs[5], y), str(wins), CELL, TEXT, "rs")


ST_WIDTH = 760
PLOT_H = 240
PLOT_TOP = 108
ST_COLUMNS = (  # (label code, x, anchor)
    ("art.st.game", 44, "la"),
    ("art.lb.rating", 330, "ra"),
    ("art.lb.rank", 400, "ra"),
    ("art.lb.games", 480, "ra"),
    ("art.lb.wins", 550, "ra"),
    ("art.st.average", 650, "ra"),
    ("art.st.streak", 740, "ra"),
)


def draw_stats(scene: Mapping[str, Any]) -> Image.Image:
    lang = str(scene["lang"])
    games: list[Mapping[str, Any]] = list(scene["games"])
    height = PLOT_TOP + PLOT_H + 60 + 30 + ROW * max(1, len(games)) + 16
    img = Image.new("RGB", (ST_WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    _text(d, (20, 14), _fit(str(scene["title"]), TITLE, ST_WIDTH - 40), TITLE, TEXT)
    _text(d, (20, 50), _fit(str(scene["subtitle"]), LABEL, ST_WIDTH - 40), LABEL, DIM)
    _plot(d, games, (60, PLOT_TOP, ST_WIDTH - 20, PLOT_TOP + PLOT_H), lang)
    y = PLOT_TOP + PLOT_H + 50
    for code, x, anchor in ST_COLUMNS:
        _text(d, (x, y + LABEL), tr(code, lang), LABEL, DIM, anchor[0] + "s")
    y += 26
    for i, game in enumerate(games):
        top = y + i * ROW
        if i % 2 == 0:
            d.rectangle((10, top, ST_WIDTH - 10, top + ROW - 4), fill=PANEL)
        d.rectangle((20, top + 10, 34, top + 24), fill=SERIES[i % len(SERIES)])
        for (code, x, anchor), cell in zip(ST_COLUMNS, game["cells"], strict=True):
            text = _fit(str(cell), CELL, 240) if code == "art.st.game" else str(cell)
            _text(d, (x, top + 6 + CELL), text, CELL, TEXT, anchor[0] + "s")
    return img


def _plot(d: ImageDraw.ImageDraw, games: Sequence[Mapping[str, Any]], box: tuple[int, int, int, int], lang: str) -> None:
    left, top, right, bottom = box
    d.rectangle(box, fill=PANEL)
    _text(d, (left, top - 6), tr("art.st.plot", lang), LABEL, DIM, "ls")
    points = [p for g in games for p in g["points"]]
    if len(points) < 2:
        _text(d, ((left + right) / 2, (top + bottom) / 2), tr("art.st.few", lang), CELL, DIM, "mm")
        return
    t0, t1 = min(p[0] for p in points), max(p[0] for p in points)
    lo, hi = float(min(p[1] for p in points)), float(max(p[1] for p in points))
    pad = max(1.0, (hi - lo) * 0.08)
    lo, hi = lo - pad, hi + pad
    for k in range(5):  # the grid and its ratings
        value = lo + (hi - lo) * k / 4
        y = bottom - (bottom - top) * k / 4
        d.line((left, y, right, y), fill=GRID, width=1)
        _text(d, (left - 6, y), f"{value:.0f}", LABEL, DIM, "rm")
    for stamp, anchor, x in ((t0, "la", left), (t1, "ra", right)):
        _text(d, (x, bottom + 6), _date(stamp), LABEL, DIM, anchor)

    def at(p: Sequence[float]) -> tuple[float, float]:
        x = left + (right - left) * ((p[0] - t0) / (t1 - t0) if t1 > t0 else 0.5)
        return x, bottom - (bottom - top) * (p[1] - lo) / (hi - lo)

    for i, game in enumerate(games):
        xy = [at(p) for p in game["points"]]
        colour = SERIES[i % len(SERIES)]
        if len(xy) >= 2:
            d.line(xy, fill=colour, width=3 if i == 0 else 2, joint="curve")
        if xy:
            end_x, end_y = xy[-1]
            d.ellipse((end_x - 4, end_y - 4, end_x + 4, end_y + 4), fill=colour)


def _date(stamp: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d")


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One fixed palette for every chart, learnt once from a swatch of its colours and lettering:
    mapping to it costs about a millisecond where an adaptive palette costs several."""
    swatch = Image.new("RGB", (400, 40 * (9 + len(SERIES))), BG)
    d = ImageDraw.Draw(swatch)
    for i, (fill, back) in enumerate(
        [(TEXT, BG), (TEXT, PANEL), (TEXT, HILITE), (DIM, BG), (DIM, PANEL), (UP, PANEL), (DOWN, PANEL),
         (UP, BG), (DOWN, BG)] + [(c, PANEL) for c in SERIES]
    ):
        d.rectangle((0, i * 40, 400, i * 40 + 40), fill=back)
        d.text((4, i * 40 + 8), "Aa 0123 あア漢 ±−…", font=fonts.font_for("Aa", CELL), fill=fill)
        d.line((250, i * 40 + 5, 390, i * 40 + 35), fill=fill, width=3)
        d.line((250, i * 40 + 35, 390, i * 40 + 5), fill=GRID, width=1)
    return swatch.quantize(colors=255, method=Image.Quantize.FASTOCTREE)
