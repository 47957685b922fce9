"""The /rules summary in both languages (docs/rules/dream-capture.md is the long form).

Kept as data so the engine stays free of I/O. Every table ruling is marked "Ruling:" (in Japanese "Ruling:（裁定）").
"""

from __future__ import annotations

_EN = """\
Capture of Dreams (Ex-Tarot, by Jun Kusaba) — 6 players, two teams of 3 (Team A: seats 1, 3, 5; Team B: seats 2, 4, 6). Six deals; the team with the higher total wins.
Cards: 108. Trumps 0-23; the Fool (0) is the strongest trump, then 23 Hope, 22 Dream, 21 World, … down to 1 Magician, the weakest. Four suits (♠ ♥ ♦ ♣), each ∞ K Q C J 15 14 … 1 0 from strongest to weakest.
Deal: 18 cards each, dealt one at a time counter-clockwise; the dealer passes to the right after each deal.
Discard: everyone discards 3 cards face down; no 5-point card and not the Fool. Your team's discards score for the ENEMY team at the end of the deal.
Honours: before play, whoever holds the Fool, Hope, Dream, World or Magician shows it to everyone and keeps it.
Play: the dealer's right leads first; play goes counter-clockwise. Follow the led suit if you can; otherwise you must play a trump; otherwise anything. The highest trump wins, else the highest card of the led suit; the winner takes the cards and leads. 15 tricks.
Points: Fool -5; Hope, Dream, World, Magician 5; other trumps 1; ∞ 5, K 4, Q 3, C 2, J 1; number cards (15 … 0) 1 point per 6 cards, the remainder dropped. Last trick 1.
Game bonus: +10 to each team whose card points plus the last trick reach 40.
Captures (+15): win the trick with the Fool when an enemy played Hope; with Hope against an enemy Dream; with the Dream against an enemy World; with the High Priestess against an enemy Magician. Order of play does not matter. Partners' cards never count.
Magic: play the Magician to the last trick and win it: +10 (success). If an enemy wins it: +10 to the enemy (failure). If a partner wins it: no bonus (vanishing).
Ruling: seats are fixed in join order; counter-clockwise is reverse seat order; the first dealer is drawn by the table's seeded RNG and announced; shuffling and the cut are done by the RNG.
Ruling: the discards are a simultaneous secret choice, one card at a time, final once chosen; nobody (not even a partner) sees them until the deal is scored, when they are shown and counted for the enemy.
Ruling: the 40-point game bonus counts card points and the last trick only, not captures or magic.
Ruling: a capture needs the capturing card to win the trick against an enemy's target card, so at most one capture happens per trick (this reproduces both worked examples).
Ruling: equal totals after the last deal are a draw.
Ruling: the next dealer presses "Deal" to start each new deal. Table option deals (1-6, default 6) shortens the game.
"""

_JA = """\
夢の捕獲（エクスタロット、草場純）— 6人、1人おきの3人ずつ2チーム（チームA: 1・3・5番席、チームB: 2・4・6番席）。6ディールで合計得点の多いチームの勝ち。
カード: 108枚。切り札は0〜23。0（愚者）が最強、次に23（希望）、22（夢）、21（世界）…と続き、1（魔術師）が最弱。小アルカナは♠♥♦♣の4スートで、どれも∞ K Q C J 15 14 … 1 0 の順。
ディール: 反時計回りに1枚ずつ18枚ずつ配る。ディーラーはディールごとに右隣へ交代。
ディスカード: 各自3枚を伏せて捨てる。5点の札と愚者は捨てられない。捨て札は最後に相手チームの獲得札に加わる。
役札の公開: プレーの前に、愚者・希望・夢・世界・魔術師を持っている人は表にして全員に見せ、手札に戻す。
プレー: 最初のリードはディーラーの右隣。反時計回りに進む。マストフォロー、フォローできなければマストラフ、それもできなければ何でもよい。最強の切り札、なければリードされたスートの最強のカードが勝ち、勝った人がカードを獲得して次をリード。15トリック。
点数: 愚者-5点、希望・夢・世界・魔術師5点、その他の切り札1点、∞5点・K4点・Q3点・C2点・J1点、数札（15〜0）は6枚で1点（端数切り捨て）。ラストトリック1点。
ゲームボーナス: カードの点とラストトリックの点で40点以上のチームに+10点。
捕獲（+15点）: 敵の希望が出ているトリックに愚者で勝つ、敵の夢に希望で、敵の世界に夢で、敵の魔術師に女教皇で勝つ。出す順番は関係なし。味方同士では発生しない。
魔法: 最後のトリックに魔術師を出して勝てば+10点（成功）。敵に勝たれたら敵に+10点（失敗）。味方に勝たれたらボーナスなし（消滅）。
Ruling:（裁定）席は参加順で固定。反時計回りは席番号の逆順。最初のディーラーは卓のシード付き乱数で決めて公表。シャッフルとカットは乱数で行う。
Ruling:（裁定）捨て札は全員同時の秘密の選択で、1枚ずつ選び、選んだら取り消せない。ディールの得点計算で公開されて相手チームの点になるまで、味方を含め誰にも見えない。
Ruling:（裁定）40点のゲームボーナスはカードの点とラストトリックだけで数え、捕獲や魔法のボーナスは含めない。
Ruling:（裁定）捕獲は、捕獲する札が敵の対象札の出ているトリックに勝ったときだけ成立する。したがって1トリックで成立する捕獲は最大1つ（ルールブックの2つの例と一致）。
Ruling:（裁定）最終ディール後に合計が同点なら引き分け。
Ruling:（裁定）新しいディールは次のディーラーが「配る」を押して始める。卓オプション deals（1〜6、既定6）でディール数を減らせる。
"""


def rules_summary(lang: str = "en") -> str:
    from games.dream_capture.card_texts import card_list

    return (_JA if lang == "ja" else _EN) + "\n" + card_list(lang)
