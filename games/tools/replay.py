"""`python -m games replay FILE [--step] [--lang en|ja]`: a game record (games/core/record.py) replayed in
the terminal, so anyone can look at a game someone attached to a bug report.

It prints the record's summary, replays every action from the seed (every event, as the game was over
when it was exported), and verifies that the replay reaches the stored outcome; a record that does not
replay is refused in one line naming the first action that no longer applies (and saying so when the
record came from a version whose rules changed since). `--step` pauses after each trick and each part of
a round's setup (the game's replay marks, as the Discord replay steps), showing the table as the console
table does: Enter for the next step, q to stop. Exit 0 when verified (or a partial record was read),
2 when the file is refused.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from games.core import i18n
from games.core.contract import Event, Game
from games.core.errors import GameError
from games.core.record import Record, RecordError, loads, steps, summary, verify
from games.core.registry import get_game

i18n.register(
    {
        "record.cannot_read": {"en": "Cannot read {path}: {reason}", "ja": "{path} を読めません: {reason}"},
        "record.step_prompt": {
            "en": "[Enter] next step · [q] stop",
            "ja": "[Enter] 次のステップ・[q] 終了",
        },
        "record.hidden_action": {"en": "(a secret choice)", "ja": "（非公開の選択）"},
    }
)


def add_parser(sub: Any) -> None:
    """Register `replay` on the games CLI's subcommands."""
    parser = sub.add_parser("replay", help="replay a game record (JSON) and verify its outcome")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--step", action="store_true", help="pause after each trick and setup part")
    parser.add_argument("--lang", default="en", choices=("en", "ja"))


def _ask(prompt: str) -> str:
    """The terminal's answer; the end of input (a pipe, Ctrl-D) stops stepping."""
    try:
        return input(prompt)
    except EOFError:
        return "q"


def run(args: argparse.Namespace, ask: Callable[[str], str] = _ask, out: Any = None) -> int:
    out = out or sys.stdout
    lang = args.lang
    try:
        with open(args.file, "rb") as handle:
            data = handle.read()
    except OSError as err:
        print(i18n.translate("record.cannot_read", lang, path=args.file, reason=err.strerror), file=sys.stderr)
        return 2
    try:
        record = loads(data)
        game = get_game(record.game)
    except GameError as err:
        print(err.message(lang), file=sys.stderr)
        return 2
    print(summary(record, lang), file=out)
    if not record.complete:
        _partial(game, record, lang, out)
        return 0
    try:
        verify(record)  # refused before anything is shown: a diverged replay would show other cards
        _show(game, record, lang, args.step, ask, out)
    except RecordError as err:
        print(err.message(lang), file=sys.stderr)
        return 2
    print(i18n.translate("record.verified", lang, actions=len(record.actions)), file=out)
    return 0


def _partial(game: Game[Any], record: Record, lang: str, out: Any) -> None:
    for act in record.actions:
        who = record.seats[act.seat] if 0 <= act.seat < len(record.seats) else f"#{act.seat + 1}"
        said = act.action if act.action is not None else i18n.translate("record.hidden_action", lang)
        print(f"{act.seq:>4} {who}: {said}", file=out)


def _show(game: Game[Any], record: Record, lang: str, step: bool, ask: Callable[[str], str], out: Any) -> None:
    names = list(record.seats)
    marks = game.replay.steps
    for act, state, events in steps(record):
        for event in events:
            print(f"{0 if act is None else act.seq:>4} {_line(game, event, lang, names)}", file=out)
        closes = act is None or not marks or any(e.kind in marks for e in events if e.audience is None)
        if step and closes and not game.is_over(state):
            print(game.render_view(game.view(state, None), lang, names=names), file=out)
            if ask(i18n.translate("record.step_prompt", lang) + " ").strip().lower() == "q":
                step = False


def _line(game: Game[Any], event: Event, lang: str, names: list[str]) -> str:
    try:
        return game.render_event(event, lang, names=names)
    except Exception:  # a text the renderer cannot show must not stop the replay
        return event.kind
