"""The date-condition cards (日付条件カード): ONE data module, each card = data + one small function.

PROVISIONAL: the real cards were printed only as images. This "house" set comes from
../shared/RULINGS.md (TIMETRAP); a player who owns the cards can correct the texts here, in one place.
Blue cards (days 1, 3, 5) restrict what may be played that day; yellow cards (days 2, 4, 6) make the
player of a given number carry out an action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from games.core.contract import plain_class

BLUE_DAYS: Final = (1, 3, 5)
YELLOW_DAYS: Final = (2, 4, 6)


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class PlayContext:
    """What a blue card judges: the card about to be played and the time card it follows.

    `value` is None for a Time Trap card. `previous` is the number of the last card played today when it
    is a time card; None for the first card of the day or right after a Time Trap (no reference then).
    """

    value: int | None
    previous: int | None


class Effects(Protocol):
    """What a yellow card may do to the table (implemented by the rules engine)."""

    def draw_from_chosen_player(self) -> None: ...
    def give_chosen_card(self) -> None: ...
    def next_player_discards(self) -> None: ...
    def extra_turn(self) -> None: ...
    def skip_next_player(self) -> None: ...
    def take_board_trap(self) -> None: ...
    def discard_chosen_card(self) -> None: ...


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class BlueCard:
    id: str
    text: Mapping[str, str]
    allows: Callable[[PlayContext], bool]
    provisional: bool = True


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class YellowCard:
    id: str
    number: int
    text: Mapping[str, str]
    effect: Callable[[Effects], None]
    provisional: bool = True


def _time(ctx: PlayContext, rule: Callable[[int], bool]) -> bool:
    """Blue restrictions B1-B4, B6, B7 judge time cards only; a Time Trap is not a time card."""
    return ctx.value is None or rule(ctx.value)


def _near(ctx: PlayContext, within: bool) -> bool:
    if ctx.value is None or ctx.previous is None:
        return True
    gap = abs(ctx.value - ctx.previous)
    return gap <= 3 if within else gap >= 3


# The time rules as named functions, not lambdas inside the card lambdas: mypyc compiles no lambda nested
# in a lambda (the compiled build, tools/build).
def _odd(n: int) -> bool:
    return n % 2 == 1


def _even(n: int) -> bool:
    return n % 2 == 0


def _low(n: int) -> bool:
    return 1 <= n <= 6


def _high(n: int) -> bool:
    return 6 <= n <= 11


BLUE: Final[tuple[BlueCard, ...]] = (
    BlueCard("B1", {"en": "Odd numbers only.", "ja": "奇数のみ。"}, lambda c: _time(c, _odd)),
    BlueCard("B2", {"en": "Even numbers only.", "ja": "偶数のみ。"}, lambda c: _time(c, _even)),
    BlueCard(
        "B3",
        {"en": "Within 3 of the previous time card.", "ja": "直前の時間転移カードとの差が3以内。"},
        lambda c: _near(c, within=True),
    ),
    BlueCard(
        "B4",
        {"en": "At least 3 away from the previous time card.", "ja": "直前の時間転移カードとの差が3以上。"},
        lambda c: _near(c, within=False),
    ),
    BlueCard(
        "B5",
        {"en": "No Time Trap cards today.", "ja": "この日はタイムトラップカードをプレイできない。"},
        lambda c: c.value is not None,
    ),
    BlueCard("B6", {"en": "Only 1-6.", "ja": "1～6のみ。"}, lambda c: _time(c, _low)),
    BlueCard("B7", {"en": "Only 6-11.", "ja": "6～11のみ。"}, lambda c: _time(c, _high)),
)


def _y1(t: Effects) -> None:
    t.draw_from_chosen_player()


def _y2(t: Effects) -> None:
    t.give_chosen_card()


def _y3(t: Effects) -> None:
    t.next_player_discards()


def _y4(t: Effects) -> None:
    t.extra_turn()


def _y5(t: Effects) -> None:
    t.skip_next_player()


def _y6(t: Effects) -> None:
    t.take_board_trap()


def _y7(t: Effects) -> None:
    t.discard_chosen_card()


YELLOW: Final[tuple[YellowCard, ...]] = (
    YellowCard(
        "Y1",
        5,
        {
            "en": "Play a 5: draw a random card from any player's hand.",
            "ja": "5をプレイしたら：好きなプレイヤーの手札からランダムに1枚引く。",
        },
        _y1,
    ),
    YellowCard(
        "Y2",
        3,
        {
            "en": "Play a 3: give a card of your choice to any player.",
            "ja": "3をプレイしたら：好きなカード1枚を好きなプレイヤーに渡す。",
        },
        _y2,
    ),
    YellowCard(
        "Y3",
        11,
        {
            "en": "Play an 11: the next player discards a card of their choice.",
            "ja": "11をプレイしたら：次のプレイヤーは好きなカードを1枚捨てる。",
        },
        _y3,
    ),
    YellowCard(
        "Y4",
        7,
        {"en": "Play a 7: take another turn at once.", "ja": "7をプレイしたら：続けてもう一度手番を行う。"},
        _y4,
    ),
    YellowCard(
        "Y5",
        9,
        {
            "en": "Play a 9: the next player is skipped (not a pass).",
            "ja": "9をプレイしたら：次のプレイヤーの手番を飛ばす（パスではない）。",
        },
        _y5,
    ),
    YellowCard(
        "Y6",
        1,
        {
            "en": "Play a 1: take one played Time Trap card from the board into your hand.",
            "ja": "1をプレイしたら：場のタイムトラップカードを1枚取って手札に加える。",
        },
        _y6,
    ),
    YellowCard(
        "Y7",
        2,
        {
            "en": "Play a 2: put a card from your hand into the discard pile.",
            "ja": "2をプレイしたら：手札からカードを1枚捨て札にする。",
        },
        _y7,
    ),
)


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class DateSet:
    id: str
    names: Mapping[str, str]
    blue: tuple[BlueCard, ...]
    yellow: tuple[YellowCard, ...]


DATE_SETS: Final[dict[str, DateSet]] = {
    "house": DateSet("house", {"en": "House set (provisional)", "ja": "ハウスセット（暫定）"}, BLUE, YELLOW),
}
DEFAULT_SET: Final = "house"

_BY_ID: Final[dict[str, BlueCard | YellowCard]] = {}
for _set in DATE_SETS.values():
    _BY_ID.update({c.id: c for c in _set.blue})
    _BY_ID.update({c.id: c for c in _set.yellow})


def card(card_id: str) -> BlueCard | YellowCard:
    return _BY_ID[card_id]


def blue(card_id: str | None) -> BlueCard | None:
    found = _BY_ID.get(card_id or "")
    return found if isinstance(found, BlueCard) else None


def yellow(card_id: str | None) -> YellowCard | None:
    found = _BY_ID.get(card_id or "")
    return found if isinstance(found, YellowCard) else None
