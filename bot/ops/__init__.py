"""The operators' commands: `python -m bot.ops.backup` (SQLite copies and restore), `bot.ops.health`
(Docker's HEALTHCHECK and the watchdog's heartbeat), `bot.ops.snapshot_all` (before an engine upgrade)
and `bot.ops.copy` (move a bot's data between SQLite and PostgreSQL)."""
