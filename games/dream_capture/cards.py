"""The 108-card Ex-Tarot deck as data: ids, suits, strengths and card points.

Rulebook 001_156fd8ce6bcaeb20.txt, 'ランク' and 'ポイント'; suit names and the trump names 3-20 come from
RULINGS.md (Marseille order). Every fact about a card is looked up here, so the rules never parse ids.

Card ids: trumps are "t0" (the Fool) to "t23" (Hope); suit cards are a suit letter (s h d c: spades,
hearts, diamonds, clubs) and a rank: "I" for infinity, K, Q, C (cavalier), J, then "15" down to "0".
"""

from __future__ import annotations

from typing import Final

TRUMP: Final = "t"
SUITS: Final = ("s", "h", "d", "c")
FACE_RANKS: Final = ("I", "K", "Q", "C", "J")
NUMBER_RANKS: Final = tuple(str(n) for n in range(15, -1, -1))
RANKS: Final = FACE_RANKS + NUMBER_RANKS  # strongest first: ∞ K Q C J 15 … 0

FOOL: Final = "t0"
MAGICIAN: Final = "t1"
PRIESTESS: Final = "t2"
WORLD: Final = "t21"
DREAM: Final = "t22"
HOPE: Final = "t23"

# Shown to everyone before play ('役札の公開').
HONOURS: Final = frozenset({FOOL, HOPE, DREAM, WORLD, MAGICIAN})

TRUMPS: Final = tuple(f"t{n}" for n in range(24))
SUIT_CARDS: Final = tuple(f"{suit}{rank}" for suit in SUITS for rank in RANKS)
DECK: Final = TRUMPS + SUIT_CARDS

FACE_POINTS: Final = {"I": 5, "K": 4, "Q": 3, "C": 2, "J": 1}
NUMBER_CARDS_PER_POINT: Final = 6


def _suit(card: str) -> str:
    return card[0]


def _strength(card: str) -> int:
    """Higher wins. Trumps: the Fool (0) is the strongest, then 23 down to 1. Suits: ∞ K Q C J 15 … 0."""
    if card[0] == TRUMP:
        number = int(card[1:])
        return 24 if number == 0 else number
    return len(RANKS) - 1 - RANKS.index(card[1:])


def _points(card: str) -> int:
    """Whole points of a card; number cards score 0 here and count by sixes (see scoring)."""
    if card == FOOL:
        return -5
    if card in (HOPE, DREAM, WORLD, MAGICIAN):
        return 5
    if card[0] == TRUMP:
        return 1
    return FACE_POINTS.get(card[1:], 0)


SUIT_OF: Final = {card: _suit(card) for card in DECK}
STRENGTH: Final = {card: _strength(card) for card in DECK}
POINTS: Final = {card: _points(card) for card in DECK}
IS_NUMBER: Final = {card: card[0] != TRUMP and card[1:] in NUMBER_RANKS for card in DECK}
# '5点の札は捨てられません。(-5点も)': every 5-point card and the Fool stay in hand.
UNDISCARDABLE: Final = frozenset(card for card in DECK if POINTS[card] in (5, -5))
# Display order inside a hand: trumps (strongest first), then each suit strongest first.
SORT_KEY: Final = {card: index for index, card in enumerate((FOOL, *TRUMPS[:0:-1], *SUIT_CARDS))}

TRUMP_NAMES: Final[dict[int, tuple[str, str]]] = {
    0: ("Fool", "愚者"),
    1: ("Magician", "魔術師"),
    2: ("High Priestess", "女教皇"),
    3: ("Empress", "女帝"),
    4: ("Emperor", "皇帝"),
    5: ("Pope", "教皇"),
    6: ("Lovers", "恋人"),
    7: ("Chariot", "戦車"),
    8: ("Justice", "正義"),
    9: ("Hermit", "隠者"),
    10: ("Wheel of Fortune", "運命の輪"),
    11: ("Strength", "力"),
    12: ("Hanged Man", "吊られた男"),
    13: ("Death", "死神"),
    14: ("Temperance", "節制"),
    15: ("Devil", "悪魔"),
    16: ("Tower", "塔"),
    17: ("Star", "星"),
    18: ("Moon", "月"),
    19: ("Sun", "太陽"),
    20: ("Judgement", "審判"),
    21: ("World", "世界"),
    22: ("Dream", "夢"),
    23: ("Hope", "希望"),
}
SUIT_SYMBOLS: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES: Final = {
    "s": ("spades", "スペード"),
    "h": ("hearts", "ハート"),
    "d": ("diamonds", "ダイヤ"),
    "c": ("clubs", "クラブ"),
    "t": ("trumps", "切り札"),
}


def sort_hand(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=SORT_KEY.__getitem__))


def card_name(card: str, lang: str = "en") -> str:
    """'Hope (23)' / '希望(23)' for trumps; '♠K', '♥∞', '♦10' for suit cards."""
    if SUIT_OF[card] == TRUMP:
        number = int(card[1:])
        en, ja = TRUMP_NAMES[number]
        return f"{ja}({number})" if lang == "ja" else f"{en} ({number})"
    rank = card[1:]
    return SUIT_SYMBOLS[card[0]] + ("∞" if rank == "I" else rank)
