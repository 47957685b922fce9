"""The pictures' own words (English and Japanese), registered in the shared message catalog."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from games.core import i18n

i18n.register(
    {
        "art.hand": {"en": "Your hand ({n})", "ja": "あなたの手札（{n}枚）"},
        "art.spectator": {"en": "Spectator", "ja": "観戦"},
        "art.pot": {"en": "Pot", "ja": "場のカード"},
        "art.pool": {"en": "Characters to draft", "ja": "ドラフト中のキャラクター"},
        "art.trick": {"en": "Trick {n}", "ja": "トリック {n}"},
        "art.trick_now": {"en": "Trick in play", "ja": "現在のトリック"},
        "art.last_trick": {"en": "Last trick (won by {name})", "ja": "前のトリック（{name}の勝ち）"},
        "art.last_trick_plain": {"en": "Last trick", "ja": "前のトリック"},
        "art.trash": {"en": "Trash ({n})", "ja": "捨て札（{n}枚）"},
        "art.trash_last": {"en": "Trash ({n}, last {k} shown)", "ja": "捨て札（{n}枚、最後の{k}枚）"},
        "art.deck": {"en": "Deck {n}", "ja": "山札 {n}枚"},
        "art.deck_cap": {"en": "Deck", "ja": "山札"},
        "art.discard_pile": {"en": "Discard pile ({n}, face down)", "ja": "捨て札（{n}枚・裏向き）"},
        "art.seat": {"en": "{name} · {points} · hand {hand}", "ja": "{name}・{points}・手札{hand}枚"},
        # counts: `counted` picks the "_one" form for 1 and -1 (English: "1 pt", "1 trick")
        "art.points": {"en": "{n} pts", "ja": "{n}点"},
        "art.points_one": {"en": "{n} pt", "ja": "{n}点"},
        "art.tricks_one": {"en": "{n} trick", "ja": "{n}トリック"},
        "art.seat_plain": {"en": "{name} · hand {hand}", "ja": "{name}・手札{hand}枚"},
        "art.tricks": {"en": "{n} tricks", "ja": "{n}トリック"},
        "art.house_pick": {
            "en": "Your House card (secret until all choose)",
            "ja": "あなたのハウス用カード（全員が選ぶまで非公開）",
        },
        "art.known_in": {"en": "Known in {name}'s hand", "ja": "{name}の手札（判明）"},
        "art.known_deck": {"en": "Known in the deck", "ja": "山札（判明）"},
        "art.revealed": {"en": "Revealed", "ja": "公開中"},
        "art.my_choice": {"en": "Your choice", "ja": "あなたの選択"},
        "art.tableau": {"en": "Your tableau", "ja": "あなたの場札"},
        "art.timeline": {"en": "Timeline", "ja": "タイムライン"},
        "art.sheet_up": {"en": "face up / usable", "ja": "表向き（使える）"},
        "art.sheet_used": {"en": "used (turned over)", "ja": "使用済（裏返し）"},
        "art.draft": {"en": "Heroes to draft: {heroes}", "ja": "ドラフト中の英雄: {heroes}"},
        "art.round": {"en": "Round {n}", "ja": "ラウンド {n}"},
        "art.pattern": {"en": "Pattern: {p}", "ja": "パターン: {p}"},
        "art.discards": {"en": "Your discards", "ja": "あなたの捨て札"},
        "art.honours": {
            "en": "{name} (team {team}) · hand {hand}",
            "ja": "{name}（チーム{team}）・手札{hand}枚",
        },
        "art.team_line": {
            "en": "Team {team}: {tricks} · {points}",
            "ja": "チーム{team}: {tricks}・{points}",
        },
        "art.deal": {"en": "Deal {deal}/{deals}", "ja": "ディール {deal}/{deals}"},
        "art.trump": {"en": "Trump colour: {c}", "ja": "切り札の色: {c}"},
        "art.no_trump": {"en": "No trump", "ja": "切り札なし"},
        "art.day": {"en": "Day {n}", "ja": "{n}日目"},
        "art.today": {"en": "Day {n}: today's date card", "ja": "{n}日目の日付条件カード"},
        "art.tile_up": {"en": "Tile face up: play higher than {last}", "ja": "タイル表: {last}より大きい数"},
        "art.tile_down": {
            "en": "Tile face down: play lower than {last}",
            "ja": "タイル裏: {last}より小さい数",
        },
        "art.tile_up_open": {"en": "Tile face up: play higher", "ja": "タイル表: より大きい数"},
        "art.tile_down_open": {"en": "Tile face down: play lower", "ja": "タイル裏: より小さい数"},
        "art.played_today": {"en": "{n} of {limit} cards played today", "ja": "本日 {n}/{limit}枚"},
        "art.out": {"en": "out", "ja": "脱落"},
        "art.passed": {"en": "passed", "ja": "パス"},
        "art.known_discards": {"en": "Known in the discard pile", "ja": "捨て札（判明）"},
        "art.result": {"en": "Final result", "ja": "最終結果"},
        "art.result_line": {"en": "{place}. {name} — {score}", "ja": "{place}位 {name} — {score}"},
        "art.teams": {"en": "Teams: {teams}", "ja": "チーム: {teams}"},
        "art.no_font": {
            "en": "(No Japanese font installed: English lettering)",
            "ja": "(No Japanese font installed: English lettering)",
        },
        "art.kings_seat": {
            "en": "{name} · {points} · tricks {tricks} · hand {hand}",
            "ja": "{name}・{points}・{tricks}トリック・手札{hand}枚",
        },
        "art.queens_left": {"en": "queen ×{n}", "ja": "クイーン×{n}"},
        "art.team_scores": {"en": "Team scores: {scores}", "ja": "チーム得点: {scores}"},
        "art.taken": {"en": "taken {n}", "ja": "獲得{n}枚"},
        # a replay after the game shows every seat's hand: "your" words said of the seat's owner
        "art.hand@owner": {"en": "{owner}'s hand ({n})", "ja": "{owner}の手札（{n}枚）"},
        "art.my_choice@owner": {"en": "{owner}'s choice", "ja": "{owner}の選択"},
        "art.tableau@owner": {"en": "{owner}'s tableau", "ja": "{owner}の場札"},
        "art.house_pick@owner": {"en": "{owner}'s House card", "ja": "{owner}のハウス用カード"},
        "art.discards@owner": {"en": "{owner}'s discards", "ja": "{owner}の捨て札"},
        "art.replay_step": {"en": "Step {n}/{count}", "ja": "ステップ {n}/{count}"},
    }
)

OWNER: ContextVar[str | None] = ContextVar("art_owner", default=None)
"""While set (a replay's every-hand picture), "your" labels name this seat's owner instead."""


def tr(code: str, lang: str, **params: Any) -> str:
    owner = OWNER.get()
    if owner is not None and i18n.has(f"{code}@owner"):
        return i18n.translate(f"{code}@owner", lang, owner=owner, **params)
    return i18n.translate(code, lang, **params)


def counted(code: str, value: Any, lang: str) -> str:
    """A count with its word ("art.points", "art.tricks"): the singular form for 1 and -1 ("1 pt",
    "-1 pt", "1 trick"), the plural otherwise ("0 pts", "2.5 pts"). A score shown as a float that is a
    whole number reads as one ("3", not "3.0")."""
    shown = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    one = isinstance(value, int | float) and abs(value) == 1
    return tr(f"{code}_one" if one else code, lang, n=shown)
