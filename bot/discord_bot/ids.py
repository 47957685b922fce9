"""Custom ids of the persistent components: everything a click needs is in the id, not in memory.

Buttons: ``tt:<table>:<version>:<verb>[:<action>]`` and selects: ``ts:<table>:<version>:<verb>``.
Discord caps custom ids at 100 characters; actions are at most 64, so a table id and version fit.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_CUSTOM_ID = 100

BUTTON_TEMPLATE = r"tt:(?P<table>[0-9]+):(?P<ver>[0-9]+):(?P<verb>[a-z]+)(?::(?P<arg>.+))?"
SELECT_TEMPLATE = r"ts:(?P<table>[0-9]+):(?P<ver>[0-9]+):(?P<verb>[a-z]+)(?::(?P<arg>[^:]*))?"

# Verbs: lobby and board buttons (version not checked), and actions (version checked by the service).
JOIN, LEAVE, ADD_AI, START, CANCEL, HAND, BOARD, ACT, TEXTS = (
    "join",
    "leave",
    "ai",
    "start",
    "cancel",
    "hand",
    "board",
    "act",
    "texts",
)


@dataclass(frozen=True, slots=True)
class ComponentId:
    table: int
    version: int
    verb: str
    arg: str | None = None

    def button(self) -> str:
        return _checked(f"tt:{self.table}:{self.version}:{self.verb}" + (f":{self.arg}" if self.arg else ""))

    def select(self) -> str:
        return _checked(f"ts:{self.table}:{self.version}:{self.verb}" + (f":{self.arg}" if self.arg else ""))


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom id longer than {MAX_CUSTOM_ID}: {custom_id[:40]}…")
    return custom_id
