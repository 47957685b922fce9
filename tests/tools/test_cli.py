"""The `python -m games` command-line contract (DESIGN.md, "Command-line contracts"): benchmarks parse it."""

import json

import pytest

from games.tools.cli import main


def test_list_names_every_game_with_player_ranges_variants_and_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    assert set(games) == {"trickster", "trickster-cot", "kings", "dream-capture", "timetrap"}
    assert (games["trickster"]["min_players"], games["trickster"]["max_players"]) == (2, 7)
    assert (games["dream-capture"]["min_players"], games["dream-capture"]["max_players"]) == (6, 6)
    kings = {v["id"]: v for v in games["kings"]["variants"]}
    assert set(kings) == {"standard", "two-player", "ombre", "whist", "napoleon"}
    assert [v for v, info in kings.items() if info["teams"]] == ["whist", "napoleon"]
    assert games["kings"]["names"]["ja"]


def test_simulate_last_line_is_the_documented_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "timetrap", "--players", "3", "--games", "3", "--challenger", "heuristic"])
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    for key in ("game", "variant", "players", "games", "actions", "seconds", "games_per_s", "actions_per_s",
                "violations", "challenger_win_rate", "chance_rate"):
        assert key in last
    assert last["violations"] == 0 and last["games"] == 3 and last["actions"] > 0


def test_simulate_refuses_a_bad_option_with_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "trickster", "--players", "4", "--option", "deck=nonsense", "--games", "1"]) == 2
    assert "deck" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "-3"],  # printed "games": -3 and a negative games_per_s
        ["--challenger", "search", "--budget", "-4"],  # played the search at its minimum rounds, silently
        ["--race-deals", "-1"],
    ],
)
def test_simulate_refuses_a_negative_count_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A negative count is a typo, not a benchmark: argparse's one line names the option, and nothing is
    played (no JSON line that a benchmark script could mistake for a result)."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "trickster", "--players", "4", "--games", "1", *argv])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and argv[-2] in err and "0 or more" in err and "Traceback" not in err


def test_simulate_budget_zero_takes_the_games_default(capsys: pytest.CaptureFixture[str]) -> None:
    """`--budget 0` keeps its old meaning (the game's playouts per decision, `game.search.playouts`),
    which the help now says."""
    assert main(["simulate", "trickster", "--players", "4", "--games", "1", "--challenger", "search", "--budget", "0"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["games"] == 1
