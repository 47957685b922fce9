"""Each person's latest hand reply, kept so that when their turn comes back the bot edits it with their
new choices: a move is one click instead of "My hand" and then the card.

Discord lets the bot edit an interaction's reply with that interaction's token for 15 minutes from the
interaction; after that (or once the person dismissed the ephemeral message, or after a restart: the
token lives only in memory) the edit fails and the front end falls back to a mention and "My hand".

While a person's own click on their hand is being answered, that answer will show the fresh hand, so a
refresh is not needed then; if the table moved on while the answer was on its way, the refresh is done
when the click is finished.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

log = logging.getLogger("tricktable.discord")

EDIT_WINDOW = 14 * 60  # seconds: an interaction token lasts 15 minutes; keep a margin


@dataclass
class HandReply:
    """A hand message the bot may still edit: the interaction that made (or last updated) it."""

    interaction: discord.Interaction
    message_id: int | None  # None: the interaction's original response (or the message it updated)
    at: float  # time.monotonic() when the interaction came in
    version: int  # the table version the message shows
    lang: str
    sent: bool = True  # False: a lobby click (Join, Start) whose token will send the first hand

    def fresh(self, now: float | None = None) -> bool:
        return (time.monotonic() if now is None else now) - self.at < EDIT_WINDOW

    async def edit(self, embed: discord.Embed, view: discord.ui.View | None) -> None:
        if view is not None:
            view.stop()  # drawn only: clicks reach the DynamicItems
        if self.message_id is None:
            await self.interaction.edit_original_response(embed=embed, view=view)
        else:
            await self.interaction.followup.edit_message(self.message_id, embed=embed, view=view)

    async def send_with(self, message: dict[str, Any]) -> None:
        """The first hand, as a private follow-up to the person's lobby click (Join, Start)."""
        view = message.get("view")
        if view is not None:
            view.stop()  # drawn only: clicks reach the DynamicItems
        sent = await self.interaction.followup.send(ephemeral=True, wait=True, **message)
        self.message_id, self.sent = sent.id, True

    async def edit_with(self, message: dict[str, Any]) -> None:
        """Edit with ready message arguments: a picture block and its attachments, or an embed and view
        (bot/discord_bot/pictures.py decides which)."""
        view = message.get("view")
        if view is not None:
            view.stop()  # drawn only: clicks reach the DynamicItems
        if self.message_id is None:
            await self.interaction.edit_original_response(**message)
        else:
            await self.interaction.followup.edit_message(self.message_id, **message)


class HandReplies:
    """(table, user) -> their latest editable hand reply, and which of them are clicking right now."""

    def __init__(self) -> None:
        self._replies: dict[tuple[int, int], HandReply] = {}
        self._clicking: dict[tuple[int, int], int] = {}
        self._deferred: set[tuple[int, int]] = set()

    def remember(
        self,
        table: int,
        user_id: int,
        interaction: discord.Interaction,
        version: int,
        lang: str,
        message_id: int | None = None,
    ) -> None:
        self._replies[(table, user_id)] = HandReply(interaction, message_id, time.monotonic(), version, lang)

    def remember_lobby_click(self, table: int, user_id: int, interaction: discord.Interaction, lang: str) -> None:
        """A person's Join or Start click: its token can still send them their first hand privately when
        the game starts within 15 minutes (no "My hand" click, no mention for the first turn)."""
        found = self._replies.get((table, user_id))
        if found is None or not found.fresh() or not found.sent:
            self._replies[(table, user_id)] = HandReply(interaction, None, time.monotonic(), -1, lang, sent=False)

    def age(self, seconds: float) -> None:
        """Move every reply `seconds` into the past (tests: time passing)."""
        for reply in self._replies.values():
            reply.at -= seconds

    def get(self, table: int, user_id: int) -> HandReply | None:
        """The reply if Discord still lets us edit it (stale ones are dropped)."""
        found = self._replies.get((table, user_id))
        if found is not None and not found.fresh():
            del self._replies[(table, user_id)]
            return None
        return found

    def drop(self, table: int, user_id: int) -> None:
        self._replies.pop((table, user_id), None)

    def forget_table(self, table: int) -> None:
        for key in [k for k in self._replies if k[0] == table]:
            del self._replies[key]
        for key in [k for k in self._clicking if k[0] == table]:
            del self._clicking[key]
        self._deferred = {k for k in self._deferred if k[0] != table}

    def prune(self) -> None:
        """Drop replies whose token has expired (memory stays bounded by the people active lately)."""
        now = time.monotonic()
        for key in [k for k, reply in self._replies.items() if not reply.fresh(now)]:
            del self._replies[key]

    # ---- a click in flight ------------------------------------------------------------------------
    def click_started(self, table: int, user_id: int) -> None:
        key = (table, user_id)
        self._clicking[key] = self._clicking.get(key, 0) + 1

    def click_finished(self, table: int, user_id: int) -> bool:
        """True when a refresh was skipped meanwhile (the caller checks the answer is still current)."""
        key = (table, user_id)
        left = self._clicking.get(key, 1) - 1
        if left > 0:
            self._clicking[key] = left
            return False
        self._clicking.pop(key, None)
        if key in self._deferred:
            self._deferred.discard(key)
            return True
        return False

    def answering(self, table: int, user_id: int) -> bool:
        """Whether a click of theirs is being answered (its answer will show the fresh hand)."""
        key = (table, user_id)
        if self._clicking.get(key):
            self._deferred.add(key)
            return True
        return False

    def __len__(self) -> int:
        return len(self._replies)


__all__ = ["EDIT_WINDOW", "HandReplies", "HandReply", "log"]
