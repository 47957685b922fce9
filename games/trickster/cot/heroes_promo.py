"""The 2 promo heroes (rulebook, 限定カード table)."""

from __future__ import annotations

from games.trickster.cot.cards import HERO_INDEX
from games.trickster.cot.common import (
    Effect,
    Need,
    ask,
    ids,
    opponent_seats,
    opponents_with_hand,
    picks,
    seats,
)
from games.trickster.cot.work import HAND, POT, TABLEAU, Work

Args = tuple[int, ...]


# --- Beast: if one can follow, your hand -> the pot (its effect is not used) -------------------------
def _beast_cards(w: Work, me: int) -> list[int]:
    return [c for c in w.hands[me] if w.can_follow(c)]


def _beast_can(w: Work, me: int) -> bool:
    return bool(_beast_cards(w, me))


def _beast(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("bea_card", picks(_beast_cards(w, me)))
    card = args[0]
    w.take_hand(me, card)
    w.move(me, card, HAND, me, POT, None)
    w.put_pot(card, me)
    return None


# --- Maven: reveal a random card of an opponent's hand, move it to an opponent's tableau ------------
def _maven_can(w: Work, me: int) -> bool:
    return bool(opponents_with_hand(w, me))


def _maven(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("mav_from", seats(opponents_with_hand(w, me)))
    if len(args) == 1:
        source = args[0]
        hand = w.hands[source]
        card = hand[w.below(len(hand))]
        w.set_known(card, w.everyone)
        w.event("reveal", {"seat": me, "cards": ids([card]), "source": HAND, "owner": source})
        return ask("mav_seat", opponent_seats(w, me), (card,))
    source, card, to = args
    w.take_hand(source, card)
    w.put_tableau(to, card)
    w.move(me, card, HAND, source, TABLEAU, to)
    return None


PROMO: dict[int, Effect] = {
    HERO_INDEX["bea"]: Effect(_beast_can, _beast),
    HERO_INDEX["mav"]: Effect(_maven_can, _maven),
}
