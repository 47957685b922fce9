"""The `trickster-cot` Game object: the engine contract over the Champions of Time flow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core.contract import (
    JSON,
    Event,
    Game,
    GameInfo,
    GameText,
    Outcome,
    Policy,
    Prompt,
    ReplayMarks,
    VariantInfo,
    mypyc_attr,
)
from games.core.errors import IllegalAction
from games.core.native64 import WRAPS
from games.core.search_hooks import SearchHooks
from games.trickster.cot import card_texts, flow, text
from games.trickster.cot import state as state_mod
from games.trickster.cot.cards import CARD_IDS, HEROES, TABLE
from games.trickster.cot.common import ANSWERS, ITEMS
from games.trickster.cot.faces import FACES
from games.trickster.cot.flow import PATTERN_NAMES, answer, drafter, play
from games.trickster.cot.options import OPTIONS
from games.trickster.cot.scoring import placements, ranking_keys
from games.trickster.cot.state import (
    NO_CARD,
    PH_DRAFT,
    PH_EFFECT,
    PH_EXCHANGE,
    PH_OVER,
    PH_PICK,
    PH_PLAY,
    PH_SCORED,
    Pending,
    State,
)
from games.trickster.cot.view import acting, all_cards, hidden_from, view
from games.trickster.cot.work import Work
from games.trickster.tricks import Pattern, Trick

# The action kinds ACTIONS parses to (one `Final` constant each: compiled, a C constant, not a dict read).
PLAY: Final = 0
TAB: Final = 1
GIVE: Final = 2
DRAFT: Final = 3
ANSWER: Final = 4
DEAL: Final = 5
DEAL_ACTION: Final = "deal"
_BITS: Final = TABLE.bits
_UNIQUE: Final = Pattern.UNIQUE
_OPEN: Final = Pattern.OPEN

PLAY_ACTIONS: Final[tuple[str, ...]] = tuple(f"play:{cid}" for cid in CARD_IDS)
TAB_ACTIONS: Final[tuple[str, ...]] = tuple(f"tab:{cid}" for cid in CARD_IDS)
GIVE_ACTIONS: Final[tuple[str, ...]] = tuple(f"give:{cid}" for cid in CARD_IDS)
DRAFT_ACTIONS: Final[tuple[str, ...]] = tuple(f"draft:{h.code}" for h in HEROES)

ACTIONS: Final[dict[str, tuple[int, int]]] = {
    **{a: (PLAY, c) for c, a in enumerate(PLAY_ACTIONS)},
    **{a: (TAB, c) for c, a in enumerate(TAB_ACTIONS)},
    **{a: (GIVE, c) for c, a in enumerate(GIVE_ACTIONS)},
    **{a: (DRAFT, h) for h, a in enumerate(DRAFT_ACTIONS)},
    **{a: (ANSWER, v) for a, v in ANSWERS.items()},
    DEAL_ACTION: (DEAL, 0),
}
"""Every action string -> (kind, value): parsing is one dict lookup."""


def _seat_error(state: State, seat: int) -> str:
    """Why `seat` may not act now: it is not at the table, or it is not its turn."""
    return "not_your_turn" if 0 <= seat < state.players else "not_seated"


def _card_actions(actions: tuple[str, ...], hand: tuple[int, ...]) -> list[str]:
    """`[actions[c] for c in hand]`: on the source one C-level pass (common.ITEMS), compiled a plain loop."""
    if not WRAPS and len(hand) > 1:
        return list(ITEMS(*hand)(actions))
    legal = []
    for c in hand:
        legal.append(actions[c])
    return legal


def _play_actions(trick: Trick, hand: tuple[int, ...]) -> list[str]:
    """tricks.legal_plays(TABLE, trick, hand, PLAY_ACTIONS) on this edition's tuples: the same loops, but
    typed as tuples, which the compiled build indexes directly (legal_plays takes any Sequence and reads
    the hand and the action table through generic calls)."""
    pattern = trick[6]  # trick.pattern
    if pattern is _OPEN:
        if not WRAPS and len(hand) > 1:  # the source: one C-level pass (common.ITEMS)
            return list(ITEMS(*hand)(PLAY_ACTIONS))
        legal = []
        for c in hand:
            legal.append(PLAY_ACTIONS[c])
        return legal
    mask = trick[7]  # trick.mask
    legal = []
    if pattern is _UNIQUE:
        for c in hand:
            if not _BITS[c] & mask:
                legal.append(PLAY_ACTIONS[c])
    else:
        for c in hand:
            if _BITS[c] & mask:
                legal.append(PLAY_ACTIONS[c])
    return legal


def legal_actions(state: State, seat: int) -> list[str]:
    """The Game's legal_actions (called on every action of a simulation, hence the tuple indexes)."""
    phase = state[3]  # state.phase (tuple indexes: the simulation calls this on every action)
    if phase == PH_PLAY:
        trick: Trick = state[13]  # type: ignore[assignment]  # state.trick: never None here (no assert)
        order = trick[1]  # trick.order
        if seat != order[trick[2] % len(order)]:  # trick.turn
            return []
        return _play_actions(trick, state[10][seat])  # state.hands
    if phase == PH_EFFECT:
        pending: Pending = state[16]  # type: ignore[assignment]  # state.pending: never None here
        return list(state[18]) if seat == pending[1] else []  # state.choices
    if phase == PH_EXCHANGE:
        if seat in state[19] and state[15][seat] == NO_CARD:  # state.exchange, state.picks
            return _card_actions(GIVE_ACTIONS, state[10][seat])  # state.hands
        return []
    if phase == PH_PICK:
        if 0 <= seat < state[0] and state[15][seat] == NO_CARD:  # state.players, state.picks
            return _card_actions(TAB_ACTIONS, state[10][seat])  # state.hands
        return []
    if phase == PH_SCORED:
        return [DEAL_ACTION] if seat == state.first else []
    if phase == PH_DRAFT and seat == drafter(state):
        return [DRAFT_ACTIONS[h] for h in state.pool if h not in state.heroes]
    return []


def apply(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    """The Game's apply: the action checked, then played on a working copy (or a secret choice built
    directly)."""
    try:  # a subscript (specialized on 3.11) in a `try` (free unless raised), not `ACTIONS.get` and a test
        kind, value = ACTIONS[action]
    except KeyError:
        raise IllegalAction("malformed_action") from None
    phase = state[3]  # state.phase (tuple indexes: the hot path)
    # In the play and effect phases the one seat to act is seated, so the seat range is checked
    # only when it is not that seat (same error as the check up front in the other phases).
    if phase == PH_PLAY:
        trick: Trick = state[13]  # type: ignore[assignment]  # state.trick: never None here (no assert)
        order = trick[1]  # trick.order
        if seat != order[trick[2] % len(order)]:  # trick.turn
            raise IllegalAction(_seat_error(state, seat))
        if kind != PLAY:
            raise IllegalAction("unknown_action")
        try:  # `value in hand` and its place found by one `index`: play() takes the card from that place
            at = state[10][seat].index(value)  # state.hands
        except ValueError:
            raise IllegalAction("card_not_in_hand") from None
        pattern = trick[6]  # trick.pattern
        if pattern:  # tricks.can_follow inlined: UNIQUE shares no bit of the mask, SUIT/HERO one
            shares = _BITS[value] & trick[7]  # trick.mask
            if shares if pattern is _UNIQUE else not shares:
                raise IllegalAction("cot_must_follow", pattern=PATTERN_NAMES[pattern])
        w = Work(state)
        play(w, seat, value, at)
    elif phase == PH_EFFECT:
        pending: Pending = state[16]  # type: ignore[assignment]  # state.pending: never None here
        if seat != pending[1]:
            raise IllegalAction(_seat_error(state, seat))
        if kind != ANSWER or action not in state[18]:  # state.choices
            raise IllegalAction("unknown_action")
        w = Work(state)
        answer(w, value)
    elif phase == PH_OVER:
        raise IllegalAction("game_over")
    elif not 0 <= seat < state[0]:  # state.players
        raise IllegalAction("not_seated")
    elif phase in (PH_PICK, PH_EXCHANGE):
        # seat in acting(state), without building the set
        if state[15][seat] != NO_CARD or (phase == PH_EXCHANGE and seat not in state[19]):
            raise IllegalAction("not_your_turn")  # state.picks, state.exchange
        if kind != (TAB if phase == PH_PICK else GIVE):
            raise IllegalAction("unknown_action")
        if value not in state[10][seat]:  # state.hands
            raise IllegalAction("card_not_in_hand")
        if flow.still_choosing(state, seat):
            return flow.secret_choice(state, seat, value)
        w = Work(state)
        if phase == PH_PICK:
            flow.commit_pick(w, seat, value)
        else:
            flow.commit_exchange(w, seat, value)
    else:
        if seat not in acting(state):
            raise IllegalAction("not_your_turn")
        w = Work(state)
        if phase == PH_SCORED:
            if kind != DEAL:
                raise IllegalAction("unknown_action")
            flow.next_round(w)
        else:
            if kind != DRAFT or value not in state.pool or value in state.heroes:
                raise IllegalAction("unknown_action")
            flow.draft(w, seat, value)
    return w.freeze(), w.events


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class ChampionsOfTime(Game[State]):
    search = SearchHooks(playout="random", playouts=60)  # the strong AI's playouts (docs/ai.md)
    faces = FACES  # what its pictures print (faces.py)
    replay = ReplayMarks(  # a replay step: the tableau draft, each exchange, each trick, a round's end
        steps=frozenset({"tableau_picks", "exchange_done", "bust", "round_end"}),
        rounds=frozenset({"round_start"}),
    )
    info = GameInfo(
        id="trickster-cot",
        names={"en": "Trickster: Champions of Time", "ja": "トリックスター：時の覇者"},
        variants=(VariantInfo("standard", {"en": "Standard", "ja": "標準"}, 2, 7),),
        options=OPTIONS,
    )

    # --- lifecycle -------------------------------------------------------------------------------
    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> State:
        self.info.check_players(variant, players)
        return flow.new_game(players, dict(options or {}), seed)

    def setup_events(self, state: State) -> list[Event]:
        return flow.opening_events(state)

    def to_act(self, state: State) -> frozenset[int]:
        return acting(state)  # a method: a compiled class's methods cannot be bound functions

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in acting(state):
            return None
        phase = state.phase
        if phase == PH_PLAY:
            trick = state.trick
            assert trick is not None
            return Prompt("play", {"pattern": PATTERN_NAMES[trick.pattern], "pot": len(trick.pot)})
        if phase == PH_EFFECT:
            assert state.pending is not None
            return Prompt("effect", {"hero": HEROES[state.pending[0]].code, "need": state.need})
        if phase == PH_EXCHANGE:
            other = state.exchange[1] if seat == state.exchange[0] else state.exchange[0]
            return Prompt("exchange", {"with": other})
        if phase == PH_PICK:
            return Prompt("pick", {"round": state.round})
        if phase == PH_SCORED:
            return Prompt("deal", {"round": state.round + 1})
        return Prompt("draft", {"chosen": len(state.heroes)})

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        return view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == PH_OVER

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != PH_OVER:
            return None
        n = state.players
        totals = [sum(r[s] for r in state.scores) for s in range(n)]
        keys = ranking_keys(totals, state.final)
        return Outcome(
            placements=placements(keys),
            scores=tuple(float(t) for t in totals),
            details={
                "rounds": [list(r) for r in state.scores],
                "final_round_suits": [list(r) for r in state.final],
                "lower_is_better": True,
            },
        )

    def num_players(self, state: State) -> int:
        return state.players

    # --- persistence ------------------------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, JSON]:
        return state_mod.to_json(state)

    def from_json(self, data: Mapping[str, JSON]) -> State:
        return state_mod.from_json(data)

    # --- invariant checks -------------------------------------------------------------------------
    def all_cards(self, state: State) -> list[str]:
        return all_cards(state)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return hidden_from(state, seat)

    # --- AI ---------------------------------------------------------------------------------------
    def policies(self) -> dict[str, Policy]:
        from games.core.policy import random_policy
        from games.trickster.cot.ai import heuristic_policy

        return {"random": random_policy, "heuristic": heuristic_policy}

    texts = GameText(
        card=text.render_card,
        action=text.render_action,
        event=text.render_event,
        view=text.render_view,
        prompt=text.render_prompt,
        rules=text.rules_page,
        effect=card_texts.card_effect,
        describe=card_texts.describe_action,
        catalog=card_texts.catalog,
    )


GAME: Final[Game[Any]] = ChampionsOfTime()
if hasattr(GAME, "__dict__"):  # the source build: one Python call fewer per engine call (a compiled,
    # native class has no instance dict, and its delegating methods above cost nothing)
    vars(GAME).update(to_act=acting, legal_actions=legal_actions, apply=apply)
