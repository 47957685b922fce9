"""What a picture of a game's cards needs, declared by the game as frozen data (`Game.faces`).

The pictures (bot/art) draw only: every fact printed on a card (colour, sign, rank, names and texts per
language), the decks the docs' sheets show and the numbers the boards print come from here, so a new game
brings its own faces and no host file names it. Pure data: no Pillow, no drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from games.core.i18n import LANGUAGES

RGB = tuple[int, int, int]
Texts = Mapping[str, str]
"""language -> text ("en" always present; other languages fall back to it)."""


def _no_text() -> Texts:
    return MappingProxyType({})


def _no_numbers() -> Mapping[str, int]:
    return MappingProxyType({})


def _no_states() -> Mapping[str, Texts]:
    return MappingProxyType({})


CardStyle = Literal["band", "frame", "pip", "note"]
"""band: filled with the colour; frame: framed in it; pip: a number card with a stripe; note: a card whose
text is printed on it (a TIMETRAP date card)."""

SheetRows = Literal["plain", "hero", "suit", "state"]
"""How a deck's sheet splits into rows: plain (rows of `per_row`), hero (a row of `per_row` cards per
hero, labelled with its name and effect), suit (a row per suit, labelled with the suit's name), state
(the deck face up, then turned over: KINGs' kings, queens and jacks)."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """What is printed on one card (or on a pseudo card a game tracks as seat status, e.g. "king-w")."""

    colour: RGB  # body, frame or stripe, by style
    sign: str  # the glyph's name, one of bot/art's shapes ("" for none)
    corner: str = ""  # the big short label: number or rank ("" for hero cards)
    title: Texts = field(default_factory=_no_text)  # the name (hero, character, trump)
    sub: Texts = field(default_factory=_no_text)  # a second line: ability name, points
    style: CardStyle = "band"
    effect: Texts = field(default_factory=_no_text)  # the short effect text (legend; note cards print it)
    short: str = ""  # the name on a small card ("" : the title cut short)
    suit: str = ""  # the suit it belongs to (keys of `Faces.suits`)
    numbers: Mapping[str, int] = field(default_factory=_no_numbers)
    """card state -> the number printed after the corner in that state (a KINGs king's king number)."""
    states: Mapping[str, Texts] = field(default_factory=_no_states)
    """card state ("used", "bid") -> the word printed as the second line in that state."""


@dataclass(frozen=True, slots=True)
class Deck:
    """One deck, as the docs' picture sheet shows it: card ids in reading order (suits together, low to high)."""

    name: str
    cards: tuple[str, ...]
    per_row: int
    big: bool = False  # big cards (named heroes, characters, dates) or small number cards
    rows: SheetRows = "plain"
    big_suits: tuple[str, ...] = ()  # suits drawn big on a "suit" sheet (named trumps)


@dataclass(frozen=True, slots=True)
class Faces:
    """Everything a game's pictures print: the table's look, its decks and each card's face."""

    table: RGB  # the picture's background
    back: RGB  # a face-down card's colour
    back_mark: str  # the sign on a card's back
    decks: tuple[Deck, ...]
    cards: Mapping[str, CardFace]  # every card id the game can deal (and its pseudo cards)
    suits: Mapping[str, Texts] = field(default_factory=_no_states)  # in sheet order
    names: Mapping[str, Texts] = field(default_factory=_no_states)
    """Names of things a view names by id that are not cards (a Champions of Time hero code)."""

    def card_ids(self) -> tuple[str, ...]:
        """Every card of every deck, in the decks' reading order."""
        return tuple(c for deck in self.decks for c in deck.cards)


def texts(en: str, ja: str) -> Texts:
    """A read-only language -> text map."""
    return MappingProxyType({"en": en, "ja": ja})


def each_language(text: Callable[[str], str]) -> Texts:
    """A read-only language -> text map from a function of the language (a game's own text lookup)."""
    return MappingProxyType({lang: text(lang) for lang in LANGUAGES})
