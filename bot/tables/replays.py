"""Replays: a game stepped trick by trick, rebuilt from the action log by the pure replay (history.walk).

Nothing stored for display is read: every step is the state the log replays to, so a replay works after
restarts, for a table finished months ago and for a forgotten person's seat (its name is the store's
"Former player"). A step ends after an action that emitted one of the game's public step marks
(`Game.replay`: a trick won, bids revealed, a draft or an exchange done), so every viewer gets the same
steps and a step number is no secret. What a viewer sees of a step:

- while the game runs, exactly what their seat (or, for anyone else, a spectator) could see then: the
  seat's view and the events it could see (the same leak checks as the live table hold at every step);
- once it is over, every seat's hand and hidden choice (`EVERY_SEAT`), unless the server turned replay
  reveals off: then each viewer again sees only what their seat saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.store.records import ActionRow
from bot.tables.errors import TableError
from bot.tables.history import Diverged, walk
from bot.tables.models import TableInfo, TableStatus
from bot.tables.readers import check_readable
from games.core import i18n
from games.core.contract import Event, Game, Outcome
from games.core.invariants import leaked
from games.core.record import Action as RecordAction
from games.core.record import Record

i18n.register(
    {
        "replay_not_here": {
            "en": "Table #{table} was played on another server: its replay is shown there.",
            "ja": "卓 #{table} は別のサーバーの卓です。リプレイはそのサーバーで見られます。",
        },
        "replay_not_played": {
            "en": "Table #{table} was never played (its lobby closed before the start): there is nothing to replay.",
            "ja": "卓 #{table} は開始前に閉じられたため、リプレイはありません。",
        },
        "replay_old_step": {
            "en": "This replay button is out of date for table #{table}. Open the replay again with /replay.",
            "ja": "このリプレイのボタンは古くなっています（卓 #{table}）。/replay で開き直してください。",
        },
        "replay_unavailable": {
            "en": "Table #{table} cannot be replayed: its moves were played by an earlier version of the rules "
            "engine. The game itself is unaffected.",
            "ja": "卓 #{table} はリプレイできません。以前のバージョンのルールエンジンで指された手のためです。"
            "ゲーム自体には影響ありません。",
        },
        "replay.round": {"en": "Round {n}", "ja": "ラウンド {n}"},
        "replay.deal": {"en": "Deal {n}", "ja": "ディール {n}"},
        "replay.day": {"en": "Day {n}", "ja": "{n}日目"},
        "replay.start": {"en": "The deal", "ja": "配札"},
        "replay.steps": {"en": "step {n}/{count}", "ja": "ステップ {n}/{count}"},
    }
)

EVERY_SEAT: Final = "every"
Viewer = int | None | Literal["every"]
"""Whose eyes a step is shown through: a seat, None (a spectator: the public view) or every seat."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: the state after its last action and everything its actions emitted."""

    index: int
    round: int  # 1, 2, … (the game's round, deal or day)
    state: Any
    events: tuple[Event, ...]  # every audience: `visible` picks a viewer's
    first_seq: int  # the log's first action in the step (0: the setup)
    last_seq: int


@dataclass(frozen=True, slots=True)
class Replay:
    game: Game[Any]
    info: TableInfo
    steps: tuple[Step, ...]

    @property
    def over(self) -> bool:
        return self.info.status is TableStatus.FINISHED

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.steps[-1].state) if self.over else None


@dataclass(frozen=True, slots=True)
class StepView:
    """What one viewer sees of one step: the public view, the hands shown ((seat, view) pairs: the
    viewer's own, or every seat's), the events it may read, and where the step is in the game."""

    index: int
    count: int
    round: int
    round_word: str
    public: Mapping[str, Any]
    hands: tuple[tuple[int, Mapping[str, Any]], ...]
    events: tuple[Event, ...]
    every_hand: bool
    trick: tuple[str, ...] = ()
    """The cards of the trick the step closed, from its public mark ("cards" in a trick won, a bust, a
    collect): the picture shows them even where the table has already gathered them into a House."""


def build(
    game: Game[Any], info: TableInfo, snapshot: tuple[int, str] | None, actions: Sequence[ActionRow]
) -> Replay:
    """The replay's steps from the log. Raises TableError (replay_unavailable) when the log no longer
    replays (an engine change): showing a diverged replay would show cards that were never dealt. Pure."""
    marks = game.replay
    steps: list[Step] = []
    pending: list[Event] = []
    first_seq = 0
    round_no, played_since_round = 1, False
    last_state: tuple[Any, int] | None = None
    try:
        for row, state, events in walk(game, info, snapshot, actions):
            seq = 0 if row is None else row.seq
            if not pending and row is not None:
                first_seq = seq
            public = [e.kind for e in events if e.audience is None]
            marked = [i for i, kind in enumerate(public) if kind in marks.steps]
            ends = row is None or not marks.steps or bool(marked)
            # a round opened before this action's last mark counts for this step ("new_round" then the
            # auction won); one opened after it ("day_end", "day_start") for the next
            cut = marked[-1] if marked else len(public)
            opens = [i for i, kind in enumerate(public) if kind in marks.rounds]
            if any(i < cut for i in opens) and played_since_round:
                round_no, played_since_round = round_no + 1, False
            pending.extend(events)
            if ends:
                steps.append(Step(len(steps), round_no, state, tuple(pending), first_seq, seq))
                pending = []
                played_since_round = played_since_round or row is not None
                last_state = None
                if any(i > cut for i in opens) and played_since_round:
                    round_no, played_since_round = round_no + 1, False
            else:
                last_state = (state, seq)
    except Diverged:
        raise TableError("replay_unavailable", table=info.id) from None
    if last_state is not None:  # the actions since the last mark (a game still running, a last move)
        state, seq = last_state
        steps.append(Step(len(steps), round_no, state, tuple(pending), first_seq, seq))
    return Replay(game, info, tuple(steps))


def check_replayable(info: TableInfo, guild_id: int | None, user_id: int | None = None) -> None:
    """A replay is shown on the table's own server (in a DM only to the people who played it), and
    only of a game that was played."""
    check_readable(info, guild_id, user_id, "replay_not_here")
    if info.status is TableStatus.LOBBY or (info.status is TableStatus.CANCELLED and info.version == 0):
        raise TableError("replay_not_played", table=info.id)


def viewer(info: TableInfo, user_id: int | None, reveals: bool) -> Viewer:
    """Every seat once the game is over (when the server reveals), else the person's seat, else a
    spectator. A seat they left (resigned, replaced by an AI) is theirs again only once the game is over:
    while it runs, the AI playing it on holds cards and makes choices they may not see, as any spectator."""
    if info.status is TableStatus.FINISHED and reveals:
        return EVERY_SEAT
    if user_id is None:
        return None
    seat = info.seat_of(user_id)
    if seat is None and info.status is TableStatus.FINISHED:
        seat = next((s.seat for s in info.seats if s.user_id == user_id), None)
    return seat


def step_view(replay: Replay, index: int, who: Viewer) -> StepView:
    """What `who` sees of step `index`. Raises TableError (replay_old_step) for a step the replay does
    not have (a button from a replay of another engine's log)."""
    if not 0 <= index < len(replay.steps):
        raise TableError("replay_old_step", table=replay.info.id)
    game, step = replay.game, replay.steps[index]
    players = len(replay.info.seats)
    if who == EVERY_SEAT:
        hands = tuple((seat, game.view(step.state, seat)) for seat in range(players))
        events = step.events
    elif who is None:
        hands, events = (), tuple(e for e in step.events if e.audience is None)
    else:
        seat = int(who)
        hands = ((seat, game.view(step.state, seat)),)
        events = tuple(e for e in step.events if e.visible_to(seat))
    return StepView(
        index=index,
        count=len(replay.steps),
        round=step.round,
        round_word=game.replay.round_word,
        public=game.view(step.state, None),
        hands=hands,
        events=events,
        every_hand=who == EVERY_SEAT,
        trick=_trick(step, game.replay.steps),
    )


def _trick(step: Step, marks: frozenset[str]) -> tuple[str, ...]:
    for event in reversed(step.events):
        cards = event.data.get("cards")
        taker = "seat" in event.data or "winner" in event.data  # a trick someone took, not a draft's picks
        if event.audience is None and event.kind in marks and taker and isinstance(cards, list):
            return tuple(str(c) for c in cards if isinstance(c, str))
    return ()


def rounds(replay: Replay) -> list[tuple[int, int]]:
    """(round number, its first step) for the replay's "jump to a round" list."""
    out: list[tuple[int, int]] = []
    for step in replay.steps:
        if not out or out[-1][0] != step.round:
            out.append((step.round, step.index))
    return out


def caption(view: StepView, lang: str) -> str:
    """"Round 2 · step 7/40": where a step is, in the reader's language."""
    where = i18n.translate(f"replay.{view.round_word}", lang, n=view.round)
    return " · ".join([where, i18n.translate("replay.steps", lang, n=view.index + 1, count=view.count)])


def record(
    game: Game[Any],
    info: TableInfo,
    snapshot: tuple[int, str] | None,
    actions: Sequence[ActionRow],
    who: Viewer,
) -> Record:
    """The game's record file (games/core/record.py) for `who`: complete (seed, every action, the outcome)
    for every seat once the game is over and revealed; otherwise only what `who`'s seat (or a spectator)
    could see: no seed, its own actions, and others' actions only when they were announced and name no
    card it could not see (a secret bid, a discard, an exchange are left out as hidden). Pure."""
    seats = tuple(s.name for s in info.seats)
    outcome = None
    kept: list[RecordAction] = []
    state: Any = None
    try:
        for row, state, events in walk(game, info, snapshot, actions):
            if row is None:
                continue
            shown = who == EVERY_SEAT or row.seat == who or _announced(game, state, events, row.action, who)
            kept.append(RecordAction(row.seq, row.seat, row.action if shown else None))
    except Diverged:
        raise TableError("replay_unavailable", table=info.id) from None
    if info.status is TableStatus.FINISHED and state is not None and game.is_over(state):
        found = game.outcome(state)
        outcome = None if found is None else found.to_json()
    complete = who == EVERY_SEAT
    viewer_name = None if complete else (info.seats[who].name if isinstance(who, int) else "spectator")
    return Record(
        game=info.game,
        variant=info.variant,
        options=dict(info.options),
        seats=seats,
        actions=tuple(kept),
        seed=info.seed if complete else None,
        outcome=outcome,
        viewer=viewer_name,
        table=info.id,
    )


def _announced(game: Game[Any], state: Any, events: Sequence[Event], action: str, who: Viewer) -> bool:
    """Another seat's action `who` saw: announced by a public event that is more than "someone locked in a
    secret choice", and naming no card hidden from `who` right after it."""
    if not any(e.audience is None and not e.kind.endswith("committed") for e in events):
        return False
    seat = None if who == EVERY_SEAT else who
    return not leaked(game.hidden_from(state, seat if isinstance(seat, int) else None), action)
