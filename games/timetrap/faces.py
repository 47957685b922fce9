"""What TIMETRAP's cards look like in a picture: time cards with their owner's colour, the Time Trap, and
date cards that print their condition or effect (Game.faces)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from games.core.faces import RGB, CardFace, Deck, Faces, each_language, texts
from games.timetrap import dates
from games.timetrap.card_texts import card_effect
from games.timetrap.cards import COLOURS, NUMBERS, trap_card

TIME_COLOURS: Final[dict[str, RGB]] = {
    "or": (234, 124, 24),
    "pu": (128, 62, 168),
    "bl": (34, 104, 204),
    "gr": (36, 140, 70),
}
TRAP_COLOUR: Final[RGB] = (150, 24, 36)
BLUE_DATE: Final[RGB] = (44, 112, 210)
YELLOW_DATE: Final[RGB] = (238, 196, 40)
TRAP_EFFECT: Final = texts(
    "Time Trap: counts 12 while the tile is face up, 0 while it is face down.",
    "タイムトラップ：タイルが表なら12、裏なら0として扱う。",
)
DATE_CARD: Final = texts("Date card", "日付条件")

TIME_CARDS: Final = tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS)
TRAPS: Final = tuple(trap_card(seat) for seat in range(len(COLOURS)))


def _trap(card: str) -> CardFace:
    return CardFace(
        TRAP_COLOUR,
        "hourglass",
        title=texts("Time Trap", "タイムトラップ"),
        sub=texts("12 / 0", "12 / 0"),
        effect=each_language(lambda lang: card_effect(card, lang) or TRAP_EFFECT[lang]),
        short="12/0",
    )


def _date(card: dates.BlueCard | dates.YellowCard) -> CardFace:
    text = each_language(lambda lang: card.text.get(lang) or card.text.get("en") or "")
    if isinstance(card, dates.BlueCard):
        return CardFace(BLUE_DATE, "drop", card.id, DATE_CARD, style="note", effect=text)
    number = str(card.number)
    return CardFace(YELLOW_DATE, "sun", card.id, DATE_CARD, texts(number, number), "note", text)


FACES: Final = Faces(
    table=(26, 42, 56),
    back=(30, 72, 90),
    back_mark="hourglass",
    decks=(
        Deck("time-cards", (*TIME_CARDS, TRAPS[0]), per_row=11),
        Deck("date-cards", (*(c.id for c in dates.BLUE), *(c.id for c in dates.YELLOW)), per_row=6, big=True),
    ),
    cards=MappingProxyType(
        {
            **{c: CardFace(TIME_COLOURS[c[:2]], "ring", c[2:], style="pip", suit=c[:2]) for c in TIME_CARDS},
            **{c: _trap(c) for c in TRAPS},
            **{c.id: _date(c) for s in dates.DATE_SETS.values() for c in s.blue},
            **{c.id: _date(c) for s in dates.DATE_SETS.values() for c in s.yellow},
        }
    ),
)
