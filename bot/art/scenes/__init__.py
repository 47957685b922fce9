"""Scenes: the JSON-ready source data of each picture, built only from what its audience may see.

`hand_scene` takes a seat's view (games' `view(state, seat)`), `board_scene` the public view (seat None),
`result_scene` the outcome (public). Nothing here reads a game State.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.art import fonts
from bot.art.labels import tr
from bot.art.scenes import dream, kings, timetrap, trickster
from bot.art.scenes.common import Scene, row, scene, score_text, who
from games.core.names import Names

Builder = Callable[[Mapping[str, Any], str, Names], Scene]
HANDS: dict[str, Builder] = {
    "trickster": trickster.hand,
    "trickster-cot": trickster.hand,
    "kings": kings.hand,
    "dream-capture": dream.hand,
    "timetrap": timetrap.hand,
}
BOARDS: dict[str, Builder] = {
    "trickster": trickster.board,
    "trickster-cot": trickster.board,
    "kings": kings.board,
    "dream-capture": dream.board,
    "timetrap": timetrap.board,
}


def drawable_language(lang: str) -> tuple[str, list[str]]:
    """The language the picture can letter in, and a note when Japanese had to fall back to English."""
    if lang == "ja" and not fonts.japanese_ok():
        return "en", [tr("art.no_font", "en")]
    return ("ja" if lang == "ja" else "en"), []


def supported(game: str) -> bool:
    return game in HANDS


def hand_scene(view: Mapping[str, Any], lang: str = "en", names: Names = None) -> Scene:
    """The picture of one seat's hand (and what it alone may see), from that seat's view."""
    draw_lang, notes = drawable_language(lang)
    out = HANDS[str(view["game"])](view, draw_lang, names)
    if notes:
        out["notes"] = [*out.get("notes", []), *notes]
    return out


def board_scene(view: Mapping[str, Any], lang: str = "en", names: Names = None) -> Scene:
    """The public table, from the public view (a spectator's: seat None)."""
    draw_lang, notes = drawable_language(lang)
    out = BOARDS[str(view["game"])](view, draw_lang, names)
    if notes:
        out["notes"] = [*out.get("notes", []), *notes]
    return out


def result_scene(
    game: str, outcome: Mapping[str, Any], lang: str = "en", names: Names = None, title: str = ""
) -> Scene:
    """The final ranking: places, names, scores (and teams), from Outcome.to_json()."""
    draw_lang, notes = drawable_language(lang)
    placements = list(outcome.get("placements") or [])
    scores = list(outcome.get("scores") or [])
    order = sorted(range(len(placements)), key=lambda s: (placements[s], s))
    rows = [
        row(
            tr(
                "art.result_line",
                draw_lang,
                place=placements[s],
                name=who(names, s, draw_lang),
                score=score_text(scores[s]),
            ),
            [],
            mark=placements[s] == 1,
        )
        for s in order
    ]
    teams = outcome.get("teams")
    if teams:
        text = " / ".join(", ".join(who(names, s, draw_lang) for s in team) for team in teams)
        notes = [tr("art.teams", draw_lang, teams=text), *notes]
    heading = " · ".join(p for p in (title, tr("art.result", draw_lang)) if p)
    return scene(game, "result", draw_lang, heading, rows, notes=notes)
