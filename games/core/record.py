"""Game records: one game as a JSON file (`/history file:True`), replayable by anyone with
`python -m games replay FILE`, so a person can attach a game to a bug report and anyone can look at it.

A complete record holds the game, variant, options, the engine version that played it, the seed, the
seats by name, every action and the outcome: replaying it from the seed must reach the same outcome, and
`verify` says in one line where it does not (an action that no longer applies names itself; a record
from a version whose rules changed says so). A record exported while the game runs (or after it, where
the server keeps hands hidden) holds only what the requester could see: no seed, and the actions of
others that were secret are left out (`hidden`); it can be read, not replayed. Pure: no host code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from games.core import i18n
from games.core.contract import Event, Game, Outcome, plain_class
from games.core.errors import GameError
from games.core.registry import get_game

FORMAT = "tricktable-record"
FORMAT_VERSION = 1

i18n.register(
    {
        "record.not_json": {
            "en": "This file is not a game record: it is not JSON ({detail}).",
            "ja": "このファイルは対局記録ではありません（JSONではありません: {detail}）。",
        },
        "record.not_ours": {
            "en": "This file is not a Tricktable game record (no \"format\": \"tricktable-record\" with its fields).",
            "ja": "このファイルはTricktableの対局記録ではありません（\"format\": \"tricktable-record\" とその項目がありません）。",
        },
        "record.newer": {
            "en": "This record has format {got}; this Tricktable reads up to format {known}. Upgrade to read it.",
            "ja": "この記録の形式は {got} です。このTricktableは形式 {known} までしか読めません。更新してください。",
        },
        "record.partial": {
            "en": "This record holds only what {name} could see (no seed, others' secret choices left out): it "
            "can be read but not replayed.",
            "ja": "この記録には {name} から見えたものだけが入っています（シードなし、他の人の非公開の選択は省略）。"
            "読めますが再生はできません。",
        },
        "record.action_refused": {
            "en": "Record refused: action #{seq} ({name}: {action}) no longer applies: {reason}",
            "ja": "記録を再生できません: 手 #{seq}（{name}: {action}）が適用できません: {reason}",
        },
        "record.rules_changed": {
            "en": "This record was played with Tricktable {version}; the rules changed since (now {now}): {detail}",
            "ja": "この記録は Tricktable {version} で対局されました。その後ルールが変わっています（現在 {now}）: {detail}",
        },
        "record.outcome_differs": {
            "en": "Record refused: it replays to another outcome than the stored one (stored {stored}, replayed {got}).",
            "ja": "記録を再生できません: 保存された結果と再生した結果が異なります（保存 {stored}、再生 {got}）。",
        },
        "record.unfinished": {
            "en": "The record ends before the game does ({actions} actions): no outcome to verify.",
            "ja": "記録は対局の途中で終わっています（{actions}手）。確認する結果はありません。",
        },
        "record.verified": {
            "en": "Verified: {actions} actions replay to the stored outcome.",
            "ja": "確認済み: {actions}手を再生し、保存された結果と一致しました。",
        },
    }
)


class RecordError(GameError):
    """A record that cannot be read or replayed; the message says why in one line (en/ja). A reason that
    is itself an error (the engine's refusal) is told in the same language."""

    def message(self, lang: str = "en") -> str:
        params = {k: v.message(lang) if isinstance(v, GameError) else v for k, v in self.params.items()}
        return i18n.translate(self.code, lang, **params)


def engine_version() -> str:
    """The version of the rules engines that plays (and replays) records: the installed Tricktable's."""
    try:
        return metadata.version("tricktable")
    except metadata.PackageNotFoundError:
        return "unknown"


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Action:
    seq: int
    seat: int
    action: str | None  # None: a secret choice of another seat, left out of a partial record


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Record:
    game: str
    variant: str
    options: Mapping[str, str]
    seats: tuple[str, ...]  # names, by seat
    actions: tuple[Action, ...]
    seed: int | None = None  # None: a partial record (as one seat saw the game)
    outcome: Mapping[str, Any] | None = None  # Outcome.to_json()
    engine: str = field(default_factory=engine_version)
    viewer: str | None = None  # whose view a partial record is
    table: int | None = None

    @property
    def complete(self) -> bool:
        return self.seed is not None and all(a.action is not None for a in self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "engine": self.engine,
            "table": self.table,
            "seed": self.seed,
            "viewer": self.viewer,
            "seats": [{"seat": s, "name": name} for s, name in enumerate(self.seats)],
            "actions": [
                {"seq": a.seq, "seat": a.seat, **({"action": a.action} if a.action is not None else {"hidden": True})}
                for a in self.actions
            ],
            "outcome": None if self.outcome is None else dict(self.outcome),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def loads(text: str | bytes) -> Record:
    """A record from a file's text; RecordError (not JSON, not ours, too new) in one line otherwise."""
    try:
        raw = json.loads(text)
    except (ValueError, UnicodeDecodeError) as err:
        raise RecordError("record.not_json", detail=str(err)[:80]) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise RecordError("record.not_ours")
    version = raw.get("format_version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise RecordError("record.newer", got=version, known=FORMAT_VERSION)
    try:
        seats = tuple(str(s["name"]) for s in sorted(raw["seats"], key=lambda s: int(s["seat"])))
        actions = tuple(
            Action(int(a["seq"]), int(a["seat"]), None if a.get("hidden") else str(a["action"]))
            for a in raw["actions"]
        )
        seed = raw.get("seed")
        return Record(
            game=str(raw["game"]),
            variant=str(raw["variant"]),
            options={str(k): str(v) for k, v in dict(raw.get("options") or {}).items()},
            seats=seats,
            actions=actions,
            seed=None if seed is None else int(seed),
            outcome=raw.get("outcome"),
            engine=str(raw.get("engine") or "unknown"),
            viewer=raw.get("viewer"),
            table=raw.get("table"),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RecordError("record.not_ours") from None


def steps(record: Record) -> Iterator[tuple[Action | None, Any, list[Event]]]:
    """The record replayed from its seed: (None, setup state, setup events), then (action, state after
    it, its events). Raises RecordError naming the first action that no longer applies."""
    if not record.complete or record.seed is None:
        raise RecordError("record.partial", name=record.viewer or "?")
    game = get_game(record.game)
    state = game.setup(len(record.seats), dict(record.options), record.seed, record.variant)
    yield None, state, list(game.setup_events(state))
    for act in record.actions:
        assert act.action is not None
        try:
            state, events = game.apply(state, act.seat, act.action)
        except GameError as err:
            name = record.seats[act.seat] if 0 <= act.seat < len(record.seats) else f"#{act.seat + 1}"
            refused = RecordError(
                "record.action_refused", seq=act.seq, name=name, action=act.action, reason=err
            )
            raise _changed(record, refused) from None
        yield act, state, events


def verify(record: Record) -> tuple[Game[Any], Any, Outcome]:
    """Replay the record and check its outcome: (game, final state, outcome), or RecordError in one line."""
    game = get_game(record.game)
    final = None
    for _, state, _ in steps(record):
        final = state
    outcome = game.outcome(final) if final is not None and game.is_over(final) else None
    if outcome is None:
        raise RecordError("record.unfinished", actions=len(record.actions))
    stored = record.outcome or {}
    got = outcome.to_json()
    if _placements(stored) != _placements(got):
        differs = RecordError("record.outcome_differs", stored=_placements(stored), got=_placements(got))
        raise _changed(record, differs)
    return game, final, outcome


def _placements(outcome: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(outcome.get("placements") or ()), tuple(float(s) for s in outcome.get("scores") or ())


def _changed(record: Record, err: RecordError) -> RecordError:
    """A refusal from a record of another version says the rules changed since, in the same one line."""
    now = engine_version()
    if record.engine == now:
        return err
    return RecordError("record.rules_changed", version=record.engine, now=now, detail=err)


i18n.register(
    {
        "record.summary_head": {
            "en": "{game} ({variant}) · table #{table} · Tricktable {engine}",
            "ja": "{game}（{variant}）・卓 #{table}・Tricktable {engine}",
        },
        "record.summary_seats": {"en": "Seats: {names}", "ja": "席: {names}"},
        "record.summary_actions": {"en": "Actions: {n}", "ja": "手数: {n}"},
        "record.summary_running": {"en": "The game was still running.", "ja": "対局はまだ続いていました。"},
        "record.summary_place": {"en": "{place}. {name} — {score}", "ja": "{place}位 {name} — {score}"},
        "record.summary_result": {"en": "Result:", "ja": "結果:"},
    }
)


def summary(record: Record, lang: str = "en") -> str:
    """The short text beside a record file: the game, the seats, the number of actions and the result."""
    game = get_game(record.game)
    name = game.info.names.get(lang) or game.info.names.get("en") or record.game
    lines = [
        i18n.translate(
            "record.summary_head", lang, game=name, variant=record.variant, table=record.table or "-",
            engine=record.engine,
        ),
        i18n.translate("record.summary_seats", lang, names=", ".join(record.seats)),
        i18n.translate("record.summary_actions", lang, n=len(record.actions)),
    ]  # fmt: skip
    if record.viewer is not None:
        lines.append(i18n.translate("record.partial", lang, name=record.viewer))
    outcome = record.outcome
    if not outcome:
        lines.append(i18n.translate("record.summary_running", lang))
        return "\n".join(lines)
    placements, scores = list(outcome.get("placements") or []), list(outcome.get("scores") or [])
    lines.append(i18n.translate("record.summary_result", lang))
    for seat in sorted(range(len(placements)), key=lambda s: (placements[s], s)):
        score = scores[seat] if seat < len(scores) else ""
        shown = int(score) if isinstance(score, float) and score.is_integer() else score
        who = record.seats[seat] if seat < len(record.seats) else f"#{seat + 1}"
        lines.append(i18n.translate("record.summary_place", lang, place=placements[seat], name=who, score=shown))
    return "\n".join(lines)
