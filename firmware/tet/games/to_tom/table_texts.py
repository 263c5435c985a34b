"""The text of a Tổ Tôm table's Phu trên chiếu view: every player's laid phu and khàn, the cards
left at each door, the player's bất thực, what the player may no longer take or discard (and
the pairs they let go), the stock. A module of its
own, imported by the table for the view and forgotten after: play does without its bytecode."""

from tet.games.to_tom import state as T
from tet.games.to_tom.cards import CODES, phu_text


def banned_text(game, p):
    """The kinds player p may no longer eat or phỗng (declined earlier), e.g. 'Cấm ăn: 5V 7N'."""
    kinds = [CODES[k] for k in range(len(CODES)) if game.banned[p][k]]
    return ("Cấm ăn/phỗng (đã bỏ): " + " ".join(kinds)) if kinds else ""


def forbidden_text(game, p):
    """What player p's takes and discards forbid for the rest of the game: the kinds they may
    no longer discard (tham, phu dưới chiếu) and a declined ù, e.g. 'Cấm đánh (tham): 3N'."""
    kinds = [CODES[k] for k in range(len(CODES)) if game.forbid[p][k] and game.hands[p][k]]
    lines = ["Cấm đánh (tham): " + " ".join(kinds)] if kinds else []
    if game.bo_u[p]:
        lines.append("Đã bỏ ù: ván này không ù được nữa.")
    return "\n".join(lines)


def pairs_text(game, p):
    """The pairs of cards player p let go with a take (to-tom-v2 §6), which they may neither
    both discard nor eat the other card completing into a phu, e.g. 'Đôi đã bỏ: 3V 4V'."""
    pairs = game.pairs[p]
    if not pairs:
        return ""
    return "Đôi đã bỏ (không đánh cả hai, không ăn thêm): " + ", ".join(
        [CODES[pairs[i]] + " " + CODES[pairs[i + 1]] for i in range(0, len(pairs), 2)])


def bat_text(game, p):
    """Player p's unsettled bất thực (to-tom-v2 §4: kept concealed; a card discarded by đánh
    xén is told), e.g. 'Bất thực (chén úp): 3V, 5N đã đánh xén'."""
    bat = game.bat
    kinds = [CODES[bat[i + 1]] + (" đã đánh xén" if bat[i + 2] & T.BT_XEN else "")
             for i in range(0, len(bat), 3) if bat[i] == p and not bat[i + 2] & T.BT_SETTLED]
    return ("Bất thực (chén úp): " + ", ".join(kinds)) if kinds else ""


def table_text(game, names, me):
    """Every player's laid phu, khàn and the stock, for the Phu trên chiếu screen (`names`: the
    seats' names, `me` this gadget's seat)."""
    lines = []
    for p in range(game.n):
        laid = " ".join([phu_text(phu) for phu in game.laid[p]]) or "chưa hạ phu"
        khan = len(game.khan[p])
        if khan:
            laid += " · khàn úp: %d" % khan
        cups = game.cups(p)
        if cups:
            # the cup of a bất thực is on the mat for all to see, its kind the holder's secret
            laid += " · chén bất thực: %d" % cups
        lines.append("%s: %s" % (names[p], laid))
    lines.append("Bài bỏ qua ở từng cửa:")
    for p in range(game.n):
        gone = [CODES[game.pile[i]] for i in range(len(game.pile)) if game.pile_door[i] == p]
        lines.append("Cửa %s: %s" % (names[p], " ".join(gone) or "—"))
    for words in (bat_text(game, me), banned_text(game, me), pairs_text(game, me),
                  forbidden_text(game, me)):
        if words:
            lines.append(words)
    lines.append("Nọc còn %d lá." % game.left)
    if game.left <= T.END_CHO:
        lines.append("Cuối ván: chỉ ăn, phỗng khi đánh xong còn "
                     + ("chờ." if game.left == T.END_CHO else "thành bài."))
    return "\n".join(lines)
