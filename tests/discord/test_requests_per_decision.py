"""Requests per decision, measured through whole games of every game against a fake Discord that enforces
Discord's limits, on a virtual clock, with people clicking at a human pace (2-10 s between decisions).

Every REST call is counted by kind: thread (the table's board and log: posts and edits in its thread),
callback (the interaction responses), hand (edits of hand replies and follow-ups through an interaction's
token), dm. Targets: at most 3.0 requests per decision in total, at most 1.0 thread request per decision,
and never more thread requests in any 5 s than the channel bucket allows (5), so no 429 at all.
Baseline before the board carried the log (2026-11-27): 3.42-4.03 requests, 1.84-2.00 thread requests
per decision. The figures are printed (`pytest -s`).
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

import pytest

from tests.discord import virtual_time
from tests.discord.limited import Tally, limited_harness
from tests.discord.play import fix_table_seed, open_table
from tests.discord.test_one_click_quiet_thread import GAMES


def _play(
    tmp_path: Path, game: str, variant: str | None, options: str, ai: int, think: tuple[float, float]
) -> dict[str, object]:
    """A whole game by two people who think `think` seconds (virtual) before each decision."""

    async def main() -> dict[str, object]:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            fake = harness.fake
            alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
            await harness.start_bot(thread_pace=1.0)
            table = await open_table(harness, [alice, kenji], ai=ai, game=game, options=options, variant=variant)
            start = len(fake.calls)
            pace = random.Random(3)
            while not table.over():
                assert table.moves < 3000
                acting = [s for s in table.to_act() if s in table.people]
                assert acting, f"only AI seats to act: {table.to_act()}"
                await asyncio.sleep(pace.uniform(*think))  # a person thinks
                await table.act(acting[0], via_dm=True)
            await asyncio.sleep(10)
            await fake.settle()
            tally = Tally.since(fake, start)
            assert not harness.leaks, harness.leaks[:3]
            figures: dict[str, object] = dict(tally.per_decision(table.moves))
            figures["decisions"] = table.moves
            figures["429s"] = dict(tally.limited())
            figures["thread_most_in_5s"] = max(tally.most_in_window("thread", 5.0).values(), default=0)
            # a person's hand reply is edited at most once per decision they owed (their own click's
            # answer is the interaction response, counted as a callback)
            by_token = Counter(
                fake.interactions[c.params["webhook_token"]].user.id for c in tally.calls if c.kind == "hand"
            )
            made = Counter(table.people[seat].id for seat in table.decided)
            figures["hand_edits_over_decisions"] = max(
                (by_token[user] - made[user] for user in by_token), default=0
            )
            return figures

    return virtual_time.run(main())


@pytest.mark.parametrize(("game", "variant", "options", "ai"), GAMES)
def test_a_whole_game_costs_few_requests_per_decision_within_discords_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, variant: str | None, options: str, ai: int
) -> None:
    fix_table_seed(monkeypatch, 41)
    figures = _play(tmp_path, game, variant, options, ai, think=(2.0, 10.0))
    print(f"\n{game} {variant or ''} {options}: {figures}")
    assert figures["429s"] == {}, figures
    assert figures["thread_most_in_5s"] <= 5, figures
    assert figures["thread"] <= 1.0, figures  # type: ignore[operator]
    assert figures["total"] <= 3.0, figures  # type: ignore[operator]
    assert figures["hand_edits_over_decisions"] <= 1, figures  # type: ignore[operator]


@pytest.mark.parametrize(("game", "variant", "options", "ai"), [g for g in GAMES if g[0] == "dream-capture"])
def test_people_clicking_at_once_never_overrun_the_threads_bucket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, variant: str | None, options: str, ai: int
) -> None:
    """Bursts: people who click as soon as they can (no time to think): the board's edits are merged so
    the thread never gets more than its channel bucket allows, and the last state still lands."""
    fix_table_seed(monkeypatch, 41)
    figures = _play(tmp_path, game, variant, options, ai, think=(0.0, 0.3))
    print(f"\nburst {game}: {figures}")
    assert figures["429s"] == {}, figures
    assert figures["thread_most_in_5s"] <= 5, figures
    assert figures["thread"] <= 1.0, figures  # type: ignore[operator]


def test_updates_inside_the_window_are_merged_and_the_last_state_lands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two simultaneous choices, the plays after them and the AI moves they release arrive 0.3 s apart:
    the thread gets at most two requests for them (the first at once, the rest merged into one edit; one
    each without the pacing), and the board shows the table's last move."""
    fix_table_seed(monkeypatch, 5)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            fake = harness.fake
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            await harness.start_bot(thread_pace=1.0)
            table = await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")
            await asyncio.sleep(5)
            assert table.to_act()[:2] == [0, 1], "Trickster opens with the Houses chosen together"
            svc = harness.service
            before = table.live.info.version
            start = len(fake.calls)
            for _ in range(4):  # the Houses, then the first plays, as fast as the people can click
                seat = next(s for s in table.to_act() if s in table.people)
                person = table.people[seat]
                view = await svc.seat_view(table.id, person.id)
                await svc.submit(table.id, person.id, view.legal_actions[0], view.version)
                await asyncio.sleep(0.3)
            await fake.settle()
            thread = [c for c in fake.calls[start:] if c.kind == "thread" and c.status != 429]
            version = table.live.info.version
            assert version - before >= 3, "each action is an Update: both choices and what they released"
            assert len(thread) <= 2, [(c.method, c.at) for c in thread]
            assert f"(move {version})" in table.board().said(), table.board().said()[:300]

    virtual_time.run(main())
