"""What an AI seat is to every part of the games: the `Policy` protocol and the JSON values it reads.

Its own module, below both the contract and the search hooks, so neither has to import the other for it:
the compiled build (mypyc) builds a dataclass's field types when its module is imported, and an import
cycle between contract.py and search_hooks.py would hand it a type that does not exist yet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

JSON = Any  # a value made only of dict/list/str/int/float/bool/None

ViewThunk = Callable[[], Mapping[str, JSON]]


class Policy(Protocol):
    """An AI seat: sees only its seat's view (computed lazily) and the legal actions."""

    def __call__(self, view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str: ...
