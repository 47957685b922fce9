"""What Champions of Time's cards look like in a picture: cards framed in their suit's colour, a sign per
suit, the hero's name and effect text; the draft names heroes by code (Game.faces)."""

from __future__ import annotations

from types import MappingProxyType

from games.core.faces import RGB, CardFace, Deck, Faces, each_language, texts
from games.trickster.cot.card_texts import card_effect
from games.trickster.cot.cards import CARD_IDS, HERO_INDEX, HEROES, SUITS

COLOURS: dict[str, RGB] = {
    "r": (206, 44, 50), "o": (232, 126, 30), "y": (232, 196, 36), "g": (44, 148, 72),
    "b": (40, 104, 206), "p": (128, 60, 170), "k": (40, 40, 44), "w": (236, 234, 226),
}  # fmt: skip
SIGNS = {
    "r": "heart", "o": "triangle", "y": "sun", "g": "plant", "b": "drop", "p": "moon", "k": "spade", "w": "ring",
}  # fmt: skip
SETS = {"base": "champions-of-time", "gg": "grand-gambit", "promo": "promos"}


def _face(card: str) -> CardFace:
    code, _, suit = card.partition("-")
    hero = HEROES[HERO_INDEX[code]]
    return CardFace(
        COLOURS[suit],
        SIGNS[suit],
        title=texts(hero.en, hero.ja),
        style="frame",
        effect=each_language(
            lambda lang: card_effect(card, lang) or (hero.text_ja if lang == "ja" else hero.text_en)
        ),
        suit=suit,
    )


FACES = Faces(
    table=(40, 34, 58),
    back=(96, 58, 30),
    back_mark="hourglass",
    decks=tuple(
        Deck(
            label,
            tuple(f"{h.code}-{s}" for h in HEROES if h.set == key for s in SUITS),
            per_row=8,
            big=True,
            rows="hero",
        )
        for key, label in SETS.items()
    ),
    cards=MappingProxyType({card: _face(card) for card in CARD_IDS}),
    names=MappingProxyType({h.code: texts(h.en, h.ja) for h in HEROES}),
)
