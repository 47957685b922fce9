"""Fixtures: a fake Discord patched into discord.py for one test, and a harness with a bot on a temp DB."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    fake = FakeDiscord()
    fake.install()
    h = Harness(fake=fake, db_path=str(tmp_path / "tricktable.db"))
    try:
        yield h
    finally:
        if h.bot is not None:
            await h.stop_bot()
        fake.uninstall()
