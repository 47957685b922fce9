"""`python -m bot` (and `make run`): the Discord bot. Settings come from `.env`; see .env.example."""

from __future__ import annotations

import logging
import sys

from bot.discord_bot.config import DiscordSettings, RedactToken

NO_TOKEN = """\
DISCORD_TOKEN is not set.

  1. cp .env.example .env
  2. put your bot token in .env as DISCORD_TOKEN=...   (docs/discord.md: creating the application)

No Discord at hand? `make play` runs a table in your terminal against AI seats.
"""


def main() -> int:
    settings = DiscordSettings.from_env()
    if not settings.token:
        sys.stderr.write(NO_TOKEN)
        return 2
    redact = RedactToken(settings.token)
    handler = logging.StreamHandler()
    handler.addFilter(redact)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.host.log_level.upper())

    from bot.discord_bot.client import TricktableBot

    bot = TricktableBot(settings)
    # log_handler=None: keep our redacting handler instead of discord.py's default one.
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
