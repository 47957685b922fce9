"""The engine's speed paths must agree with the plain rules (docs/engine-speed.md).

Rulebook 003_3dd097fef3f40e34.txt, section 6 (what may be played) and section 5 (a day's end): the verdict
tables of games/timetrap/allowed.py against the blue date cards judged directly, `apply` with and
without the legal list it just built, and the shortcuts' day ends against the full rules.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from games.core import native64
from games.core.errors import IllegalAction
from games.timetrap import allowed, cards, dates, quick, rules
from games.timetrap.game import TIMETRAP as G
from games.timetrap.state import State
from games.timetrap.table import Table, first_trap, take_first_trap, take_from_board
from tests.build.final_tables import tables_without_final


def _seeded_states(games: int) -> list[State]:
    """Every state of seeded random games of 2-4 players, fixed date cards included."""
    fixed = {"dates": "B3,Y1,B4,Y6,B5,Y2"}
    return [
        state
        for players in (2, 3, 4)
        for seed in range(games)
        for state in _states_of(players, seed, fixed if seed % 3 == 0 else {})
    ]


def _states_of(players: int, seed: int, options: dict[str, str] | None = None) -> list[State]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    state = G.setup(players, options or {}, seed)
    states = []
    while not state.over:
        states.append(state)
        (seat,) = G.to_act(state)
        legal = G.legal_actions(state, seat)
        state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    return states


STATES = _seeded_states(12)

# More two-player games, for the game ends the shortcuts build (rarer than a turn).
MORE_TWO_PLAYER_STATES = [state for seed in range(100, 400) for state in _states_of(2, seed)]


def _plain_plays(state: State, seat: int) -> list[str]:
    """The turn's legal plays judged card by card, the way the rulebook says it (no tables)."""
    row = state.board[state.day - 1] if len(state.board) >= state.day else ()
    last = row[-1][1] if row else None
    previous = row[-1][1] if row and cards.is_time_card(row[-1][0]) else None
    blue = dates.blue(rules.date_card(state))
    plays = []
    for card in state.hands[seat]:
        if not cards.is_time_card(card):
            continue
        value = cards.number(card)
        if last is not None and not (value > last if state.tile_up else value < last):
            continue
        if blue is None or blue.allows(dates.PlayContext(value, previous)):
            plays.append(f"play:{card}")
    trap_ok = blue is None or blue.allows(dates.PlayContext(None, previous))
    has_trap = any(cards.is_trap(c) for c in state.hands[seat])
    if trap_ok and has_trap and state.after_time and state.traps_today < rules.MAX_TRAPS_PER_DAY:
        plays += [f"trap:{c}" for c in state.hands[seat] if cards.is_time_card(c)]
    return plays or ["pass"]


def test_the_verdict_tables_list_what_the_date_cards_allow() -> None:
    turns = [s for s in STATES if s.pending is None]
    assert len(turns) > 1000
    for state in turns:
        assert rules.legal_actions(state, state.turn) == _plain_plays(state, state.turn)


def test_the_listing_a_quick_step_notes_is_the_one_judged_from_its_state() -> None:
    """quick.play, trap, pass_turn and a day's start, and the deal, note what the next listing and action need
    of the State they build (allowed.BUILT) so that neither reads the State, works the verdict out from the
    board nor loops over the hand: the turn's listing (from the hands' bits and the verdict's spec), which
    must be the rulebook's for that State (a hand with another colour's card, MIXED, listed by the loop); its
    seat to act, its fields and each hand's bits (allowed.masks_of, or MIXED once carried so); the State is
    not over and asks nothing; the seats to act, another seat's listing (none) and the listing asked twice,
    through the note, are the plain ones. Seeded 2-4 player games, fixed date cards in a third of them; on the
    source most turns of a two-player game follow a note, the day's first turns among them (the compiled build
    keeps none: there it cost more than it saved)."""
    kept = listed = first_of_day = mixed = 0
    for players in (2, 3, 4):
        for seed in [*range(123000, 123060), *range(125000, 125060), *range(130000, 130060)]:
            rng = random.Random(seed)
            state = G.setup(players, {"dates": "B3,Y1,B4,Y6,B5,Y2"} if seed % 3 == 0 else {}, seed)
            while not state.over:
                (seat,) = G.to_act(state)
                built, noted, turn, fields, masks = allowed.BUILT[0]
                if built is state:
                    kept += players == 2
                    first_of_day += players == 2 and not state.board[state.day - 1]
                    assert list(noted) == _plain_plays(state, state.turn)
                    assert not state.over and state.pending is None
                    assert turn == state.turn
                    # each hand's bits as masks_of reads them, or MIXED (negative) once carried so: a hand
                    # that gave its other colour's card away keeps the plain loop
                    fresh = allowed.masks_of(state.hands)
                    assert all(bits == now or bits < 0 for bits, now in zip(masks, fresh, strict=True))
                    mixed += masks[turn] < 0  # listed by the loop (allowed.listed_by_loop)
                    assert G.to_act(state) == {state.turn}
                    assert type(fields) is tuple and fields == tuple(state)
                listed += players == 2
                legal = G.legal_actions(state, seat)
                if state.pending is None:
                    assert legal == _plain_plays(state, seat)
                    for other in range(players):  # another seat's listing through the note: none
                        if other != seat:
                            assert G.legal_actions(state, other) == []
                    legal.append("changed")  # the caller's list is its own: the note is untouched
                    assert G.legal_actions(state, seat) == _plain_plays(state, seat)
                    legal.pop()
                state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    if native64.WRAPS:
        assert kept == 0
    else:
        assert kept > listed * 3 // 4
        assert first_of_day > 200
        assert mixed > 20, mixed  # a hand holding another colour's time card, noted too


def test_the_hands_bits_and_the_listing_tables() -> None:
    """allowed.masks_of against the hands it reads (MIXED for a hand with another colour's time card, an
    unknown card or out of order), the bits' tables against the cards they name, each verdict's spec against
    its table, and allowed.listing_of against the plain listing for every hand of seeded games of 2-4 players
    under every verdict kept (seeds 130100-130139)."""
    own = (cards.time_cards(0)[2], cards.time_cards(0)[6], cards.trap_card(0))
    assert allowed.masks_of((own, ())) == (4 + 64 + allowed.TRAP_ONE, 0)
    assert allowed.masks_of(((cards.trap_card(1), cards.trap_card(0)),)) == (2 * allowed.TRAP_ONE,)
    for odd in (
        (cards.time_cards(1)[0],),
        own[::-1],
        (own[0], own[0]),
        ("zz9",),
        (cards.trap_card(0), own[0]),
    ):
        assert allowed.masks_of((odd,)) == (allowed.MIXED,), odd
    assert allowed.masks_of(((),) * 5)[4] == 0 and allowed.masks_of(((), (), (), (), own[:1]))[4] < 0
    if native64.WRAPS:  # the compiled build writes no note: no listing tables, no specs, nothing to list by
        assert allowed.PLAYS_OF == () and allowed.TRAPS_OF == ()
        assert not allowed.SPECS_UP and not allowed.SPECS_DOWN
        return
    for seat, colour in enumerate(cards.COLOURS):
        for key, plays in enumerate(allowed.PLAYS_OF[seat]):
            held = [card for card in cards.time_cards(seat) if key & allowed.VALUE_BIT[card]]
            assert plays == tuple(f"play:{card}" for card in held)
            assert allowed.TRAPS_OF[seat][key] == tuple(f"trap:{card}" for card in held)
            assert all(card.startswith(colour) for card in held)
    for by_last, specs in (
        (allowed.VERDICTS_UP, allowed.SPECS_UP),
        (allowed.VERDICTS_DOWN, allowed.SPECS_DOWN),
    ):
        assert by_last.keys() == specs.keys()
        for date, verdicts in by_last.items():
            assert verdicts.keys() == specs[date].keys()
            for last, verdict in verdicts.items():
                assert allowed.spec_of(verdict) == specs[date][last]
    checked = 0
    for players in (2, 3, 4):
        for seed in range(130100, 130140):
            for state in _states_of(players, seed):
                if state.pending is not None:
                    continue
                masks = allowed.masks_of(state.hands)
                for seat in range(players):
                    if masks[seat] < 0:
                        continue
                    spec = allowed.spec_of(allowed.allowed(state))
                    may = state.after_time and state.traps_today < rules.MAX_TRAPS_PER_DAY
                    assert list(allowed.listing_of(seat, masks[seat], spec, may)) == _plain_plays(state, seat)
                    checked += 1
    assert checked > 5000


def test_every_action_through_the_note_gives_what_the_full_rules_give() -> None:
    """On the source the quick steps unpack the plain tuple noted with the State they are given (allowed.BUILT)
    when it is the one noted, a pass that ends the day hands that tuple on to the day's start, rules.to_act
    and legal_actions read the note, and the listing and a Time Trap tell a Time Trap card in hand by the
    hand's order (its last card). Seeded 2-4 player games played through all of that: every hand is in
    order (what the last two read), and every action's State and events equal the full rules' on a working
    copy. Time Traps played from a hand holding two Time Trap cards (the loop, not the hand's order: a
    pick-up on days 3 and 5) and listings whose last card is a Time Trap are met too."""
    noted = two_traps = trap_last = acted = 0
    for players in (2, 3, 4):
        for seed in range(125000, 125100):
            rng = random.Random(seed)
            state = G.setup(players, {"dates": "B3,Y1,B4,Y6,B5,Y2"} if seed % 3 == 0 else {}, seed)
            while not state.over:
                for hand in state.hands:
                    assert cards.sorted_hand(hand) == hand
                (seat,) = G.to_act(state)
                noted += allowed.BUILT[0][0] is state
                acted += 1
                legal = G.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
                kind, _, arg = action.partition(":")
                hand = state.hands[seat]
                trap_last += state.pending is None and bool(hand) and not cards.is_time_card(hand[-1])
                two_traps += kind == "trap" and sum(not cards.is_time_card(c) for c in hand) > 1
                full = rules._apply_in_full(state, seat, kind, arg)
                done = G.apply(state, seat, action)
                assert done == full, (state, action)
                state = done[0]
    assert two_traps > 5 and trap_last > 1000, (two_traps, trap_last)
    if native64.WRAPS:
        assert noted == 0
    else:
        assert noted > acted // 2, (noted, acted)


def _verdict_key(state: State) -> tuple[str | None, int | None, bool]:
    """What a verdict depends on: today's date card, the value of the day's last card, the tile."""
    row = state.board[state.day - 1] if len(state.board) >= state.day else ()
    return rules.date_card(state), (row[-1][1] if row else None), state.tile_up


def test_every_blue_card_and_tile_is_judged_like_the_card_says() -> None:
    """Every date, last card and tile, not only those seeded games reach."""
    entries = [None, *(((c, v) for c, v in cards.NUMBER_OF.items())), ("tt0", 0), ("tt1", 12)]
    for date in [None, *(c.id for c in dates.BLUE), *(c.id for c in dates.YELLOW)]:
        blue = dates.blue(date)
        for entry in entries:
            previous = entry[1] if entry is not None and cards.is_time_card(entry[0]) else None
            for up in (True, False):
                row = (entry,) if entry else ()
                state = STATES[0]._replace(dates=(date,) * 6 if date else (), board=(row,), day=1, tile_up=up)
                verdict = allowed.allowed(state)
                for card, value in cards.NUMBER_OF.items():
                    beats = entry is None or (value > entry[1] if up else value < entry[1])
                    ok = beats and (blue is None or blue.allows(dates.PlayContext(value, previous)))
                    assert (card in verdict[0]) == ok, (date, entry, up, card)
                # each playable card's own action, in PLAY's order (the table is built by C-level passes)
                assert list(verdict[0].items()) == [
                    (c, a) for c, a in allowed.PLAY.items() if c in verdict[0]
                ]
                assert verdict[1] == (blue is None or blue.allows(dates.PlayContext(None, previous)))


def _outcome(state: State, seat: int, action: str) -> object:
    try:
        return rules.apply(state, seat, action)
    except IllegalAction as refused:
        return ("refused", refused.code, refused.params)


def test_apply_judges_alike_with_and_without_the_list_just_built() -> None:
    """apply() finds an action in the legal list it was just given for the same state, else judges it
    itself: both ways accept exactly the legal actions, with the same result and the same refusal."""
    rng = random.Random(7)
    answering = [s for s in STATES + MORE_TWO_PLAYER_STATES if s.pending is not None]
    assert len(answering) > 50
    for state in rng.sample(STATES, 600) + answering:
        (seat,) = rules.to_act(state)
        hand = state.hands[seat]
        candidates = {
            "pass",
            "draw:0",
            "draw:1",
            "play:xx",
            *(f"{k}:{c}" for k in ("play", "trap", "discard") for c in hand),
            *(f"give:{c}:{s}" for c in hand for s in range(state.players)),
        }
        candidates.update(f"play:{c}" for c in rng.sample(sorted(cards.NUMBER_OF), 5))
        # Lists just built for other states (a turn and a question), so that `cold` finds none of its own.
        others = [s for s in (STATES[0], answering[0], STATES[1], answering[1]) if s is not state][:2]
        for action in sorted(candidates):
            for other in others:
                rules.legal_actions(other, next(iter(rules.to_act(other))))
            rules.legal_actions(state, (seat + 1) % state.players)  # a list for another seat: not used
            cold = _outcome(state, seat, action)
            legal = rules.legal_actions(state, seat)
            warm = _outcome(state, seat, action)
            assert warm == cold, (state, action)
            assert (action in legal) == (not (isinstance(cold, tuple) and cold[0] == "refused")), action


def test_the_noted_apply_judges_as_apply_does() -> None:
    """rules.noted_apply (the source's game object's apply) accepts an action on the State noted last iff its
    noted listing holds it: for seeded 2-4 player games (seeds 130200-130239), every State met noted, every
    seat and candidate action (legal or not) give the result or the refusal rules.apply gives with no note."""
    checked = refused = 0
    for players in (2, 3, 4):
        for seed in range(130200, 130240):
            rng = random.Random(seed)
            state = G.setup(players, {}, seed)
            while not state.over:
                (seat,) = G.to_act(state)
                note = allowed.BUILT[0]
                if note[0] is state:
                    hand = state.hands[seat]
                    candidates = {
                        "pass",
                        "play:xx",
                        "draw:0",
                        *(f"{k}:{c}" for k in ("play", "trap") for c in hand),
                    }
                    for action in sorted(candidates):
                        for who in range(players):
                            allowed.BUILT[0] = note
                            try:
                                noted = rules.noted_apply(state, who, action)
                            except IllegalAction as no:
                                noted = ("refused", no.code, no.params)
                            allowed.BUILT[0] = (None, (), -1, (), ())  # no note
                            assert noted == _outcome(state, who, action), (state, who, action)
                            checked += 1
                            refused += isinstance(noted, tuple) and noted[0] == "refused"
                    allowed.BUILT[0] = note
                legal = G.legal_actions(state, seat)
                state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    if not native64.WRAPS:
        assert checked > 5000 and checked > refused > 1000, (checked, refused)


def test_the_day_end_shortcuts_equal_the_full_rules() -> None:
    """A pass, a card or a Time Trap that ends the day, built straight into the next State
    (quick._next_day), the pick-up of a Time Trap card on days 3 and 5 included."""
    ended = {"play": 0, "pass": 0, "trap": 0, "pickup": 0}
    for state in STATES + MORE_TWO_PLAYER_STATES:
        if state.pending is not None:
            continue
        seat = state.turn
        for action in rules.legal_actions(state, seat):
            kind, _, arg = action.partition(":")
            if kind == "play":
                fast = quick.play(state, seat, arg)
            elif kind == "trap":
                fast = quick.trap(state, seat, arg)
            else:
                fast = quick.pass_turn(state, seat)
            if fast is None or fast[0].day == state.day:
                continue
            ended[kind] += 1
            ended["pickup"] += any(event.kind == "pickup" for event in fast[1])
            table = Table(state)
            if kind == "play":
                rules.play_time_card(table, seat, arg)
            elif kind == "trap":
                rules.play_trap(table, seat, arg)
            else:
                rules.pass_turn(table, seat)
            assert fast == (table.freeze(), table.events), (state, action)
    assert min(ended.values()) > 50, ended


def test_the_shortcuts_write_the_state_fields_they_name() -> None:
    """And read: the shortcuts read their working list by these positions too."""
    for name in (
        "players",
        "rng",
        "date_set",
        "dates",
        "day",
        "tile_up",
        "hands",
        "discard",
        "board",
        "know",
        "start",
        "turn",
        "limit",
        "out",
        "pending",
        "over",
        "winner",
        "end_reason",
        "extra_turn",
        "skip_next",
    ):
        assert getattr(quick, f"_{name.upper()}") == State._fields.index(name)
    for name in ("played_today", "traps_today", "after_time", "last_player", "passed"):
        short = {"played_today": "_PLAYED", "traps_today": "_TRAPS"}.get(name, f"_{name.upper()}")
        assert getattr(quick, short) == State._fields.index(name)


def test_the_one_pass_pick_up_equals_first_trap_then_take_from_board() -> None:
    """take_first_trap (the quick day start's Time Trap pick-up) finds and removes the card as first_trap
    and take_from_board do, on every board of seeded games and on random boards, malformed ones (a Time
    Trap card twice, rows of Time Traps only, empty rows) included."""
    boards = [list(state.board) for state in STATES]
    rng = random.Random(7)
    pool = [*cards.NUMBER_OF, "tt0", "tt1", "tt2", "tt3"]
    for _ in range(3000):
        boards.append(
            [
                tuple((card, rng.choice((0, 5, 12))) for card in rng.choices(pool, k=rng.randrange(5)))
                for _ in range(rng.randrange(1, 7))
            ]
        )
    for board in boards:
        plain = list(board)
        card = first_trap(plain)
        if card is not None:
            take_from_board(plain, card)
        quick_rows = list(board)
        assert take_first_trap(quick_rows) == card
        assert quick_rows == plain


def _plain_setup(players: int, seed: int) -> State:
    """setup.setup as the rulebook's deal reads (every shuffle whole, the hands sorted): the fast deal's
    reference."""
    from games.core.rng import Rng, seed_state
    from games.timetrap import setup
    from games.timetrap.table import public_mask

    rng = Rng(seed_state(seed))
    hands, discard, know = [], [], {}
    for seat in range(players):
        deck = rng.shuffled(cards.time_cards(seat))
        discard.extend(deck[: cards.SETUP_DISCARDS])
        trap = cards.trap_card(seat)
        hands.append(cards.sorted_hand([*deck[cards.SETUP_DISCARDS :], trap]))
        know[trap] = public_mask(players)
    blue = rng.shuffled(setup._BLUE_IDS[dates.DEFAULT_SET])[:3]
    yellow = rng.shuffled(setup._YELLOW_IDS[dates.DEFAULT_SET])[:3]
    fixed = (blue[0], yellow[0], blue[1], yellow[1], blue[2], yellow[2])
    start = rng.below(players)
    fresh = setup.setup(players, {}, seed)
    return fresh._replace(
        rng=rng.state,
        dates=fixed,
        hands=tuple(hands),
        discard=tuple(rng.shuffled(discard)),
        know=know,
        start=start,
        turn=start,
    )


def test_the_deal_takes_the_shuffles_heads_as_the_plain_deal_does() -> None:
    from games.core.rng import Rng
    from games.timetrap.setup import setup

    for seed in range(400):
        for size in (0, 1, 2, 3, 7, 11, 20):
            items = [f"c{i}" for i in range(size)]
            for count in (0, 1, 2, 3, size):
                plain, fast = Rng(seed * 7919 + size), Rng(seed * 7919 + size)
                assert fast.shuffled_head(items, count) == plain.shuffled(items)[:count]
                assert fast.state == plain.state
    for players in (2, 3, 4):
        for seed in range(300):
            assert setup(players, {}, seed) == _plain_setup(players, seed)


def test_the_outcome_table_and_its_direct_build_give_the_plain_outcome() -> None:
    from games.core.contract import Outcome
    from games.timetrap.outcome import _places, outcome

    ends = [s for s in STATES if s.over]
    ends += [_end_of(players, seed) for players in (2, 3, 4) for seed in range(100)]
    for state in ends:
        for _ in range(2):  # worked out, then from the table
            got = outcome(state)
            placements, scores = _places(state.winner, state.out, tuple(map(len, state.hands)))
            # the rule itself, as rulebook section 8 reads (see outcome._places)
            wanted = Outcome(
                placements=placements,
                scores=scores,
                details={
                    "winner": state.winner,
                    "reason": state.end_reason,
                    "day": state.day,
                    "hands": [len(h) for h in state.hands],
                    "eliminated": [bool(o) for o in state.out],
                },
            )
            assert got == wanted and got is not None and got.teams is None


def _end_of(players: int, seed: int) -> State:
    rng = random.Random(seed)
    state = G.setup(players, {}, seed + 5000)
    while not state.over:
        (seat,) = G.to_act(state)
        legal = G.legal_actions(state, seat)
        state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def test_the_last_card_shortcuts_end_the_game_as_the_full_rules_do() -> None:
    """quick.play of a hand's last card (quick._play_last) and quick.trap of a hand's last two: out of
    cards before day 7 with one player left, or the day-7 win, against rules.play_time_card and
    rules.play_trap on a working copy; every other last card (a yellow number, a third player still in)
    goes to the full rules."""
    ended = {"play last_survivor": 0, "play emptied_day7": 0, "trap last_survivor": 0}
    for state in STATES + MORE_TWO_PLAYER_STATES:
        seat = state.turn
        if state.pending is not None or len(state.hands[seat]) > 2:
            continue
        for action in rules.legal_actions(state, seat):
            kind, _, card = action.partition(":")
            table = Table(state)
            if kind == "play" and len(state.hands[seat]) == 1:
                rules.play_time_card(table, seat, card)
                fast = quick.play(state, seat, card)
            elif kind == "trap":
                rules.play_trap(table, seat, card)
                fast = quick.trap(state, seat, card)
            else:
                continue
            if fast is None:  # declined: apply goes through the full rules
                continue
            ended[f"{kind} {fast[0].end_reason}"] += 1
            assert fast == (table.freeze(), table.events), (state, action)
    assert min(ended.values()) > 5 and ended["play last_survivor"] > 20


def test_the_pass_into_day_7_that_ends_the_game_equals_the_full_rules() -> None:
    """quick.pass_turn of the pass that ends day 6 when the Time Trap holders' elimination on day 7 ends
    the game (quick._last_day_ends_game), against rules.pass_turn on a working copy."""
    ended = {"last_survivor": 0, "no_survivor": 0}
    for state in STATES + MORE_TWO_PLAYER_STATES:
        if (
            state.pending is not None
            or state.day != 6
            or "pass" not in rules.legal_actions(state, state.turn)
        ):
            continue
        fast = quick.pass_turn(state, state.turn)
        table = Table(state)
        rules.pass_turn(table, state.turn)
        if fast is None:  # declined: apply goes through the full rules
            assert table.day == 6 or not table.over, state
            continue
        if fast[0].day == 7:
            ended[fast[0].end_reason or ""] += 1
        assert fast == (table.freeze(), table.events), state
    assert ended["last_survivor"] > 20 and ended["no_survivor"] > 0


def test_the_yellow_card_shortcut_equals_the_full_rules() -> None:
    """quick.play of today's yellow number (quick._play_yellow): a question asked, an extra turn or a
    skip, against rules.play_time_card on a working copy, each effect met many times; the rest (an effect
    ignored, a Time Trap taken, the day's end) goes to the full rules."""
    met: dict[str, int] = {}
    for state in STATES + MORE_TWO_PLAYER_STATES:
        if state.pending is not None or state.day > len(state.dates):
            continue
        yellow = dates.yellow(state.dates[state.day - 1])
        if yellow is None:
            continue
        seat = state.turn
        for action in rules.legal_actions(state, seat):
            kind, _, card = action.partition(":")
            if kind != "play" or cards.number(card) != yellow.number:
                continue
            fast = quick.play(state, seat, card)
            table = Table(state)
            rules.play_time_card(table, seat, card)
            if fast is None:  # declined: apply goes through the full rules
                continue
            pending = fast[0].pending
            effect = fast[1][1].kind if pending is None else pending.kind
            met[effect] = met.get(effect, 0) + 1
            assert fast == (table.freeze(), table.events), (state, action)
    wanted = {"draw", "give", "discard_next", "discard_own", "extra_turn", "skip"}
    assert set(met) == wanted and min(met.values()) > 50, met


def test_the_discard_answer_shortcut_equals_the_full_rules() -> None:
    """quick.discard (a yellow card's question answered by a discard, the turn then passing on) against
    rules.resolve_pending on a working copy, knowledge included, for the next player's and the actor's
    own discards."""
    met = {"discard_next": 0, "discard_own": 0}
    for state in STATES + MORE_TWO_PLAYER_STATES:
        if state.pending is None or state.pending.kind not in met:
            continue
        seat = state.pending.seat
        for action in rules.legal_actions(state, seat):
            card = action.partition(":")[2]
            fast = quick.discard(state, seat, card)
            if fast is None:  # declined: apply goes through the full rules
                continue
            met[state.pending.kind] += 1
            table = Table(state)
            rules.resolve_pending(table, seat, "discard", card)
            assert fast == (table.freeze(), table.events), (state, action)
    assert min(met.values()) > 50, met


def test_the_engine_objects_setup_checks_and_deals_as_the_method_does() -> None:
    """The source build's TIMETRAP.setup (game._checked_setup, which asks INFO's checks only off the
    standard variant and its player counts) against TimeTrap.setup: the same State, the same refusals."""
    from games.core.errors import InvalidOptions
    from games.timetrap.game import TimeTrap

    for variant in (None, "", "standard", "nonesuch"):
        for players in range(0, 7):
            for options in ({}, None, {"dates": "B3,Y1,B4,Y6,B5,Y2"}, {"date_set": "nonesuch"}):
                for seed in (0, 5, 12345):
                    try:
                        plain: object = TimeTrap.setup(G, players, options, seed, variant)
                    except InvalidOptions as refused:
                        plain = ("refused", refused.code, refused.params)
                    try:
                        fast: object = G.setup(players, options, seed, variant)
                    except InvalidOptions as refused:
                        fast = ("refused", refused.code, refused.params)
                    assert fast == plain, (variant, players, options, seed)


def test_a_board_value_says_whether_the_card_was_a_time_card() -> None:
    """The turn's verdict (allowed.py) is keyed by the value of the day's last card, not by the card: every
    board entry of seeded games is a time card with its own number (1-11) or a Time Trap card at 12 or 0,
    so the value alone tells the two apart."""
    entries = {entry for state in STATES + MORE_TWO_PLAYER_STATES for row in state.board for entry in row}
    assert len(entries) > 40
    for card, value in entries:
        if cards.is_time_card(card):
            assert value == cards.NUMBER_OF[card] and value in allowed._TIME_VALUES, (card, value)
        else:
            assert cards.is_trap(card) and value in (cards.TRAP_HIGH, cards.TRAP_LOW), (card, value)
            assert value not in allowed._TIME_VALUES


def test_a_pass_adds_its_seat_to_the_shared_sets_as_the_union_does() -> None:
    """quick._passed_too (who has passed, with one more seat, from a table of shared sets) against
    `passed | {seat}`, for every set of up to four seats and every seat, twice (built, then looked up)."""
    for _ in range(2):
        for mask in range(16):
            passed = frozenset(s for s in range(4) if mask >> s & 1)
            for seat in range(8):
                assert quick._passed_too(passed, seat) == passed | {seat}


def test_the_deal_and_the_tables_share_each_card_id() -> None:
    """Card ids are interned (cards.py): a hand's ids are the very objects that key NUMBER_OF and the
    action tables, so that the hot path's lookups and `list.remove` stop at identity (a speed property)."""
    state = G.setup(4, {}, 3)
    for hand in state.hands:
        for card in hand:
            keys = allowed.PLAY if cards.is_time_card(card) else cards._TRAP_CARDS
            assert any(card is key for key in keys), card
    assert all(card is key for card, key in zip(cards.NUMBER_OF, allowed.TRAP, strict=True))


_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "timetrap"


@pytest.mark.parametrize("module", sorted(path.name for path in _PACKAGE.glob("*.py")))
def test_the_module_tables_are_final(module: str) -> None:
    """Every module-level name a TIMETRAP module assigns is declared `Final` (compiled, a read of one that is
    not goes through the module's dict on every use, a class built every action included: quick._EVENT and
    _STATE); type aliases are declared `TypeAlias`."""
    missing = tables_without_final(_PACKAGE / module)
    assert not missing, f"{module}: module tables without Final: {missing}"


def test_the_compiled_copy_of_a_state_lists_its_fields() -> None:
    """quick._fields (the compiled build's `list(state)`, by 25 reads; on the source, `list`) against
    `list(state)`, on states of seeded games of 2-4 players and a State built from JSON."""
    states = [
        state
        for players in (2, 3, 4)
        for seed in range(117200, 117210)
        for state in _states_of(players, seed)
    ]
    states.append(State.from_json(states[-1].to_json()))
    assert len(State._fields) == 25
    for state in states:
        assert quick._FIELDS_BY_READS(state) == list(state)
        assert quick._fields(state) == list(state)  # the source build's is `list` itself


def test_every_kept_verdict_is_its_keys_judgement() -> None:
    """allowed's verdicts are kept by tile, date card and the day's last value (nested tables): after the
    seeded games and states with values no play reaches (a malformed board), each kept verdict is what
    _judge gives its own three keys, and allowed() gives every state the verdict of its own keys."""
    checked = STATES + [state for seed in range(117210, 117230) for state in _states_of(2, seed)]
    odd_rows = [((("or1", -1),),), ((("or1", 13),),), ((("tt0", 99),),), ((),)]
    checked += [
        STATES[5]._replace(board=row, day=1, tile_up=up, dates=dates_) for row in odd_rows for up in (True, False)
        for dates_ in ((), ("B1",) * 6, ("Y2",) * 6, ("XX",) * 6)
    ]  # fmt: skip
    for state in checked:
        row = state.board[state.day - 1] if len(state.board) >= state.day else ()
        date = state.dates[state.day - 1] if state.day <= len(state.dates) else None
        last = row[-1][1] if row else None
        assert allowed.allowed(state) == allowed._judge(date, last, state.tile_up), (
            date,
            last,
            state.tile_up,
        )
    kept = 0
    for up, by_date in ((True, allowed.VERDICTS_UP), (False, allowed.VERDICTS_DOWN)):
        for date, by_last in by_date.items():
            for last, verdict in by_last.items():
                assert verdict == allowed._judge(date, last, up), (up, date, last)
                kept += 1
    assert kept > 100


def test_a_card_sorted_into_a_hand_in_order_is_the_sorted_hand() -> None:
    """cards.sorted_in (the day's pick-up of a Time Trap card, quick._next_day) against sorted_hand of the
    hand with the card: every hand of seeded games is in order (what it relies on), and every card of the
    game put into it, or a card id outside the game's set, lands where the sort puts it."""
    hands = {hand for state in STATES for hand in state.hands}
    hands |= {hand for seed in range(117230, 117240) for state in _states_of(3, seed) for hand in state.hands}
    assert len(hands) > 500
    every_card = [*cards.NUMBER_OF, *cards._TRAP_CARDS, "zz9"]
    for hand in hands:
        assert cards.sorted_hand(hand) == hand
        for card in every_card:
            assert cards.sorted_in(hand, card) == cards.sorted_hand((*hand, card)), (hand, card)


def test_a_hand_less_a_card_is_what_remove_leaves() -> None:
    """quick._without (the compiled build's hand less a card, in play and trap) against `list.remove` on a
    copy, for every card of every hand of seeded games and a card not held (the same refusal)."""
    hands = {hand for state in STATES for hand in state.hands if hand}
    assert len(hands) > 500
    for hand in hands:
        for card in hand:
            kept = list(hand)
            kept.remove(card)
            assert quick._without(hand, card) == tuple(kept), (hand, card)
        with pytest.raises(ValueError):
            quick._without(hand, "zz9")


def _event_templates() -> tuple[object, ...]:
    """quick.py's event data templates (copied per event, never handed out)."""
    return (
        quick._PLAY_DATA,
        quick._DISCARD_DATA,
        quick._TRAP_DATA_UP,
        quick._TRAP_DATA_DOWN,
        quick._DAY_END_DATA,
        quick._DAY_START_DATA,
    )


def _dicts_in(table: object) -> list[dict[str, object]]:
    """Every template dict of a nested table (a template: a dict whose values are no dicts)."""
    if isinstance(table, dict) and not any(isinstance(v, (dict, tuple)) for v in table.values()):
        return [table]
    values = table.values() if isinstance(table, dict) else table
    assert isinstance(values, (tuple, type({}.values())))
    return [found for value in values for found in _dicts_in(value)]


def test_every_action_equals_the_full_rules_each_event_with_data_of_its_own() -> None:
    """The quick steps' events take their data from templates (a copy each, quick._PLAY_DATA and the rest),
    the hand less a card and the board are built compiled by _without and _with_last_row, a card others
    knew is played through quick.play (the State's own `know` without it), and the listing
    tells a Time Trap card by the hand's last card on both builds. Seeded 2-4 player games (fixed date
    cards in a third): every action's State and events equal the full rules' on a working copy; the source's
    noted to_act and legal_actions (rules.noted_*, the game object's on the source) list what the plain
    ones list; no event's data is a template, and changing every event's data (as a reader may) leaves the
    templates as they were built."""
    before = copy.deepcopy(_event_templates())
    template_ids = {id(t) for table in _event_templates() for t in _dicts_in(table)}
    assert len(template_ids) > 400
    kinds: dict[str, int] = {}
    for players in (2, 3, 4):
        for seed in range(128000, 128150):
            rng = random.Random(seed)
            state = G.setup(players, {"dates": "B3,Y1,B4,Y6,B5,Y2"} if seed % 3 == 0 else {}, seed)
            while not state.over:
                (seat,) = G.to_act(state)
                assert rules.noted_to_act(state) == rules.to_act(state) == {seat}
                for other in range(players):
                    assert rules.noted_legal_actions(state, other) == rules.legal_actions(state, other)
                legal = G.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
                kind, _, arg = action.partition(":")
                full = rules._apply_in_full(state, seat, kind, arg)
                if kind == "play" and arg in state.know and quick.play(state, seat, arg) is not None:
                    kinds["known card, quick"] = kinds.get("known card, quick", 0) + 1
                done = G.apply(state, seat, action)
                assert done == full, (state, action)
                for event in done[1]:
                    kinds[event.kind] = kinds.get(event.kind, 0) + 1
                    assert id(event.data) not in template_ids
                    assert isinstance(event.data, dict)
                    event.data["changed"] = True  # a reader changing its event's data
                state = done[0]
    assert copy.deepcopy(_event_templates()) == before
    for kind in ("play", "trap", "trap_discard", "day_end", "day_start", "pickup", "pass"):
        assert kinds.get(kind, 0) > 50, (kind, kinds)
    assert kinds.get("known card, quick", 0) > 5, kinds  # a card others knew, played through quick.play


def test_the_compiled_note_holds_its_states_verdict() -> None:
    """quick._keep_verdict, the compiled build's note (allowed.VERDICT_OF, VERDICT): whenever it names the
    State being listed, its verdict is the one allowed() judges of that State (the same kept table), and
    the listing through it is the rulebook's. Compiled, most two-player listings find their State noted,
    a day's first among them; the source never writes it (it keeps allowed.BUILT)."""
    found = listed = first_of_day = 0
    for players in (2, 3, 4):
        for seed in range(128200, 128300):
            rng = random.Random(seed)
            state = G.setup(players, {"dates": "B3,Y1,B4,Y6,B5,Y2"} if seed % 3 == 0 else {}, seed)
            while not state.over:
                (seat,) = G.to_act(state)
                if allowed.VERDICT_OF[0] is state:
                    found += players == 2
                    first_of_day += players == 2 and not state.board[state.day - 1]
                    # the same kept table (compiled, allowed() returns its verdict as a new tuple)
                    assert allowed.VERDICT[0][0] is allowed.allowed(state)[0]
                    assert (
                        allowed.VERDICT[0] == allowed.allowed(state) == allowed._judge(*_verdict_key(state))
                    )
                listed += players == 2
                legal = G.legal_actions(state, seat)
                if state.pending is None:
                    assert legal == _plain_plays(state, seat)
                state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    if native64.WRAPS:
        assert found > listed // 2
        assert first_of_day > 200
    else:
        assert allowed.VERDICT_OF[0] is None


def test_a_board_with_its_last_row_replaced_is_the_slices_joined() -> None:
    """quick._with_last_row (the compiled build's board after a card, by one tuple display per length)
    against `board[:-1] + (row,)`, on every board of seeded games and boards of one to nine rows."""
    boards = {state.board for seed in range(128400, 128420) for state in _states_of(2, seed)}
    boards |= {tuple(((f"or{day}", day),) for day in range(1, rows + 1)) for rows in range(1, 10)}
    assert {len(board) for board in boards} >= set(range(1, 10))
    row = (("pu5", 5), ("tt1", 12))
    for board in boards:
        assert quick._with_last_row(board, row) == board[:-1] + (row,)  # noqa: RUF005
