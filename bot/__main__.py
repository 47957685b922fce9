"""`python -m bot` (and `make run`): the Discord bot. Settings come from `.env`; see .env.example.

Exit status: 0 after a clean stop (SIGTERM/SIGINT); 78 (EX_CONFIG) for a configuration error (a bad or
missing setting, a refused token: the systemd unit does not restart on it); 1 for anything else (e.g.
Discord unreachable: restart and retry). A configuration error prints one line per mistake, naming the
variable, and no traceback. `--wait-on-config-error` (the Docker image's command) keeps the process idle
after printing them instead of exiting, so `restart: unless-stopped` does not loop on a bad .env: the
health check reports the error until the operator fixes .env and recreates the container.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time

import discord

from bot.discord_bot.config import DiscordSettings, RedactToken
from bot.envparse import EXIT_CONFIG, SettingsError
from bot.store.base import StoreError
from bot.store.factory import check_store, store_target

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
    from bot.discord_bot.client import bot_class

    bot = bot_class(settings)(settings)  # sharded when DISCORD_SHARD_COUNT is set
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, lambda: loop.create_task(bot.close()))
    async with bot:  # closes the bot (and with it the table service) however start() ends
        await bot.start(settings.token)


def config_error(lines: list[str], wait: bool) -> int:
    """Print the configuration mistakes (one line each) and exit EX_CONFIG, or idle when asked to."""
    sys.stderr.write("tricktable: configuration error\n" + "".join(f"  {line}\n" for line in lines))
    sys.stderr.flush()
    if wait:
        from bot.ops import health

        health.record_config_error(lines)
        # In a container the bot is PID 1, where a signal without a handler is ignored: `docker stop`
        # (SIGTERM) would wait out its grace period and kill. SIGTERM ends the idling as Ctrl-C does.
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        with contextlib.suppress(KeyboardInterrupt):
            while True:  # idle until stopped; the health check shows the error
                time.sleep(3600)
    return EXIT_CONFIG


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    wait = "--wait-on-config-error" in args
    try:
        settings = DiscordSettings.from_env()
    except SettingsError as err:
        return config_error(err.problems, wait)
    if not settings.token:
        sys.stderr.write(NO_TOKEN)
        return config_error(["DISCORD_TOKEN: not set"], wait)
    _logging(settings)
    try:  # the database first, before Discord: a wrong or unreachable DATABASE_URL is one line, no traceback
        asyncio.run(check_store(store_target(None, settings.host), settings.host.db_synchronous))
    except StoreError as err:
        sys.stderr.write(f"tricktable: database: {err}\n")
        return 1
    try:  # which build of the engines runs: the pure-Python source or the compiled one (games/_build.py)
        import games
    except ImportError as err:  # TRICKTABLE_BUILD=mypyc, and the compiled build is missing or stale
        return config_error([str(err)], wait)
    log.info("game engines: %s", games.describe_build())
    try:
        asyncio.run(_run(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env (docs/discord.md)")
        return config_error(["DISCORD_TOKEN: refused by Discord (reset it in the Developer Portal)"], wait)
    except (OSError, discord.HTTPException, discord.GatewayNotFound) as err:
        log.error("could not reach Discord: %s", err)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
