"""The physical playing cards the three variants use (002_4e143f857986e60e.txt, 内容物).

Ids (the same as games/kings/cards.py, so the `kings` facade renders them): number cards `r1`..`k10` (red,
blue, green, black), the extra playing cards 11 (J) and 12 (Q) in the five colours (`w11`, `r11`, ...,
`k12`), white flags `flag1` `flag2`, rares `rare1` `rare2`. The KQJ sets (the king,
queen and jack character cards) are not dealt; they are tracked as per-seat status, so they carry no id.
"""

from __future__ import annotations

from functools import cache
from typing import Final

COLOURS: Final = ("w", "r", "b", "g", "k")
"""White, red, blue, green, black: the five KQJ sets (and king numbers 1-5 in this order)."""

NUMBER_COLOURS: Final = ("r", "b", "g", "k")
FLAGS: Final = ("flag1", "flag2")
RARES: Final = ("rare1", "rare2")


_NUMBER_CARDS: Final = tuple(f"{c}{v}" for c in NUMBER_COLOURS for v in range(1, 11))
_COURTS: Final = {(c, v): f"{c}{v}" for c in COLOURS for v in (11, 12)}
# Every dealt card is one of these string objects (and the tables below are keyed by them), so a lookup or a
# `list.remove` of a card meets the very key object and skips comparing the characters (hot path).


def number_cards() -> list[str]:
    """The 40 number cards 1-10 in red, blue, green and black."""
    return list(_NUMBER_CARDS)


def base_deck() -> list[str]:
    """The 44 playing cards of a five-player game: 40 number cards, 2 white flags, 2 rares."""
    return [*number_cards(), *FLAGS, *RARES]


def court(colour: str, value: int) -> str:
    """Playing card 11 (J) or 12 (Q) of a colour."""
    return _COURTS.get((colour, value)) or f"{colour}{value}"


@cache
def is_flag(card: str) -> bool:
    return card.startswith("flag")


@cache
def is_rare(card: str) -> bool:
    return card.startswith("rare")


@cache
def colour_of(card: str) -> str | None:
    """The printed colour (w for the white 11/12); None for flags and rares."""
    if is_flag(card) or is_rare(card):
        return None
    return card[0] if card[0] in COLOURS else None


@cache
def value_of(card: str) -> int:
    """The printed number; 0 for flags and rares."""
    if colour_of(card) is None:
        return 0
    return int(card[1:])


@cache
def is_white_court(card: str) -> bool:
    """White 11 or 12: no colour of its own, takes the lead colour (Whist/Napoleon pages)."""
    return colour_of(card) == "w"


@cache
def is_jack(card: str) -> bool:
    return colour_of(card) is not None and card[1:] == "11"


@cache
def is_queen(card: str) -> bool:
    return colour_of(card) is not None and card[1:] == "12"


@cache
def sort_key(card: str) -> tuple[int, int]:
    """Hand order: red, blue, green, black, white courts, rares, flags; low to high."""
    if is_rare(card) or is_flag(card):
        return (5 if is_rare(card) else 6, int(card[4:]))
    order = {"r": 0, "b": 1, "g": 2, "k": 3, "w": 4}
    return (order[card[0]], value_of(card))


def sort_cards(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    out = list(cards)  # a copy sorted in place: compiled, `sorted(cards, key=...)` is looked up on
    out.sort(key=_hand_rank)  # builtins and called with a keyword (~550 instructions more; deals sort hands)
    return tuple(out)


# --- precomputed tables for the play phase's hot path (docs/engine-speed.md) ---------------------------
ALL_CARDS: Final[tuple[str, ...]] = (
    *number_cards(),
    *(court(c, v) for c in COLOURS for v in (11, 12)),
    *FLAGS,
    *RARES,
)
"""Every playing-card id any variant uses."""

SUIT: Final[dict[str, str]] = {
    c: (colour_of(c) or "") if colour_of(c) in NUMBER_COLOURS else "" for c in ALL_CARDS
}
"""The colour a card follows and leads with (r, b, g, k); "" for the free cards: flags, rares, white 11/12."""

_hand_rank: Final = {card: i for i, card in enumerate(sorted(ALL_CARDS, key=sort_key))}.__getitem__
"""Hand order (sort_key) as one int per card: a C-level sort key (dealing and picking sort hands)."""

PLAY: Final[dict[str, str]] = {c: f"play:{c}" for c in ALL_CARDS}
PLAY_KING: Final[dict[str, str]] = {c: f"play:{c}:K" for c in ALL_CARDS}
PLAY_QUEEN: Final[dict[str, dict[str, str]]] = {q: {c: f"play:{c}:q{q}" for c in ALL_CARDS} for q in COLOURS}
PLAY_QUEEN_KING: Final[dict[str, dict[str, str]]] = {
    q: {c: f"play:{c}:q{q}:K" for c in ALL_CARDS} for q in COLOURS
}
DISCARD: Final[dict[str, str]] = {c: f"discard:{c}" for c in ALL_CARDS}
"""Action strings, built once (play:CARD, play:CARD:K, play:CARD:qX, play:CARD:qX:K, discard:CARD)."""
SET_ACTIONS: Final = tuple((c, f"set:{c}") for c in COLOURS)
"""(colour, "set:COLOUR") for each KQJ set, in COLOURS order, built once."""


_SET_ACTIONS_BY_SETS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}
"""`set_actions` by the seats' sets, filled on first use (a few hundred combinations at most): a dict read
instead of a `functools.cache` call (compiled, a call through a Python-level callable, ~900 instructions)."""


def set_actions(sets: tuple[str, ...]) -> list[str]:
    """The set picks left: "set:COLOUR" for each colour no seat has taken yet, in COLOURS order (a fresh
    list: the caller may keep or change it)."""
    actions = _SET_ACTIONS_BY_SETS.get(sets)
    if actions is None:
        actions = _SET_ACTIONS_BY_SETS[sets] = tuple(
            [action for colour, action in SET_ACTIONS if colour not in sets]
        )
    return list(actions)


QUEENS_ON_CARDS: Final = ("w", "r", "b", "k")
"""Queens used together with a played card (the green queen is an action of its own)."""


def _parsed_plays() -> dict[str, tuple[str, str, bool]]:
    parsed = {"green": ("", "g", False)}
    for card in ALL_CARDS:
        parsed[PLAY[card]] = (card, "", False)
        parsed[PLAY_KING[card]] = (card, "", True)
        for queen in QUEENS_ON_CARDS:
            parsed[PLAY_QUEEN[queen][card]] = (card, queen, False)
            parsed[PLAY_QUEEN_KING[queen][card]] = (card, queen, True)
    return parsed


PARSED_PLAYS: Final = _parsed_plays()
"""Every well-formed play action -> (card, queen, king), "green" -> ("", "g", False): a play is parsed by
one lookup instead of splitting its string (hot path)."""
