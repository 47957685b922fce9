"""The tables' lock (bot/tables/lock.py): one decision at a time on a table, first come first served, and a
click cancelled while it waits (a player's interaction timing out) never leaves the table stuck."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables.lock import TableLock


async def test_waiters_are_served_in_arrival_order_and_a_newcomer_does_not_jump_the_queue() -> None:
    lock = TableLock()
    assert lock.take_now()
    order: list[str] = []

    async def click(name: str) -> None:
        await lock.take()
        order.append(name)
        await asyncio.sleep(0)
        lock.release()

    first = asyncio.create_task(click("first"))
    second = asyncio.create_task(click("second"))
    await asyncio.sleep(0)  # both wait now
    lock.release()  # handed to "first"; the lock stays held on its behalf
    assert lock.locked()
    assert not lock.take_now()  # a newcomer waits behind them
    await asyncio.gather(first, second)
    assert order == ["first", "second"]
    assert not lock.locked()
    assert lock.take_now()


async def test_a_waiter_cancelled_while_it_waits_is_skipped() -> None:
    lock = TableLock()
    assert lock.take_now()
    gone = asyncio.create_task(lock.take())
    stays = asyncio.create_task(lock.take())
    await asyncio.sleep(0)
    gone.cancel()
    with pytest.raises(asyncio.CancelledError):
        await gone
    lock.release()
    await asyncio.wait_for(stays, 1)  # the lock went to the waiter still there
    assert lock.locked()
    lock.release()
    assert not lock.locked()


async def test_a_waiter_cancelled_just_after_it_was_handed_the_lock_passes_it_on() -> None:
    lock = TableLock()
    assert lock.take_now()
    unlucky = asyncio.create_task(lock.take())
    next_one = asyncio.create_task(lock.take())
    await asyncio.sleep(0)
    lock.release()  # handed to `unlucky`, which has not run yet...
    unlucky.cancel()  # ...and is cancelled before it does
    with pytest.raises(asyncio.CancelledError):
        await unlucky
    await asyncio.wait_for(next_one, 1)
    lock.release()
    assert not lock.locked()


async def test_releasing_a_free_lock_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        TableLock().release()
