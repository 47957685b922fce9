"""Constructed Champions of Time tables for rule tests (start from a known deal, as pokerkit does)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.contract import Event
from games.core.invariants import leaked
from games.core.rng import seed_state
from games.trickster.cot import GAME, flow
from games.trickster.cot.cards import CARD_HERO, CARD_IDS, CARD_INDEX, NUM_CARDS, NUM_HEROES
from games.trickster.cot.state import NO_CARD, Phase, State
from games.trickster.cot.work import Work
from games.trickster.tricks import NO_SEAT

ROOT = "000_fcfbe286cff5777b.txt"


def c(card: str) -> int:
    return CARD_INDEX[card]


def table(
    hands: Sequence[Sequence[str]],
    tableaus: Sequence[Sequence[str]] | None = None,
    trash: Sequence[str] = (),
    deck: Sequence[str] = (),
    timeline: Sequence[str] = (),
    first: int = 0,
    round: int = 1,
    scores: tuple[tuple[int, ...], ...] = (),
    seed: int = 1,
) -> State:
    """A table at the start of a trick: `first` leads (4-7 players) or holds the Trickster token (2-3)."""
    n = len(hands)
    tableaus = tableaus or [[] for _ in range(n)]
    used = [*trash, *deck, *timeline, *(x for h in hands for x in h), *(x for t in tableaus for x in t)]
    assert len(set(used)) == len(used), "a card appears twice"
    present = {CARD_HERO[c(x)] for x in used}
    for extra in range(NUM_HEROES):  # a full deck of 7 heroes for the rounds that follow
        if len(present) >= 7:
            break
        present.add(extra)
    heroes = tuple(sorted(present))
    everyone = (2 << n) - 1
    known = [everyone] * NUM_CARDS
    for seat, hand in enumerate(hands):
        for x in hand:
            known[c(x)] = 1 << seat
    for x in deck:
        known[c(x)] = 0
    state = State(
        players=n,
        options=(("deck", "random"), ("grand_gambit", "true"), ("promos", "true")),
        rng=seed_state(seed),
        phase=Phase.PLAY,
        round=round,
        pool=heroes,
        heroes=heroes,
        deck=tuple(c(x) for x in deck),
        trash=tuple(c(x) for x in trash),
        timeline=tuple(c(x) for x in timeline),
        hands=tuple(tuple(c(x) for x in h) for h in hands),
        tableaus=tuple(tuple(c(x) for x in t) for t in tableaus),
        known=bytes(known),
        trick=None,
        first=first,
        picks=(NO_CARD,) * n,
        pending=None,
        need="",
        choices=(),
        exchange=(),
        buster=NO_SEAT,
        scores=scores,
        final=tuple((0,) * 8 for _ in range(n)),
    )
    w = Work(state)
    flow.start_trick(w)
    return w.freeze()


def act(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    before = GAME.to_json(state)
    new, events = GAME.apply(state, seat, action)
    assert GAME.to_json(state) == before, "apply() mutated its input"
    return new, events


def run(state: State, *steps: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply (seat, action) steps in order; returns the last state and every event."""
    events: list[Event] = []
    for seat, action in steps:
        state, more = act(state, seat, action)
        events.extend(more)
    return state, events


def ids(cards: Sequence[int]) -> list[str]:
    return [CARD_IDS[x] for x in cards]


def hand(state: State, seat: int) -> list[str]:
    return ids(state.hands[seat])


def tableau(state: State, seat: int) -> list[str]:
    return ids(state.tableaus[seat])


def pot(state: State) -> list[str]:
    assert state.trick is not None
    return ids(state.trick.pot)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def sees(state: State, seat: int | None, card: str, events: Sequence[Event] = ()) -> bool:
    """Does `seat` see `card` anywhere: its view or an event it may read?"""
    target = {card}
    if leaked(target, GAME.view(state, seat)):
        return True
    return any(e.visible_to(seat) and leaked(target, e.to_json()["data"]) for e in events)


def knows(state: State, seat: int | None, card: str) -> bool:
    return card not in GAME.hidden_from(state, seat)
