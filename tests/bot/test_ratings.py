"""Results and openskill ratings per (server, game), per server over all games, and globally."""

from __future__ import annotations

from hosttools import ALICE, BOB, human_table, play_first_legal

from bot.store.records import GLOBAL_SCOPE, RatingRecord, ResultRow, ResultSeat
from bot.tables import TableService
from bot.tables.ratings import ALL_GAMES, rate


def result(seats: list[tuple[int | None, int, int | None]], guild: int = 5) -> ResultRow:
    return ResultRow(
        1,
        guild,
        "tiny",
        0.0,
        {},
        tuple(
            ResultSeat(i, user, f"u{user}", place, 0.0, team) for i, (user, place, team) in enumerate(seats)
        ),
    )


def by_user(rows: list[RatingRecord], scope: int, game: str) -> dict[int, RatingRecord]:
    return {r.user_id: r for r in rows if r.scope == scope and r.game == game}


def test_winner_gains_loser_drops_in_every_scope() -> None:
    rows = rate(result([(1, 1, None), (2, 2, None)]), {}, 0.0)
    for scope in (5, GLOBAL_SCOPE):
        for game in ("tiny", ALL_GAMES):
            board = by_user(rows, scope, game)
            assert board[1].mu > 25 > board[2].mu
            assert (board[1].wins, board[2].wins, board[1].games) == (1, 0, 1)


def test_teams_rise_and_fall_together() -> None:
    rows = rate(result([(1, 1, 0), (2, 2, 1), (3, 1, 0), (4, 2, 1)]), {}, 0.0)
    board = by_user(rows, 5, "tiny")
    assert board[1].mu == board[3].mu > 25 > board[2].mu == board[4].mu


def test_games_against_ai_only_count_but_do_not_move_ratings() -> None:
    rows = rate(result([(1, 1, None), (None, 2, None), (None, 3, None)]), {}, 0.0)
    mine = by_user(rows, 5, "tiny")[1]
    assert (mine.games, mine.wins, mine.mu) == (1, 1, 25.0)
    assert all(r.user_id == 1 for r in rows)


async def test_finished_table_feeds_leaderboard_and_stats(service: TableService) -> None:
    for seed in range(3):
        table = await human_table(service, seed=seed, rounds="1")
        await play_first_legal(service, table, 10)
    board = await service.leaderboard(10, "tiny", limit=5)
    assert [r.rank for r in board] == [1, 2] and board[0].rating >= board[1].rating
    assert {r.games for r in board} == {3}
    overall = await service.leaderboard(None)
    assert {r.user_id for r in overall} == {ALICE.user_id, BOB.user_id}
    stats = await service.player_stats(BOB.user_id, 10)
    tiny = next(r for r in stats.rows if r.game == "tiny")
    assert tiny.games == 3 and tiny.rank in (1, 2)
    assert await service.leaderboard(999, "tiny") == []


async def test_resigned_player_is_ranked_last(service: TableService) -> None:
    table = await human_table(service, rounds="2")
    update = await service.resign(table, BOB.user_id)
    assert update.events[0][0].kind == "host.resigned"
    info = await service.get_table(table)
    assert info.seats[1].ai_policy == "random" and info.seats[1].left == "resigned"
    await play_first_legal(service, table, 10)
    board = {r.user_id: r for r in await service.leaderboard(10, "tiny")}
    assert board[BOB.user_id].wins == 0 and board[ALICE.user_id].rating > board[BOB.user_id].rating


async def test_unrated_results_are_rated_at_start(service: TableService) -> None:
    table = await human_table(service, rounds="1")
    await play_first_legal(service, table, 10)
    await service.store._run(lambda c: c.executescript("UPDATE results SET rated = 0; DELETE FROM ratings;"))  # type: ignore[attr-defined]
    assert await service.leaderboard(10, "tiny") == []
    await service._rate_pending()
    assert len(await service.leaderboard(10, "tiny")) == 2
