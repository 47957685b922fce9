"""What KINGs TRICKTAKERs' cards look like in a picture (Game.faces): number cards with a coloured
stripe, the white flags and rares, the Berserker's black 10s, character cards, and the five king, queen
and jack sets (seat status in the games, drawn as pseudo cards "king-w" with their king numbers)."""

from __future__ import annotations

from types import MappingProxyType

from games.core.faces import RGB, CardFace, Deck, Faces, Texts, each_language, texts
from games.kings.card_texts import card_effect
from games.kings.cards import (
    BERSERKER_TENS,
    CHARACTER_NAMES,
    FLAGS,
    NUMBER_COLOURS,
    RARES,
    all_character_cards,
    character_of,
)
from games.kings.variants.data import KING_NUMBER_UP, KING_NUMBER_USED

COLOURS: dict[str, RGB] = {
    "w": (236, 234, 226), "r": (204, 40, 44), "b": (36, 96, 200), "g": (36, 140, 64), "k": (36, 36, 40),
}  # fmt: skip
SIGNS = {"w": "ring", "r": "diamond", "b": "drop", "g": "plant", "k": "sword"}
WHITE: RGB = (250, 250, 246)
GOLD: RGB = (214, 170, 40)
CHARACTER_COLOUR: RGB = (92, 64, 140)
CHARACTER_SIGNS = {
    "gambler": "diamond", "hermit": "moon", "resistance": "flag", "ninja": "star", "samurai": "sword",
    "berserker": "triangle", "healer": "heart", "collector": "gem", "devil": "spade", "cheerleader": "sun",
}  # fmt: skip
ROYALS: dict[str, tuple[str, Texts]] = {
    "king": ("K", texts("King", "キング")),
    "queen": ("Q", texts("Queen", "クイーン")),
    "jack": ("J", texts("Jack", "ジャック")),
}
STATE_WORDS: MappingProxyType[str, Texts] = MappingProxyType(
    {"used": texts("used", "使用済"), "bid": texts("bid", "宣言")}
)
NO_TITLE = texts("", "")

# Number cards up to 13 (the variants add 11-13), the white courts of the variants, the specials.
NUMBER_CARDS = tuple(f"{c}{n}" for c in NUMBER_COLOURS for n in range(1, 14))
WHITE_COURTS = ("w11", "w12")
ROYAL_CARDS = tuple(f"{kind}-{c}" for c in "wrbgk" for kind in ROYALS)


def _effect(card: str) -> Texts:
    return each_language(lambda lang: card_effect(card, lang) or "")


def _royal(card: str) -> CardFace:
    kind, _, colour = card.partition("-")
    corner, name = ROYALS[kind]
    numbers = {"up": KING_NUMBER_UP[colour], "used": KING_NUMBER_USED[colour]} if kind == "king" else {}
    sign = "sword" if kind == "jack" else "crown"
    return CardFace(
        COLOURS[colour], sign, corner, name, style="frame", suit=colour,
        numbers=MappingProxyType(numbers), states=STATE_WORDS,
    )  # fmt: skip


def _number(card: str) -> CardFace:
    number = int(card[1:])
    title = {11: ROYALS["jack"][1], 12: ROYALS["queen"][1]}.get(number, NO_TITLE)
    return CardFace(COLOURS[card[0]], SIGNS[card[0]], str(number), title, style="pip", suit=card[0])


def _character(card: str) -> CardFace:
    character = character_of(card)
    sign = CHARACTER_SIGNS.get(str(character), "star")
    return CardFace(CHARACTER_COLOUR, sign, title=CHARACTER_NAMES[character], effect=_effect(card))


def _cards() -> dict[str, CardFace]:
    faces = {c: _number(c) for c in (*NUMBER_CARDS, *WHITE_COURTS)}
    flag, rare, berserker = (
        texts("White flag", "白旗"),
        texts("Rare", "レア"),
        texts("Berserker", "バーサーカー"),
    )
    faces.update({c: CardFace(WHITE, "flag", "", flag, style="pip", effect=_effect(c)) for c in FLAGS})
    faces.update({c: CardFace(GOLD, "gem", "", rare, effect=_effect(c)) for c in RARES})
    faces.update(
        {
            c: CardFace(COLOURS["k"], "sword", "10", berserker, style="pip", effect=_effect(c))
            for c in BERSERKER_TENS
        }
    )
    faces.update({c: _character(c) for c in all_character_cards()})
    faces.update({c: _royal(c) for c in ROYAL_CARDS})
    return faces


_PLAYING = (
    *(f"{c}{n}" for c in "rbgk" for n in range(1, 11)),
    *(f"{c}{n}" for c in "wrbgk" for n in (11, 12)),
    "bers1",
    "flag1",
    "rare1",
)
_CHARACTER_KINDS = tuple(dict.fromkeys(c.rstrip("0123456789") + "1" for c in all_character_cards()))

FACES = Faces(
    table=(58, 40, 30),
    back=(120, 28, 36),
    back_mark="crown",
    decks=(
        Deck("playing-cards", _PLAYING, per_row=10),
        Deck("kings-queens-jacks", ROYAL_CARDS, per_row=6, big=True, rows="state"),
        Deck("characters", _CHARACTER_KINDS, per_row=6, big=True),
    ),
    cards=MappingProxyType(_cards()),
)
