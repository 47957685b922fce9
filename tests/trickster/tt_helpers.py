"""Builders for constructed Trickster states (the way pokerkit starts from a known deck)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.contract import Event
from games.trickster.cards import CARD_IDS, CARD_INDEX, HERO_INDEX, TABLE
from games.trickster.game import GAME
from games.trickster.rules import new_trick
from games.trickster.state import PLAYING, State
from games.trickster.tricks import play_card


def c(card_id: str) -> int:
    return CARD_INDEX[card_id]


def ids(cards: Sequence[int]) -> list[str]:
    return [CARD_IDS[x] for x in cards]


def build(
    hands: Sequence[Sequence[str]],
    houses: Sequence[Sequence[str]] | None = None,
    trash: Sequence[str] = (),
    deck: Sequence[str] = (),
    leader: int = 0,
    pot: Sequence[str] = (),
    deck_name: str = "basic-mix",
    heroes: Sequence[str] | None = None,
    sideways: Sequence[str] = (),
    outs: int = 0,
    ends_at: int | None = None,
    hand_size: int | None = None,
    seed: int = 7,
) -> State:
    """A state in the play phase: `leader` leads, cards of `pot` already played by seats in order."""
    players = len(hands)
    trick = new_trick(players, leader, (leader + 1) % players)
    for cid in pot:
        trick = play_card(TABLE, trick, c(cid))
        result = trick._replace(step=trick.step + 1)
        trick = result
    side = 0
    for cid in sideways:
        side |= 1 << c(cid)
    if heroes is None:
        used = {cid.split("-", 1)[1] for group in (*hands, *(houses or ()), trash, deck, pot) for cid in group}
        heroes = sorted(used, key=lambda h: HERO_INDEX[h])
    default_size = 7 if players <= 3 else (6 if players <= 6 else 5)
    default_end = 3 if players == 2 else (2 if players == 3 else 1)
    return State(
        players=players,
        deck_name=deck_name,
        heroes=tuple(HERO_INDEX[h] for h in heroes),
        hand_size=hand_size or default_size,
        ends_at=ends_at or default_end,
        outs=outs,
        phase=PLAYING,
        hands=tuple(tuple(c(x) for x in h) for h in hands),
        houses=tuple(tuple(c(x) for x in h) for h in (houses or [[] for _ in hands])),
        trash=tuple(c(x) for x in trash),
        deck=tuple(c(x) for x in deck),
        trick=trick,
        sideways=side,
        public=0,
        seen=(0,) * players,
        house_picks=(-1,) * players,
        pending=None,
        rng=seed,
        turns=0,
    )


def act(st: State, seat: int, action: str) -> tuple[State, list[Event]]:
    """Apply and assert the input state is untouched (apply is pure)."""
    before = GAME.to_json(st)
    new, events = GAME.apply(st, seat, action)
    assert GAME.to_json(st) == before
    return new, events


def run(st: State, *steps: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, action in steps:
        st, evs = act(st, seat, action)
        events.extend(evs)
    return st, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def hand(st: State, seat: int) -> list[str]:
    return ids(st.hands[seat])


def house(st: State, seat: int) -> list[str]:
    return ids(st.houses[seat])
