"""The Trickster engine's shortcuts held to the plain rules they stand for, over seeded games.

- On the source build the Game instance holds rules.py's `to_act`, `legal_actions` and `apply` itself
  (one Python call fewer per engine call): each gives what the class's delegating method gives.
- `outcome` builds its Outcome by `new_outcome` and C-level passes over the Scores: the same as the
  dataclass built with the comprehensions it replaced.
- An effect's `Ask` is a plain tuple (run_effect only unpacks it).
- `Fx.freeze` turns every zone into a tuple by `tuple()`: the same State as the conditional copy.
- The legal lists (every chooser's options, the House pick, `legal_plays`), `to_act`'s seats still to
  choose and the collect event's cards are built by plain loops rather than
  `list(map(table.__getitem__, ...))` and comprehensions: the same lists and sets as before, for every
  seat of every state.
- The engine modules' tables and constants are `Final` (compiled, mypyc reads them from C statics, not
  the module's dict): nothing rebinds them, so the statics and the module attributes stay the same.
- A third pass: the NamedTuple classes' `Final` aliases; `final_scores`, the outcome's one pass, against
  score_houses and placements; legal_actions' inlined, tuple-typed play list and rules' `_busts` against
  tricks.legal_plays and tricks.busts; end_turn (its bust test inlined) against finish_turn and
  begin_turn; `_house_remove`, the hand moves and collect with their helper calls inlined; the Fantasy
  questions against `ask`.
- A fourth pass: apply parses its action by a subscript in a `try` (the same "malformed_action" refusal);
  `freeze` takes no House picks argument (the last pick writes them on the working copy first).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.core.contract import Event, Outcome
from games.core.errors import IllegalAction
from games.core.policy import random_policy
from games.tools.simulate import play_one
from games.trickster import fantasy, rules, zones
from games.trickster.cards import ACTIONS_BY_KIND, CARD_IDS, HOUSE_ACTIONS, PLAY_ACTIONS, TABLE
from games.trickster.fx import EVENT_TYPE, Fx
from games.trickster.game import GAME, Trickster
from games.trickster.hero import CHOOSE_CARD, ask
from games.trickster.scoring import (
    final_scores,
    ignore_sole_most_by_columns,
    ignore_sole_most_by_seats,
    placements,
    score_houses,
)
from games.trickster.state import EFFECT, HOUSE_PICK, OVER, PENDING_TYPE, PLAYING, STATE_TYPE, Pending, State
from games.trickster.tricks import (
    TRICK_TYPE,
    Pattern,
    Trick,
    busts,
    finish_turn,
    legal_plays,
    roles_after_collect,
)
from tests.build.final_tables import tables_without_final

DECKS = ("fantasy", "tianxia", "symbiosis", "basic-mix", "epic-mix")


def _played_states(players: int, deck: str, seeds: range) -> list[tuple[State, int, str]]:
    """(state, seat, action) for every action of the seeded games, and each game's end state (seat -1)."""
    out: list[tuple[State, int, str]] = []
    options = {"deck": deck}
    for seed in seeds:
        run = play_one(GAME, players, [random_policy] * players, seed, options, check=False)
        state = GAME.setup(players, options, seed)
        for seat, action in run.log:
            out.append((state, seat, action))
            state, _ = GAME.apply(state, seat, action)
        out.append((state, -1, ""))
    return out


def _plain_outcome(state: State) -> Outcome | None:
    """The outcome as the Game built it before: comprehensions and the dataclass's keyword call."""
    if state.phase != OVER:
        return None
    scores = score_houses(state.houses, state.sideways)
    return Outcome(
        placements=placements(scores),
        scores=tuple([float(s[0]) for s in scores]),
        details={
            "actual_cards": [sum(s[2]) for s in scores],
            "per_suit": [list(s[2]) for s in scores],
            "weighted": [list(s[1]) for s in scores],
            "ignored_suits": [list(s[3]) for s in scores],
            "lower_is_better": True,
        },
    )


def _plain_freeze(fx: Fx) -> State:
    """Fx.freeze as it was: a zone is copied into a tuple only when the working copy made it a list."""
    st: Any = fx.base
    hands, houses, seen = fx.hands, fx.houses, fx.seen
    return State(
        *st[:5],
        fx.outs,
        fx.phase,
        hands if isinstance(hands, tuple) else tuple(hands),
        houses if isinstance(houses, tuple) else tuple(houses),
        fx.trash,
        fx.deck,
        fx.trick,
        fx.sideways,
        fx.public,
        seen if isinstance(seen, tuple) else tuple(seen),
        st[15],
        fx.pending,
        fx.rng,
        st[18] + 1,
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("deck", DECKS)
def test_outcome_is_the_plain_outcome(players: int, deck: str) -> None:
    ends = [s for s, seat, _ in _played_states(players, deck, range(12)) if seat < 0]
    assert all(s.phase == OVER for s in ends)
    for state in ends:
        quick, plain = GAME.outcome(state), _plain_outcome(state)
        assert quick == plain
        assert quick is not None and plain is not None
        assert quick.to_json() == plain.to_json()
    assert GAME.outcome(GAME.setup(players, {"deck": deck}, 0)) is None


def test_the_game_instance_binds_the_engine_functions() -> None:
    if hasattr(GAME, "__dict__"):  # the source build
        assert vars(GAME)["apply"] is rules.apply
        assert vars(GAME)["legal_actions"] is rules.legal_actions
        assert vars(GAME)["to_act"] is rules.to_act
    for state, seat, action in _played_states(4, "fantasy", range(5)):
        assert GAME.to_act(state) == Trickster.to_act(GAME, state)
        for s in range(state.players):
            assert GAME.legal_actions(state, s) == Trickster.legal_actions(GAME, state, s)
        if seat >= 0:
            assert GAME.apply(state, seat, action) == Trickster.apply(GAME, state, seat, action)


@pytest.mark.parametrize("deck", DECKS)
def test_freeze_is_the_plain_freeze(deck: str) -> None:
    written = untouched = 0
    for state, seat, _ in _played_states(4, deck, range(8)):
        if seat < 0:
            continue
        fx = Fx(state)
        assert fx.freeze() == _plain_freeze(fx)
        untouched += 1
        fx.set_hand(seat, ())  # every zone list written: freeze copies each into a tuple
        fx.set_house(seat, ())
        fx.set_seen(seat, 0)
        frozen = fx.freeze()
        assert frozen == _plain_freeze(fx)
        assert all(isinstance(zone, tuple) for zone in (frozen.hands, frozen.houses, frozen.seen))
        written += 1
    assert written > 100 and untouched > 100


def _plain_legal_actions(st: State, seat: int) -> list[str]:
    """legal_actions as the plain rule: `list(map(...))` and comprehensions, attribute reads."""
    if st.phase == EFFECT:
        p = st.pending
        assert p is not None
        table = ACTIONS_BY_KIND[p.kind]
        if len(p.choosers) == 1:
            return list(map(table.__getitem__, p.options[0])) if p.choosers[0] == seat else []
        return [
            table[t]
            for s, c, options in zip(p.choosers, p.commits, p.options, strict=True)
            if s == seat and c < 0
            for t in options
        ]
    if st.phase == PLAYING:
        trick = st.trick
        if seat != trick.turn:
            return []
        hand = st.hands[seat]
        if trick.pattern is Pattern.OPEN:
            return list(map(PLAY_ACTIONS.__getitem__, hand))
        if trick.pattern is Pattern.UNIQUE:
            return [PLAY_ACTIONS[c] for c in hand if not TABLE.bits[c] & trick.mask]
        return [PLAY_ACTIONS[c] for c in hand if TABLE.bits[c] & trick.mask]
    if st.phase == HOUSE_PICK:
        return [] if st.house_picks[seat] >= 0 else [HOUSE_ACTIONS[c] for c in st.hands[seat]]
    return []


@pytest.mark.parametrize("deck", DECKS)
def test_the_legal_lists_are_the_plain_ones(deck: str) -> None:
    """Every seat's legal list in every state, each phase reached (2, 4 and 6 players)."""
    phases = set()
    for players in (2, 4, 6):
        for state, _, _ in _played_states(players, deck, range(6)):
            phases.add(state.phase)
            for s in range(players):
                assert rules.legal_actions(state, s) == _plain_legal_actions(state, s)
    assert phases == {HOUSE_PICK, PLAYING, EFFECT, OVER}


def _plain_to_act(st: State) -> frozenset[int]:
    """to_act as the plain rule: the seats still to choose, by comprehensions."""
    if st.phase == EFFECT:
        p = st.pending
        assert p is not None
        return frozenset([s for s, c in zip(p.choosers, p.commits, strict=True) if c < 0])
    if st.phase == PLAYING:
        return frozenset((st.trick.turn,))
    if st.phase == HOUSE_PICK:
        return frozenset([s for s, c in enumerate(st.house_picks) if c < 0])
    return frozenset()


@pytest.mark.parametrize("deck", DECKS)
def test_to_act_is_the_plain_one(deck: str) -> None:
    """Every state of seeded games, secret choices by several seats among them (2, 4 and 6 players)."""
    several = 0
    for players in (2, 4, 6):
        for state, _, _ in _played_states(players, deck, range(6)):
            assert rules.to_act(state) == _plain_to_act(state)
            several += len(rules.to_act(state)) > 1
    assert several > 20


@pytest.mark.parametrize("deck", DECKS)
def test_the_collect_event_names_the_pot(deck: str) -> None:
    """`collect` names the pot's cards as `map(CARD_IDS.__getitem__, pot)` did, in pot order."""
    collected = 0
    for state, seat, _ in _played_states(4, deck, range(6)):
        if seat < 0 or state.phase == HOUSE_PICK or not state.trick.pot:
            continue
        fx = Fx(state)
        rules.collect(fx, seat)
        event = fx.events[0]
        assert event.kind == "collect" and event.audience is None
        assert event.data == {"seat": seat, "cards": [*map(CARD_IDS.__getitem__, state.trick.pot)]}
        collected += 1
    assert collected > 50


def test_an_ask_is_the_plain_tuple_run_effect_unpacks() -> None:
    """An Ask is (kind, choosers, options per chooser, note): a single chooser's has one of each."""
    question = ask(CHOOSE_CARD, 2, (5, 9), "ask.mage")
    assert type(question) is tuple
    assert question == (CHOOSE_CARD, (2,), ((5, 9),), "ask.mage")
    kind, choosers, options, note = question
    assert choosers[0] == 2 and options[0] == (5, 9) and note == "ask.mage" and kind == CHOOSE_CARD


_HOT_MODULES = ("cards", "fx", "hero", "rules", "scoring", "state", "tricks")
_ENGINE = Path(__file__).resolve().parents[2] / "games" / "trickster"
_TYPE_ALIASES = {"Effect", "Check"}  # hero.py's callable types (not values the engine reads)


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_engine_tables_are_final(name: str) -> None:
    """Every module-level name the hot modules assign is declared `Final` (a compiled read of one that is
    not goes through the module's dict on every use); the compiled build reads the same objects."""
    missing = tables_without_final(_ENGINE / f"{name}.py", _TYPE_ALIASES)
    assert not missing, f"{name}: module tables without Final: {missing}"


def test_the_class_aliases_are_the_named_tuples() -> None:
    """`STATE_TYPE`, `PENDING_TYPE`, `TRICK_TYPE`, `EVENT_TYPE`: the hot path's `Final` names for the
    NamedTuple classes it builds by `tuple.__new__` are those classes themselves."""
    assert STATE_TYPE is State and PENDING_TYPE is Pending and TRICK_TYPE is Trick and EVENT_TYPE is Event


@pytest.mark.parametrize("deck", DECKS)
def test_the_typed_play_list_and_bust_are_the_shared_ones(deck: str) -> None:
    """legal_actions' tuple-typed play list (inlined) and rules' `_busts` against tricks.legal_plays and
    tricks.busts: every seat's hand in every state of seeded games (seeds 118000-118007), every pattern."""
    patterns = set()
    for players in (2, 4, 6):
        for state, _, _ in _played_states(players, deck, range(118000, 118008)):
            trick = state.trick
            patterns.add(trick.pattern)
            if state.phase == PLAYING:
                seat = trick.turn
                want = legal_plays(TABLE, trick, state.hands[seat], PLAY_ACTIONS)
                assert rules.legal_actions(state, seat) == want
            for hand in state.hands:
                assert rules._busts(trick, hand) == busts(TABLE, trick, hand)
            assert rules._busts(trick, ()) == busts(TABLE, trick, ())
    assert patterns == set(Pattern)


def _plain_final_scores(houses: Any, sideways: int) -> tuple[Any, ...]:
    """The outcome's values by the plain rule: score_houses, placements and each Score's fields."""
    scores = score_houses(houses, sideways)
    details = {
        "actual_cards": [sum(s.actual) for s in scores],
        "per_suit": [list(s.actual) for s in scores],
        "weighted": [list(s.weighted) for s in scores],
        "ignored_suits": [list(s.ignored) for s in scores],
        "lower_is_better": True,
    }
    return placements(scores), tuple([float(s.score) for s in scores]), details


def _same_final_scores(houses: tuple[tuple[int, ...], ...], sideways: int) -> None:
    places, scores, details = final_scores(houses, sideways)
    assert (places, scores, details) == _plain_final_scores(houses, sideways)
    assert type(places) is tuple and type(scores) is tuple
    assert all(type(x) is float for x in scores) and all(type(p) is int for p in places)
    lists = [*details["per_suit"], *details["weighted"], *details["ignored_suits"]]
    assert len({id(x) for x in lists}) == len(lists)  # no list shared between two entries


def _same_sole_most(houses: tuple[tuple[int, ...], ...], sideways: int) -> None:
    """Both builds' forms of the ignore rule (final_scores uses one per build) give score_houses' suits."""
    weighted = [list(s.weighted) for s in score_houses(houses, sideways)]
    want = [list(s.ignored) for s in score_houses(houses, sideways)]
    for form in (ignore_sole_most_by_seats, ignore_sole_most_by_columns):
        ignored: list[list[int]] = [[] for _ in houses]
        form(weighted, ignored)
        assert ignored == want


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_final_scores_are_the_plain_scores_of_seeded_end_states(players: int) -> None:
    """`final_scores` (the outcome's one pass) against score_houses and placements at every seeded end
    (seeds 118100-118139, every deck that allows the player count)."""
    ends = 0
    for deck in DECKS:
        if deck == "epic-mix" and players > 6:
            continue
        for state, seat, _ in _played_states(players, deck, range(118100, 118108)):
            if seat < 0:
                _same_final_scores(state.houses, state.sideways)
                _same_sole_most(state.houses, state.sideways)
                ends += 1
    assert ends >= 32


def test_final_scores_are_the_plain_scores_of_random_houses() -> None:
    """Random Houses and sideways cards (seed 118500): ties for a suit's most, empty Houses, equal keys."""
    rng = random.Random(118500)
    for _ in range(3000):
        players = rng.randint(2, 7)
        cards = rng.sample(range(len(CARD_IDS)), rng.randint(0, 49))
        houses: list[tuple[int, ...]] = [() for _ in range(players)]
        for c in cards:
            s = rng.randrange(players)
            houses[s] = houses[s] + (c,)
        sideways = 0
        if rng.random() < 0.5:
            for c in rng.sample(cards, min(len(cards), rng.randint(0, 6))):
                sideways |= 1 << c
        _same_final_scores(tuple(houses), sideways)
        _same_sole_most(tuple(houses), sideways)
    same = ((0, 8), (1, 7))  # one red and one orange each: equal keys share first place
    _same_final_scores(same, 0)
    assert final_scores(same, 0)[0] == (1, 1)


def _plain_end_turn(fx: Fx) -> None:
    """end_turn by the plain rule: tricks.finish_turn, then the Trickster collects or begin_turn decides."""
    nxt = finish_turn(fx.trick)
    if isinstance(nxt, int):
        if rules.collect(fx, nxt):
            rules.begin_turn(fx)
        return
    fx.trick = nxt
    rules.begin_turn(fx)


@pytest.mark.parametrize("deck", DECKS)
def test_end_turn_is_the_plain_end_of_a_turn(deck: str) -> None:
    """end_turn (its bust test inlined) against finish_turn and begin_turn, from every state with a card
    in the pot of seeded games (seeds 118200-118205; 2, 4 and 6 players): the same State and events."""
    patterns = set()
    for players in (2, 4, 6):
        for state, seat, _ in _played_states(players, deck, range(118200, 118206)):
            if seat < 0 or state.phase == HOUSE_PICK or not state.trick.pot:
                continue
            quick, plain = Fx(state), Fx(state)
            for fx in (quick, plain):
                fx.phase, fx.pending = PLAYING, None
            rules.end_turn(quick)
            _plain_end_turn(plain)
            assert quick.freeze() == plain.freeze() and quick.events == plain.events
            patterns.add(state.trick.pattern)
    assert patterns == set(Pattern)


@pytest.mark.parametrize("deck", DECKS)
def test_a_house_card_leaves_the_house_that_holds_it(deck: str) -> None:
    """`_house_remove` (the owner's loop inlined) against owner_of_house_card and zones.take, for every
    House card of every state of seeded games (seeds 118300-118303)."""
    moved = 0
    for state, _seat, _ in _played_states(4, deck, range(118300, 118304)):
        for house in state.houses:
            for card in house:
                fx = Fx(state)
                owner = fx.owner_of_house_card(card)
                assert fx._house_remove(card) == owner
                assert tuple(fx.houses) == tuple(zones.take(state.houses, owner, card))
                moved += 1
    assert moved > 200
    with pytest.raises(ValueError):
        Fx(GAME.setup(4, {"deck": deck}, 118300))._house_remove(0)


def test_the_fantasy_questions_are_the_asks_ask_builds() -> None:
    """The Fantasy effects write each question as the tuple `hero.ask` returns: at every state of seeded
    games (seeds 118400-118407) where a Fantasy hero's effect can start, its first question is `ask(...)`."""
    asked = 0
    for state, seat, _ in _played_states(4, "fantasy", range(118400, 118408)):
        if seat < 0 or state.phase == HOUSE_PICK:
            continue
        for hero in fantasy.HEROES:
            fx = Fx(state)
            if not hero.can(fx, seat):
                continue
            question = hero.effect(fx, seat, ())
            assert question is not None and type(question) is tuple
            kind, choosers, options, note = question
            assert question == ask(kind, seat, options[0], note) and choosers == (seat,)
            asked += 1
    assert asked > 500


def _plain_exchange(fx: Fx, a: int, card_a: int, b: int, card_b: int) -> None:
    """Fx.exchange's card moves by the plain rule: `_hand_remove` twice, `_hand_add` twice."""
    fx._hand_remove(a, card_a)
    fx._hand_remove(b, card_b)
    fx._hand_add(b, card_a)
    fx._hand_add(a, card_b)


@pytest.mark.parametrize("deck", DECKS)
def test_the_inlined_hand_moves_are_the_plain_ones(deck: str) -> None:
    """Fx.exchange, trash_to_hand, house_to_hand and hand_to_house (their `_hand_add` / `_hand_remove`
    inlined) against the plain calls, on every state of seeded games (seeds 118410-118413)."""
    moves = 0
    for state, _seat, _ in _played_states(4, deck, range(118410, 118414)):
        hands = state.hands
        if hands[0] and hands[1]:
            quick = Fx(state)
            quick.exchange(0, hands[0][0], 1, hands[1][-1])
            plain = Fx(state)
            _plain_exchange(plain, 0, hands[0][0], 1, hands[1][-1])
            assert tuple(quick.hands) == tuple(plain.hands) and quick.sideways == plain.sideways
            moves += 1
        for card in state.trash:
            quick, plain = Fx(state), Fx(state)
            quick.trash_to_hand(card, 2)
            plain._hand_add(2, card)
            assert tuple(quick.hands) == tuple(plain.hands) and quick.sideways == plain.sideways
            moves += 1
        for house in state.houses:
            for card in house:
                quick, plain = Fx(state), Fx(state)
                quick.house_to_hand(card, 3)
                plain._house_remove(card)
                plain._hand_add(3, card)
                assert tuple(quick.hands) == tuple(plain.hands) and quick.sideways == plain.sideways
                assert tuple(quick.houses) == tuple(plain.houses)
                moves += 1
        for card in hands[1]:
            quick, plain = Fx(state), Fx(state)
            quick.hand_to_house(1, card, 0)
            plain._hand_remove(1, card)
            assert tuple(quick.hands) == tuple(plain.hands)
            moves += 1
    assert moves > 300


@pytest.mark.parametrize("deck", DECKS)
def test_collect_passes_the_pot_and_opens_the_shared_trick(deck: str) -> None:
    """collect (set_house and new_trick inlined): the pot joins the collector's House and the next trick
    is new_trick's shared one, on every state with cards in the pot (seeds 118420-118425)."""
    collected = 0
    for players in (2, 4, 6):
        for state, seat, _ in _played_states(players, deck, range(118420, 118426)):
            if seat < 0 or state.phase == HOUSE_PICK or not state.trick.pot:
                continue
            fx = Fx(state)
            if rules.collect(fx, seat):  # (at the game's end, finish() adds the hands to the Houses too)
                assert fx.houses[seat] == state.houses[seat] + state.trick.pot
                assert fx.trick is rules.new_trick(players, *roles_after_collect(seat, players))
            collected += 1
    assert collected > 100


# --- the parse by a subscript; the House pick's last choice written on the working copy ------------------
NEW_SEEDS = range(124100, 124110)


def test_a_malformed_action_is_refused_as_before() -> None:
    """apply parses by a subscript in a `try`: an unknown string is still the "malformed_action" refusal."""
    for state, seat, _ in _played_states(4, "fantasy", NEW_SEEDS[:2]):
        if seat < 0:
            continue
        for bad in ("", "play:", "nonsense", "house:zz-none"):
            with pytest.raises(IllegalAction) as refused:
                GAME.apply(state, seat, bad)
            assert refused.value.code == "malformed_action"


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_last_house_pick_freezes_every_pick(players: int) -> None:
    """freeze takes no House picks argument: the last pick writes them on the working copy first."""
    reached = 0
    for state, seat, action in _played_states(players, "basic-mix", NEW_SEEDS):
        if seat < 0 or state.phase != HOUSE_PICK:
            continue
        after, _ = GAME.apply(state, seat, action)
        token = HOUSE_ACTIONS.index(action)
        expected = (*state.house_picks[:seat], token, *state.house_picks[seat + 1 :])
        assert after.house_picks == expected
        if after.phase != HOUSE_PICK:
            reached += 1
            assert -1 not in after.house_picks
            assert all(after.houses[s] == (expected[s],) for s in range(players))
    assert reached == len(NEW_SEEDS)
