"""Reading typed settings from environment variables, with one clear line per mistake.

Why not a settings library: pydantic-settings would bring pydantic and its compiled core for a dozen
variables; what an operator needs is that every bad value is refused at start with the variable's name and
what it accepts, all mistakes at once, and that secrets never appear in those lines. `EnvReader` does that
with the standard library: each `read_*` call records a problem instead of raising, and `check()` raises
one `SettingsError` listing them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

T = TypeVar("T")

EXIT_CONFIG = 78
"""Exit status for a configuration error (EX_CONFIG of sysexits.h): the systemd unit lists it in
RestartPreventExitStatus, so a bad .env stops the service instead of restarting it forever."""

_DURATION = re.compile(r"^\s*(\d+)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)?\s*$", re.I)
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class SettingsError(Exception):
    """Every problem found in the settings, one line each (variable name, value shown unless secret)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def parse_duration(raw: str) -> int:
    """'90', '90s', '2m', '24h', '3d' → seconds. Raises ValueError for anything else."""
    match = _DURATION.match(raw)
    if not match:
        raise ValueError(raw)
    unit = (match.group(2) or "s").lower()[0]
    return int(match.group(1)) * _UNIT_SECONDS[unit]


def redact_url(url: str) -> str:
    """The URL with any password replaced by '***' (safe to print in an error line or a log)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unreadable URL>"
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


class EnvReader:
    """Reads variables from `env`, collecting problems instead of raising on the first one."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env
        self.problems: list[str] = []

    def raw(self, name: str) -> str:
        return self._env.get(name, "").strip()

    def _read(self, name: str, default: T, parse: Callable[[str], T], accepts: str, secret: bool = False) -> T:
        raw = self.raw(name)
        if not raw:
            return default
        try:
            return parse(raw)
        except ValueError:
            shown = "" if secret else f" (got {raw!r})"
            self.problems.append(f"{name}: expected {accepts}{shown}")
            return default

    def text(self, name: str, default: str) -> str:
        return self.raw(name) or default

    def integer(self, name: str, default: int, minimum: int = 0, maximum: int | None = None) -> int:
        def parse(raw: str) -> int:
            value = int(raw)
            if value < minimum or (maximum is not None and value > maximum):
                raise ValueError(raw)
            return value

        upper = f" and at most {maximum}" if maximum is not None else ""
        return self._read(name, default, parse, f"a whole number of at least {minimum}{upper}")

    def number(self, name: str, default: float, minimum: float = 0.0, maximum: float | None = None) -> float:
        """A decimal number (a rate, a pace in seconds) from `minimum` to `maximum`."""

        def parse(raw: str) -> float:
            value = float(raw)
            if not minimum <= value or (maximum is not None and value > maximum):  # NaN fails too
                raise ValueError(raw)
            return value

        upper = f" and at most {maximum:g}" if maximum is not None else ""
        return self._read(name, default, parse, f"a number of at least {minimum:g}{upper}")

    def duration(self, name: str, default: int, minimum: int = 1) -> int:
        def parse(raw: str) -> int:
            seconds = parse_duration(raw)
            if seconds < minimum:
                raise ValueError(raw)
            return seconds

        return self._read(
            name, default, parse, f"a duration such as 90, 90s, 2m, 24h or 3d (at least {minimum} s)"
        )

    def boolean(self, name: str, default: bool) -> bool:
        def parse(raw: str) -> bool:
            low = raw.lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise ValueError(raw)

        return self._read(name, default, parse, "1/0, true/false, yes/no or on/off")

    def choice(self, name: str, default: str, choices: tuple[str, ...], upper: bool = False) -> str:
        def parse(raw: str) -> str:
            value = raw.upper() if upper else raw.lower()
            if value not in choices:
                raise ValueError(raw)
            return value

        return self._read(name, default, parse, "one of " + ", ".join(choices))

    def snowflake(self, name: str, default: int | None) -> int | None:
        def parse(raw: str) -> int | None:
            if not raw.isdigit() or not 15 <= len(raw) <= 21:
                raise ValueError(raw)
            return int(raw)

        return self._read(name, default, parse, "a Discord id (a number of 15-21 digits, Developer Mode → Copy ID)")

    def snowflakes(self, name: str) -> frozenset[int]:
        def parse(raw: str) -> frozenset[int]:
            parts = raw.replace(",", " ").split()
            if not all(p.isdigit() and 15 <= len(p) <= 21 for p in parts):
                raise ValueError(raw)
            return frozenset(int(p) for p in parts)

        return self._read(
            name,
            frozenset(),
            parse,
            "channel ids separated by commas (numbers of 15-21 digits, Developer Mode → Copy ID; not #names)",
        )

    def integers(self, name: str) -> tuple[int, ...] | None:
        def parse(raw: str) -> tuple[int, ...] | None:
            parts = raw.replace(",", " ").split()
            if not parts or not all(p.isdigit() for p in parts):
                raise ValueError(raw)
            return tuple(sorted({int(p) for p in parts}))

        return self._read(name, None, parse, "whole numbers separated by commas, such as 0,1")

    def database_url(self, name: str, default: str) -> str:
        def parse(raw: str) -> str:
            scheme = raw.split(":", 1)[0].lower()
            if scheme not in ("sqlite", "postgresql", "postgres") or "://" not in raw:
                raise ValueError(raw)
            if scheme.startswith("postgres") and not urlsplit(raw).hostname and "host=" not in raw:
                raise ValueError(raw)
            return raw

        raw = self.raw(name)
        value = self._read(
            name, default, parse, "sqlite:///path/to/file.db or postgresql://user:password@host:5432/database",
            secret=True,
        )
        if raw and value == default and self.problems and self.problems[-1].startswith(name + ":"):
            self.problems[-1] += f" (got {redact_url(raw)!r})"
        return value

    def check(self) -> None:
        if self.problems:
            raise SettingsError(list(self.problems))
