"""What one seat may see (view) and what it may not know (hidden_from), from the knowledge masks."""

from __future__ import annotations

from typing import Any, Final

from games.trickster.cot.cards import CARD_IDS, HEROES, NUM_SUITS, cards_of
from games.trickster.cot.common import EXCHANGE
from games.trickster.cot.flow import PATTERN_NAMES, drafter
from games.trickster.cot.state import (
    NO_CARD,
    PH_DRAFT,
    PH_EFFECT,
    PH_EXCHANGE,
    PH_OVER,
    PH_PICK,
    PH_PLAY,
    PH_SCORED,
    Pending,
    Phase,
    State,
)
from games.trickster.cot.work import ALONE, MAX_SEATS
from games.trickster.tricks import Trick

PHASE_NAMES: Final[dict[int, str]] = {
    Phase.DRAFT: "draft",
    Phase.PICK: "pick",
    Phase.PLAY: "play",
    Phase.EFFECT: "effect",
    Phase.EXCHANGE: "exchange",
    Phase.OVER: "over",
    Phase.SCORED: "scored",
}


def seat_bit(state: State, seat: int | None) -> int:
    """The knowledge bit of a seat; a spectator knows only what was revealed publicly."""
    return 1 << (state.players if seat is None else seat)


def hidden_from(state: State, seat: int | None) -> set[str]:
    bit = seat_bit(state, seat)
    known = state.known
    hidden = {
        CARD_IDS[c] for s, hand in enumerate(state.hands) if s != seat for c in hand if not known[c] & bit
    }
    hidden.update(CARD_IDS[c] for c in state.deck if not known[c] & bit)
    return hidden


def all_cards(state: State) -> list[str]:
    """Every card of the enabled heroes: in play (56) or in the box."""
    cards: list[int] = [*state.deck, *state.trash, *state.timeline]
    for hand in state.hands:
        cards.extend(hand)
    for tableau in state.tableaus:
        cards.extend(tableau)
    if state.trick is not None:
        cards.extend(state.trick.pot)
    in_play = () if state.phase == PH_DRAFT else state.heroes
    cards.extend(cards_of(tuple(h for h in state.pool if h not in in_play)))
    return [CARD_IDS[c] for c in cards]


NOBODY: Final[frozenset[int]] = frozenset()
SEAT_SETS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)
"""SEAT_SETS[mask]: the seats whose bits are set (the seats still choosing in secret), built once."""


def acting(state: State) -> frozenset[int]:
    """The seats to act (the Game's to_act: called on every action, hence the tuple indexes)."""
    phase = state[3]  # state.phase
    if phase == PH_PLAY:
        trick: Trick = state[13]  # type: ignore[assignment]  # state.trick: never None here (no assert)
        order = trick[1]  # trick.order
        return ALONE[order[trick[2] % len(order)]]  # trick.turn: order[step % len(order)]
    if phase == PH_EFFECT:
        pending: Pending = state[16]  # type: ignore[assignment]  # state.pending: never None here
        return ALONE[pending[1]]
    if phase == PH_EXCHANGE:
        picks = state[15]  # state.picks
        waiting = 0
        for s in state[19]:  # state.exchange
            if picks[s] == NO_CARD:
                waiting |= 1 << s
        return SEAT_SETS[waiting]
    if phase == PH_PICK:
        waiting = 0
        for s, p in enumerate(state[15]):  # state.picks
            if p == NO_CARD:
                waiting |= 1 << s
        return SEAT_SETS[waiting]
    if phase == PH_DRAFT:
        return ALONE[drafter(state)]
    if phase == PH_SCORED:
        return ALONE[state.first]
    return NOBODY


def revealed(state: State) -> list[str]:
    """Cards publicly revealed by an effect still waiting for its player's choice."""
    if state.pending is None:
        return []
    args = state.pending[2]
    if state.need == "exp_keep":
        return [CARD_IDS[c] for c in state.deck[:2]]
    if state.need == "smu_keep":
        return [CARD_IDS[c] for c in args[-2:]]
    if state.need == "smu_seat":
        return [CARD_IDS[c] for c in args[-3:-1]]
    if state.need == "mav_seat":
        return [CARD_IDS[args[-1]]]
    return []


def view(state: State, seat: int | None) -> dict[str, Any]:
    n = state.players
    bit = seat_bit(state, seat)
    known = state.known
    trick = state.trick
    pending = state.pending
    totals = [sum(r[s] for r in state.scores) for s in range(n)]
    data: dict[str, Any] = {
        "game": "trickster-cot",
        "players": n,
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        "options": dict(state.options),
        "heroes": [HEROES[h].code for h in state.heroes],
        "deck": len(state.deck),
        "deck_known": [CARD_IDS[c] for c in state.deck if known[c] & bit],
        "trash": [CARD_IDS[c] for c in state.trash],
        "timeline": [CARD_IDS[c] for c in state.timeline],
        "hand_sizes": [len(h) for h in state.hands],
        "hand": [] if seat is None else [CARD_IDS[c] for c in state.hands[seat]],
        "known_hands": {
            str(s): cards
            for s, hand in enumerate(state.hands)
            if s != seat and (cards := [CARD_IDS[c] for c in hand if known[c] & bit])
        },
        "tableaus": [[CARD_IDS[c] for c in t] for t in state.tableaus],
        "pot": [] if trick is None else [CARD_IDS[c] for c in trick.pot],
        "leader": None if trick is None or trick.leader < 0 else trick.leader,
        "trickster": None if trick is None else trick.trickster,
        "turn": None if trick is None or state.phase != PH_PLAY else trick.turn,
        "pattern": None if trick is None else PATTERN_NAMES[trick.pattern],
        "first": state.first,
        "to_act": sorted(acting(state)),
        "scores": [list(r) for r in state.scores],
        "totals": totals,
        "final_counts": [list(r) for r in state.final] if state.phase == PH_OVER else None,
        "suits": NUM_SUITS,
    }
    if pending is not None:
        mine = seat == pending[1]
        data["effect"] = {
            "seat": pending[1],
            "hero": HEROES[pending[0]].code,
            "need": state.need,
            "choices": list(state.choices) if mine else [],
            "revealed": revealed(state),
        }
    if state.need == EXCHANGE and state.exchange:
        data["exchange"] = {
            "seats": list(state.exchange),
            "committed": [state.picks[s] != NO_CARD for s in state.exchange],
            "mine": CARD_IDS[state.picks[seat]]
            if seat is not None and seat in state.exchange and state.picks[seat] != NO_CARD
            else None,
        }
    if state.phase == PH_PICK:
        data["picked"] = [p != NO_CARD for p in state.picks]
        data["my_pick"] = (
            CARD_IDS[state.picks[seat]] if seat is not None and state.picks[seat] != NO_CARD else None
        )
    if state.phase == PH_DRAFT:
        data["drafter"] = drafter(state)
        data["pool"] = [HEROES[h].code for h in state.pool]
    return data
