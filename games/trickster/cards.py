"""The 147 cards of the three 49-card sets: 21 heroes x 7 suits, indexed by int, with lookup tables.

Card int = hero * 7 + suit, over the global hero order Fantasy, Tianxia, Symbiosis. A table uses the
cards of its chosen heroes only. Everything a hot path needs (suit, hero, ids, action strings) is
precomputed here once, indexed by int.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from games.trickster import fantasy, symbiosis, tianxia
from games.trickster.hero import Hero
from games.trickster.tricks import CardTable

# Suits in tie-break order (RULINGS.md, Trickster): red heart ... violet quatrefoil.
SUIT_IDS: Final[tuple[str, ...]] = ("r", "o", "y", "g", "b", "i", "v")
SUIT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet"),
    "ja": ("赤", "橙", "黄", "緑", "青", "藍", "紫"),
}
SUIT_SYMBOLS: Final[tuple[str, ...]] = ("♥", "▲", "■", "♣", "★", "☾", "✤")
SUIT_SHAPES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("Heart", "Triangle", "Square", "Plant", "Star", "Moon", "Quatrefoil"),
    "ja": ("ハート", "三角", "四角", "植物", "星", "月", "四つ葉"),
}
NUM_SUITS: Final = 7

SETS: Final[dict[str, tuple[Hero, ...]]] = {
    "fantasy": fantasy.HEROES,
    "tianxia": tianxia.HEROES,
    "symbiosis": symbiosis.HEROES,
}
HEROES: Final[tuple[Hero, ...]] = (*fantasy.HEROES, *tianxia.HEROES, *symbiosis.HEROES)
HERO_INDEX: Final[dict[str, int]] = {h.slug: i for i, h in enumerate(HEROES)}
SET_OF_HERO: Final[tuple[str, ...]] = tuple(name for name, heroes in SETS.items() for _ in heroes)
NUM_CARDS: Final = len(HEROES) * NUM_SUITS

CARD_IDS: Final[tuple[str, ...]] = tuple(
    f"{SUIT_IDS[c % NUM_SUITS]}-{HEROES[c // NUM_SUITS].slug}" for c in range(NUM_CARDS)
)
CARD_INDEX: Final[dict[str, int]] = {cid: c for c, cid in enumerate(CARD_IDS)}
SUIT_OF: Final[tuple[int, ...]] = tuple(c % NUM_SUITS for c in range(NUM_CARDS))
HERO_OF: Final[tuple[int, ...]] = tuple(c // NUM_SUITS for c in range(NUM_CARDS))
TABLE: Final = CardTable([(SUIT_OF[c], HERO_OF[c]) for c in range(NUM_CARDS)])


@cache
def cards_of(heroes: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of the given heroes (seven suits each)."""
    return tuple(h * NUM_SUITS + s for h in heroes for s in range(NUM_SUITS))


# Actions: "<prefix>:<token>". Precomputed both ways so encoding and parsing cost one lookup.
PLAY_ACTIONS: Final[tuple[str, ...]] = tuple(f"play:{cid}" for cid in CARD_IDS)
HOUSE_ACTIONS: Final[tuple[str, ...]] = tuple(f"house:{cid}" for cid in CARD_IDS)
CARD_ACTIONS: Final[tuple[str, ...]] = tuple(f"card:{cid}" for cid in CARD_IDS)
GIVE_ACTIONS: Final[tuple[str, ...]] = tuple(f"give:{cid}" for cid in CARD_IDS)
HERO_ACTIONS: Final[tuple[str, ...]] = tuple(f"hero:{h.slug}" for h in HEROES)
MAX_SEATS: Final = 7
TARGET_ACTIONS: Final[tuple[str, ...]] = tuple(f"target:{s}" for s in range(MAX_SEATS))

# prompt kind -> action strings indexed by token
ACTIONS_BY_KIND: Final[dict[str, tuple[str, ...]]] = {
    "play": PLAY_ACTIONS,
    "house": HOUSE_ACTIONS,
    "choose-card": CARD_ACTIONS,
    "give-card": GIVE_ACTIONS,
    "choose-hero": HERO_ACTIONS,
    "choose-target": TARGET_ACTIONS,
}
# action string -> (prompt kind, token)
PARSE: Final[dict[str, tuple[str, int]]] = {
    action: (kind, token) for kind, table in ACTIONS_BY_KIND.items() for token, action in enumerate(table)
}
