"""Trickster: Tianxia — seven heroes (004_6403efb1403ffcad.txt, "Trickster: Tianxia").

Each hero: `can_x` (is the effect resolvable in its entirety?) and `x` (the effect, stage by stage).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from games.trickster.hero import CHOOSE_CARD, CHOOSE_TARGET, GIVE_CARD, Ask, Hero, ask

if TYPE_CHECKING:
    from games.trickster.fx import Fx

_chain = chain.from_iterable  # every card of several zones, in order (cheaper than a nested generator)


def can_nun(fx: Fx, me: int) -> bool:
    return any(fx.hands)


def nun(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Donate: whoever has most cards in hand gives a card of their choice to a player of your choice.

    Stages: the donor (you choose among those tied for most), the recipient, then the donor's card.
    """
    if not picks:
        most = max(len(h) for h in fx.hands)
        donors = tuple(s for s in range(fx.players) if len(fx.hands[s]) == most)
        return ask(CHOOSE_TARGET, me, donors, "ask.nun.donor")
    donor = picks[0]
    if len(picks) == 1:
        return ask(CHOOSE_TARGET, me, tuple(s for s in range(fx.players) if s != donor), "ask.nun.to")
    if len(picks) == 2:
        return ask(GIVE_CARD, donor, fx.hands[donor], "ask.nun.give")
    fx.hand_to_hand_secret(donor, picks[2], picks[1])
    return None


def can_brute(fx: Fx, me: int) -> bool:
    return any(fx.upright(c) for c in fx.trick.pot)


def brute(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Toughen: turn a card in the Pot sideways (it counts one more in scoring)."""
    if not picks:
        return ask(CHOOSE_CARD, me, tuple(c for c in fx.trick.pot if fx.upright(c)), "ask.brute")
    fx.turn_sideways(picks[0])
    return None


def can_hunter(fx: Fx, me: int) -> bool:
    return bool(fx.hands[me])


def hunter(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Ambush: an opponent takes a random card from your hand into their House."""
    if not picks:
        return ask(CHOOSE_TARGET, me, fx.opponents(me), "ask.hunter")
    hand = fx.hands[me]
    fx.hand_to_house(me, hand[fx.below(len(hand))], picks[0], random=True)
    return None


def can_detective(fx: Fx, me: int) -> bool:
    # Ruling: needs an opponent with two cards to reveal.
    return any(len(fx.hands[o]) >= 2 for o in fx.opponents(me))


def detective(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Investigate: reveal two random cards of an opponent's hand; take one, give the other to any
    opponent's hand."""
    if not picks:
        targets = tuple(o for o in fx.opponents(me) if len(fx.hands[o]) >= 2)
        return ask(CHOOSE_TARGET, me, targets, "ask.detective.target")
    victim = picks[0]
    if len(picks) == 1:
        hand = list(fx.hands[victim])
        first = hand.pop(fx.below(len(hand)))
        second = hand[fx.below(len(hand))]
        fx.memo = (first, second)
        fx.reveal((first, second), victim)
        return ask(CHOOSE_CARD, me, fx.memo, "ask.detective.take")
    taken = picks[1]
    if len(picks) == 2:
        return ask(CHOOSE_TARGET, me, fx.opponents(me), "ask.detective.give")
    other = fx.memo[0] if fx.memo[1] == taken else fx.memo[1]
    fx.hand_to_hand_public(victim, taken, me)
    fx.hand_to_hand_public(victim, other, picks[2])
    return None


def can_general(fx: Fx, me: int) -> bool:
    return bool(fx.houses[me])


def general(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Throw: move a card from your House to any opponent's hand."""
    if not picks:
        return ask(CHOOSE_CARD, me, fx.houses[me], "ask.general.card")
    if len(picks) == 1:
        return ask(CHOOSE_TARGET, me, fx.opponents(me), "ask.general.target")
    fx.house_to_hand(picks[0], picks[1])
    return None


def _matriarch_cards(fx: Fx) -> tuple[int, ...]:
    if not fx.pot_has_room():
        return ()
    return fx.legal_cards(tuple(_chain(fx.houses)))


def can_matriarch(fx: Fx, me: int) -> bool:
    return bool(_matriarch_cards(fx))


def matriarch(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Adopt: add a legal card from any player's House to the Pot; its effect is not resolved."""
    if not picks:
        return ask(CHOOSE_CARD, me, _matriarch_cards(fx), "ask.matriarch")
    fx.house_to_pot(picks[0], me)
    return None


def _striker_cards(fx: Fx, me: int) -> tuple[int, ...]:
    if not fx.pot_has_room():
        return ()
    return fx.legal_cards(fx.hands[me])


def can_striker(fx: Fx, me: int) -> bool:
    return bool(_striker_cards(fx, me))


def striker(fx: Fx, me: int, picks: tuple[int, ...]) -> Ask | None:
    """Flurry: add a legal card from your hand to the Pot; its effect is not resolved."""
    if not picks:
        return ask(CHOOSE_CARD, me, _striker_cards(fx, me), "ask.striker")
    fx.hand_to_pot(me, picks[0])
    return None


HEROES: tuple[Hero, ...] = (
    Hero(
        "nun",
        {"en": "Nun", "ja": "尼僧"},
        {"en": "Donate", "ja": "寄進"},
        {
            "en": "Whoever has the most cards in hand gives a card of their choice to another player of "
            "your choice (you pick the donor among ties).",
            "ja": "手札が最も多いプレイヤーが、自分で選んだカード1枚を、あなたが選んだ別のプレイヤーに渡す"
            "（同数ならあなたが渡す人を選ぶ）。",
        },
        can_nun,
        nun,
    ),
    Hero(
        "brute",
        {"en": "Brute", "ja": "荒くれ者"},
        {"en": "Toughen", "ja": "強化"},
        {
            "en": "Turn a card in the Pot sideways: it counts as one more card of its suit in scoring.",
            "ja": "ポットのカード1枚を横向きにする。得点計算でその模様が1枚多く数えられる。",
        },
        can_brute,
        brute,
    ),
    Hero(
        "hunter",
        {"en": "Hunter", "ja": "狩人"},
        {"en": "Ambush", "ja": "待ち伏せ"},
        {
            "en": "Choose an opponent: they take a random card from your hand into their House.",
            "ja": "相手を1人選ぶ。その人はあなたの手札からランダムに1枚を取り、自分のハウスに加える。",
        },
        can_hunter,
        hunter,
    ),
    Hero(
        "detective",
        {"en": "Detective", "ja": "探偵"},
        {"en": "Investigate", "ja": "捜査"},
        {
            "en": "Reveal two random cards from an opponent's hand to all. Take one into your hand; give "
            "the other to any opponent's hand.",
            "ja": "相手1人の手札からランダムに2枚を全員に公開する。1枚を自分の手札に加え、"
            "もう1枚を相手いずれかの手札に渡す。",
        },
        can_detective,
        detective,
    ),
    Hero(
        "general",
        {"en": "General", "ja": "将軍"},
        {"en": "Throw", "ja": "投擲"},
        {
            "en": "Move a card from your House to any opponent's hand.",
            "ja": "自分のハウスのカード1枚を相手いずれかの手札に移す。",
        },
        can_general,
        general,
    ),
    Hero(
        "matriarch",
        {"en": "Matriarch", "ja": "女家長"},
        {"en": "Adopt", "ja": "養子"},
        {
            "en": "Add a legal card from any player's House to the Pot; do not resolve its effect.",
            "ja": "誰かのハウスから出せるカード1枚をポットに加える。その効果は使わない。",
        },
        can_matriarch,
        matriarch,
    ),
    Hero(
        "striker",
        {"en": "Striker", "ja": "ストライカー"},
        {"en": "Flurry", "ja": "連撃"},
        {
            "en": "Add a legal card from your hand to the Pot; do not resolve its effect.",
            "ja": "自分の手札から出せるカード1枚をポットに加える。その効果は使わない。",
        },
        can_striker,
        striker,
    ),
)
