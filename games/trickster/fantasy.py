"""Trickster: Fantasy — seven heroes (004_6403efb1403ffcad.txt, "Trickster: Fantasy").

Each hero: `can_x` (is the effect resolvable in its entirety?) and `x` (the effect, stage by stage).
Each question is written as the tuple `hero.ask(kind, me, options, note)` returns, `(kind, ALONE[me],
(options,), note)`: one Python call fewer on about every other action of a simulation (the Fantasy deck
is the default; tests/trickster/test_fast_paths.py holds every Ask to `ask`'s form).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Final

from games.trickster.hero import ALONE, CHOOSE_CARD, CHOOSE_TARGET, GIVE_CARD, Ask, Hero

if TYPE_CHECKING:
    from games.trickster.fx import Fx

_chain: Final = chain.from_iterable  # every card of several zones, in order (cheaper than a nested generator)


def can_bard(fx: Fx, me: int) -> bool:
    # Ruling: needs a card in my hand and an opponent who still has cards.
    hands = fx.hands
    if not hands[me]:
        return False
    for o in fx.opponents(me):  # noqa: SIM110 (a plain loop: cheaper than any() over a generator)
        if hands[o]:
            return True
    return False


def bard(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Dance: choose an opponent with cards; both give one card at once, secretly."""
    if not picks:
        hands = fx.hands
        targets = tuple([o for o in fx.opponents(me) if hands[o]])
        return (CHOOSE_TARGET, ALONE[me], (targets,), "ask.bard.target")
    if len(picks) == 1:
        other = picks[0]
        return (GIVE_CARD, (me, other), (fx.hands[me], fx.hands[other]), "ask.bard.give")
    other, mine, theirs = picks
    fx.exchange(me, mine, other, theirs)
    return None


def _upright_house_cards(fx: Fx) -> tuple[int, ...]:
    side = fx.sideways
    if not side:
        return tuple(_chain(fx.houses))
    return tuple([c for house in fx.houses for c in house if not side >> c & 1])


def can_druid(fx: Fx, me: int) -> bool:
    side = fx.sideways
    for house in fx.houses:
        for c in house:
            if not side >> c & 1:
                return True
    return False


def druid(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Grow: turn an upright card in any player's House sideways."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (_upright_house_cards(fx),), "ask.druid")
    fx.turn_sideways(picks[0])
    return None


def can_mage(fx: Fx, me: int) -> bool:
    return any(fx.houses)


def mage(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Vanish: move a card from any player's House to the Trash."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (tuple(_chain(fx.houses)),), "ask.mage")
    fx.house_to_trash(picks[0])
    return None


def can_summoner(fx: Fx, me: int) -> bool:
    return bool(fx.trash)


def summoner(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Summon: take a card from the Trash into your hand."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (fx.trash,), "ask.summoner")
    fx.trash_to_hand(picks[0], me)
    return None


def guard(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Rescue: take a card from any player's House into your hand."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (tuple(_chain(fx.houses)),), "ask.guard")
    fx.house_to_hand(picks[0], me)
    return None


def can_rogue(fx: Fx, me: int) -> bool:
    return bool(fx.houses[me])


def rogue(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Sneak: move a card from your House to an opponent's House."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (fx.houses[me],), "ask.rogue.card")
    if len(picks) == 1:
        return (CHOOSE_TARGET, ALONE[me], (fx.opponents(me),), "ask.rogue.target")
    fx.house_to_house(picks[0], picks[1])
    return None


def can_knight(fx: Fx, me: int) -> bool:
    return bool(fx.hands[me])


def knight(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Charge: take a card from your hand and add it to any player's House."""
    if not picks:
        return (CHOOSE_CARD, ALONE[me], (fx.hands[me],), "ask.knight.card")
    if len(picks) == 1:
        return (CHOOSE_TARGET, ALONE[me], (tuple(range(fx.players)),), "ask.knight.target")
    fx.hand_to_house(me, picks[0], picks[1])
    return None


HEROES: tuple[Hero, ...] = (
    Hero(
        "bard",
        {"en": "Bard", "ja": "吟遊詩人"},
        {"en": "Dance", "ja": "舞踏"},
        {
            "en": "Choose an opponent who still has cards in hand. You each simultaneously exchange one "
            "card from your hands (each picks the card to give, unseen).",
            "ja": "手札が残っている相手を1人選ぶ。互いに手札から1枚を同時に選んで交換する"
            "（渡すカードは各自が選び、相手のカードは見えない）。",
        },
        can_bard,
        bard,
    ),
    Hero(
        "druid",
        {"en": "Druid", "ja": "ドルイド"},
        {"en": "Grow", "ja": "成長"},
        {
            "en": "Turn an upright card in any player's House sideways: it counts as two cards of its "
            "suit in scoring.",
            "ja": "誰かのハウスにある縦向きのカード1枚を横向きにする。得点計算でその模様の2枚として数える。",
        },
        can_druid,
        druid,
    ),
    Hero(
        "mage",
        {"en": "Mage", "ja": "魔術師"},
        {"en": "Vanish", "ja": "消失"},
        {
            "en": "Move a card from any player's House to the Trash.",
            "ja": "誰かのハウスのカード1枚を捨て札に移す。",
        },
        can_mage,
        mage,
    ),
    Hero(
        "summoner",
        {"en": "Summoner", "ja": "召喚士"},
        {"en": "Summon", "ja": "召喚"},
        {"en": "Take a card from the Trash into your hand.", "ja": "捨て札のカード1枚を自分の手札に加える。"},
        can_summoner,
        summoner,
    ),
    Hero(
        "guard",
        {"en": "Guard", "ja": "護衛"},
        {"en": "Rescue", "ja": "救出"},
        {
            "en": "Take a card from any player's House into your hand.",
            "ja": "誰かのハウスのカード1枚を自分の手札に加える。",
        },
        can_mage,  # same condition: some House holds a card
        guard,
    ),
    Hero(
        "rogue",
        {"en": "Rogue", "ja": "盗賊"},
        {"en": "Sneak", "ja": "潜入"},
        {
            "en": "Move a card from your House to an opponent's House.",
            "ja": "自分のハウスのカード1枚を相手1人のハウスに移す。",
        },
        can_rogue,
        rogue,
    ),
    Hero(
        "knight",
        {"en": "Knight", "ja": "騎士"},
        {"en": "Charge", "ja": "突撃"},
        {
            "en": "Take a card from your hand and add it to any player's House.",
            "ja": "自分の手札のカード1枚を誰かのハウスに加える。",
        },
        can_knight,
        knight,
    ),
)
