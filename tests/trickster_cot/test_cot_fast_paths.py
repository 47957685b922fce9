"""Champions of Time's fast paths held to the plain rule over seeded random games.

- The source build's Game instance holds game.py's `to_act` (view.acting), `legal_actions` and `apply`
  themselves; the class's delegating methods must answer the same.
- The legal lists of the secret choices (tableau pick, Peddler's exchange) are plain loops.
- `Work.freeze` tests the written zone types with `isinstance` (compiled: a type flag test).
- `flow.secret_choice` joins the State from slices.
- A play's card is found by one `index` in apply and cut out of the hand at that place by play().
- The play actions are listed by game.py's tuple-typed copy of tricks.legal_plays.
- On the source, the answer lists (`picks`, `opponent_tableau_picks`), card ids and the legal lists of
  two or more cards are one itemgetter pass; apply parses its action by a subscript in a `try`; the
  next empty trick is a subscript of its table in a `try`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.core.contract import new_event
from games.core.errors import IllegalAction
from games.trickster.cot import flow
from games.trickster.cot import game as game_mod
from games.trickster.cot.cards import CARD_IDS, NUM_CARDS, TABLE
from games.trickster.cot.common import PICK, ids, opponent_tableau_picks, picks
from games.trickster.cot.game import GAME, GIVE_ACTIONS, PLAY_ACTIONS, TAB_ACTIONS, ChampionsOfTime
from games.trickster.cot.state import NO_CARD, PH_EFFECT, PH_EXCHANGE, PH_PICK, PH_PLAY, State
from games.trickster.cot.view import acting
from games.trickster.cot.work import Work
from games.trickster.tricks import clockwise, left_of, legal_plays, open_trick

SEEDS = range(117900, 117912)
OPTION_SETS = (
    {},
    {"deck": "draft", "grand_gambit": "true", "promos": "true"},
    {"grand_gambit": "true"},
    {"deck": "strategy"},
)


def _played_states(players: int, options: dict[str, str], seeds: range) -> Iterator[tuple[State, int, str]]:
    """Every state of seeded random games with the seat that acted and its action (seat -1 at the end)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(players, options, seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            yield state, seat, action
            state, _ = GAME.apply(state, seat, action)
        yield state, -1, ""


def test_the_game_instance_binds_the_engine_functions() -> None:
    if hasattr(GAME, "__dict__"):  # the source build
        assert vars(GAME)["apply"] is game_mod.apply
        assert vars(GAME)["legal_actions"] is game_mod.legal_actions
        assert vars(GAME)["to_act"] is acting
    for state, seat, action in _played_states(4, {}, SEEDS[:3]):
        assert GAME.to_act(state) == ChampionsOfTime.to_act(GAME, state)
        for s in range(state.players):
            assert GAME.legal_actions(state, s) == ChampionsOfTime.legal_actions(GAME, state, s)
        if seat >= 0:
            assert GAME.apply(state, seat, action) == ChampionsOfTime.apply(GAME, state, seat, action)


def _plain_secret_legal(state: State, seat: int) -> list[str]:
    """The secret choices' legal lists as comprehensions (the form before the plain loops)."""
    if state.phase == PH_EXCHANGE:
        if seat in state.exchange and state.picks[seat] == NO_CARD:
            return [GIVE_ACTIONS[c] for c in state.hands[seat]]
        return []
    if 0 <= seat < state.players and state.picks[seat] == NO_CARD:
        return [TAB_ACTIONS[c] for c in state.hands[seat]]
    return []


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_secret_choice_legal_lists_are_the_plain_lists(players: int, options: dict[str, str]) -> None:
    seen = {PH_PICK: 0, PH_EXCHANGE: 0}
    for state, _, _ in _played_states(players, options, SEEDS[:4]):
        if state.phase in seen:
            seen[state.phase] += 1
            for s in range(players):
                assert GAME.legal_actions(state, s) == _plain_secret_legal(state, s)
    assert seen[PH_PICK] > 0


def test_the_exchange_is_reached() -> None:
    """The Peddler's exchange (a secret choice of its own) occurs in these seeds with every hero enabled."""
    options = {"deck": "draft", "grand_gambit": "true", "promos": "true"}
    assert any(state.phase == PH_EXCHANGE for state, _, _ in _played_states(4, options, SEEDS))


def _plain_freeze(w: Work) -> State:
    """The State rebuilt field by field from the working copy (the conditional copy freeze replaces)."""
    return State(
        players=w.n,
        options=w._options,
        rng=w.rng,
        phase=w.phase,
        round=w.round,
        pool=w._pool,
        heroes=w.heroes,
        deck=w.deck,
        trash=w.trash,
        timeline=w.timeline,
        hands=tuple(w.hands),
        tableaus=tuple(w.tableaus),
        known=bytes(w.known),
        trick=w.trick,
        first=w.first,
        picks=w.picks,
        pending=w.pending,
        need=w.need,
        choices=w.choices,
        exchange=w.exchange,
        buster=w.buster,
        scores=w.scores,
        final=w.final,
    )


@pytest.mark.parametrize("options", OPTION_SETS)
def test_freeze_is_the_plain_freeze(options: dict[str, str]) -> None:
    written = untouched = 0
    for state, seat, _ in _played_states(4, options, SEEDS[:3]):
        if seat < 0:
            continue
        w = Work(state)
        frozen = w.freeze()
        assert frozen == _plain_freeze(w) == state
        assert (
            frozen.hands is state.hands and frozen.tableaus is state.tableaus and frozen.known is state.known
        )
        untouched += 1
        w.set_hand(seat, ())  # every zone written: freeze turns each back into a tuple / bytes
        w.set_tableau(seat, ())
        w.known = bytearray(w.known)
        frozen = w.freeze()
        assert frozen == _plain_freeze(w)
        assert type(frozen.hands) is tuple and type(frozen.tableaus) is tuple and type(frozen.known) is bytes
        written += 1
    assert written > 100 and untouched > 100


def _plain_secret_choice(state: State, seat: int, card: int) -> tuple[State, list[object]]:
    picks = list(state.picks)
    picks[seat] = card
    kind = "pick_committed" if state.phase == PH_PICK else "exchange_committed"
    return state._replace(picks=tuple(picks)), [new_event(kind, {"seat": seat})]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_secret_choice_is_the_plain_choice(options: dict[str, str]) -> None:
    from games.trickster.cot.flow import secret_choice, still_choosing

    checked = 0
    for state, seat, action in _played_states(5, options, SEEDS[:4]):
        if state.phase in (PH_PICK, PH_EXCHANGE) and seat >= 0 and still_choosing(state, seat):
            card = game_mod.ACTIONS[action][1]
            quick = secret_choice(state, seat, card)
            assert quick == _plain_secret_choice(state, seat, card)
            assert type(quick[0]) is State and type(quick[0].picks) is tuple
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4, 7])
def test_play_actions_are_the_shared_legal_plays(players: int, options: dict[str, str]) -> None:
    """game.py's tuple-typed copy of tricks.legal_plays lists the same plays (every pattern reached)."""
    patterns = set()
    for state, _, _ in _played_states(players, options, SEEDS[:3]):
        if state.phase == PH_PLAY:
            assert state.trick is not None
            patterns.add(state.trick.pattern)
            for s in range(players):
                expected = []
                if s == state.trick.turn:
                    expected = legal_plays(TABLE, state.trick, state.hands[s], PLAY_ACTIONS)
                assert GAME.legal_actions(state, s) == expected
    assert len(patterns) == 4


def test_a_play_takes_the_card_from_its_place_and_refuses_a_card_not_held() -> None:
    """apply finds the played card's place by `index` and play() cuts it out there: the hand loses
    exactly that card (checked on plays whose effect moved no card); a card the seat does not hold is
    refused as before, ahead of the follow rule."""
    plain_events = {"play", "pattern", "ignored", "trick_start", "bust", "cannot_follow", "trickster_role"}
    plays = checked = 0
    for state, seat, action in _played_states(4, OPTION_SETS[1], SEEDS[:4]):
        if state.phase != PH_PLAY or seat < 0:
            continue
        card = game_mod.ACTIONS[action][1]
        after, events = GAME.apply(state, seat, action)
        if (
            {e.kind for e in events} <= plain_events
            and after.round == state.round
            and after.phase in (PH_PLAY, PH_EFFECT)
        ):
            expected = list(state.hands[seat])
            expected.remove(card)
            assert after.hands[seat] == tuple(expected)
            checked += 1
        missing = next(c for c in range(NUM_CARDS) if c not in state.hands[seat])
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, PLAY_ACTIONS[missing])
        assert refused.value.code == "card_not_in_hand"
        plays += 1
    assert plays > 100 and checked > 20


# --- the card lists by one itemgetter pass, the parse by a subscript, the empty trick by a subscript ---------
NEW_SEEDS = range(124000, 124006)


def test_card_lists_are_the_comprehensions() -> None:
    """common.picks and common.ids (an itemgetter pass on the source for two or more cards) against the
    comprehensions they replace, for tuples and lists of every length a hand, tableau or Trash reaches."""
    rng = random.Random(124900)
    for _ in range(400):
        cards = tuple(rng.sample(range(NUM_CARDS), rng.randrange(0, 16)))
        assert picks(cards) == tuple([PICK[c] for c in cards])
        assert ids(cards) == [CARD_IDS[c] for c in cards]
        assert ids(list(cards)) == [CARD_IDS[c] for c in cards]
        assert game_mod._card_actions(TAB_ACTIONS, cards) == [TAB_ACTIONS[c] for c in cards]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_opponent_tableau_picks_is_the_comprehension(options: dict[str, str]) -> None:
    reached = 0
    for state, _, _ in _played_states(4, options, NEW_SEEDS):
        w = Work(state)
        for me in range(state.players):
            plain = tuple([PICK[c] for s in w.opponents(me) for c in w.tableaus[s]])
            assert opponent_tableau_picks(w, me) == plain
            reached += len(plain) > 1
    assert reached > 100


def test_a_malformed_action_is_refused_as_before() -> None:
    """apply parses by a subscript in a `try`: an unknown string is still the "malformed_action" refusal."""
    for state, seat, _ in _played_states(4, {}, NEW_SEEDS[:2]):
        if seat < 0:
            continue
        for bad in ("", "play:", "nonsense", "play:zz-none"):
            with pytest.raises(IllegalAction) as refused:
                GAME.apply(state, seat, bad)
            assert refused.value.code == "malformed_action"


def test_the_empty_trick_is_the_open_trick_built_once() -> None:
    for players in range(4, 8):
        for leader in range(players):
            trick = flow._empty_trick(players, leader)
            order = clockwise(leader, players)
            assert trick == open_trick(TABLE, order, leader=leader, trickster=left_of(leader, players))
            assert flow._empty_trick(players, leader) is trick
