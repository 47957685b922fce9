"""Typed errors with a reason code a front end can translate for the player."""

from __future__ import annotations

from typing import Any

from games.core import i18n


class GameError(Exception):
    """Base for every error an engine raises on purpose; carries a message code and parameters."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return i18n.translate(self.code, lang, **self.params)


class IllegalAction(GameError):
    """The action is not legal now. The state is unchanged. Never put hidden cards in params."""


class InvalidOptions(GameError):
    """Table options, variant or player count are not acceptable for this game."""
