"""Rules pages shown by /rules, English and Japanese, with every ruling marked.

docs/rules/kings-variants.md holds the same pages; PROVISIONAL values live in data.py.
"""

from __future__ import annotations

COMMON_EN = """
Cards: number cards 1-10 in red, blue, green and black; 2 white flags; 2 rares; the extra playing
cards 11 (J) and 12 (Q). Strength: king > rare > trump > lead colour > other colours > white flag; the
later king and the earlier rare win. Follow the lead colour if you can; rares and flags may be played at
any time, and after a rare/flag lead the next number card sets the lead colour.
Ruling: a card a white or blue queen turned into a rare or flag counts as what it became: led, it sets
no lead colour, the next player may play anything, and the first number card sets the lead colour.
Ruling: when two equal cards meet (a white 11/12 taking the lead colour against the printed 11/12 of that
colour) the earlier one wins.
Ruling: the lead player who uses the green queen leads nothing; the first number card sets the lead colour.
Ruling: a king may go on the card played with the red or black queen; the white king on its own white
queen; never on a blue-queen card.
Ruling: "rock-paper-scissors" / any-method choices are drawn by the table's seeded RNG, announced publicly.
Ruling: after a round is scored, any seat starts the next round ("Next round"), so the last trick stays
visible until then.
"""

COMMON_JA = """
カード: 赤・青・緑・黒の数字カード1〜10、白旗2枚、レア2枚、追加プレイングカード11(J)・12(Q)。強さ:
キング > レア > 切り札 > リードカラー > その他の色 > 白旗。後のキング・先のレアが勝ちます。マストフォロー
(レア・白旗はいつでも出せ、レア・白旗のリードの後は次の数字カードがリードカラーを決めます)。
裁定: 白/青クイーンでレア/白旗になったカードは、なったものとして扱います。リードしてもリードカラーを
決めず、次のプレイヤーはどのカードも出せ、最初の数字カードがリードカラーを決めます。
裁定: 同じ強さのカード(リードカラーになった白11/12と、その色の11/12)は先に出した方が勝ちます。
裁定: 緑クイーンを使ったリードプレイヤーは何もリードしません。最初の数字カードがリードカラーを決めます。
裁定: 赤・黒クイーンと一緒に出したカードにキングをのせられます。白キングは自分の白クイーンの上にも
のせられます。青クイーンのカードにはのせられません。
裁定: 「ジャンケンなど」で決めることは、卓のシード付き乱数で決め、全員に公開します。
裁定: ラウンドの得点計算の後、誰かが「次のラウンドへ」を押すと次のラウンドを配ります。
"""

OMBRE_EN = """# Ombre (3 players)
- 9 cards and 3 auction cards each; nobody sees auction cards, their owner included; 7 cards stay in the
  deck. One white flag is out of the game. No character cards, no king back-side effects.
- Auction: the auction's start player declares "I am KING" with 0 cards. In turn the others declare with
  1-3 auction cards face down or pass; a pass is final. Two passes end it; the last declarer is the King.
  Ruling: only the auction's start player may overbid with an equal number of auction cards; the others
  need more. A declaration names your new total of auction cards.
- The King takes the unused auction cards into hand and discards as many (3 used: no exchange); the
  spent ones leave the round unseen. Each rival takes all 3 and discards 3.
- The King chooses any KQJ set; its colour is trump (black is then an ordinary colour). White: no trump,
  and the white king goes on any card played by the normal rules. Rivals take sets clockwise from the
  King; their king and jack are face down (a rival with exactly 3 wins scores +100). The King takes the
  start player card (leads the first trick) and cannot use its jack. Ruling: exchanges happen after all
  sets are taken.
- Ruling: the KQJ sets are fresh each round: the King's king and every player's queen can be used once
  in the round; no queen recovery costs.
- White flag beats rare: the flag wins a trick with a rare (the earlier of two flags; a king still wins)
  and scores +100 at once per rare it beats (+200 for two). White-queen rares and blue-queen flags count.
  Ruling: the +100 is paid only when the flag wins the trick.
- Red queen: +1 win only when its player wins that trick.
- Scoring each round: King sole first in wins +100; King 5+ wins +100; each rival +100 when the King is
  not sole first; a rival with exactly 3 wins +100. Ruling: each rival earns each rival bonus it meets.
- Three rounds; the auction start moves clockwise. Most points wins; ties share the place (ruling).
"""

OMBRE_JA = """# オンブレ(3人)
- 手札9枚+オークションカード3枚(持ち主も含め誰も見られません)。山札7枚。白旗1枚を抜きます。
  キャラカードとキングの裏面の効果は使いません。
- オークション: 競りの開始プレイヤーは0枚で「I am KING」を宣言します。他のプレイヤーはオークション
  カード1〜3枚で宣言するかパス(ハードパス)。2人がパスしたら、最後に宣言した人がキングです。
  裁定: 同数で上書きできるのは競りの開始プレイヤーだけで、他の人はより多い枚数が必要です。宣言の
  枚数は自分のオークションカードの合計です。
- キングは競りに使わなかったオークションカードを手札に加え同じ枚数を捨てます(3枚使ったら交換なし)。
  使ったカードは誰も見ずにラウンドから除きます。ライバルは3枚を加えて3枚捨てます。
- キングは好きなKQJセットを選び、その色が切り札になります(黒は普通の色になります)。白を選ぶと切り
  札なしで、白キングは通常どおり出したどのカードの上にものせられます。ライバルはキングから時計回り
  にセットを獲得し、キングとジャックを裏にします(3勝ぴったりで+100)。キングはスタートプレイヤー
  カードを受け取り、ジャックは使えません。裁定: 手札交換は全員がセットを獲得した後に行います。
- 裁定: KQJセットは毎ラウンド新しく配られます。キングのキングと全員のクイーンはラウンドに1回使え、
  クイーンの回復コストはありません。
- 白旗はレアに勝ちます(白旗2枚なら先の白旗。キングがあればキングの勝ち)。勝ったレア1枚につき即時
  +100(2枚で+200)。白クイーンのレア・青クイーンの白旗も有効。裁定: +100は白旗がトリックに勝った
  ときだけ。
- 赤クイーンは、使ったトリックに勝ったときだけ勝利数+1。
- 得点: キングが単独1位で+100、5勝以上で+100。キングの単独1位を阻止したらライバル各+100、ライバルが
  3勝ぴったりで+100。裁定: ライバルはそれぞれ、満たしたボーナスをすべて得ます。
- 3ラウンド。競りの開始プレイヤーは時計回りに移ります。同点は同順位(裁定)。
"""

WHIST_EN = """# Whist (4 players, 2 against 2)
- Partners sit opposite (Ruling: seats 1 and 3 against seats 2 and 4, in join order). All 44 playing
  cards; the playing card 11 is each set's jack. No character cards, no king back-side effects.
- Round 1: 9 cards each from the 40 number cards (4 stay in the deck). Snake pick (clockwise, then
  back) of a KQJ set or one white flag/rare; everyone ends with one set and one flag or rare (Ruling:
  the second pick is the kind you lack). The set's 11 and the flag/rare join the hand: 11 cards, 11
  tricks. The set nobody took goes back to the box. Smallest king number leads.
- Rounds 2-3: your 11 back in hand, 9 cards, then one flag/rare each in king-number order.
- White jack (11): playable any time, takes the lead colour (after a white-jack lead the next number
  card sets it); the white king may go on it.
- White flag beats rare (the earlier of two flags; a king still beats both), also for queen-made ones.
- Red queen: +1 win only when its player wins that trick. Green queen: twice in the game. Kings and
  queens: once in the game (Ruling: no recovery).
- Each round 100 points to the team with more tricks; on a tie made by a red queen, both teams.
  After round 2, 100-100 plays round 3; 200 wins; 200-200: the smaller total king number (used kings
  count their used number). Ruling: still equal, a draw.
"""

WHIST_JA = """# ホイスト(4人、2対2)
- 同じチームは対面に座ります(裁定: 参加順で1・3番目と2・4番目)。プレイングカード44枚すべて。
  ジャックの代わりにプレイングカード11(J)。キャラカードとキングの裏面の効果は使いません。
- ラウンド1: 40枚の数字カードから9枚ずつ(山札4枚)。スネーク順(時計回り→反時計回り)で「KQJセット」
  か「白旗かレア1枚」を獲得し、全員がセット1つと白旗/レア1枚を持ちます(裁定: 2回目は持っていない
  方)。11と白旗/レアを手札に加え11枚・11トリック。残ったセットは箱へ。キングナンバー最小がリード。
- ラウンド2・3: 自分の11を手札に、9枚配布、キングナンバー順に白旗かレアを1枚ずつ。
- 白ジャック(11): いつでも出せ、リードカラーになります。白キングをのせられます。
- 白旗はレアに勝ちます(白旗2枚なら先の白旗、キングは両方に勝つ)。クイーンの効果のものも有効。
- 赤クイーンは使ったトリックに勝ったときだけ+1。緑クイーンはゲーム中2回。キングとクイーンはゲーム中
  1回(裁定: 回復なし)。
- 各ラウンド、トリック数の多いチームが100点。赤クイーンによる同数なら両チーム100点。ラウンド2の後
  100対100ならラウンド3。200点で勝利。200対200なら合計キングナンバーの小さいチーム(使用済みは裏の
  数字)。裁定: それも同じなら引き分け。
"""

NAPOLEON_EN = """# Napoleon (5 players, 2 against 3)
- All 44 playing cards; playing cards 11 and 12 are each set's jack and queen (no queen effects). No
  character cards. Kings once in the game.
- Round 1: 8 cards each (4 in the deck). Everyone bids a number card (1-10) face down; bids are revealed
  together and discarded. Higher numbers pick KQJ sets first; ties: black, red, blue, green. White (the
  Emperor) and black (the Partner) play against red, blue and green; the teams are shown once all sets
  are taken. Each takes its 11 and 12 into hand. The Emperor takes the 4 deck cards and discards 4
  (never a white flag, rare, 11 or 12), then leads.
- Jack dispatch: white and black swap jacks; red, blue and green each pass theirs to the next teammate
  clockwise. 9 tricks.
- White jack and queen: playable any time, take the lead colour. The white king may go on the white
  queen (and, as always, on a flag or rare); the black king on the white jack only when the lead colour
  is black.
- Points: 10 a trick; 10 per taken card of your king's colour; 10 per taken jack, queen or rare; -10
  per taken white flag (after the plus points); round 2 only: unused king 60/50/40/30/20.
  Ruling: the king-colour points are the used king's back side (キングの裏面), paid only once that king is
  used (a king used in round 1 also pays in round 2); white's colour cards are the flags and rares; a
  coloured 11/12 counts both as its colour and as a jack/queen. Ruling: a total never drops below 0.
- Round 2: own 11 and 12, 7 cards each (9 in the deck); the smallest king number leads. The Emperor and
  the trailing team's black or red king each take 4 and discard 4 (Ruling: none for equal totals). Jack
  dispatch again.
- The team with more points wins; equal: the smaller team king-number total; still equal: the Emperor
  (text; with the provisional king numbers the totals can never be equal).
"""

NAPOLEON_JA = """# ナポレオン(5人、2対3)
- プレイングカード44枚すべて。プレイングカード11・12をジャック・クイーンとして使います(クイーンの
  効果なし)。キャラカードは使いません。キングはゲーム中1回。
- ラウンド1: 8枚ずつ(山札4枚)。数字カード1枚を裏で出し、全員そろったら公開して捨てます。数字の大きい
  順にKQJセットを獲得(同数は黒→赤→青→緑)。白(エンペラー)と黒(パートナー)対 赤青緑。チームは全員が
  セットを獲得したときに公開されます。11と12を手札に。白キングは山札4枚をとり4枚捨て(白旗・レア・
  ジャック・クイーンは捨てられません)、リードします。
- ジャックの派遣: 白と黒はジャックを交換、赤青緑は時計回りに次のチームメイトへ渡します。9トリック。
- 白ジャック・白クイーン: いつでも出せ、リードカラーになります。白クイーンの上に白キング(白旗・レア
  の上にも)。黒キングはリードカラーが黒のときだけ白ジャックの上にのせられます。
- 勝利点: 1トリック+10、とったキングの色のカード+10、とったジャック・クイーン・レア+10、とった白旗
  -10(プラスの後)、ラウンド2のみ未使用キング+60/50/40/30/20。
  裁定: キングの色の+10はキングの裏面の効果で、キングを使った後だけ(ラウンド1で使えばラウンド2も)。
  白の色は白旗とレア。色つきの11/12は色とジャック/クイーンの両方で数えます。裁定: 合計は0未満になり
  ません。
- ラウンド2: 自分の11・12、7枚ずつ(山札9枚)、キングナンバー最小がリード。白キングと、得点の少ない
  チームの黒か赤キングが4枚とって4枚捨てます(裁定: 同点ならなし)。再びジャックの派遣。
- 得点の多いチームの勝ち。同点なら合計キングナンバーの小さいチーム、それも同じならエンペラー(本文。
  仮のキングナンバーでは合計が同じになることはありません)。
"""

RULES: dict[str, dict[str, str]] = {
    "ombre": {"en": OMBRE_EN + COMMON_EN, "ja": OMBRE_JA + COMMON_JA},
    "whist": {"en": WHIST_EN + COMMON_EN, "ja": WHIST_JA + COMMON_JA},
    "napoleon": {"en": NAPOLEON_EN + COMMON_EN, "ja": NAPOLEON_JA + COMMON_JA},
}
