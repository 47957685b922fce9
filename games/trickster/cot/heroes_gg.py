"""The 7 heroes of the Grand Gambit expansion (rulebook, 拡張セット『Grand Gambit』 table)."""

from __future__ import annotations

from collections.abc import Mapping

from games.trickster.cot.cards import CARD_HERO, HERO_INDEX, NO_COPY
from games.trickster.cot.common import (
    COPY,
    REVEAL,
    REVEAL_BASE,
    Effect,
    Need,
    any_opponent_tableau,
    ask,
    ids,
    opponent_seats,
    opponent_tableau_picks,
    opponents_with_hand,
    picks,
    seats,
)
from games.trickster.cot.work import HAND, POT, TABLEAU, TRASH, Work

Args = tuple[int, ...]


# --- General: copy a Trash card's effect, or reveal a hand card and use its effect -------------------
def _general_options(w: Work, me: int, table: Mapping[int, Effect]) -> tuple[str, ...]:
    heroes: list[int] = []
    for card in w.trash:
        hero = CARD_HERO[card]
        if hero not in heroes and hero not in NO_COPY and table[hero].can(w, me):
            heroes.append(hero)
    reveal = [c for c in w.hands[me] if CARD_HERO[c] not in NO_COPY and table[CARD_HERO[c]].can(w, me)]
    return tuple(COPY[h] for h in sorted(heroes)) + tuple(REVEAL[c] for c in reveal)


def general(table: Mapping[int, Effect]) -> Effect:
    """Built with the whole effect table, since it copies heroes of every set."""

    def can(w: Work, me: int) -> bool:
        return bool(_general_options(w, me, table))

    def run(w: Work, me: int, args: Args) -> Need | None:
        if not args:
            return ask("gen_copy", _general_options(w, me, table))
        choice = args[0]
        if choice >= REVEAL_BASE:
            card = choice - REVEAL_BASE
            hero = CARD_HERO[card]
            if len(args) == 1:
                # The revealed card is public from now on, and stays in the hand.
                w.set_known(card, w.everyone)
                w.event("reveal", {"seat": me, "cards": ids([card]), "source": HAND, "owner": me})
                w.event("copy", {"seat": me, "hero": hero, "source": HAND})
        else:
            hero = choice
            if len(args) == 1:
                w.event("copy", {"seat": me, "hero": hero, "source": TRASH})
        return table[hero].run(w, me, args[1:])

    return Effect(can, run)


# --- Hunter: the Trash -> an opponent's tableau -----------------------------------------------------
def _trash_can(w: Work, me: int) -> bool:
    return bool(w.trash)


def _hunter(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("hun_card", picks(w.trash))
    if len(args) == 1:
        return ask("hun_seat", opponent_seats(w, me))
    card, to = args
    w.take_trash(card)
    w.put_tableau(to, card)
    w.move(me, card, TRASH, None, TABLEAU, to)
    return None


# --- Noble: if one can follow, your tableau -> the pot (its effect is not used) ----------------------
def _noble_cards(w: Work, me: int) -> list[int]:
    return [c for c in w.tableaus[me] if w.can_follow(c)]


def _noble_can(w: Work, me: int) -> bool:
    return bool(_noble_cards(w, me))


def _noble(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("nob_card", picks(_noble_cards(w, me)))
    card = args[0]
    w.take_tableau(me, card)
    w.move(me, card, TABLEAU, me, POT, None)
    w.put_pot(card, me)
    return None


# --- Saint: a random card of an opponent's hand -> anyone's hand (that opponent's included) --------
def _saint_can(w: Work, me: int) -> bool:
    return bool(opponents_with_hand(w, me))


def _saint(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("sai_from", seats(opponents_with_hand(w, me)))
    source = args[0]
    if len(args) == 1:
        # 「（自分を含む）誰かの手札」: anyone's hand, the opponent it is taken from included.
        return ask("sai_to", seats(range(w.n)))
    to = args[1]
    if to == source:
        # Back into the hand it came from: nothing moves, so nobody learns which card was drawn.
        w.move(me, None, HAND, source, HAND, source)
        return None
    hand = w.hands[source]
    card = hand[w.below(len(hand))]
    w.take_hand(source, card)
    # Who knows the card now: the player it left and its receiver (the Saint's player only as receiver).
    w.forget_hand(source, 1 << to)
    w.put_hand(to, card, 1 << source)
    w.move(me, None, HAND, source, HAND, to)
    w.move(me, card, HAND, source, HAND, to, frozenset({source, to}))
    return None


# --- Shaman: your hand -> your tableau --------------------------------------------------------------
def _shaman_can(w: Work, me: int) -> bool:
    return bool(w.hands[me])


def _shaman(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("sha_card", picks(w.hands[me]))
    card = args[0]
    w.take_hand(me, card)
    w.put_tableau(me, card)
    w.move(me, card, HAND, me, TABLEAU, me)
    return None


# --- Smuggler: reveal 2 random cards of an opponent's hand; one to you, one to any opponent -----------
def _smuggler_can(w: Work, me: int) -> bool:
    return bool(opponents_with_hand(w, me, 2))


def _smuggler(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("smu_from", seats(opponents_with_hand(w, me, 2)))
    if len(args) == 1:
        source = args[0]
        hand = list(w.hands[source])
        first = hand.pop(w.below(len(hand)))
        second = hand[w.below(len(hand))]
        for card in (first, second):
            w.set_known(card, w.everyone)
        w.event("reveal", {"seat": me, "cards": ids([first, second]), "source": HAND, "owner": source})
        return ask("smu_keep", picks((first, second)), (first, second))
    if len(args) == 4:
        return ask("smu_seat", opponent_seats(w, me))
    source, first, second, keep, to = args
    other = second if keep == first else first
    w.take_hand(source, first)
    w.take_hand(source, second)
    w.put_hand(me, keep, w.everyone)
    w.put_hand(to, other, w.everyone)
    w.move(me, keep, HAND, source, HAND, me)
    w.move(me, other, HAND, source, HAND, to)
    return None


# --- Vigilante: exchange a Trash card with a card in an opponent's tableau ---------------------------
def _vigilante_can(w: Work, me: int) -> bool:
    return bool(w.trash) and any_opponent_tableau(w, me)


def _vigilante(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("vig_trash", picks(w.trash))
    if len(args) == 1:
        return ask("vig_tableau", opponent_tableau_picks(w, me))
    trashed, theirs = args
    owner = w.owner_of_tableau_card(theirs)
    w.take_trash(trashed)
    w.take_tableau(owner, theirs)
    w.put_tableau(owner, trashed)
    w.put_trash(theirs)
    w.move(me, trashed, TRASH, None, TABLEAU, owner)
    w.move(me, theirs, TABLEAU, owner, TRASH, None)
    return None


GRAND_GAMBIT: dict[int, Effect] = {
    HERO_INDEX["hun"]: Effect(_trash_can, _hunter),
    HERO_INDEX["nob"]: Effect(_noble_can, _noble),
    HERO_INDEX["sai"]: Effect(_saint_can, _saint),
    HERO_INDEX["sha"]: Effect(_shaman_can, _shaman),
    HERO_INDEX["smu"]: Effect(_smuggler_can, _smuggler),
    HERO_INDEX["vig"]: Effect(_vigilante_can, _vigilante),
}
"""Every Grand Gambit hero but the General, which needs the whole table (see `general`)."""
