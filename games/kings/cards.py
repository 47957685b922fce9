"""The physical components of KINGs TRICKTAKERs (002_4e143f857986e60e.txt, '■内容物', '■ゲームの準備').

Playing cards by colour and number (plus the white flags and rares), the five KQJ sets, king numbers and
the character cards. Shared with the variant engines (games/kings/variants): add, never rename.

Card ids (short, no separators): number cards are colour letter + number ("r7", "k10", "b11" for the
extra 11-13 cards the variants use), "flag1"/"flag2", "rare1"/"rare2", and the Berserker's black 10s
"bers1"/"bers2". Character cards are name + copy ("healer2").
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Final

from games.kings.provisional import KING_NUMBERS


class Colour(StrEnum):
    """Colours of kings and cards; white has no number cards (its cards are flags and rares)."""

    WHITE = "w"
    RED = "r"
    BLUE = "b"
    GREEN = "g"
    BLACK = "k"


KING_COLOURS: Final[tuple[Colour, ...]] = (Colour.WHITE, Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK)
NUMBER_COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK)

FLAGS: Final[tuple[str, ...]] = ("flag1", "flag2")
RARES: Final[tuple[str, ...]] = ("rare1", "rare2")
BERSERKER_TENS: Final[tuple[str, ...]] = ("bers1", "bers2")

COLOUR_NAMES: Final[MappingProxyType[str, MappingProxyType[str, str]]] = MappingProxyType(
    {
        "w": MappingProxyType({"en": "white", "ja": "白"}),
        "r": MappingProxyType({"en": "red", "ja": "赤"}),
        "b": MappingProxyType({"en": "blue", "ja": "青"}),
        "g": MappingProxyType({"en": "green", "ja": "緑"}),
        "k": MappingProxyType({"en": "black", "ja": "黒"}),
    }
)


def number_card(colour: Colour | str, number: int) -> str:
    return f"{colour}{number}"


def is_flag(card: str) -> bool:
    return card.startswith("flag")


def is_rare(card: str) -> bool:
    return card.startswith("rare")


def is_berserker_ten(card: str) -> bool:
    return card.startswith("bers")


def _card_colour(card: str) -> Colour | None:
    if is_berserker_ten(card):
        return Colour.BLACK
    if is_flag(card) or is_rare(card):
        return None
    return Colour(card[0])


def _card_number(card: str) -> int | None:
    if is_berserker_ten(card):
        return 10
    if is_flag(card) or is_rare(card):
        return None
    return int(card[1:])


# Every card id of the standard game and the variants (numbers up to 13), answered by one dict lookup on
# the hot path instead of an Enum call per card (docs/engine-speed.md); other ids take the slow path.
_KNOWN_CARDS: Final = (
    tuple(f"{c}{n}" for c in NUMBER_COLOURS for n in range(1, 14)) + FLAGS + RARES + BERSERKER_TENS
)
_COLOUR_OF: Final[dict[str, Colour | None]] = {c: _card_colour(c) for c in _KNOWN_CARDS}
_NUMBER_OF: Final[dict[str, int | None]] = {c: _card_number(c) for c in _KNOWN_CARDS}
# Plain-string colour codes ("" for flags and rares) for the engine's hot path (a plain dict: faster than a
# mapping proxy there; read-only by convention).
COLOUR_CODE: Final[dict[str, str]] = {c: "" if colour is None else colour.value for c, colour in _COLOUR_OF.items()}


def card_colour(card: str) -> Colour | None:
    """Colour of a number card (a Berserker 10 is black); None for flags and rares."""
    try:
        return _COLOUR_OF[card]
    except KeyError:
        return _card_colour(card)


def card_number(card: str) -> int | None:
    """Number of a number card; None for flags and rares."""
    try:
        return _NUMBER_OF[card]
    except KeyError:
        return _card_number(card)


def playing_cards(players: int) -> tuple[str, ...]:
    """The playing cards for a player count: 44 (5), 36 (4: no 8, 9), 28 (2-3: no 6-9)."""
    cards = _PLAYING_CARDS.get(players)
    if cards is None:
        cards = _PLAYING_CARDS[players] = _playing_cards(players)
    return cards


_PLAYING_CARDS: Final[dict[int, tuple[str, ...]]] = {}  # built once per player count (every game's set-up)


def _playing_cards(players: int) -> tuple[str, ...]:
    if players >= 5:
        skip: frozenset[int] = frozenset()
    elif players == 4:
        skip = frozenset({8, 9})
    else:
        skip = frozenset({6, 7, 8, 9})
    one = _ONE_OBJECT
    numbers = tuple(one[number_card(c, n)] for c in NUMBER_COLOURS for n in range(1, 11) if n not in skip)
    return numbers + FLAGS + RARES


# Each card id of the box by itself: the deal hands out these very objects, the keys of COLOUR_CODE and the
# engine's tables, so a lookup or a hand's `in`/`remove` meets its card by identity instead of comparing
# characters (a Python `==` on two str is the same either way).
_ONE_OBJECT: Final[dict[str, str]] = {card: card for card in _KNOWN_CARDS}


def king_number(colour: Colour | str, used: bool) -> int:
    """PROVISIONAL king number (provisional.KING_NUMBERS); it grows when the king is used."""
    up, down = KING_NUMBERS[str(colour)]
    return down if used else up


class Character(StrEnum):
    GAMBLER = "gambler"
    HERMIT = "hermit"
    RESISTANCE = "resistance"
    NINJA = "ninja"
    SAMURAI = "samurai"
    BERSERKER = "berserker"
    HEALER = "healer"
    COLLECTOR = "collector"
    DEVIL = "devil"
    CHEERLEADER = "cheerleader"


# Copies in the box (text: 20 character cards).
CHARACTER_COPIES: Final[MappingProxyType[Character, int]] = MappingProxyType(
    {
        Character.GAMBLER: 3,
        Character.HERMIT: 3,
        Character.RESISTANCE: 2,
        Character.NINJA: 2,
        Character.SAMURAI: 2,
        Character.BERSERKER: 2,
        Character.HEALER: 2,
        Character.COLLECTOR: 2,
        Character.DEVIL: 1,
        Character.CHEERLEADER: 1,
    }
)

CHARACTER_NAMES: Final[MappingProxyType[Character, MappingProxyType[str, str]]] = MappingProxyType(
    {
        Character.GAMBLER: MappingProxyType({"en": "Gambler", "ja": "ギャンブラー"}),
        Character.HERMIT: MappingProxyType({"en": "Hermit", "ja": "ハーミット"}),
        Character.RESISTANCE: MappingProxyType({"en": "Resistance", "ja": "レジスタンス"}),
        Character.NINJA: MappingProxyType({"en": "Ninja", "ja": "忍者"}),
        Character.SAMURAI: MappingProxyType({"en": "Samurai", "ja": "サムライ"}),
        Character.BERSERKER: MappingProxyType({"en": "Berserker", "ja": "バーサーカー"}),
        Character.HEALER: MappingProxyType({"en": "Healer", "ja": "ヒーラー"}),
        Character.COLLECTOR: MappingProxyType({"en": "Collector", "ja": "コレクター"}),
        Character.DEVIL: MappingProxyType({"en": "Devil", "ja": "デビル"}),
        Character.CHEERLEADER: MappingProxyType({"en": "Cheerleader", "ja": "チアリーダー"}),
    }
)


def character_card(character: Character | str, copy: int) -> str:
    return f"{character}{copy}"


def character_of(card: str) -> Character:
    """'healer2' -> Character.HEALER."""
    try:
        return CHARACTER_OF[card]
    except KeyError:
        return Character(card.rstrip("0123456789"))


def all_character_cards() -> tuple[str, ...]:
    return tuple(character_card(c, i) for c, copies in CHARACTER_COPIES.items() for i in range(1, copies + 1))


# One dict lookup per character card on the hot path instead of an Enum call (read-only).
CHARACTER_OF: Final[dict[str, Character]] = {card: Character(card.rstrip("0123456789")) for card in all_character_cards()}
# Each character card by itself (as _ONE_OBJECT): character_pool hands out the keys of CHARACTER_OF.
_ONE_CHARACTER_CARD: Final[dict[str, str]] = {card: card for card in CHARACTER_OF}


# Copies left out by player count (text, '■ゲームの準備').
_LEFT_OUT: Final[MappingProxyType[int, tuple[Character, ...]]] = MappingProxyType(
    {
        4: (Character.GAMBLER, Character.HERMIT),
        3: (
            Character.GAMBLER,
            Character.HERMIT,
            Character.SAMURAI,
            Character.NINJA,
            Character.HEALER,
            Character.COLLECTOR,
            Character.DEVIL,
            Character.CHEERLEADER,
        ),
        2: (
            Character.GAMBLER,
            Character.GAMBLER,
            Character.HERMIT,
            Character.HERMIT,
            Character.RESISTANCE,
            Character.BERSERKER,
            Character.SAMURAI,
            Character.NINJA,
            Character.HEALER,
            Character.COLLECTOR,
            Character.DEVIL,
            Character.CHEERLEADER,
        ),
    }
)


def character_pool(players: int, cheerleader: bool = False, initial_parties: bool = False) -> tuple[str, ...]:
    """Character cards in play: 5p 19 (+Cheerleader), 4p 17 (+Cheerleader; 19 with initial parties),
    3p 12, 2p 8. The highest-numbered copies are the ones left in the box."""
    left: dict[Character, int] = {}
    if not (players == 4 and initial_parties):
        for character in _LEFT_OUT.get(players, ()):
            left[character] = left.get(character, 0) + 1
    if players >= 4 and not cheerleader:
        left[Character.CHEERLEADER] = left.get(Character.CHEERLEADER, 0) + 1
    pool: list[str] = []
    for character, copies in CHARACTER_COPIES.items():
        keep = max(0, copies - left.get(character, 0))
        for copy in range(1, keep + 1):
            card = character_card(character, copy)
            pool.append(_ONE_CHARACTER_CARD.get(card, card))
    return tuple(pool)


# Jack face-up points by wins (text, '■ジャックの効果'); as a bid (round 3): 3 wins 100.
JACK_WIN_POINTS: Final[MappingProxyType[str, MappingProxyType[int, int]]] = MappingProxyType(
    {
        "w": MappingProxyType({1: 10, 2: 20, 3: 30}),
        "r": MappingProxyType({1: 20, 2: 30}),
        "b": MappingProxyType({0: 20, 1: 20}),
        "g": MappingProxyType({0: 30, 2: 30}),
        "k": MappingProxyType({1: 20, 3: 40}),
    }
)
JACK_BID: Final[MappingProxyType[int, int]] = MappingProxyType({3: 100})

# Queen recovery costs (text) and unused-king points in the last round (text).
QUEEN_RECOVERY_COST: Final[MappingProxyType[str, int]] = MappingProxyType(
    {"w": 30, "r": 40, "b": 20, "g": 10, "k": 10}
)
UNUSED_KING_POINTS: Final[MappingProxyType[str, int]] = MappingProxyType(
    {"w": 60, "r": 50, "b": 40, "g": 30, "k": 20}
)
