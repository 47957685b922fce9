"""Champions of Time cards: 8 suits, 23 heroes (base 14, Grand Gambit 7, promos 2), the two listed decks.

Rulebook 000_fcfbe286cff5777b.txt: 【ゲームの準備】 (the recommended decks) and the hero tables at its end
(基本セット『Champion of Time』, 拡張セット『Grand Gambit』, 限定カード).

A card is an int, `hero * 8 + suit`, over every hero that exists, so one table serves every deck and the
cards of heroes not in play simply stay in the box. Its id is `<hero code>-<suit letter>` ("bri-r").
"""

from __future__ import annotations

from typing import Final, NamedTuple

from games.trickster.tricks import CardTable

SUITS: Final = ("r", "o", "y", "g", "b", "p", "k", "w")
"""Suit letters in tie-break order: red, orange, yellow, green, blue, purple, black, white (RULINGS.md)."""

SUIT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("Red", "Orange", "Yellow", "Green", "Blue", "Purple", "Black", "White"),
    "ja": ("赤", "橙", "黄", "緑", "青", "紫", "黒", "白"),
}

NUM_SUITS: Final = len(SUITS)


class Hero(NamedTuple):
    """One hero: its code (in card ids and actions), the set it belongs to, names and card text."""

    code: str
    set: str  # "base", "gg" (Grand Gambit) or "promo"
    en: str
    ja: str
    text_en: str
    text_ja: str


HEROES: Final[tuple[Hero, ...]] = (
    # 基本セット『Champion of Time』
    Hero("arc", "base", "Archivist", "記録保管人",
         "Use the effect of one face-up card in your tableau or in the Trash.",
         "自分の場札置き場、または捨て札置き場にある、表向きのカード１枚の効果を使用。"),
    Hero("bri", "base", "Brigand", "野盗",
         "Move a card from your tableau to any one opponent's tableau.",
         "自分の場札置き場から、敵いずれか１人の場札置き場に、カード１枚を移動。"),
    Hero("doc", "base", "Doctor", "医師",
         "Move a card from any one opponent's tableau to any one opponent's hand.",
         "敵いずれか１人の場札置き場から、敵いずれか１人の手札に、カード１枚を移動。"),
    Hero("exp", "base", "Explorer", "探検家",
         "Reveal the top two cards of the deck. Put one into your hand and the other face down at the "
         "bottom of the deck.",
         "山札の上からカード２枚を公開。１枚は自分の手札に、もう１枚は裏向きで山札の底に移動。"),
    Hero("gua", "base", "Guard", "護衛",
         "Move a card from any one opponent's tableau to your hand.",
         "敵いずれか１人の場札置き場から、自分の手札にカード１枚を移動。"),
    Hero("inv", "base", "Inventor", "発明家",
         "Turn over the top card of the deck: into the pot if it can follow, otherwise to the Trash.",
         "山札の一番上にあるカード１枚を表向け、フォローできるなら卓中央に、できなければ捨て札置き場に移動。"),
    Hero("mag", "base", "Magician", "手品師",
         "Move a card from your tableau to the Trash.",
         "自分の場札置き場から、捨て札置き場に、カード１枚を移動。"),
    Hero("nom", "base", "Nomad", "遊牧民",
         "Move a card from any one opponent's tableau to your tableau.",
         "敵いずれか１人の場札置き場から、自分の場札置き場に、カード１枚を移動。"),
    Hero("ped", "base", "Peddler", "行商人",
         "You and any one opponent each secretly choose a card from your hands and exchange them.",
         "自分と敵のいずれか１人がそれぞれ、各自の手札から秘密のカード１枚を選び交換。"),
    Hero("rev", "base", "Revolutionary", "革命家",
         "Move a card from the Trash to your hand.",
         "捨て札置き場にあるカード１枚を、自分の手札に移動。"),
    Hero("sca", "base", "Scavenger", "ゴミ漁り",
         "Exchange a card in your tableau with a card in the Trash.",
         "自分の場札置き場にあるカード１枚と、捨て札置き場にある１枚を交換。"),
    Hero("sci", "base", "Scion", "子弟",
         "Take the top card of the deck into your hand. Then put a card from your hand face down at the "
         "bottom of the deck.",
         "山札の一番上にあるカード１枚を、自分の手札に移動。そして自分の手札から、カード１枚を裏向きで、山札の底に移動。"),
    Hero("sol", "base", "Soldier", "兵士",
         "Move a card from your hand to any one opponent's tableau.",
         "自分の手札から、敵いずれか１人の場札置き場に、カード１枚を移動。"),
    Hero("wit", "base", "Witness", "目撃者",
         "Move a card from your tableau to your hand.",
         "自分の場札置き場から、自分の手札にカード１枚を移動"),
    # 拡張セット『Grand Gambit』
    Hero("gen", "gg", "General", "将軍",
         "Use the effect of a card in the Trash, or reveal a card in your hand and use its effect (the "
         "revealed card goes back into your hand).",
         "捨て札置き場にあるカード１枚の効果を使用。または自分の手札にあるカード１枚を公開して、その効果を使用（公開したカードは手札に戻す）。"),
    Hero("hun", "gg", "Hunter", "狩人",
         "Move a card from the Trash to any one opponent's tableau.",
         "捨て札置き場から、敵いずれか１人の場札置き場に、カード１枚を移動。"),
    Hero("nob", "gg", "Noble", "貴族",
         "If one can follow, move a card from your tableau to the pot. Its effect is not used.",
         "フォロー可能なら、自分の場札置き場から、卓中央にカード１枚を移動。そのカード効果は使用しない。"),
    Hero("sai", "gg", "Saint", "聖人",
         "Draw a random card from any one opponent's hand and move it to anyone's hand (yours included). "
         "You may look at it only when it goes to your hand.",
         "敵いずれか１人の手札から、ランダムに引いたカード１枚を（自分を含む）誰かの手札に移動。自分の手札に移動した時だけ、そのカードの内容を見ても良い。"),
    Hero("sha", "gg", "Shaman", "シャーマン",
         "Move a card from your hand to your tableau.",
         "自分の手札から、自分の場札置き場に、カード１枚を移動。"),
    Hero("smu", "gg", "Smuggler", "密輸業者",
         "Reveal two random cards from any one opponent's hand. Put one into your hand and the other into "
         "any one opponent's hand.",
         "敵いずれか１人の手札から、カード２枚をランダムに公開。１枚を自分の手札に、もう１枚を敵いずれか１人の手札に移動。"),
    Hero("vig", "gg", "Vigilante", "私刑人",
         "Exchange a card in the Trash with a card in any one opponent's tableau.",
         "捨て札置き場にあるカード１枚と、敵いずれか１人の場札置き場にある１枚を交換。"),
    # 限定カード
    Hero("bea", "promo", "Beast", "野獣",
         "If one can follow, move a card from your hand to the pot. Its effect is not used.",
         "フォロー可能なら、自分の手札から、卓中央にカード１枚を移動。そのカード効果は使用しない。"),
    Hero("mav", "promo", "Maven", "専門家",
         "Reveal a random card from any one opponent's hand and move it to any one opponent's tableau.",
         "敵いずれか１人の手札から、カード１枚をランダムに公開して、敵いずれか１人の場札置き場に移動。"),
)  # fmt: skip

HERO_INDEX: Final[dict[str, int]] = {h.code: i for i, h in enumerate(HEROES)}
NUM_HEROES: Final = len(HEROES)
NUM_CARDS: Final = NUM_HEROES * NUM_SUITS

ARCHIVIST: Final = HERO_INDEX["arc"]
GENERAL: Final = HERO_INDEX["gen"]
NO_COPY: Final = frozenset({ARCHIVIST, GENERAL})
"""Archivist and General may not copy Archivist or General (RULINGS.md)."""

SET_HEROES: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(i for i, h in enumerate(HEROES) if h.set == name) for name in ("base", "gg", "promo")
}

INTRO_DECK: Final[tuple[int, ...]] = tuple(HERO_INDEX[c] for c in ("bri", "gua", "mag", "nom", "ped", "rev", "sol"))
"""入門デッキ (rulebook, 【ゲームの準備】)."""

STRATEGY_DECK: Final[tuple[int, ...]] = tuple(
    HERO_INDEX[c] for c in ("arc", "doc", "exp", "inv", "sca", "sci", "wit")
)
"""戦略デッキ (rulebook, 【ゲームの準備】)."""

DECK_HEROES: Final = 7
CARDS_IN_PLAY: Final = DECK_HEROES * NUM_SUITS


def card_of(hero: int, suit: int) -> int:
    return hero * NUM_SUITS + suit


CARD_HERO: Final[tuple[int, ...]] = tuple(c // NUM_SUITS for c in range(NUM_CARDS))
CARD_SUIT: Final[tuple[int, ...]] = tuple(c % NUM_SUITS for c in range(NUM_CARDS))
CARD_IDS: Final[tuple[str, ...]] = tuple(
    f"{HEROES[CARD_HERO[c]].code}-{SUITS[CARD_SUIT[c]]}" for c in range(NUM_CARDS)
)
CARD_INDEX: Final[dict[str, int]] = {cid: c for c, cid in enumerate(CARD_IDS)}

TABLE: Final = CardTable([(CARD_SUIT[c], CARD_HERO[c]) for c in range(NUM_CARDS)])
"""Suit and hero of every card for the shared trick loop (games.trickster.tricks)."""


HERO_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(card_of(h, s) for s in range(NUM_SUITS)) for h in range(NUM_HEROES)
)
"""HERO_CARDS[hero]: its 8 cards in suit order."""


def cards_of(heroes: tuple[int, ...]) -> tuple[int, ...]:
    """The 8 cards of each hero, in hero then suit order (every deal asks for its deck: kept cheap)."""
    cards: tuple[int, ...] = ()
    for hero in heroes:
        cards += HERO_CARDS[hero]
    return cards


def card_name(card: int, lang: str = "en") -> str:
    """'Red Brigand' / '赤の野盗'."""
    hero = HEROES[CARD_HERO[card]]
    suit = SUIT_NAMES.get(lang, SUIT_NAMES["en"])[CARD_SUIT[card]]
    if lang == "ja":
        return f"{suit}の{hero.ja}"
    return f"{suit} {hero.en}"


def hero_name(hero: int, lang: str = "en") -> str:
    h = HEROES[hero]
    return h.ja if lang == "ja" else h.en
