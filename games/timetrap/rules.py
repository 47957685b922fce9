"""The rules of play: what a seat may do now, and what doing it changes.

Rulebook 003_3dd097fef3f40e34.txt, sections 5 (turns, passes, day ends, start players), 6 (how time
cards, Time Trap cards and date cards are played), 7 (elimination) and 8 (end and winner). Where the text
is silent, ../shared/RULINGS.md decides; those rulings are listed on docs/rules/timetrap.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.core.native64 import WRAPS
from games.core.rng import Rng
from games.timetrap import cards, dates, quick
from games.timetrap.allowed import BUILT, PLAY, TIME_CARDS, TRAP, VERDICT, VERDICT_OF, Allowed, allowed
from games.timetrap.state import LAST_DAY, LIMITS, Pending, State
from games.timetrap.table import NO_SEATS, ONLY, Table, first_trap

MAX_TRAPS_PER_DAY: Final = 2
TRAP_DAYS: Final = (3, 5)  # the start player picks up a played Time Trap card

NUMBER_OF: Final = cards.NUMBER_OF
_NOBODY: Final[frozenset[int]] = frozenset()
_PASS: Final = "pass"
# The actions a turn's check reads straight from a table: "play:<card>" / "trap:<card>" -> (kind, card).
_TURN_ACTIONS: Final = {
    **{action: ("play", card) for card, action in PLAY.items()},
    **{action: ("trap", card) for card, action in TRAP.items()},
}
# The last turn's legal list: _LAST_LEGAL[0] = (the state, the seat, its actions). apply() is nearly
# always asked about the state whose list was just built, and then finds the action in it instead of
# judging it again. One tuple, replaced whole (one store: no reader sees a state with another's list),
# holding the state itself, so `is` on it can never match another state. A slot of a Final list: the
# compiled build keeps it in a C static instead of writing the module's dictionary.
_LAST_LEGAL: Final[list[tuple[State | None, int, tuple[str, ...]]]] = [(None, -1, ())]
# The same for the last answers to a yellow card's question that legal_actions listed (kept apart:
# apply's check of _LAST_LEGAL then needs no test of `pending` on the commonest path).
_LAST_ANSWERS: Final[list[tuple[State | None, int, tuple[str, ...]]]] = [(None, -1, ())]


# --- what may be played ------------------------------------------------------------------------------
def date_card(state: State) -> str | None:
    return state.dates[state.day - 1] if state.day <= len(state.dates) else None


def to_act(state: State) -> frozenset[int]:
    if state[20]:  # state.over (tuple indexes: hot path)
        return _NOBODY
    pending = state[19]  # state.pending
    return ONLY[state[11] if pending is None else pending[1]]  # state.turn, pending.seat


def legal_actions(state: State, seat: int) -> list[str]:
    if state[20]:  # state.over (tuple indexes: hot path)
        return []
    pending = state[19]  # state.pending
    if pending is not None:
        answers = _pending_actions(state, pending, seat)
        if answers:  # `seat` is the one to answer
            _LAST_ANSWERS[0] = (state, seat, tuple(answers))
        return answers
    if seat != state[11]:  # state.turn
        return []
    hand = state[6][seat]  # state.hands
    if WRAPS:  # the verdict: (plays, trap), noted with the State a quick step built (quick._keep_verdict)
        if VERDICT_OF[0] is state:
            noted: Allowed = VERDICT[0]
            table, trap_allowed = noted
        else:
            table, trap_allowed = allowed(state)
    else:  # the source's note is read by noted_legal_actions
        table, trap_allowed = allowed(state)
    # Plain loops: on a hand's few cards the fastest way on both builds (3.11 gives a comprehension a
    # frame of its own, `map` and `filter` a call per card; compiled, a loop is a C loop). Compiled
    # (`WRAPS`), `table.get` is one C lookup a card instead of two; on the source it is a method call,
    # dearer than the second lookup.
    plays = []
    if WRAPS:
        for c in hand:
            action = table.get(c)
            if action is not None:
                plays.append(action)
    else:
        for c in hand:
            if c in table:
                plays.append(table[c])
    # A Time Trap card in hand is the hand's last card: every hand of play is in order (cards.sort_key: time
    # cards by number, then Time Trap cards; the deal sorts, a card taken leaves the rest in order, a card
    # gained is sorted in), so one test instead of a loop over the hand.
    if (
        trap_allowed
        and state[15]  # state.after_time
        and state[14] < MAX_TRAPS_PER_DAY  # state.traps_today
        and hand
        and hand[-1] not in TIME_CARDS
    ):
        if WRAPS:  # as above
            for t in hand:
                action = TRAP.get(t)
                if action is not None:
                    plays.append(action)
        else:
            for t in hand:
                if t in TRAP:
                    plays.append(TRAP[t])
    if not plays:
        plays.append(_PASS)
    _LAST_LEGAL[0] = (state, seat, tuple(plays))
    return plays


def noted_to_act(state: State) -> frozenset[int]:
    """to_act on the source (game.py binds it there): the State a quick step or the deal just built (the
    note, allowed.BUILT) has its seat to act noted. The compiled build writes no note and calls to_act,
    kept free of the note's read (reading it cost the compiled build 0.8% an action)."""
    built = BUILT[0]
    if built[0] is state:  # the State a quick step or the deal just built: its seat to act, noted
        return ONLY[built[2]]
    if state[20]:  # state.over (tuple indexes: hot path)
        return _NOBODY
    pending = state[19]  # state.pending
    return ONLY[state[11] if pending is None else pending[1]]  # state.turn, pending.seat


def noted_legal_actions(state: State, seat: int) -> list[str]:
    """legal_actions on the source (game.py binds it there): the State a quick step or the deal just built
    (the note, allowed.BUILT) has its turn's listing noted, built with it from the hand's bits
    (allowed.PLAYS_OF, or allowed.listed_by_loop for a hand with another colour's card), and is never over nor
    asking. The compiled build calls legal_actions, whose locals then keep their types (compiled, a local
    typed from the note's objects made `table.get` a generic call)."""
    built = BUILT[0]
    if built[0] is state:
        if seat == built[2]:
            return list(built[1])  # a list of its own: the caller may change it, never the note
        return []
    if state[20]:  # state.over (tuple indexes: hot path)
        return []
    pending = state[19]  # state.pending
    if pending is not None:
        answers = _pending_actions(state, pending, seat)
        if answers:  # `seat` is the one to answer
            _LAST_ANSWERS[0] = (state, seat, tuple(answers))
        return answers
    if seat != state[11]:  # state.turn
        return []
    hand = state[6][seat]  # state.hands
    table, trap_allowed = allowed(state)  # the verdict: (plays, trap)
    plays = []
    for c in hand:  # a plain loop, as in legal_actions' source branch
        if c in table:
            plays.append(table[c])
    # A Time Trap card in hand is the last card. Every hand of play is in order (cards.sort_key: time cards
    # by number, then Time Trap cards; the deal sorts, a card taken leaves the rest in order, a card gained
    # is sorted in), so one test instead of a loop over the hand (~250 instructions a card on 3.11). A time
    # card the last thing done today, fewer than two Time Traps today (state.after_time, traps_today).
    if trap_allowed and state[15] and state[14] < MAX_TRAPS_PER_DAY and hand and hand[-1] not in TIME_CARDS:
        for t in hand:
            if t in TRAP:
                plays.append(TRAP[t])
    if not plays:
        plays.append(_PASS)
    _LAST_LEGAL[0] = (state, seat, tuple(plays))
    return plays


def _pending_actions(state: State, pending: Pending, seat: int) -> list[str]:
    """The answers to a yellow card's question (only its `seat` answers)."""
    if seat != pending.seat:
        return []
    hand = state.hands[seat]
    if pending.kind == "draw":
        return [f"draw:{s}" for s in draw_targets(state, seat)]
    if pending.kind == "give":
        return [f"give:{c}:{s}" for c in hand for s in state.active() if s != seat]
    return [f"discard:{c}" for c in hand]


def draw_targets(state: State, seat: int) -> list[int]:
    return [s for s in state.active() if s != seat and state.hands[s]]


def _turn_action_legal(state: State, seat: int, kind: str, card: str) -> bool:
    """Is "play:<card>" / "trap:<card>" (`card` a time card) among legal_actions, nothing pending and
    `seat` to act? Checked directly instead of building the whole list (the hot path)."""
    hand = state[6][seat]  # state.hands (tuple indexes: hot path)
    if card not in hand:
        return False
    plays, trap_allowed = allowed(state)
    if kind == "play":
        return card in plays
    return (
        trap_allowed
        and state[15]  # state.after_time
        and state[14] < MAX_TRAPS_PER_DAY  # state.traps_today
        and _holds_trap(hand)
    )


def _holds_trap(hand: tuple[str, ...]) -> bool:
    """A Time Trap card in `hand` (a plain loop: `TIME_CARDS.issuperset(hand)` copies the hand to a set)."""
    for card in hand:  # noqa: SIM110  (a plain loop: no generator frame)
        if card not in TIME_CARDS:
            return True
    return False


# --- applying ------------------------------------------------------------------------------------------
def apply(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    last = _LAST_LEGAL[0]
    if last[0] is state and last[1] == seat:
        # The turn legal_actions just listed (not over, nothing pending, `seat` to act): legal iff listed.
        if action not in last[2]:
            raise explain(state, seat, action)
    else:
        answers = _LAST_ANSWERS[0]
        if answers[0] is state and answers[1] == seat:
            # The answers legal_actions just listed (not over, `seat` to answer): legal iff listed.
            if action not in answers[2]:
                raise explain(state, seat, action)
        else:
            _refuse_illegal(state, seat, action)
        if state[19] is not None:  # state.pending (tuple indexes: hot path)
            kind, _, arg = action.partition(":")
            answered = quick.discard(state, seat, arg) if kind == "discard" else None
            return _apply_in_full(state, seat, kind, arg) if answered is None else answered
    turn_action = _TURN_ACTIONS.get(action)
    if turn_action is None:  # a pass
        done = quick.pass_turn(state, seat)
        kind = arg = action
    else:
        kind, arg = turn_action
        done = quick.play(state, seat, arg) if kind == "play" else quick.trap(state, seat, arg)
    return _apply_in_full(state, seat, kind, arg) if done is None else done


def noted_apply(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    """apply on the source (game.py binds it there): for the State a quick step or the deal just built (the
    note, allowed.BUILT) and its seat to act, an action is legal iff its noted listing holds it, whether or
    not the listing was asked for; anything else goes to apply."""
    built = BUILT[0]
    if built[0] is not state or built[2] != seat:
        return apply(state, seat, action)
    if action not in built[1]:
        raise explain(state, seat, action)
    step = _STEPS.get(action)  # the quick step and its card, one lookup
    if step is None:  # a pass
        done = quick.pass_turn(state, seat)
        return _apply_in_full(state, seat, action, action) if done is None else done
    quick_step, card = step
    done = quick_step(state, seat, card)
    if done is None:
        kind, card = _TURN_ACTIONS[action]
        return _apply_in_full(state, seat, kind, card)
    return done


# "play:<card>" / "trap:<card>" -> (its quick step, the card): noted_apply's dispatch.
_STEPS: Final[dict[str, tuple[Callable[[State, int, str], tuple[State, list[Event]] | None], str]]] = {
    action: (quick.play if kind == "play" else quick.trap, card)
    for action, (kind, card) in _TURN_ACTIONS.items()
}


def _refuse_illegal(state: State, seat: int, action: str) -> None:
    """Raise IllegalAction, with its reason, unless `seat` may take `action` now."""
    if state[20]:  # state.over (tuple indexes: hot path)
        raise IllegalAction("game_over")
    if not 0 <= seat < state[0]:  # state.players
        raise IllegalAction("not_seated")
    pending = state[19]  # state.pending
    if seat != (state[11] if pending is None else pending[1]):  # state.turn, pending.seat
        raise IllegalAction("not_your_turn")
    turn_action = _TURN_ACTIONS.get(action) if pending is None else None
    if turn_action is not None:
        legal = _turn_action_legal(state, seat, *turn_action)
    else:
        legal = action in legal_actions(state, seat)
    if not legal:
        raise explain(state, seat, action)


def _apply_in_full(state: State, seat: int, kind: str, arg: str) -> tuple[State, list[Event]]:
    """A legal action through the full rules, on a working copy of `state`."""
    table = Table(state)
    if kind == "play":
        play_time_card(table, seat, arg)
    elif kind == "trap":
        play_trap(table, seat, arg)
    elif kind == "pass":
        pass_turn(table, seat)
    else:
        resolve_pending(table, seat, kind, arg)
    return table.freeze(), table.events


def explain(state: State, seat: int, action: str) -> IllegalAction:
    """The player-facing reason an action is refused (never naming a card the seat may not know)."""
    kind, _, arg = action.partition(":")
    hand = state.hands[seat]
    if kind not in {"play", "trap", "pass", "draw", "give", "discard"}:
        return IllegalAction("malformed_action")
    if state.pending is not None:
        if kind in {"give", "discard"} and arg.split(":")[0] not in hand:
            return IllegalAction("card_not_in_hand")
        return IllegalAction(f"timetrap.answer_{state.pending.kind}")
    if kind == "pass":
        return IllegalAction("timetrap.must_play")
    if kind in {"draw", "give", "discard"}:
        return IllegalAction("unknown_action")
    card = arg
    if card not in hand:
        return IllegalAction("card_not_in_hand")
    if not cards.is_time_card(card):
        return IllegalAction("malformed_action")
    if kind == "trap":
        if not any(cards.is_trap(c) for c in hand):
            return IllegalAction("timetrap.no_trap")
        blue = dates.blue(date_card(state))
        if blue is not None and not blue.allows(dates.PlayContext(None, None)):
            return IllegalAction("timetrap.blue_forbids_trap")
        if state.traps_today >= MAX_TRAPS_PER_DAY:
            return IllegalAction("timetrap.two_traps")
        return IllegalAction("timetrap.trap_after_time")
    value = cards.number(card)
    last = state.last_value()
    if last is not None and not (value > last if state.tile_up else value < last):
        return IllegalAction("timetrap.higher" if state.tile_up else "timetrap.lower", last=last)
    return IllegalAction("timetrap.blue_forbids", date=date_card(state) or "")


def play_time_card(table: Table, seat: int, card: str) -> None:
    value = NUMBER_OF[card]
    table.to_board(seat, card, value)
    table.played_today += 1
    table.after_time = True
    table.last_player = seat
    table.passed = NO_SEATS
    table.emit("play", seat=seat, card=card, value=value)
    if table.day == LAST_DAY and not table.hands[seat]:
        table.finish(seat, "emptied_day7")
        return
    days = table.base.dates
    day = table.day
    yellow = quick.YELLOW.get(days[day - 1]) if day <= len(days) else None  # dates.yellow(table.date())
    if yellow is not None and yellow.number == value:
        yellow.effect(YellowEffects(table, seat))
    if table.pending is None:
        end_turn(table, seat)


def play_trap(table: Table, seat: int, discard: str) -> None:
    trap = min([c for c in table.hands[seat] if c not in NUMBER_OF])  # identical cards: the lowest id
    value = cards.TRAP_HIGH if table.tile_up else cards.TRAP_LOW
    candidates = [c for c in table.hands[seat] if c in NUMBER_OF]
    table.to_board(seat, trap, value)
    table.private_move(seat, discard, None, candidates)
    table.tile_up = not table.tile_up
    table.played_today += 1
    table.traps_today += 1
    table.after_time = False
    table.last_player = seat
    table.passed = NO_SEATS
    table.emit("trap", seat=seat, card=trap, value=value, tile="up" if table.tile_up else "down")
    table.emit("trap_discard", ONLY[seat], seat=seat, card=discard)
    end_turn(table, seat)


def pass_turn(table: Table, seat: int) -> None:
    table.passed = table.passed | ONLY[seat]
    table.after_time = False
    table.emit("pass", seat=seat)
    waiting = [s for s in table.active() if s != table.last_player and s not in table.passed]
    if not waiting:
        end_day(table, "passes")
    else:
        table.turn = table.next_active(seat)


def end_turn(table: Table, actor: int) -> None:
    """After a card and its yellow effect: elimination on an empty hand (days 1-6), the daily limit,
    then the next turn (an extra turn or a skip from a yellow card)."""
    extra, skip = table.extra_turn, table.skip_next
    table.extra_turn = table.skip_next = False
    if table.over:
        return
    if table.day < LAST_DAY and not table.hands[actor]:
        table.eliminate([actor], "empty_hand")
        if table.over:
            return
    if table.played_today >= table.limit:
        end_day(table, "limit")
        return
    if extra and not table.out[actor]:
        table.turn = actor
        return
    nxt = table.next_active(actor)
    if skip:
        table.emit("skip", seat=nxt, by=actor)
        nxt = table.next_active(nxt)
    table.turn = nxt


def end_day(table: Table, reason: str) -> None:
    nxt = table.last_player if table.last_player is not None else table.start
    table.emit("day_end", day=table.day, reason=reason)
    if table.day == LAST_DAY:
        fewest_cards_wins(table)
        return
    start_day(table, nxt)


def fewest_cards_wins(table: Table) -> None:
    """Day 7 over: fewest cards wins; a tie goes to the day-7 start player, else the tied player reached
    first in turn order from the start player (ruling)."""
    alive = table.active()
    fewest = min(len(table.hands[s]) for s in alive)
    order = [(table.start + k) % table.players for k in range(table.players)]
    winner = next(s for s in order if s in alive and len(table.hands[s]) == fewest)
    table.finish(winner, "fewest")


def start_day(table: Table, start: int) -> None:
    table.day += 1
    table.board.append(())
    table.played_today = 0
    table.traps_today = 0
    table.passed = NO_SEATS
    table.after_time = False
    table.last_player = None
    if table.day == LAST_DAY:
        holders = [s for s in table.active() if any(cards.is_trap(c) for c in table.hands[s])]
        table.eliminate(holders, "trap")
        if table.over:
            return
    if table.out[start]:
        start = table.next_active(start)
    table.start = table.turn = start
    table.limit = LIMITS[len(table.active())]
    table.emit("day_start", day=table.day, start=start, limit=table.limit, date=table.date())
    if table.day in TRAP_DAYS:
        trap = first_board_trap(table)
        if trap is not None:
            table.from_board(start, trap)
            table.emit("pickup", seat=start, card=trap)


def first_board_trap(table: Table) -> str | None:
    """The first Time Trap card played on the board, earliest day first (None: there is none)."""
    return first_trap(table.board)


def resolve_pending(table: Table, seat: int, kind: str, arg: str) -> None:
    pending = table.pending
    assert pending is not None
    table.pending = None
    actor = pending.actor
    if kind == "draw":
        victim = int(arg)
        hand = sorted(table.hands[victim])
        rng = Rng(table.rng)
        card = hand[rng.below(len(hand))]
        table.rng = rng.state
        table.private_move(victim, card, actor, hand)
        table.emit("draw", seat=actor, source=victim)
        table.emit("draw_card", frozenset({actor, victim}), seat=actor, source=victim, card=card)
        if not table.hands[victim]:
            table.eliminate([victim], "emptied")
    elif kind == "give":
        card, _, target = arg.partition(":")
        receiver = int(target)
        table.private_move(actor, card, receiver, list(table.hands[actor]))
        table.emit("give", seat=actor, target=receiver)
        table.emit("give_card", frozenset({actor, receiver}), seat=actor, target=receiver, card=card)
    else:
        table.private_move(seat, arg, None, list(table.hands[seat]))
        table.emit("discard", seat=seat)
        table.emit("discard_card", frozenset({seat}), seat=seat, card=arg)
        if seat != actor and not table.hands[seat]:
            table.eliminate([seat], "emptied")
    end_turn(table, actor)


class YellowEffects:
    """The engine side of dates.Effects: what a yellow card does to this table, for the player `actor`."""

    def __init__(self, table: Table, actor: int) -> None:
        self.table = table
        self.actor = actor

    def _ignored(self) -> None:
        """An effect that cannot be resolved in its entirety is ignored (RULINGS, all games)."""
        self.table.emit("ignored", seat=self.actor, date=self.table.date())

    def _ask(self, kind: str, seat: int) -> None:
        self.table.pending = Pending(kind, seat, self.actor)
        self.table.emit("asked", seat=seat, kind=kind)

    def draw_from_chosen_player(self) -> None:
        t = self.table
        if any(t.hands[s] for s in t.active() if s != self.actor):
            self._ask("draw", self.actor)
        else:
            self._ignored()

    def give_chosen_card(self) -> None:
        if self.table.hands[self.actor]:
            self._ask("give", self.actor)
        else:
            self._ignored()

    def next_player_discards(self) -> None:
        victim = self.table.next_active(self.actor)
        if victim != self.actor and self.table.hands[victim]:
            self._ask("discard_next", victim)
        else:
            self._ignored()

    def extra_turn(self) -> None:
        self.table.extra_turn = True
        self.table.emit("extra_turn", seat=self.actor)

    def skip_next_player(self) -> None:
        self.table.skip_next = True

    def take_board_trap(self) -> None:
        t = self.table
        trap = first_board_trap(t)
        if trap is None:
            self._ignored()
            return
        t.from_board(self.actor, trap)
        t.emit("take_trap", seat=self.actor, card=trap)

    def discard_chosen_card(self) -> None:
        if self.table.hands[self.actor]:
            self._ask("discard_own", self.actor)
        else:
            self._ignored()
