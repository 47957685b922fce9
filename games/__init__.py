"""Pure rule engines for Tricktable: no discord, no asyncio, no sqlite, no I/O.

The build that runs is chosen here, before any other module of the package loads: the pure-Python source,
or the same source compiled by mypyc when a compiled build of exactly this source is installed
(games/_build.py; `BUILD` says which).
"""

from games import _build

CHOICE = _build.select()
BUILD = CHOICE.build
if CHOICE.modules is not None:
    __path__.insert(0, str(CHOICE.modules))  # the compiled modules load before the source files


def describe_build() -> str:
    """Which build runs, in one line for a log."""
    return _build.describe(CHOICE)
