"""Trickster: Symbiosis — seven heroes (004_6403efb1403ffcad.txt, "Trickster: Symbiosis").

Each hero: `can_x` (is the effect resolvable in its entirety?) and `x` (the effect, stage by stage).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from games.trickster.hero import CHOOSE_CARD, CHOOSE_HERO, CHOOSE_TARGET, Ask, Hero, ask

if TYPE_CHECKING:
    from games.trickster.fx import Fx

_chain = chain.from_iterable  # every card of several zones, in order (cheaper than a nested generator)


def can_explorer(fx: Fx, me: int) -> bool:
    return len(fx.deck) >= 2


def explorer(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Scout: reveal the top two cards of the deck to all; take one, return the other to the top."""
    if not picks:
        fx.memo = fx.deck[:2]
        fx.reveal(fx.memo, None)
        return ask(CHOOSE_CARD, me, fx.memo, "ask.explorer")
    fx.deck_to_hand(picks[0], me)
    return None


def can_shuttle(fx: Fx, me: int) -> bool:
    return bool(fx.deck)


def shuttle(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Submerge: take the top card of the deck into your hand, then put any hand card on top."""
    if not picks:
        fx.deck_to_hand(fx.deck[0], me)
        return ask(CHOOSE_CARD, me, fx.hands[me], "ask.shuttle")
    fx.hand_to_deck_top(me, picks[0])
    return None


def can_prospector(fx: Fx, me: int) -> bool:
    return any(fx.houses[o] for o in fx.opponents(me))


def prospector(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Extract: move a card from an opponent's House to your House."""
    if not picks:
        return ask(CHOOSE_CARD, me, tuple(_chain([fx.houses[o] for o in fx.opponents(me)])), "ask.prospector")
    fx.house_to_house(picks[0], me)
    return None


def can_messenger(fx: Fx, me: int) -> bool:
    return bool(fx.hands[me])


def messenger(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Deliver: move a card from your hand to an opponent's hand."""
    if not picks:
        return ask(CHOOSE_CARD, me, fx.hands[me], "ask.messenger.card")
    if len(picks) == 1:
        return ask(CHOOSE_TARGET, me, fx.opponents(me), "ask.messenger.target")
    fx.hand_to_hand_secret(me, picks[0], picks[1])
    return None


def container(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Quarantine: move a card from an opponent's House to any opponent's hand."""
    if not picks:
        return ask(CHOOSE_CARD, me, tuple(_chain([fx.houses[o] for o in fx.opponents(me)])), "ask.container.card")
    if len(picks) == 1:
        return ask(CHOOSE_TARGET, me, fx.opponents(me), "ask.container.target")
    fx.house_to_hand(picks[0], picks[1])
    return None


def can_recycler(fx: Fx, me: int) -> bool:
    return bool(fx.houses[me]) and bool(fx.trash)


def recycler(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Restore: exchange a card from your House for a card from the Trash."""
    if not picks:
        return ask(CHOOSE_CARD, me, fx.houses[me], "ask.recycler.house")
    if len(picks) == 1:
        return ask(CHOOSE_CARD, me, fx.trash, "ask.recycler.trash")
    fx.trash_to_house(picks[1], me)
    fx.house_to_trash(picks[0])
    return None


def _copyable(fx: Fx, me: int) -> tuple[int, ...]:
    """Heroes in my House whose effect can be resolved now (Ruling: never another Archivist)."""
    found: list[int] = []
    for card in fx.houses[me]:
        hero = fx.hero_of(card)
        if hero not in found and fx.heroes[hero].slug != "archivist" and fx.heroes[hero].can(fx, me):
            found.append(hero)
    return tuple(sorted(found))


def can_archivist(fx: Fx, me: int) -> bool:
    return bool(_copyable(fx, me))


def archivist(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Upload: use the effect of any card already in your House (a hero whose effect can resolve)."""
    if not picks:
        return ask(CHOOSE_HERO, me, _copyable(fx, me), "ask.archivist")
    return fx.heroes[picks[0]].effect(fx, me, picks[1:])


HEROES: tuple[Hero, ...] = (
    Hero(
        "explorer",
        {"en": "Explorer", "ja": "探検家"},
        {"en": "Scout", "ja": "偵察"},
        {
            "en": "Reveal the top two cards of the deck to all. Take one into your hand; return the "
            "other to the top of the deck.",
            "ja": "山札の上から2枚を全員に公開する。1枚を手札に加え、もう1枚を山札の上に戻す。",
        },
        can_explorer,
        explorer,
    ),
    Hero(
        "shuttle",
        {"en": "Shuttle", "ja": "シャトル"},
        {"en": "Submerge", "ja": "潜航"},
        {
            "en": "Take the top card of the deck into your hand. Then put any card from your hand on top "
            "of the deck.",
            "ja": "山札の一番上のカードを手札に加える。その後、手札のカード1枚を山札の上に置く。",
        },
        can_shuttle,
        shuttle,
    ),
    Hero(
        "prospector",
        {"en": "Prospector", "ja": "探鉱者"},
        {"en": "Extract", "ja": "採掘"},
        {
            "en": "Move a card from an opponent's House to your House.",
            "ja": "相手1人のハウスのカード1枚を自分のハウスに移す。",
        },
        can_prospector,
        prospector,
    ),
    Hero(
        "messenger",
        {"en": "Messenger", "ja": "使者"},
        {"en": "Deliver", "ja": "配達"},
        {
            "en": "Move a card from your hand to an opponent's hand.",
            "ja": "自分の手札のカード1枚を相手1人の手札に移す。",
        },
        can_messenger,
        messenger,
    ),
    Hero(
        "container",
        {"en": "Container", "ja": "コンテナ"},
        {"en": "Quarantine", "ja": "隔離"},
        {
            "en": "Move a card from an opponent's House to any opponent's hand.",
            "ja": "相手1人のハウスのカード1枚を、相手いずれかの手札に移す。",
        },
        can_prospector,  # same condition: an opponent's House holds a card
        container,
    ),
    Hero(
        "recycler",
        {"en": "Recycler", "ja": "リサイクラー"},
        {"en": "Restore", "ja": "再生"},
        {
            "en": "Exchange a card from your House for a card from the Trash.",
            "ja": "自分のハウスのカード1枚と捨て札のカード1枚を交換する。",
        },
        can_recycler,
        recycler,
    ),
    Hero(
        "archivist",
        {"en": "Archivist", "ja": "記録保管人"},
        {"en": "Upload", "ja": "転写"},
        {
            "en": "Use the effect of any card already in your House.",
            "ja": "自分のハウスにあるカード1枚の効果を使う。",
        },
        can_archivist,
        archivist,
    ),
)
