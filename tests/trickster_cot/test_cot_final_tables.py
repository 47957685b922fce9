"""Champions of Time on the compiled build: every module-level name of the engine's hot modules is `Final`.

A compiled read of a module-level name that is not `Final` goes through the module's dict on every use
(a `Final` one is a C static, and a `from X import NAME` of it reads X's static); the flow, the work copy
and the heroes' effects read these tables on every play and answer. Checked on the source, where a name
added without `Final` shows (the compiled modules are .so files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.build.final_tables import tables_without_final

_HOT_MODULES = ("cards", "common", "effects", "flow", "game", "state", "work")
_ENGINE = Path(__file__).resolve().parents[2] / "games" / "trickster" / "cot"
_TYPE_ALIASES = {"Need", "Can", "Run"}  # common.py's callable and question types (not values the engine reads)


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_champions_of_time_tables_are_final(name: str) -> None:
    missing = tables_without_final(_ENGINE / f"{name}.py", _TYPE_ALIASES)
    assert not missing, f"cot/{name}: module tables without Final: {missing}"
