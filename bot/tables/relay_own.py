"""The rows a bot process writes for the messages it posts itself (relay.py): what no log brings back.

A move is caught up from the table's log after a restart (the Discord Router reads the version it last
logged), but a reminder, a pause note, the start, a take-over's note, the closing note of a game or a
board redrawn for time away carry no action. So the process that posts one writes it as a row in the
transaction of its change, as it does for another process's tables, and posts it at once as before. Its
own next claim takes the row back (its lease, or on SQLite its holder mark) and the row is deleted once
Discord took the post; a process killed before that leaves the row to the next owner of the shard, which
posts it. A row is matched to the Update it carries by its text (the process knows no row ids before its
claim returns them); two rows of one text are one message anyway.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bot.store.relay import Claimed, RelayRow
from bot.tables import relay_codec
from bot.tables.models import TableStatus, Update

# a change whose write never committed (refused, failed) leaves what it made: dropped after this long
FORGET_MADE_SECONDS = 600.0


def no_log_brings_back(update: Update) -> bool:
    """An Update without an action, of a table that has a board (a lobby's notes post nothing by
    themselves: the click edits the lobby; a lobby closed before its start never had a board)."""
    if update.action is not None:
        return False
    info = update.table
    if info.status is TableStatus.LOBBY:
        return False
    return not (info.status in (TableStatus.CANCELLED, TableStatus.ABORTED) and info.version == 0)


class Own:
    __slots__ = ("at", "payload", "taken", "update")

    def __init__(self, update: Update, payload: str, at: float) -> None:
        self.update = update
        self.payload = payload
        self.at = at
        self.taken = False  # the listeners took it before this process's claim found its row


class OwnRows:
    """This process's rows for its own messages, from their write until its claim found them."""

    def __init__(self) -> None:
        self.made: dict[int, Own] = {}  # id(Update) -> made for a write not committed yet
        self.unclaimed: dict[str, list[Own]] = {}  # text -> committed, row not claimed back yet
        self.mine: dict[int, Own] = {}  # id(Update) -> the same, by Update

    def row(self, update: Update, shard: int) -> RelayRow:
        """The row of `update` for the write of its change. (May run on the SQLite store's thread, inside
        the transaction of a pause vote: only dictionary steps here.)"""
        payload = relay_codec.encode(update)
        now = time.monotonic()
        if len(self.made) > 1000:
            for key, own in list(self.made.items()):
                if now - own.at > FORGET_MADE_SECONDS:
                    self.made.pop(key, None)
        self.made[id(update)] = Own(update, payload, now)
        info = update.table
        return RelayRow(info.guild_id, info.id, info.version, payload, shard)

    def committed(self, local: Sequence[Update]) -> bool:
        """The write of these Updates committed; True when some have a row to claim back."""
        found = False
        now = time.monotonic()
        for update in local:
            own = self.made.pop(id(update), None)
            if own is None or own.update is not update:
                continue
            own.at = now
            self.unclaimed.setdefault(own.payload, []).append(own)
            self.mine[id(update)] = own
            found = True
        return found

    def claimed_back(self, row: Claimed) -> Own | None:
        """The Update of a row this process wrote for itself (posted already), or None: someone else's."""
        waiting = self.unclaimed.get(row.payload)
        if not waiting:
            # its commit is done (the row is there) but the writer has not said so yet: ours all the same
            made = next((key for key, own in self.made.items() if own.payload == row.payload), None)
            return None if made is None else self.made.pop(made)
        own = waiting.pop(0)
        if not waiting:
            del self.unclaimed[row.payload]
        self.mine.pop(id(own.update), None)
        return own

    def taken(self, update: Update) -> bool:
        """The listeners took `update` before its row was claimed back: True when it is one of ours (the
        claim that finds the row deletes it)."""
        own = self.mine.get(id(update))
        if own is None or own.update is not update:
            return False
        own.taken = True
        return True

    def unseen_before(self, began: float) -> None:
        """A whole claim that began after these were committed did not find their rows (another process
        holds them, or they were dropped): nothing left to end here."""
        for payload, waiting in list(self.unclaimed.items()):
            kept = [own for own in waiting if own.at >= began]
            for own in waiting:
                if own.at < began:
                    self.mine.pop(id(own.update), None)
            if kept:
                self.unclaimed[payload] = kept
            else:
                del self.unclaimed[payload]
