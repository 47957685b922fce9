"""Champions of Time on the compiled build: every module-level name of the engine's hot modules is `Final`
(the phases and action kinds too: one `Final` constant each, never unpacked from a tuple).

A compiled read of a module-level name that is not `Final` goes through the module's dict on every use
(a `Final` one is a C static, and a `from X import NAME` of it reads X's static); the flow, the work copy
and the heroes' effects read these tables on every play and answer. Checked on the source, where a name
added without `Final` shows (the compiled modules are .so files)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.build.final_tables import tables_without_final

_HOT_MODULES = ("cards", "common", "effects", "flow", "game", "state", "view", "work")
_ENGINE = Path(__file__).resolve().parents[2] / "games" / "trickster" / "cot"
_TYPE_ALIASES = {"Need", "Can", "Run"}  # common.py's callable and question types (not values the engine reads)


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_the_champions_of_time_tables_are_final(name: str) -> None:
    missing = tables_without_final(_ENGINE / f"{name}.py", _TYPE_ALIASES)
    assert not missing, f"cot/{name}: module tables without Final: {missing}"


def _unpacked_names(module: Path) -> list[str]:
    """Module-level names bound by unpacking (`A, B = ...`): they cannot carry `Final` (the shared check
    above looks at single names only), so compiled each is a dict read on every use."""
    tree = ast.parse(module.read_text())
    return [
        ast.unparse(target)
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Tuple | ast.List)
    ]


@pytest.mark.parametrize("name", _HOT_MODULES)
def test_no_champions_of_time_table_is_unpacked(name: str) -> None:
    unpacked = _unpacked_names(_ENGINE / f"{name}.py")
    assert not unpacked, f"cot/{name}: module names bound by unpacking (one Final each instead): {unpacked}"
