"""The compiled build's `Final` lever, checked on the source: a module-level name a hot engine module assigns
without `Final` is read from the module's dict on every use once compiled (a `Final` one is a C static).
Shared by the engines' fast-path tests (Trickster, Capture of Dreams)."""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path


def tables_without_final(module: Path, type_aliases: Collection[str] = ()) -> list[str]:
    """The module-level names `module` assigns with neither `Final` nor `TypeAlias` (read from the source:
    compiled, the module is a .so); `type_aliases` names plain-assigned type aliases to let pass."""
    tree = ast.parse(module.read_text())
    plain = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id not in type_aliases
    ]
    not_final = [
        ast.unparse(node.target)
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and "Final" not in ast.unparse(node.annotation)
        and "TypeAlias" not in ast.unparse(node.annotation)
    ]
    return plain + not_final
