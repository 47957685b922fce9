"""The set-up draws are announced publicly when the table starts.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly. KINGs draws the first drafter (3-5 players), the initial parties
(option), and the two-player KQJ sets.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.kings import GAMES, engine
from games.kings.game import parse_options

GAME = GAMES[0]


def _events(players: int, options: dict[str, str], variant: str = "standard", seed: int = 7) -> list:
    state = GAME.setup(players, options, seed, variant)
    events = GAME.setup_events(state)
    assert Checker(GAME, state, players).check_state(state, events) == []
    return events


def test_first_drafter_is_announced_in_both_languages() -> None:
    events = _events(3, {})
    first = [e for e in events if e.kind == "first_drafter"]
    assert len(first) == 1 and first[0].audience is None
    seat = first[0].data["seat"]
    names = ["Ann", "Ben", "Cy"]
    assert GAME.render_event(first[0], "en", names=names) == f"Drawn at random: {names[seat]} drafts first."
    assert GAME.render_event(first[0], "ja", names=names) == f"抽選の結果、{names[seat]}からドラフト開始"
    deals = [e for e in events if e.kind == "deal"]
    assert [e.audience for e in deals] == [frozenset({s}) for s in range(3)]


def test_initial_parties_are_announced_with_each_seat_colour() -> None:
    events = _events(4, {"initial_parties": "true"})
    (parties,) = [e for e in events if e.kind == "initial_parties"]
    assert parties.audience is None
    names = ["Ann", "Ben", "Cy", "Di"]
    en = GAME.render_event(parties, "en", names=names)
    assert en.startswith("Initial parties drawn at random: Ann: ")
    assert "Di" in GAME.render_event(parties, "ja", names=names)
    assert [e.kind for e in events][-1] == "start_player"


def test_two_player_kqj_sets_are_announced() -> None:
    events = _events(2, {}, "two-player")
    (dealt,) = [e for e in events if e.kind == "kings_dealt"]
    assert dealt.audience is None
    assert "KQJ sets drawn at random: Ann:" in GAME.render_event(dealt, "en", names=["Ann", "Ben"])
    assert "KQJセット" in GAME.render_event(dealt, "ja")


def test_rebuilt_events_match_what_setup_emitted() -> None:
    for players, options, variant in ((3, {}, "standard"), (4, {"initial_parties": "true"}, "standard"),
                                      (5, {}, "standard"), (2, {}, "two-player")):
        for seed in range(5):
            state = GAME.setup(players, options, seed, variant)
            _, emitted = engine.new_table(players, parse_options(players, variant, options), seed, variant)
            # both carry the variant: the engine builds every event with it (flow/common.py)
            rebuilt = [(e.kind, dict(e.data), e.audience) for e in GAME.setup_events(state)]
            assert rebuilt == [(e.kind, dict(e.data), e.audience) for e in emitted]
