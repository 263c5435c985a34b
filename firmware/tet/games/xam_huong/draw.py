"""Xăm Hường screen parts, for the game on one gadget and at a shared table alike: dice
drawing, a scrolling list of lines, and the Vietnamese texts built from the engine's state
(built once per roll, never in draw())."""

from tet.core import gfx as G
from tet.core import sound
from tet.games.xam_huong import engine as XH
from tet.games.xam_huong import rules as R
from tet.ui.widgets import Message

ROLL_MS = 900           # the dice tumble this long
FRAME_MS = 70           # and change faces this often
# category -> tune at landing
TUNES = (sound.WIN, sound.WIN, sound.TRANG, sound.TRANG, sound.TRANG) + (sound.CAPTURE,) * 7 + (
    sound.MOVE,) * 3 + (sound.CLICK,)
# Pips of each face on a 3x3 grid (bit = row * 3 + column).
PIPS = (0, 0x010, 0x101, 0x111, 0x145, 0x155, 0x16D)
FAMILY_NAMES = ("Ông", "Bà", "Ba", "Má", "Anh Hai", "Chị Hai", "Anh Ba", "Chị Ba", "Cô Út", "Chú Tư",
                "Bé Na", "Bé Bi")


def die_size(g):
    """Side of one die and the gap between dice for this screen."""
    return (16, 4) if g.small else (30, 8)


def draw_die(g, x, y, face, size):
    """One die; hường (face 4) is red, or inverted on the monochrome screen."""
    red = face == R.HUONG_FACE
    if g.colour:
        g.fill_rect(x, y, size, size, G.CREAM)
        g.rect(x, y, size, size, G.GOLD)
        ink = G.RED if red else G.BLACK
    else:
        if red:
            g.fill_rect(x, y, size, size, G.WHITE)
        else:
            g.rect(x, y, size, size, G.WHITE)
        ink = G.BLACK if red else G.WHITE
    cell = size // 3
    radius = max(1, size // 10)
    bits = PIPS[face]
    for i in range(9):
        if bits & (1 << i):
            cx = x + cell * (i % 3) + cell // 2 + (size - 3 * cell) // 2
            cy = y + cell * (i // 3) + cell // 2 + (size - 3 * cell) // 2
            g.ellipse(cx, cy, radius, radius, ink, True)


def draw_dice(g, dice, y, bounce=None):
    """Six dice centred on a row at y; `bounce` (bytes of pixel offsets) lifts dice while tumbling."""
    size, gap = die_size(g)
    x = (g.w - 6 * size - 5 * gap) // 2
    for i in range(6):
        dy = bounce[i] if bounce else 0
        draw_die(g, x, y - dy, dice[i], size)
        x += size + gap


def player_name(names, p):
    """A player's name, or Người N if the list is short."""
    return names[p] if p < len(names) else "Người %d" % (p + 1)


def sticks_text(counts, base=0, short=False):
    """Sticks as text: "Trạng Nguyên, 2 Tiến Sĩ", or in the table's short form "TN 2HN 5TT"."""
    names = R.STICK_SHORT if short else R.STICK_NAMES
    parts = []
    for k in range(R.STICK_KINDS):
        n = counts[base + k]
        if n:
            parts.append(names[k] if n == 1 else ("%d%s" if short else "%d %s") % (n, names[k]))
    if short:
        return " ".join(parts) or "—"
    return ", ".join(parts)


def trang_text(game, names):
    """Who holds Trạng Nguyên, its kind and age."""
    holder = game.holder(R.TRANG_NGUYEN)
    if holder < 0:
        return "Trạng Nguyên còn giữa làng"
    age = R.rank_label(R.kind_category(game.trang_kind), game.trang_rank)
    text = "Trạng: %s, %s" % (player_name(names, holder), R.KIND_NAMES[game.trang_kind])
    return text + (" " + age if age else "")


def roll_title(category, rank):
    """The roll's name with the Trạng's age when it has one ("Trạng Tứ Hường 8 tuổi")."""
    name = R.category_name(category, rank)
    label = R.rank_label(category, rank)
    if rank and label not in name:
        name += " " + label
    return name


def outcome_text(game, names):
    """What the last roll did, in one line: sticks taken, robberies, payments, penalties."""
    flags = game.last_flags
    parts = []
    if flags & XH.EVENT_DECLINED:
        parts.append("Không lấy thẻ")
    if flags & XH.EVENT_SPILL:
        parts.append("Hột văng: phạt 1 vào trạng")
    if flags & XH.EVENT_LUC_PHU:
        each = game.last_paid // max(1, game.players - 1)
        parts.append("Mỗi người chung %d" % each)
    robbed = []
    from_pool = bytearray(game.took)
    for k in (R.TRANG_NGUYEN, R.BANG_NHAN, R.THAM_HOA):
        victim = game.took_from[k]
        if victim != XH.NOBODY:
            robbed.append("%s của %s" % (R.STICK_NAMES[k], player_name(names, victim)))
            from_pool[k] -= 1
    if robbed:
        parts.append("Cướp " + ", ".join(robbed))
    if flags & XH.EVENT_RANK_UP:
        parts.append("Trạng lên " + R.rank_label(R.kind_category(game.trang_kind), game.trang_rank))
    taken = sticks_text(from_pool)
    if taken:
        parts.append("Lấy " + taken)
    if flags & XH.EVENT_PENALTY and not flags & XH.EVENT_SPILL:
        parts.append("Trạng gieo trắng: phạt 1")
    if game.last_duel_stake:
        parts.insert(0, "Đấu thẻ rời: mỗi người đặt %d" % game.last_duel_stake)
    if flags & XH.EVENT_DUEL_WON:
        parts.append("%s ăn %d thẻ đấu" % (player_name(names, game.duel_leader),
                                           game.last_duel_won))
    return "; ".join(parts) or "Không lấy gì"


def roll_colour(category):
    """The colour a roll's name is shown in: gold for a Trạng or a Lục Phú and better."""
    return G.GOLD if R.CATEGORY_KIND[category] or category <= R.LUC_PHU else G.WHITE


def roll_heading(who, number):
    """The line over a roll's dice: whose roll it was and its number ("Bà gieo lần 5:")."""
    return "%s gieo lần %d:" % (who, number)


def last_roll_texts(game, names):
    """[heading, name, what it took, colour] of the last kept roll, from the history alone (the
    robberies and payments of that roll are not kept there)."""
    player, index, took, flags = game.history_records()[-1]
    heading = roll_heading(player_name(names, player), game.rolls)
    if index == XH.SPILL_INDEX:
        return [heading, "Hột văng", "Hột văng: phạt 1 vào trạng", G.ORANGE]
    category = XH.CATEGORY[index]
    colour = roll_colour(category)
    taken = sticks_text(took)
    if flags & XH.EVENT_DECLINED:
        outcome = "Không lấy thẻ"
    else:
        outcome = "Lấy " + taken if taken else "Không lấy gì"
    return [heading, roll_title(category, XH.RANK[index]), outcome, colour]


def table_lines(game, names, short=False):
    """The scoreboard: every player's sticks and total, the Trạng, the pool and the pot; sticks
    named in full, or in short (TN, HN, ...) for the small screen."""
    lines = [(trang_text(game, names), G.GOLD)]
    lines.append(("Giữa làng: %d (%s)" % (game.pool_value(), sticks_text(game.pool, 0, short)
                                          or "—"), G.CREAM))
    if game.pot:
        lines.append(("Phạt vào trạng: %d" % game.pot, G.CREAM))
    if game.duel_left:
        lines.append(("Đấu thẻ rời: %d thẻ, còn %d lượt" % (game.duel_pot, game.duel_left),
                      G.CREAM))
    for p in range(game.players):
        colour = G.RED if game.holder(R.TRANG_NGUYEN) == p else G.WHITE
        held = sticks_text(game.held, p * R.STICK_KINDS, short)
        text = "%s: %d" % (player_name(names, p), game.total(p))
        lines.append((text + " (" + held + ")" if held and held != "—" else text, colour))
    return lines


def history_lines(game, names, short=False):
    """The kept rolls, newest first (sticks in short for the small screen)."""
    lines = []
    first = game.rolls - len(game.history) // XH.RECORD
    records = game.history_records()
    for n in range(len(records) - 1, -1, -1):
        player, index, took, flags = records[n]
        who = "%d. %s" % (first + n + 1, player_name(names, player))
        if index == XH.SPILL_INDEX:
            lines.append((who + ": hột văng", G.ORANGE))
            continue
        dice = "".join(str(d) for d in XH.index_dice(index))
        category = XH.CATEGORY[index]
        colour = G.GOLD if R.CATEGORY_KIND[category] else G.WHITE
        lines.append(("%s: %s %s" % (who, dice, roll_title(category, XH.RANK[index])), colour))
        extra = sticks_text(took, 0, short) or "—"
        if flags & (XH.EVENT_ROB_TRANG | XH.EVENT_ROB_EM):
            extra += " (cướp)"
        if flags & XH.EVENT_LUC_PHU:
            extra = "mọi người chung"
        if extra != "—":
            lines.append(("  " + extra, G.LIGHT))
    return lines or [("Chưa gieo lần nào", G.CREAM)]


def settlement_lines(game, names):
    """Totals, net results and who pays whom at the end."""
    nets = game.nets()
    lines = [(trang_text(game, names), G.GOLD)]
    for p in range(game.players):
        lines.append(("%s: %d thẻ, %+d" % (player_name(names, p), game.total(p), nets[p]),
                      G.GREEN if nets[p] > 0 else (G.RED if nets[p] < 0 else G.WHITE)))
    lines.append(("Thanh toán:", G.GOLD))
    for payer, payee, amount in game.settlement():
        lines.append(("%s trả %s %d" % (player_name(names, payer), player_name(names, payee),
                                         amount), G.CREAM))
    if len(lines) == game.players + 2:
        lines.append(("Hoà, không ai trả ai", G.CREAM))
    return lines


def show_scores(app, game, names, table):
    """Open the score table (NEXT) or, with `table` False, the history (PREV) of the bowl."""
    if table:
        app.push(Lines(app, "Bảng điểm", table_lines(game, names, app.gfx.small)))
    else:
        app.push(Lines(app, "Lịch sử", history_lines(game, names, app.gfx.small)))


class Lines(Message):
    """A titled, scrolling list of (text, colour) lines (each wrapped, ▼ when there is more);
    OK or BACK closes it (then `on_close`)."""

    def __init__(self, app, title, lines, on_close=None):
        Message.__init__(self, app, title, "", on_close, lines)
