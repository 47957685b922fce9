"""The 14 heroes of the base set 『Champion of Time』 (rulebook, 基本セット table), one effect each.

"Opponent" is 敵; "any one opponent" (敵いずれか１人) lets the player pick the seat. Each run() step is
one transition: it changes the table for the answer just given, then asks the next question.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.trickster.cot.cards import CARD_HERO, HERO_INDEX, NO_COPY
from games.trickster.cot.common import (
    COPY,
    EXCHANGE,
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
from games.trickster.cot.work import DECK_BOTTOM, DECK_TOP, HAND, POT, TABLEAU, TRASH, Work

Args = tuple[int, ...]


# --- Archivist: use the effect of a face-up card in your tableau or the Trash -----------------------
def _archivist_heroes(w: Work, me: int, table: Mapping[int, Effect]) -> list[int]:
    """The heroes of those cards whose effect can be resolved now, each once, in order of first card."""
    seen: list[int] = []
    tried = set(NO_COPY)  # each hero's can() is asked once (a tableau often holds a hero twice)
    for cards in (w.tableaus[me], w.trash):
        for card in cards:
            hero = CARD_HERO[card]
            if hero not in tried:
                tried.add(hero)
                if table[hero].can(w, me):
                    seen.append(hero)
    return seen


def archivist(table: Mapping[int, Effect]) -> Effect:
    """Built with the whole effect table, since it copies heroes of every set."""

    def can(w: Work, me: int) -> bool:
        heroes = _archivist_heroes(w, me, table)
        w.memo = heroes  # the play's first run() step, right after, offers these (same table)
        return bool(heroes)

    def run(w: Work, me: int, args: Args) -> Need | None:
        if not args:
            heroes = w.memo if w.memo is not None else _archivist_heroes(w, me, table)
            return ask("arc_copy", tuple([COPY[h] for h in sorted(heroes)]))
        hero = args[0]
        if len(args) == 1:
            w.event("copy", {"seat": me, "hero": hero, "source": None})
        return table[hero].run(w, me, args[1:])

    return Effect(can, run)


# --- Brigand: your tableau -> an opponent's tableau -------------------------------------------------
def _brigand_can(w: Work, me: int) -> bool:
    return bool(w.tableaus[me])


def _brigand(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("bri_card", picks(w.tableaus[me]))
    if len(args) == 1:
        return ask("bri_seat", opponent_seats(w, me))
    card, to = args
    w.take_tableau(me, card)
    w.put_tableau(to, card)
    w.move(me, card, TABLEAU, me, TABLEAU, to)
    return None


# --- Doctor: an opponent's tableau -> an opponent's hand --------------------------------------------
def _doctor(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("doc_card", opponent_tableau_picks(w, me))
    if len(args) == 1:
        return ask("doc_seat", opponent_seats(w, me))
    card, to = args
    owner = w.owner_of_tableau_card(card)
    w.take_tableau(owner, card)
    w.put_hand(to, card, w.everyone)
    w.move(me, card, TABLEAU, owner, HAND, to)
    return None


# --- Explorer: reveal the top two; one to your hand, the other face down to the bottom ---------------
def _explorer_can(w: Work, me: int) -> bool:
    return len(w.deck) >= 2


def _explorer(w: Work, me: int, args: Args) -> Need | None:
    top = w.deck[:2]
    if not args:
        for card in top:
            w.set_known(card, w.everyone)
        w.event("reveal", {"seat": me, "cards": ids(top), "source": DECK_TOP, "owner": None})
        return ask("exp_keep", picks(top))
    keep = args[0]
    other = top[1] if top[0] == keep else top[0]
    w.deck = (*w.deck[2:], other)
    w.put_hand(me, keep, w.everyone)
    w.move(me, keep, DECK_TOP, None, HAND, me)
    w.move(me, other, DECK_TOP, None, DECK_BOTTOM, None)
    return None


# --- Guard: an opponent's tableau -> your hand ------------------------------------------------------
def _guard(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("gua_card", opponent_tableau_picks(w, me))
    card = args[0]
    owner = w.owner_of_tableau_card(card)
    w.take_tableau(owner, card)
    w.put_hand(me, card, w.everyone)
    w.move(me, card, TABLEAU, owner, HAND, me)
    return None


# --- Inventor: turn over the deck's top card; into the pot if it can follow, else to the Trash --------
def _inventor_can(w: Work, me: int) -> bool:
    return bool(w.deck)


def _inventor(w: Work, me: int, args: Args) -> Need | None:
    card = w.deck[0]
    w.deck = w.deck[1:]
    if w.can_follow(card):
        # Ruling (RULINGS.md): the moved card's own effect is not used.
        w.move(me, card, DECK_TOP, None, POT, None)
        w.put_pot(card, me)
    else:
        w.put_trash(card)
        w.move(me, card, DECK_TOP, None, TRASH, None)
    return None


# --- Magician: your tableau -> the Trash ------------------------------------------------------------
def _magician(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("mag_card", picks(w.tableaus[me]))
    card = args[0]
    w.take_tableau(me, card)
    w.put_trash(card)
    w.move(me, card, TABLEAU, me, TRASH, None)
    return None


# --- Nomad: an opponent's tableau -> your tableau ---------------------------------------------------
def _nomad(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("nom_card", opponent_tableau_picks(w, me))
    card = args[0]
    owner = w.owner_of_tableau_card(card)
    w.take_tableau(owner, card)
    w.put_tableau(me, card)
    w.move(me, card, TABLEAU, owner, TABLEAU, me)
    return None


# --- Peddler: you and an opponent secretly choose a hand card each and exchange -----------------------
def _peddler_can(w: Work, me: int) -> bool:
    return bool(w.hands[me]) and bool(opponents_with_hand(w, me))


def _peddler(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("ped_seat", seats(opponents_with_hand(w, me)))
    if len(args) == 1:
        w.event("exchange_start", {"seat": me, "opponent": args[0]})
        return ask(EXCHANGE, ())
    other, mine, theirs = args
    pair = frozenset({me, other})
    w.take_hand(me, mine)
    w.take_hand(other, theirs)
    # Everyone else saw a card leave each hand without seeing which; the two players did see.
    w.forget_hand(me, 1 << other)
    w.forget_hand(other, 1 << me)
    w.put_hand(other, mine, 1 << me)
    w.put_hand(me, theirs, 1 << other)
    w.event("exchange", {"seat": me, "opponent": other, "gave": ids([mine]), "got": ids([theirs])}, pair)
    w.event("exchange_done", {"seat": me, "opponent": other})
    return None


# --- Revolutionary: the Trash -> your hand ----------------------------------------------------------
def _revolutionary_can(w: Work, me: int) -> bool:
    return bool(w.trash)


def _revolutionary(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("rev_card", picks(w.trash))
    card = args[0]
    w.take_trash(card)
    w.put_hand(me, card, w.everyone)
    w.move(me, card, TRASH, None, HAND, me)
    return None


# --- Scavenger: exchange a card of your tableau with one in the Trash ---------------------------------
def _scavenger_can(w: Work, me: int) -> bool:
    return bool(w.tableaus[me]) and bool(w.trash)


def _scavenger(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("sca_tableau", picks(w.tableaus[me]))
    if len(args) == 1:
        return ask("sca_trash", picks(w.trash))
    mine, trashed = args
    w.take_tableau(me, mine)
    w.take_trash(trashed)
    w.put_trash(mine)
    w.put_tableau(me, trashed)
    w.move(me, mine, TABLEAU, me, TRASH, None)
    w.move(me, trashed, TRASH, None, TABLEAU, me)
    return None


# --- Scion: the deck's top card -> your hand; then a hand card face down to the bottom -----------------
def _scion_can(w: Work, me: int) -> bool:
    return bool(w.deck)


def _scion(w: Work, me: int, args: Args) -> Need | None:
    mine = frozenset({me})
    if not args:
        card = w.deck[0]
        w.deck = w.deck[1:]
        w.put_hand(me, card, w.known[card])
        w.move(me, None, DECK_TOP, None, HAND, me)
        w.move(me, card, DECK_TOP, None, HAND, me, mine)
        return ask("sci_bury", picks(w.hands[me]))
    card = args[0]
    w.take_hand(me, card)
    w.forget_hand(me, 0)
    w.deck = (*w.deck, card)
    w.set_known(card, 1 << me)
    w.move(me, None, HAND, me, DECK_BOTTOM, None)
    w.move(me, card, HAND, me, DECK_BOTTOM, None, mine)
    return None


# --- Soldier: your hand -> an opponent's tableau ----------------------------------------------------
def _soldier_can(w: Work, me: int) -> bool:
    return bool(w.hands[me])


def _soldier(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("sol_card", picks(w.hands[me]))
    if len(args) == 1:
        return ask("sol_seat", opponent_seats(w, me))
    card, to = args
    w.take_hand(me, card)
    w.put_tableau(to, card)
    w.move(me, card, HAND, me, TABLEAU, to)
    return None


# --- Witness: your tableau -> your hand -------------------------------------------------------------
def _witness(w: Work, me: int, args: Args) -> Need | None:
    if not args:
        return ask("wit_card", picks(w.tableaus[me]))
    card = args[0]
    w.take_tableau(me, card)
    w.put_hand(me, card, w.everyone)
    w.move(me, card, TABLEAU, me, HAND, me)
    return None


BASE: dict[int, Effect] = {
    HERO_INDEX["bri"]: Effect(_brigand_can, _brigand),
    HERO_INDEX["doc"]: Effect(any_opponent_tableau, _doctor),
    HERO_INDEX["exp"]: Effect(_explorer_can, _explorer),
    HERO_INDEX["gua"]: Effect(any_opponent_tableau, _guard),
    HERO_INDEX["inv"]: Effect(_inventor_can, _inventor),
    HERO_INDEX["mag"]: Effect(_brigand_can, _magician),
    HERO_INDEX["nom"]: Effect(any_opponent_tableau, _nomad),
    HERO_INDEX["ped"]: Effect(_peddler_can, _peddler),
    HERO_INDEX["rev"]: Effect(_revolutionary_can, _revolutionary),
    HERO_INDEX["sca"]: Effect(_scavenger_can, _scavenger),
    HERO_INDEX["sci"]: Effect(_scion_can, _scion),
    HERO_INDEX["sol"]: Effect(_soldier_can, _soldier),
    HERO_INDEX["wit"]: Effect(_brigand_can, _witness),
}
"""Every base hero but the Archivist, which needs the whole table (see `archivist`)."""
