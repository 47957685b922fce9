"""A table's Updates reach its owner's listeners in version order even when two processes' relayed rows
cross (bot/tables/relay_order.py): an action whose predecessor was not posted yet waits for it, for a
while; lobby notes and reminders (no action) never wait."""

from __future__ import annotations

import logging

import pytest

from bot.tables.models import ClockMode, TableInfo, TableStatus, Update
from bot.tables.relay_order import HOLD_SECONDS, VersionOrder


def _update(version: int, action: str | None = "play:x", table: int = 1, guild: int = 10) -> Update:
    info = TableInfo(
        table, guild, 20, None, "tiny", "standard", {}, TableStatus.PLAYING, version, (), 1,
        ClockMode.LIVE, 60, 0.0, 0.0,
    )  # fmt: skip
    return Update(
        table=info, events=(), to_act=frozenset(), actor=None if action is None else 0, action=action
    )


def _versions(updates: list[Update]) -> list[int]:
    return [u.table.version for u in updates]


def test_an_action_that_overtook_its_predecessor_waits_for_it() -> None:
    order = VersionOrder()
    assert _versions(order.admit([_update(3), _update(4)], now=0.0)) == [3, 4]
    assert order.admit([_update(6)], now=0.1) == []  # 5 is still on its way from another process
    assert _versions(order.admit([_update(7, table=2)], now=0.1)) == [7]  # other tables never wait
    assert _versions(order.admit([_update(5)], now=0.2)) == [5, 6]
    assert not order.held


def test_updates_behind_a_gap_queue_behind_it_and_notes_are_not_held_alone() -> None:
    order = VersionOrder()
    order.admit([_update(1)], now=0.0)
    assert _versions(order.admit([_update(1, action=None)], now=0.0)) == [1]  # a reminder: no wait
    assert order.admit([_update(3), _update(3, action=None), _update(4)], now=0.1) == []
    assert _versions(order.admit([_update(2)], now=0.2)) == [2, 3, 3, 4]


def test_a_table_not_seen_yet_takes_its_first_update_as_it_comes() -> None:
    assert _versions(VersionOrder().admit([_update(12)], now=0.0)) == [12]


def test_a_missing_version_is_given_up_on_after_the_hold_with_a_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    order = VersionOrder()
    order.admit([_update(1)], now=0.0)
    order.admit([_update(3), _update(4)], now=1.0)
    assert order.overdue(now=1.0 + HOLD_SECONDS / 2) == []
    with caplog.at_level(logging.WARNING, logger="tricktable.relay"):
        assert _versions(order.overdue(now=1.0 + HOLD_SECONDS)) == [3, 4]
    assert "version 2 was never relayed" in caplog.text
    assert _versions(order.admit([_update(5)], now=9.0)) == [5]


def test_a_first_update_made_here_waits_for_a_claim_and_goes_out_after_older_relayed_ones() -> None:
    """The owner knows nothing of table 1 yet (it just started): its own version 4 waits until a claim
    that began after it has looked for older rows; the claim brings 2 and 3; then 2, 3, 4 go out."""
    order = VersionOrder()
    assert order.admit([_update(4)], now=1.0, first_waits=True) == []
    assert order.admit([_update(2), _update(3)], now=1.1) == []  # relayed: behind the waiting table
    assert order.looked(began=0.5) == []  # a claim that began before it proves nothing
    assert _versions(order.looked(began=1.05)) == [2, 3, 4]
    assert not order.held and not order.first
    assert order.admit([_update(6)], now=1.2) == []  # from now on a gap holds as usual
    assert _versions(order.admit([_update(5)], now=1.3)) == [5, 6]


def test_a_first_update_with_nothing_older_goes_out_after_the_claim() -> None:
    order = VersionOrder()
    assert order.admit([_update(4), _update(5)], now=1.0, first_waits=True) == []
    assert _versions(order.looked(began=1.0)) == [4, 5]
    assert _versions(order.admit([_update(6)], now=1.1, first_waits=True)) == [6]  # known now


def test_a_first_update_whose_claim_never_comes_goes_out_when_overdue() -> None:
    order = VersionOrder()
    order.admit([_update(4)], now=1.0, first_waits=True)
    assert _versions(order.overdue(now=1.0 + HOLD_SECONDS)) == [4]
    assert not order.first
