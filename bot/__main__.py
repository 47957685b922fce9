"""`python -m bot` (and `make run`): the Discord bot. Settings come from `.env`; see .env.example.

Exit status: 0 after a clean stop (SIGTERM/SIGINT), 2 for a configuration error (no or refused token:
systemd does not restart on it), 1 for anything else (e.g. Discord unreachable: restart and retry).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from bot.discord_bot.config import DiscordSettings, RedactToken

NO_TOKEN = """\
DISCORD_TOKEN is not set.

  1. cp .env.example .env
  2. put your bot token in .env as DISCORD_TOKEN=...   (docs/discord.md: creating the application)

No Discord at hand? `make play` runs a table in your terminal against AI seats.
"""

log = logging.getLogger("tricktable")


def _logging(settings: DiscordSettings) -> None:
    handler = logging.StreamHandler()
    handler.addFilter(RedactToken(settings.token))
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.host.log_level.upper())


async def _run(settings: DiscordSettings) -> None:
    from bot.discord_bot.client import TricktableBot

    bot = TricktableBot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, lambda: loop.create_task(bot.close()))
    async with bot:  # closes the bot (and with it the table service) however start() ends
        await bot.start(settings.token)


def main() -> int:
    settings = DiscordSettings.from_env()
    if not settings.token:
        sys.stderr.write(NO_TOKEN)
        return 2
    _logging(settings)
    try:
        asyncio.run(_run(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env (docs/discord.md)")
        return 2
    except (OSError, discord.HTTPException, discord.GatewayNotFound) as err:
        log.error("could not reach Discord: %s", err)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
