"""tools/build/compiled.py (the compiled build's tool, `make fast`) loaded as a module, for the tests that
check what it writes and how it compiles: it lives outside any package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_build_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compiled_tool", ROOT / "tools" / "build" / "compiled.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules["compiled_tool"] = tool  # dataclasses and annotations look their module up while it loads
    try:
        spec.loader.exec_module(tool)
    finally:
        del sys.modules["compiled_tool"]
    return tool
