"""What the Ex-Tarot cards look like in a picture: named trumps (the honours gold, with their points),
number cards with a coloured stripe per suit; the sheet shows the trumps, then a row per suit
(Game.faces)."""

from __future__ import annotations

from types import MappingProxyType

from games.core.faces import RGB, CardFace, Deck, Faces, Texts, each_language, texts
from games.dream_capture.card_texts import card_effect
from games.dream_capture.cards import DECK, HONOURS, POINTS, TRUMP_NAMES

COLOURS: dict[str, RGB] = {"s": (40, 52, 120), "h": (200, 36, 60), "d": (226, 120, 20), "c": (30, 128, 80)}
SIGNS = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
RANKS: dict[str, tuple[str, Texts]] = {
    "I": ("∞", texts("Infinity", "インフィニティ")),
    "K": ("K", texts("King", "キング")),
    "Q": ("Q", texts("Queen", "クイーン")),
    "C": ("C", texts("Cavalier", "騎士")),
    "J": ("J", texts("Jack", "ジャック")),
}
TRUMP_COLOUR: RGB = (64, 40, 110)
HONOUR_COLOUR: RGB = (206, 160, 36)
WHITE: RGB = (250, 250, 246)
SUITS: dict[str, Texts] = {
    "t": texts("trumps", "切り札"),
    "s": texts("spades", "スペード"),
    "h": texts("hearts", "ハート"),
    "d": texts("diamonds", "ダイヤ"),
    "c": texts("clubs", "クラブ"),
}


def _points(card: str) -> Texts:
    points = POINTS.get(card, 0)
    if not points:
        return texts("", "")
    return texts(f"{points:+d} pts", f"{points:+d} 点")


def _face(card: str) -> CardFace:
    if card[0] == "t":
        number = int(card[1:])
        en, ja = TRUMP_NAMES[number]
        effect = each_language(lambda lang: card_effect(card, lang) or "")
        if card in HONOURS:
            return CardFace(
                HONOUR_COLOUR, "star", str(number), texts(en, ja), _points(card), "band", effect, suit="t"
            )
        return CardFace(
            TRUMP_COLOUR, "sun", str(number), texts(en, ja), style="band", effect=effect, suit="t"
        )
    suit, rank = card[0], card[1:]
    if rank in RANKS:
        corner, name = RANKS[rank]
        return CardFace(COLOURS[suit], SIGNS[suit], corner, name, _points(card), "pip", suit=suit)
    return CardFace(COLOURS[suit], SIGNS[suit], rank, style="pip", suit=suit)


FACES = Faces(
    table=(22, 28, 56),
    back=(70, 36, 100),
    back_mark="moon",
    decks=(Deck("ex-tarot", tuple(DECK), per_row=12, rows="suit", big_suits=("t",)),),
    cards=MappingProxyType({card: _face(card) for card in DECK}),
    suits=MappingProxyType(SUITS),
)
