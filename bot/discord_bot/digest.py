"""The daily digest's DM ("3 games wait for you"), sent when the table service says a person's digest is
due (bot/tables/digest.py decides when, once a day, in one process). In the person's language and time
zone; a person whose DMs are closed is skipped like any DM (routing.Router.dm)."""

from __future__ import annotations

from bot.discord_bot.my_games import digest_text
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.routing import Router
from bot.tables.digest import DigestNote


class DigestSender:
    def __init__(self, prefs: Preferences, router: Router) -> None:
        self.prefs = prefs
        self.router = router

    async def send(self, note: DigestNote) -> None:
        service = self.prefs.service
        lang = await self.prefs.dm_language(note.user_id)
        mine = await service.get_personal(note.user_id)
        text = digest_text(list(note.waiting), mine, service.clock(), lang)
        await self.router.dm(note.user_id, text[:1990])
