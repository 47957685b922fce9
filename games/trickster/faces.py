"""What Trickster's cards look like in a picture: cards filled with their suit's colour, a sign per suit,
the hero's name and ability, its effect text (Game.faces)."""

from __future__ import annotations

from types import MappingProxyType

from games.core.faces import RGB, CardFace, Deck, Faces, each_language
from games.trickster.card_texts import card_effect
from games.trickster.cards import CARD_IDS, HERO_INDEX, HEROES, SETS, SUIT_IDS

COLOURS: dict[str, RGB] = {
    "r": (212, 46, 52), "o": (236, 128, 26), "y": (240, 204, 40), "g": (40, 150, 70),
    "b": (36, 108, 214), "i": (58, 50, 150), "v": (150, 66, 186),
}  # fmt: skip
SIGNS = {
    "r": "heart",
    "o": "triangle",
    "y": "square",
    "g": "plant",
    "b": "star",
    "i": "moon",
    "v": "quatrefoil",
}


def _face(card: str) -> CardFace:
    suit, _, slug = card.partition("-")
    hero = HEROES[HERO_INDEX[slug]]
    return CardFace(
        COLOURS[suit],
        SIGNS[suit],
        title=each_language(lambda lang: hero.name.get(lang) or hero.name["en"]),
        sub=each_language(lambda lang: hero.ability.get(lang) or hero.ability["en"]),
        effect=each_language(lambda lang: card_effect(card, lang) or hero.text.get(lang) or hero.text["en"]),
        suit=suit,
    )


FACES = Faces(
    table=(28, 58, 46),
    back=(52, 40, 96),
    back_mark="star",
    decks=tuple(
        Deck(
            name,
            tuple(f"{s}-{h.slug}" for h in heroes for s in SUIT_IDS if f"{s}-{h.slug}" in CARD_IDS),
            per_row=7,
            big=True,
            rows="hero",
        )
        for name, heroes in SETS.items()
    ),
    cards=MappingProxyType({card: _face(card) for card in CARD_IDS}),
)
