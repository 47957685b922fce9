"""A database written by an older schema upgrades in place when a newer Tricktable opens it."""

from __future__ import annotations

import sqlite3

import pytest
from hosttools import FakeClock, open_service

from bot.settings import Settings
from bot.store.sqlite.migrations import code_version, migrations, statements
from bot.tables import ClockMode, GuildSettings, TableError


def old_database(path: str, version: int) -> sqlite3.Connection:
    """A file as the code at schema `version` left it (the first `version` migrations applied)."""
    conn = sqlite3.connect(path, isolation_level=None)
    for number, _name, sql in migrations()[:version]:
        for statement in statements(sql):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {number}")
    return conn


async def test_user_languages_upgrade_from_schema_1(db_path: str, clock: FakeClock) -> None:
    """Schema 1 stored 'en' for both 'never chosen' and 'English': those rows keep the behaviour they had
    (the client's locale), an explicit Japanese stays Japanese."""
    conn = old_database(db_path, 1)
    conn.execute("INSERT INTO user_settings (user_id, language, dm_pings) VALUES (1, 'en', 0), (2, 'ja', 1)")
    conn.close()
    service = await open_service(db_path, Settings(), clock)
    try:
        first, second = await service.get_settings(1), await service.get_settings(2)
        assert (first.language, first.dm_pings) == (None, False)
        assert (second.language, second.dm_pings) == ("ja", True)
        # an English chosen now is remembered as a choice
        await service.set_settings(1, language="en")
        assert (await service.get_settings(1)).language == "en"
    finally:
        await service.close()
    check = sqlite3.connect(db_path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == code_version()
    check.close()


async def test_never_chosen_language_is_none_and_english_is_kept(db_path: str, clock: FakeClock) -> None:
    service = await open_service(db_path, Settings(), clock)
    try:
        assert (await service.get_settings(5)).language is None
        await service.set_settings(5, dm_pings=False)
        assert (await service.get_settings(5)).language is None
        await service.set_settings(5, language="en")
        await service.set_settings(5, dm_pings=True)
        assert (await service.get_settings(5)).language == "en"
    finally:
        await service.close()


async def test_guild_settings_on_a_database_from_schema_2(db_path: str, clock: FakeClock) -> None:
    """A file from before per-server settings gains them; unset values stay None (front-end defaults)."""
    old_database(db_path, 2).close()
    service = await open_service(db_path, Settings(), clock)
    try:
        assert await service.get_guild_settings(7) == GuildSettings(7)
        saved = await service.set_guild_settings(7, default_clock="async")
        assert saved == GuildSettings(7, ClockMode.ASYNC, None)
        saved = await service.set_guild_settings(7, table_channels=[30, 20])
        assert saved == GuildSettings(7, ClockMode.ASYNC, frozenset({20, 30}))
        assert await service.get_guild_settings(7) == saved
        assert (await service.set_guild_settings(7, table_channels=[])).table_channels == frozenset()
        assert await service.get_guild_settings(8) == GuildSettings(8)  # other servers untouched
        with pytest.raises(TableError) as err:
            await service.set_guild_settings(7, default_clock="blitz")
        assert err.value.code == "bad_clock"
    finally:
        await service.close()


async def test_table_meta_on_a_database_from_schema_3(db_path: str, clock: FakeClock) -> None:
    """A file from before front-end metadata gains it: JSON values per table and key, None removes a key."""
    old_database(db_path, 3).close()
    service = await open_service(db_path, Settings(), clock)
    try:
        assert await service.get_table_meta(1) == {}
        await service.set_table_meta(1, {"board": [10, 20, 1.5], "lang": "ja"})
        await service.set_table_meta(2, {"lang": "en"})
        await service.set_table_meta(1, {"lang": None, "decisions": {"to_act": [0], "owed": {"0": 4}}})
        assert await service.get_table_meta(1) == {
            "board": [10, 20, 1.5],
            "decisions": {"to_act": [0], "owed": {"0": 4}},
        }
        assert await service.get_table_meta(2) == {"lang": "en"}
    finally:
        await service.close()
    reopened = await open_service(db_path, Settings(), clock)
    try:
        assert (await reopened.get_table_meta(1))["board"] == [10, 20, 1.5]
    finally:
        await reopened.close()
