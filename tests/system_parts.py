"""Optional system parts the tests use: skip without them on a developer's machine, fail in CI.

`make test` must pass on a fresh machine that has only Python and make (the README's promise), so a test
that needs something outside the venv (a Japanese font, a PostgreSQL server) skips there, naming the part
and the command that installs it. CI installs every part (.ci/run) and sets CI=true: there a missing part
fails the run, so a skipped half can never pass for a green one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class SystemPart:
    """Something outside the venv that some tests need, and how a person gets it."""

    name: str
    install: str

    def missing_reason(self) -> str:
        return f"{self.name} is not installed, so these tests are skipped; install it with: {self.install}"


JAPANESE_FONT = SystemPart(
    "a Japanese font (Noto Sans CJK)", "apt-get install fonts-noto-cjk (or fonts-ipafont-gothic)"
)
LATIN_FONT = SystemPart("the DejaVu fonts", "apt-get install fonts-dejavu-core")
POSTGRESQL = SystemPart(
    "the PostgreSQL 15 server",
    "apt-get install postgresql-15 (or point TRICKTABLE_PG_BIN at a PostgreSQL 15 bin folder)",
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def require(part: SystemPart, present: bool) -> None:
    """Go on when `part` is present; otherwise skip with the install command, or fail under CI=true."""
    __tracebackhide__ = True  # the report points at the test that needs the part
    if present:
        return
    if in_ci():
        pytest.fail(f"{part.missing_reason()} (CI=true: CI installs it, so a missing part is a failure)")
    pytest.skip(part.missing_reason())
SYSTEMD_ANALYZE = SystemPart("systemd-analyze (checks the systemd unit)", "apt-get install systemd")
