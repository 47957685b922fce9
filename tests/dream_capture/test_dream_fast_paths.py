"""The engine's shortcuts for the compiled build (docs/engine-speed.md, "Capture of Dreams on the compiled
build"), held to the plain rule: the next State built from a list of its fields with one `tuple.__new__`
is the State that `_replace` builds, and every module-level table of the hot modules is `Final` (compiled,
a name that is not is read from the module's dict on every use)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from games.dream_capture import engine
from games.dream_capture.cards import DECK, STRENGTH, SUIT_OF, SUITS, TRUMP
from games.dream_capture.game import GAME
from games.dream_capture.scoring import TrickResult, judge_trick
from games.dream_capture.state import State
from games.dream_capture.tricks import CANNOT_WIN, WEIGHTS, weight
from tests.build.final_tables import tables_without_final

_SEEDS = range(116000, 116006)


def _seeded_states() -> list[State]:
    """Every state of a few seeded random games (the discards, each play, trick ends, deal ends)."""
    states = []
    for seed in _SEEDS:
        rng = random.Random(seed)
        state = GAME.setup(6, {"deals": "2"}, seed=seed)
        states.append(state)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            states.append(state)
    return states


def test_every_state_is_a_well_formed_state() -> None:
    """A State built by `tuple.__new__` from a list of fields (each play, the end of a trick) has every
    field, in order: the plain constructor rebuilds the same State from them."""
    states = _seeded_states()
    assert len(states) > 1000
    for state in states:
        assert type(state) is State
        assert len(state) == len(State._fields)
        assert State(*state) == state
        assert State.from_json(state.to_json()) == state


def test_replaced_is_replace() -> None:
    """`engine._replaced(state, changes)` is `state._replace(**changes)`, for one field, several, all."""
    everything = {name: f"new {name}" for name in State._fields}
    for state in _seeded_states()[::97]:
        for changes in ({"phase": "over"}, {"revealed": (), "phase": "play", "voids": ("s",) * 6}, everything):
            replaced = engine._replaced(state, changes)
            assert type(replaced) is State
            assert replaced == state._replace(**changes)


def _plain_weight(card: str, lead: str) -> tuple[bool, int]:
    """The rule as the rulebook says it: the highest trump, else the highest card of the led suit."""
    suit = SUIT_OF[card]
    if suit != TRUMP and suit != lead:
        return (False, -1)
    return (suit == TRUMP, STRENGTH[card])


def test_a_weight_orders_cards_as_trump_then_strength() -> None:
    """One int per card stands for (is a trump, strength): every pair of cards, under every led suit,
    compares the same way both ways."""
    for lead in (TRUMP, *SUITS):
        assert WEIGHTS[lead] == {card: weight(card, lead) for card in DECK}
        for a in DECK:
            for b in DECK:
                plain_a, plain_b = _plain_weight(a, lead), _plain_weight(b, lead)
                assert (weight(a, lead) > weight(b, lead)) == (plain_a > plain_b)
                assert (weight(a, lead) == weight(b, lead)) == (plain_a == plain_b)
            assert (weight(a, lead) == CANNOT_WIN) == (plain_a == (False, -1))


def test_a_judged_trick_is_a_whole_trick_result() -> None:
    """judge_trick's result, built by `tuple.__new__`, is the TrickResult its fields make."""
    for state in _seeded_states():
        if len(state.trick) == 5:
            seat = (state.leader - 5) % 6
            plays = (*state.trick, (seat, state.hands[seat][0]))
            result = judge_trick(plays, last=state.tricks_done == 14)
            assert type(result) is TrickResult
            assert result == TrickResult(result.winner, result.capture, result.magic, result.magician_seat)
            assert result.winner in {s for s, _ in plays}


def test_an_action_whose_card_is_a_copy_plays_the_same() -> None:
    """apply looks an action's card up as the deck's own object (an identity hit in the hand and the
    tables); an action string made afresh, not the legal list's, gives the same State and events."""
    for state in _seeded_states()[:400]:
        for seat in GAME.to_act(state):
            for action in GAME.legal_actions(state, seat)[:3]:
                copy = "".join(list(action))
                assert copy is not action or len(action) < 2
                assert GAME.apply(state, seat, copy) == GAME.apply(state, seat, action)


def test_the_field_positions_are_the_states() -> None:
    for name in State._fields:
        constant = getattr(engine, "_" + name.upper(), None)
        assert constant is None or constant == State._fields.index(name), name
        assert engine._FIELD[name] == State._fields.index(name)


_HOT_MODULES = ("ai", "cards", "engine", "scoring", "state", "tricks")
_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "dream_capture"


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_engine_tables_are_final(name: str) -> None:
    """Every module-level name the hot modules assign is declared `Final` (a compiled read of one that is
    not goes through the module's dict on every use); type aliases are declared `TypeAlias`."""
    missing = tables_without_final(_PACKAGE / f"{name}.py")
    assert not missing, f"{name}: module tables without Final: {missing}"
