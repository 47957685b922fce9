"""The voids a deal has made public, kept for the rest of the deal (the strong AI's sampler must
honour "voids shown by failing to follow where the game makes that public").

Rulebook 001_156fd8ce6bcaeb20.txt, 'プレー': 「残りの人は、リードされたスートを出さなければなりません。」 and,
lacking it, a trump, else anything. So a seat that played off the led suit holds none of it, and one that
played neither the led suit nor a trump holds no trump either; the cards are played face up, so everyone
at the table saw it. A hand only shrinks during play, so the void holds until the deal is scored.
"""

from __future__ import annotations

import random

from dc_builders import play_state, play_trick

from games.dream_capture.cards import SUIT_OF
from games.dream_capture.game import GAME
from games.dream_capture.inference import sample_constraints
from games.dream_capture.state import NO_VOIDS, PHASE_PLAY, State
from games.dream_capture.tricks import suits_shown_lacking
from games.search import Determinizer

# Seat 0 leads the first two tricks (counter-clockwise: 0, 5, 4, 3, 2, 1). In the first, a spade lead,
# seat 4 plays a heart: no spade and no trump. Seat 2 trumps the second (hearts), no heart only, and wins
# it, so seat 2 leads the third.
HANDS = [
    ["sK", "hK", "c15"],
    ["s1", "h2", "c1"],
    ["s3", "t5", "c4"],
    ["s2", "h4", "c3"],
    ["h1", "h3", "c2"],
    ["s4", "h6", "c5"],
]


def _after_two_tricks() -> State:
    state = play_state(HANDS, leader=0)
    state, _ = play_trick(state, ["sK", "s4", "h1", "s2", "s3", "s1"])
    state, _ = play_trick(state, ["hK", "h6", "h3", "h4", "t5", "h2"])
    return state


def test_what_an_off_suit_card_proves() -> None:
    """'プレー': follow, else trump, else anything."""
    assert suits_shown_lacking("s", "s9") == ""
    assert suits_shown_lacking("s", "t7") == "s"  # trumped: trumps are possible, spades are not
    assert suits_shown_lacking("s", "h2") == "st"  # neither: no spade and no trump
    assert suits_shown_lacking("t", "h2") == "t"  # trump led, a heart: no trump


def test_every_seat_sees_the_voids_of_the_deal_until_it_is_scored() -> None:
    state = _after_two_tricks()
    assert state.tricks_done == 2 and state.phase == PHASE_PLAY
    expected = ["", "", "h", "", "st", ""]
    for seat in [*range(6), None]:
        assert GAME.view(state, seat)["voids"] == expected
    state, _ = GAME.apply(state, 2, "play:c4")
    assert GAME.view(state, 1)["voids"] == expected  # a third trick, still the whole deal's voids


def test_the_sampler_never_deals_a_void_suit_from_an_earlier_trick() -> None:
    """Seat 4's void was shown two tricks ago: no longer in the current or the last trick."""
    state = _after_two_tricks()
    state, _ = GAME.apply(state, 2, "play:c4")
    known = sample_constraints(GAME.view(state, 1), 1)
    assert {c for c, s in SUIT_OF.items() if s in "st"} <= known[("hands", 4)]
    assert "s9" in known[("hands", 4)] and "t9" in known[("hands", 4)]
    sampler = Determinizer(GAME, state, 1)
    for k in range(40):
        sample = sampler.draw(random.Random(k))
        assert not [c for c in sample.hands[4] if SUIT_OF[c] in "st"]
        assert not [c for c in sample.hands[2] if SUIT_OF[c] == "h"]


def test_a_new_deal_forgets_the_voids_and_an_older_saved_state_still_loads() -> None:
    state = _after_two_tricks()
    saved = GAME.to_json(state)
    assert saved["voids"] == ["", "", "h", "", "st", ""]
    del saved["voids"]  # a table saved before the voids were kept
    assert GAME.from_json(saved).voids == NO_VOIDS
    rng = random.Random(3)
    state = GAME.setup(6, {}, 11)
    while state.deal == 1 or state.phase != PHASE_PLAY:
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if state.deal == 1 and state.tricks_done == 14:
            assert any(state.voids)  # random play shows voids in a deal
    assert state.voids == NO_VOIDS and state.tricks_done == 0


def test_the_voids_are_true_and_are_what_the_public_tricks_showed() -> None:
    """Random games: after every action, no seat holds a card of a suit its voids name, and the voids are
    exactly what a player who read only the public "dc_trick" events would have noted this deal."""
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(6, {}, seed)
        noted: dict[int, set[str]] = {s: set() for s in range(6)}
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for event in events:
                if event.kind == "dc_deal_started":
                    noted = {s: set() for s in range(6)}
                if event.kind == "dc_trick" and event.audience is None:
                    plays = event.data["cards"]
                    lead = SUIT_OF[plays[0][1]]
                    for who, card in plays[1:]:
                        noted[who] |= set(suits_shown_lacking(lead, card))
            if state.phase == PHASE_PLAY:
                assert [set(v) for v in state.voids] == [noted[s] for s in range(6)]
                for other in range(6):
                    assert not [c for c in state.hands[other] if SUIT_OF[c] in state.voids[other]]


def test_the_board_shows_every_player_the_voids_the_ai_reads() -> None:
    """The strong AI's sampler reads the view's voids; a human at the table sees the same on the board,
    in their language, and a new deal (no void shown yet) shows no such line."""
    state = _after_two_tricks()
    for seat in (1, None):
        board = GAME.render_view(GAME.view(state, seat), "en")
        (line,) = [row for row in board.splitlines() if row.startswith("Shown out this deal")]
        assert "P3: no hearts; P5: no spades, trumps" in line
        assert all(f"P{n}:" not in line for n in (1, 2, 4, 6))
    board_ja = GAME.render_view(GAME.view(state, 1), "ja")
    assert "スペード、切り札なし" in board_ja and "ハートなし" in board_ja
    fresh = play_state(HANDS, leader=0)
    assert "Shown out" not in GAME.render_view(GAME.view(fresh, 1), "en")
