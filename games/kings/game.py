"""The `kings` Game object: the standard and two-player engine, and the facade over the variant engines.

Every contract method looks at the state's variant: standard and two-player tables are handled here,
the others (games.kings.variants.ENGINES: Ombre, Whist, Napoleon) are delegated to their own engine.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import ModuleType
from typing import Any, Final

from games.core.contract import (
    JSON,
    CardText,
    Event,
    Game,
    GameInfo,
    OptionInfo,
    Outcome,
    Policy,
    Prompt,
    ReplayMarks,
    VariantInfo,
    mypyc_attr,
)
from games.core.errors import InvalidOptions
from games.core.names import Names
from games.kings import engine, search_hooks, text, view
from games.kings.engine import STANDARD, TWO_PLAYER
from games.kings.faces import FACES
from games.kings.state import Table
from games.kings.variants import RULES
from games.kings.variants.base import SEAT
from games.kings.variants.state import VState

BOOL_WORDS: Final = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}

INFO: Final = GameInfo(
    id="kings",
    names={"en": "KINGs TRICKTAKERs", "ja": "キングス・トリックテイカーズ"},
    variants=(
        VariantInfo(STANDARD, {"en": "Standard", "ja": "通常ルール"}, 3, 5),
        VariantInfo(TWO_PLAYER, {"en": "Two players", "ja": "2人プレイ"}, 2, 2),
        VariantInfo("ombre", {"en": "Ombre", "ja": "オンブレ"}, 3, 3),
        VariantInfo("whist", {"en": "Whist", "ja": "ホイスト"}, 4, 4, teams=True),
        VariantInfo("napoleon", {"en": "Napoleon", "ja": "ナポレオン"}, 5, 5, teams=True),
    ),
    options=(
        OptionInfo(
            "initial_parties",
            ("false", "true"),
            "false",
            {
                "en": "Standard, 4-5 players: round 1 uses the five initial parties (drawn at random) instead of the draft.",
                "ja": "通常ルール4～5人: ラウンド1はドラフトの代わりに初期パーティ（ランダム）を使う。",
            },
        ),
        OptionInfo(
            "devil_contract",
            ("false", "true"),
            "false",
            {
                "en": "Standard 3-4 players: the expansion 'Contract with the Devil' (always on with two players).",
                "ja": "通常ルール3～4人: 拡張ルール「デビルとの契約」（2人プレイでは常に使用）。",
            },
        ),
        OptionInfo(
            "cheerleader",
            ("false", "true"),
            "false",
            {
                "en": "Standard, 4-5 players: add the Cheerleader (expansion character).",
                "ja": "通常ルール4～5人: 拡張キャラ「チアリーダー」を加える。",
            },
        ),
        OptionInfo(
            "cheerleader_advanced",
            ("false", "true"),
            "false",
            {
                "en": "With the Cheerleader: advanced rule, a red queen adds a win only for the player who used it.",
                "ja": "チアリーダー使用時の上級ルール: 赤クイーンは使用したプレイヤーのみトリック勝利数+1。",
            },
        ),
    ),
)

OPTION_NAMES: Final = tuple(o.name for o in INFO.options)


def parse_options(players: int, variant: str, options: Mapping[str, str] | None) -> dict[str, bool]:
    """Validated options; each bad value gets a player-facing reason."""
    values: dict[str, bool] = {name: False for name in OPTION_NAMES}
    for name, raw in (options or {}).items():
        if name not in OPTION_NAMES:
            raise InvalidOptions("kings_opt_unknown", name=name, choices=", ".join(OPTION_NAMES))
        word = str(raw).strip().lower()
        if word not in BOOL_WORDS:
            raise InvalidOptions("kings_opt_bool", name=name, value=str(raw))
        values[name] = BOOL_WORDS[word]
    if variant == TWO_PLAYER:
        if values["initial_parties"] or values["cheerleader"] or values["cheerleader_advanced"]:
            raise InvalidOptions("kings_two_player_options")
        if options and "devil_contract" in options and not values["devil_contract"]:
            raise InvalidOptions("kings_two_player_devil")
        values["devil_contract"] = True
        return values
    if values["initial_parties"] and players < 4:
        raise InvalidOptions("kings_initial_parties_players")
    if values["cheerleader"] and players < 4:
        raise InvalidOptions("kings_cheerleader_players")
    if values["cheerleader_advanced"] and not values["cheerleader"]:
        raise InvalidOptions("kings_cheerleader_advanced")
    return values


@functools.cache
def _variants() -> ModuleType:
    """The variant engines' package, looked up once and remembered, because even a repeated import
    statement costs a microsecond, and `_engine` runs on every action of a variant table (a search's
    playouts make hundreds of thousands)."""
    from games.kings import variants

    return variants


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class KingsGame(Game[Any]):
    """KINGs TRICKTAKERs: standard and two-player here, the other variants delegated."""

    faces = FACES  # what its pictures print (faces.py)
    replay = ReplayMarks(  # a replay step: the draft, the bids (or auction), each exchange, each trick
        steps=frozenset(
            {
                "start_player",
                "bids_revealed",
                "bids",
                "auction_won",
                "discard_done",
                "dispatch",
                "trick_won",
                "trick",
                "round_scored",
                "whist_round",
            }
        ),
        rounds=frozenset({"round_start", "new_round"}),
    )
    info = INFO
    search = search_hooks.SEARCH  # the strong AI's playouts by variant, horizon and sampler hints

    # --- dispatch --------------------------------------------------------------------------------
    @staticmethod
    def _engine(variant: str) -> Game[Any] | None:
        engines: Mapping[str, Game[Any]] = _variants().ENGINES
        return engines.get(variant)

    def _delegate(self, state: Any) -> Game[Any] | None:
        """The variant engine of a variant's state (every action of a variant table asks three times)."""
        if isinstance(state, Table):
            return None
        variant = getattr(state, "variant", None)
        if variant is None and isinstance(state, Mapping):
            variant = state.get("variant")
        engines: Mapping[str, Game[Any]] = _variants().ENGINES  # _engine, inlined
        engine_ = engines.get(variant if type(variant) is str else str(variant))
        if engine_ is None:
            raise InvalidOptions("kings_variant_missing", variant=str(variant))
        return engine_

    # --- lifecycle -------------------------------------------------------------------------------
    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> Any:
        info = self.info.check_players(variant, players)
        if info.id not in (STANDARD, TWO_PLAYER):
            other = self._engine(info.id)
            if other is None:
                raise InvalidOptions("kings_variant_missing", variant=info.id)
            return other.setup(players, options, seed, info.id)
        opts = parse_options(players, info.id, options)
        table, _ = engine.new_table(players, opts, seed, info.id)
        return table

    def setup_events(self, state: Any) -> list[Event]:
        other = self._delegate(state)
        if other:
            return other.setup_events(state)
        return engine.setup_events(state)  # tagged with the variant (flow/common.py), as apply's events are

    # The three per-action calls go straight to the engine: a Table to ours, a VState to its variant's
    # rules (looked up by its `variant` field), skipping the dispatch and VariantGame (hot path).
    def to_act(self, state: Any) -> frozenset[int]:
        kind = type(state)
        if kind is Table:
            return engine.to_act(state)
        if kind is VState:
            vs: VState = state
            if vs.phase == "play":  # Variant.to_act's play-phase answer, inlined (one call less, hot path)
                regular = vs.regular
                players = vs.players
                return SEAT[(vs.leader + regular) % players if regular < players else vs.waiting[0]]
            return RULES[vs.variant].to_act(vs)
        other = self._delegate(state)
        return other.to_act(state) if other else engine.to_act(state)

    def prompt(self, state: Any, seat: int) -> Prompt | None:
        other = self._delegate(state)
        if other:
            return other.prompt(state, seat)
        asked = view.prompt(state, seat)
        return None if asked is None else Prompt(asked.kind, {**asked.params, "variant": state.variant})

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        kind = type(state)
        if kind is Table:
            return engine.legal_actions(state, seat)
        if kind is VState:
            vs: VState = state
            return RULES[vs.variant].legal_actions(vs, seat)
        other = self._delegate(state)
        return other.legal_actions(state, seat) if other else engine.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
        kind = type(state)
        if kind is Table:  # first, as to_act and legal_actions ask (compiled, `Table` is a C static)
            return engine.apply(state, seat, action)
        if kind is VState:
            vs: VState = state
            return RULES[vs.variant].apply(vs, seat, action)
        other = self._delegate(state)
        if other:
            return other.apply(state, seat, action)
        # Events carry their variant so render_event can tell ours from the variant engines' events: the
        # engine builds them so (flow/common.py).
        return engine.apply(state, seat, action)

    def view(self, state: Any, seat: int | None) -> dict[str, JSON]:
        other = self._delegate(state)
        return other.view(state, seat) if other else view.view(state, seat)

    def is_over(self, state: Any) -> bool:
        other = self._delegate(state)
        return other.is_over(state) if other else state.phase == "over"

    def outcome(self, state: Any) -> Outcome | None:
        other = self._delegate(state)
        if other:
            return other.outcome(state)
        t: Table = state
        if t.phase != "over":
            return None
        return Outcome(
            placements=engine.placements(t),
            scores=tuple(float(s) for s in t.scores),
            details={"king_numbers": [engine.seat_king_number(t, s) for s in range(t.players)]},
        )

    def to_json(self, state: Any) -> dict[str, JSON]:
        other = self._delegate(state)
        if other:
            data = other.to_json(state)
            data.setdefault("variant", getattr(state, "variant", None))
            return data
        return dict(state.to_json())

    def from_json(self, data: Mapping[str, JSON]) -> Any:
        variant = str(data.get("variant"))
        if variant in (STANDARD, TWO_PLAYER):
            return Table.from_json(dict(data))
        other = self._engine(variant)
        if other is None:
            raise InvalidOptions("kings_variant_missing", variant=variant)
        return other.from_json(data)

    def all_cards(self, state: Any) -> list[str]:
        other = self._delegate(state)
        return other.all_cards(state) if other else engine.all_cards(state)

    def hidden_from(self, state: Any, seat: int | None) -> set[str]:
        other = self._delegate(state)
        return other.hidden_from(state, seat) if other else engine.hidden_from(state, seat)

    def num_players(self, state: Any) -> int:
        other = self._delegate(state)
        return other.num_players(state) if other else int(state.players)

    # --- AI ----------------------------------------------------------------------------------------
    def policies(self) -> dict[str, Policy]:
        from games.core.policy import random_policy
        from games.kings.ai import heuristic_policy

        found: dict[str, Policy] = {"random": random_policy, "heuristic": heuristic_policy}
        return found

    # --- text ------------------------------------------------------------------------------------
    def _text_engine(self, variant: object) -> Game[Any] | None:
        """The variant engine that renders `variant`'s texts (any of them when unknown: they share texts)."""
        if variant in (STANDARD, TWO_PLAYER):
            return None
        from games.kings.variants import ENGINES

        return ENGINES.get(str(variant)) or next(iter(ENGINES.values()), None)

    def render_card(self, card: str, lang: str = "en") -> str:
        name = text.card_name(card, lang)
        other = self._text_engine(None) if name == card else None
        return other.render_card(card, lang) if other else name

    def render_action(
        self, action: str, view_: Mapping[str, JSON], lang: str = "en", *, names: Names = None
    ) -> str:
        other = self._text_engine(view_.get("variant"))
        if other:
            return other.render_action(action, view_, lang, names=names)
        return text.action_label(action, view_, lang, names=names)

    def render_event(self, event: Event, lang: str = "en", *, names: Names = None) -> str:
        other = self._text_engine(event.data.get("variant"))
        return (
            other.render_event(event, lang, names=names)
            if other
            else text.event_text(event, lang, names=names)
        )

    def render_view(self, view_: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
        other = self._text_engine(view_.get("variant"))
        return (
            other.render_view(view_, lang, names=names) if other else text.view_text(view_, lang, names=names)
        )

    def render_prompt(self, prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
        other = self._text_engine(prompt.params.get("variant"))
        if other:
            return other.render_prompt(prompt, lang, names=names)
        return text.prompt_text(prompt, lang, names=names)

    def card_effect(self, card_id: str, lang: str = "en") -> str | None:
        from games.kings import card_texts

        return card_texts.card_effect(card_id, lang)

    def describe_action(self, action: str, view: Mapping[str, JSON], lang: str = "en") -> str | None:
        from games.kings import card_texts
        from games.kings.variants import card_texts as variant_texts

        if view.get("variant") in (STANDARD, TWO_PLAYER):
            return card_texts.describe_action(action, view, lang)
        return variant_texts.describe_action(action, view, lang)

    def card_catalog(self, lang: str = "en") -> list[CardText]:
        from games.kings import card_texts
        from games.kings.variants import card_texts as variant_texts

        return card_texts.catalog(lang) + variant_texts.catalog(lang)

    def rules_page(self, lang: str = "en") -> str:
        from games.kings.variants import ENGINES

        pages = [text.rules_summary(lang)]
        pages.extend(engine_.rules_page(lang) for engine_ in ENGINES.values())
        return "\n\n".join(pages)


GAME: Final = KingsGame()
if hasattr(GAME, "__dict__"):  # the source build: one Python call fewer per engine call (a compiled, native
    # class has no instance dict, and its delegating methods above cost nothing). The engine's functions hand
    # a variant's state back to the facade's own methods.
    engine.FACADE.update(
        to_act=KingsGame.to_act.__get__(GAME),
        legal_actions=KingsGame.legal_actions.__get__(GAME),
        apply=KingsGame.apply.__get__(GAME),
    )
    vars(GAME).update(to_act=engine.to_act, legal_actions=engine.legal_actions, apply=engine.apply)
