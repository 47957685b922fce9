"""What is printed on each card, in one language: a `Face` (colours, sign, big label, name, effect).

Each game declares its cards as data (`Game.faces`, games/core/faces.py): colour, sign, rank, names and
texts per language, decks, the table's look. Here they are only read and put in the drawing's terms
(the lettering's colour, one language, a number or state word on a pseudo card such as "king-w").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.faces import CardFace, Faces
from games.core.registry import all_games

RGB = tuple[int, int, int]
WHITE: RGB = (250, 250, 246)
DARK: RGB = (34, 30, 28)


@dataclass(frozen=True, slots=True)
class Face:
    colour: RGB  # the card's colour (body, frame or stripe, by style)
    ink: RGB  # text and sign colour on `colour`
    sign: str  # shapes.SIGNS key ("" for none)
    corner: str  # the big short label: a number, a rank; "" for hero cards
    title: str  # the name (hero, character, trump); "" for a plain number card
    sub: str = ""  # a second line: ability name, points
    style: str = "band"  # band | frame | pip | note
    effect: str = ""  # the short effect text (the hand's legend; note cards print it)
    short: str = ""  # the name on a small card (default: the title cut short)


@dataclass(frozen=True, slots=True)
class Style:
    table: RGB  # picture background
    back: RGB  # face-down card colour
    back_mark: str  # sign on the back


DEFAULT_STYLE = Style((28, 58, 46), (52, 40, 96), "star")  # a game without declared faces
UNKNOWN_GREY: RGB = (120, 120, 120)


def declared(game: str) -> Faces | None:
    """The faces a game declares (None: an unknown game, or one without pictures)."""
    found = all_games().get(game)
    return found.faces if found is not None else None


@cache
def style(game: str) -> Style:
    """The table's look: its background, and a face-down card's colour and sign."""
    faces = declared(game)
    return Style(faces.table, faces.back, faces.back_mark) if faces is not None else DEFAULT_STYLE


def _ink(colour: RGB) -> RGB:
    r, g, b = colour
    return DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def _l(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


def _draw(f: CardFace, lang: str, extra: Mapping[str, Any]) -> Face:
    """A declared face in one language; a number given with the card follows its corner ("K7"), and a
    state the card declares a word for ("used") becomes its second line."""
    corner = f.corner
    n = extra.get("n")
    if n is not None:
        corner = f"{corner}{n}"
    state = str(extra.get("state") or "")
    sub = _l(f.states[state], lang) if state in f.states else _l(f.sub, lang)
    return Face(
        f.colour, _ink(f.colour), f.sign, corner, _l(f.title, lang), sub, f.style, _l(f.effect, lang), f.short
    )


@cache
def _face_cached(game: str, card: str, lang: str, extra: tuple[tuple[str, Any], ...]) -> Face:
    faces = declared(game)
    found = faces.cards.get(card) if faces is not None else None
    if found is None:
        return Face(UNKNOWN_GREY, WHITE, "", "?", card, "", "band")
    return _draw(found, lang, dict(extra))


def face(game: str, card: str, lang: str = "en", **extra: Any) -> Face:
    """The face of `card` in `game` (cached: a card's face never changes)."""
    return _face_cached(game, card, lang, tuple(sorted(extra.items())))


def is_card(game: str, token: object) -> bool:
    """Whether a view's token is one of the game's cards (a choice may be a card or a word)."""
    faces = declared(game)
    return isinstance(token, str) and faces is not None and token in faces.cards


def number(game: str, card: str, state: str) -> int | None:
    """The number a card prints in a state (a KINGs king's king number, face up or used)."""
    faces = declared(game)
    found = faces.cards.get(card) if faces is not None else None
    return found.numbers.get(state) if found is not None else None


def name_of(game: str, key: str, lang: str) -> str:
    """The name of a thing a view names by id that is not a card (a Champions of Time hero code)."""
    faces = declared(game)
    return _l(faces.names[key], lang) if faces is not None and key in faces.names else key
