"""The rules page (/rules and docs/rules/timetrap.md), English and Japanese, with every ruling marked.

Built from the date-card data module, so a corrected card text shows up here too.
"""

from __future__ import annotations

from typing import Final

_EN: Final = """# TIMETRAP (タイムトラップ) — the rules as Tricktable plays them

From the TIMETRAP rulebook (TACTICAL GAMES, 2019). 2-4 players. Lines marked
**Ruling:** are decisions of this table where the rulebook is silent or its card images were lost.

## Goal
Seven days of play. Keep cards in hand through days 1-6 (an empty hand eliminates you), get rid of your
Time Trap card before day 7 begins, and be the first to empty your hand on day 7 — or hold the fewest
cards when day 7 ends. The last player still in wins at once.

## Setup
- Each player takes their colour's time cards 1-11 (orange, purple, blue, green), shuffles them face down,
  discards 2 at random face down and keeps the other 9. Each player is dealt one Time Trap card.
- **Ruling:** the 2 setup discards are unknown to everyone, their owner included; the table never shows them.
- Blue date cards are drawn at random under days 1, 3 and 5; yellow ones under days 2, 4 and 6. Day 7 has
  no date card. The elapsed tile starts face up.
- **Ruling:** seats are fixed in join order; the first start player is drawn by the table's seeded RNG.

## A turn
- Turns go clockwise (**Ruling:** clockwise is seat order; "the player to your left" is the next seat).
- The start player opens the day with any time card. After that, a time card must be **higher** than the
  last card played while the elapsed tile is face up, **lower** while it is face down, and it must obey
  the day's blue date card.
- If you can play a card (time card or Time Trap) you must; you pass only when nothing is playable. A
  player who passed gets turns again and must play when able.

## Time Trap cards
- A Time Trap may be played only right after the previous turn's player played a time card: never as the
  first card of a day, never right after another Time Trap, at most two a day.
- Playing it, you discard a time card from your hand face down, then flip the elapsed tile: the order of
  play reverses. The next player may play any number.
- A Time Trap counts 12 while the tile is face up and 0 while face down.
- **Ruling:** the trap's value (12 or 0) is fixed when it is played, before the flip, so it is always
  playable in the current direction and the next player may play any number.
- **Ruling:** a Time Trap needs a time card in hand to discard; without one it cannot be played.
- **Ruling:** "the previous turn" is whoever took the previous turn: a trap may follow your own time card
  on a Y4 extra turn, or the 9 of the player before a skipped one (Y5). A pass in between breaks it.
- **Ruling:** the elapsed tile keeps its side from day to day.

## Days
- A day ends when every player except the last one to play has passed, or when the daily limit is
  reached: 6 cards (2 players), 8 (3 players), 10 (4 players).
- **Ruling:** the limit follows the number of players still in at the start of the day, and counts every
  card played that day, Time Traps included. On day 7 it follows the players left after the day-7 trap
  check. A limit reached by a Y4 seven ends the day (no extra turn).
- The next start player is the last player to play a card; if everyone passed at the day's start, the same
  start player again.
- **Ruling:** if that player has been eliminated, the next surviving player to their left starts.
- Days 3 and 5: before playing, the start player takes a Time Trap card already played on the board into
  their hand, if there is one.
- **Ruling:** the traps are identical; the table takes the earliest played one, from any day's row.

## Date cards override the play rules
Where a date card conflicts with the play rules, the date card wins (rulebook). Blue cards restrict what
may be played that day; with a yellow card, the player who plays its number must carry out its action.

**PROVISIONAL:** the real date cards were printed only as images. This table uses the "house" set below
(each card has an id; table option `dates` can fix them, e.g. `B1,Y2,B3,Y4,B5,Y6`).

{cards}

- **Ruling:** B1, B2, B3, B4, B6 and B7 judge time cards only; a Time Trap is not restricted by them. B3 and
  B4 do not restrict the first card of a day or the card right after a Time Trap.
- **Ruling:** an effect that cannot be carried out in its entirety is ignored (Y1 with nobody to draw from,
  Y2 or Y7 with an empty hand, Y3 when the next player has no card, Y6 with no Time Trap on the board).
- **Ruling:** "any player" (Y1, Y2) means another player still in; Y1 picks one who holds cards. The drawn
  card is random; only the drawer and the victim learn which card it is.
- **Ruling:** a given card (Y2) is seen by the giver and the receiver only. Discards (Time Trap, Y3, Y7) go
  face down: only the discarder knows the card. Y2, Y3 and Y7 may move any card, a Time Trap included.
- **Ruling:** Y3 and other "next player" effects target the next surviving player to the left.
- **Ruling:** Y4: the extra turn follows at once. If the 7 was your last card your turn still ends with an
  empty hand, and you are eliminated.
- **Ruling:** Y5: a skipped player did not pass. With two players, the player of the 9 plays again.

## Elimination
- Days 1-6: a player with no card in hand at the end of their own turn is eliminated (also after giving
  the last card away with Y2, or after a Time Trap took the last time card).
- A player whose hand is emptied by a yellow date card during another player's turn (Y1, Y3) is eliminated
  at once.
- As day 7 begins, every player holding a Time Trap card is eliminated; if that was the start player, the
  next surviving player to the left starts.
- Eliminated players take no more turns.

## End and winner
- Day 7: the first player to empty their hand by playing a card wins at once.
- When day 7 ends, the player with the fewest cards wins. If tied, the day-7 start player wins.
- **Ruling:** if the day-7 start player is not among the tied players, the tied player reached first in turn
  order from the start player wins.
- If only one player is still in before day 7 (or after the day-7 trap check), that player wins at once.
- **Ruling:** if everyone is eliminated, there is no winner (nobody is placed first).
- **Ruling:** placings after the winner: players still in by fewest cards (equal counts share a place), then
  eliminated players, the later eliminated ranking higher.
"""

_JA: Final = """# タイムトラップ（TIMETRAP）— Tricktableでの遊び方

出典：TIMETRAP ルールブック（TACTICAL GAMES, 2019）。2～4人。**裁定：** の行は、ルールブックに
記載がない箇所やカード画像が失われた箇所についてこの卓が決めたことです。

## 目的
7日間のゲームです。1～6日目は手札を切らさず（手札が無くなると脱落）、7日目が始まる前にタイムトラップカードを
手放し、7日目に最初に手札を使い切るか、7日目終了時に手札が最も少ないプレイヤーが勝者です。生存者が一人に
なった場合、そのプレイヤーが即座に勝者です。

## 準備
- 各プレイヤーは自分の色（橙・紫・青・緑）の時間転移カード1～11を裏向きで混ぜ、ランダムに2枚を裏向きで捨て、
  残り9枚を手札にします。タイムトラップカードを1枚ずつ手札に加えます。
- **裁定：** 準備で捨てた2枚は、持ち主を含め誰にも分かりません。卓はこのカードを表示しません。
- 青の日付条件カードを1・3・5日目に、黄の日付条件カードを2・4・6日目にランダムに置きます。7日目には日付条件
  カードはありません。経時タイルはおもて向きで始まります。
- **裁定：** 席は参加順で固定です。最初のスタートプレイヤーは卓のシード付き乱数で抽選します。

## 手番
- 手番は時計回りです（**裁定：** 時計回り＝席順。「左隣」は次の席）。
- スタートプレイヤーはその日の最初に好きな数字の時間転移カードを出せます。以降は、経時タイルがおもて向きなら
  直前のカードより**大きい**数字、裏向きなら**小さい**数字の時間転移カードで、その日の青の日付条件カードにも
  従う必要があります。
- 出せるカード（時間転移カードまたはタイムトラップカード）があれば必ず出します。出せるカードが無いときだけ
  パスします。パスした後も手番は回ってきて、出せるようになっていれば出さなければなりません。

## タイムトラップカード
- 前の手番プレイヤーが時間転移カードを出した直後の手番にだけ出せます。その日の最初には出せず、タイムトラップ
  カードの直後にも出せません。1日に2枚までです。
- 出すときは手札の時間転移カードを1枚裏向きで捨て、経時タイルを裏返します。出せる順番が逆になります。次の
  プレイヤーは好きな数字を出せます。
- タイムトラップカードは経時タイルがおもて向きのとき12、裏向きのとき0として扱います。
- **裁定：** 値（12か0）は出した時点（裏返す前）で決まります。したがって常にその向きで出せ、次のプレイヤーは
  好きな数字を出せます。
- **裁定：** 捨てる時間転移カードが手札に無い場合、タイムトラップカードは出せません。
- **裁定：** 「前の手番」は直前に手番を行ったプレイヤーです。Y4の追加手番で自分が出した時間転移カードの直後や、
  Y5で手番を飛ばされたプレイヤーの次でも出せます。間にパスがあれば出せません。
- **裁定：** 経時タイルの向きは日をまたいでそのまま残ります。

## 1日の流れ
- 最後にカードを出したプレイヤー以外の全員がパスしたとき、または1日の上限（2人6枚、3人8枚、4人10枚）に
  達したとき、その日は終わります。
- **裁定：** 上限はその日の開始時に生存しているプレイヤー数で決まり、タイムトラップカードを含めその日に出た
  全てのカードを数えます。7日目はタイムトラップによる脱落の後の人数で決まります。Y4の7で上限に達した場合、
  その日は終わります（追加手番はありません）。
- 次の日のスタートプレイヤーは、最後にカードを出したプレイヤーです。1日の始めに全員がパスした場合は同じ
  スタートプレイヤーです。
- **裁定：** そのプレイヤーが脱落している場合は、生存している左隣のプレイヤーがスタートプレイヤーです。
- 3日目と5日目：スタートプレイヤーは最初に、場に出ているタイムトラップカードがあれば1枚取って手札に加えます。
- **裁定：** タイムトラップカードはどれも同じなので、卓は最も早く出されたものを取ります（どの日の列からでも）。

## 日付条件カードはプレイ方法より優先
日付条件カードとプレイ方法が矛盾する場合は、日付条件カードを優先します（ルールブック）。青はその日に出せる
カードを限定し、黄はその数字を出したプレイヤーが必ずアクションを実行します。

**暫定：** 実物の日付条件カードは画像のみで失われました。この卓は下の「ハウス」セットを使います（各カードに
IDがあります。卓オプション `dates` で固定できます。例：`B1,Y2,B3,Y4,B5,Y6`）。

{cards}

- **裁定：** B1・B2・B3・B4・B6・B7は時間転移カードだけを制限し、タイムトラップカードは制限しません。B3・B4は
  その日の最初のカードとタイムトラップカード直後のカードを制限しません。
- **裁定：** 全てを実行できない効果は無視します（Y1で引ける相手がいない、Y2・Y7で手札が無い、Y3で次の
  プレイヤーの手札が無い、Y6で場にタイムトラップカードが無い）。
- **裁定：** Y1・Y2の「好きなプレイヤー」は生存している他のプレイヤーです（Y1は手札のあるプレイヤー）。引く
  カードはランダムで、どのカードかは引いた人と引かれた人だけが知ります。
- **裁定：** Y2で渡したカードは渡した人と受け取った人だけが知ります。捨て札（タイムトラップ、Y3、Y7）は裏向き
  で、捨てた人だけが知ります。Y2・Y3・Y7ではタイムトラップカードも選べます。
- **裁定：** Y3など「次のプレイヤー」は、生存している左隣のプレイヤーです。
- **裁定：** Y4：すぐにもう一度手番を行います。7が最後の手札だった場合も手番は手札0枚で終わり、脱落します。
- **裁定：** Y5：飛ばされたプレイヤーはパスしたことになりません。2人プレイでは9を出したプレイヤーがもう一度
  手番を行います。

## 脱落
- 1～6日目：自分の手番の終了時に手札が1枚も無いプレイヤーは脱落します（Y2で最後の1枚を渡した場合や、
  タイムトラップで最後の時間転移カードを捨てた場合も）。
- 他のプレイヤーの手番中に黄の日付条件カードの効果（Y1、Y3）で手札が無くなったプレイヤーは即座に脱落します。
- 7日目が始まる時にタイムトラップカードを持っているプレイヤーは脱落します。スタートプレイヤーが脱落した
  場合は、生存している左隣のプレイヤーがスタートプレイヤーです。
- 脱落したプレイヤーの手番はありません。

## 終了と勝者
- 7日目：カードを出して最初に手札が無くなったプレイヤーが即座に勝者です。
- 7日目が終了したら、手札が最も少ないプレイヤーが勝者です。同数の場合は7日目のスタートプレイヤーが勝者です。
- **裁定：** 7日目のスタートプレイヤーが同数の首位に含まれない場合は、スタートプレイヤーから手番順で最初の
  同数プレイヤーが勝者です。
- 7日目を迎えるまでに（または7日目開始時の脱落の後に）生存者が一人になったら、そのプレイヤーが即座に勝者です。
- **裁定：** 全員が脱落した場合、勝者はいません（1位はいません）。
- **裁定：** 2位以下：生存者は手札の少ない順（同数は同順位）、その後に脱落者（後に脱落したほうが上位）。
"""


def _cards(lang: str) -> str:
    """Time cards, the Time Trap, then every date card by id (the ids the `dates` option takes)."""
    from games.timetrap.card_texts import catalog

    mark = "（暫定）" if lang == "ja" else " (provisional)"
    return "\n".join(f"- **{c.name}**{mark if c.ruling else ''}: {c.effect}" for c in catalog(lang))


def rules_page(lang: str = "en") -> str:
    lang = "ja" if lang == "ja" else "en"
    template = _JA if lang == "ja" else _EN
    return template.replace("{cards}", _cards(lang))
