"""Xấp Sắc drawing: cards, the grid window around the action, the hand row, texts of lines.

Colour screens show a card as its number on a tile of its colour; the mono OLED has no colours,
so a card there reads `R7` (colour letter and number) and highlighted cards are inverted.
"""

from tet.core import gfx as G
from tet.games.xap_sac import engine as X

TYPE_VI = ("Đôi", "Ba", "Tứ quý", "Sảnh", "Sảnh")
NAMES = ("Bạn", "Máy 1", "Máy 2", "Máy 3")
SHORT = ("Bạn", "M1", "M2", "M3")
TILE = (G.RED, G.GOLD, G.GREEN, G.CREAM)
INK = (G.WHITE, G.BLACK, G.WHITE, G.BLACK)


def line_text(line):
    """`Đôi 9`, `Sảnh 5-7 Xấp` for a packed line (a straight shows its numbers)."""
    typ = line & 7
    rank = (line >> 3) & 15
    if typ >= X.RUN3:
        text = "%s %d-%d" % (TYPE_VI[typ], rank - typ + 1, rank)
    else:
        text = "%s %d" % (TYPE_VI[typ], rank)
    if line & 0x80:
        text += " Xấp"
    return text


def card_label(g, card):
    """What a card cell shows: the number on colour screens, colour letter and number on mono."""
    if card >= X.TS:
        return "TS"
    if g.colour:
        return str(X.NUMBER[card])
    return X.card_code(card)


def cell_size(g):
    """(width, height) of one grid cell or hand card."""
    if g.colour:
        return 16, 15
    # 12 rows of the 13-pixel font: the glyphs' empty top row overlaps, so three rows fit
    return 21, 12


def draw_card(g, card, x, y, mark=0):
    """A card at pixel (x, y); mark 1 = highlighted (last play, ghost), 2 = cursor."""
    w, h = cell_size(g)
    label = card_label(g, card)
    tx = x + (w - g.font.measure(label)) // 2
    if g.colour:
        if card >= X.TS:
            g.fill_rect(x, y, w - 1, h - 1, G.DARK_RED)
            g.text(label, tx, y + 1, G.GOLD)
        else:
            g.fill_rect(x, y, w - 1, h - 1, TILE[card // 14])
            g.text(label, tx, y + 1, INK[card // 14])
        if mark:
            g.rect(x - 1, y - 1, w + 1, h + 1, G.WHITE if mark == 2 else G.CYAN)
        return
    if mark == 1:
        g.fill_rect(x, y, w - 1, h, G.WHITE)
        g.text(label, tx, y, G.BLACK)
    else:
        g.text(label, tx, y, G.WHITE)
        if card >= X.TS:
            g.hline(x, y + h - 1, w - 1, G.WHITE)
    if mark == 2:
        g.rect(x, y, w - 1, h, G.WHITE)


def grid_shape(g, top, bottom):
    """(columns, rows) of grid cells that fit between y=top and y=bottom."""
    w, h = cell_size(g)
    return g.w // w, (bottom - top) // h


def best_focus(g, table, keys, top, bottom):
    """Centre cell for a view that shows every cell in `keys` and as many table cards as it can."""
    cols, rows = grid_shape(g, top, bottom)
    xs = [X.key_x(k) for k in keys]
    ys = [X.key_y(k) for k in keys]
    mid_x = (min(xs) + max(xs)) // 2
    mid_y = (min(ys) + max(ys)) // 2
    best = -1
    focus = keys[0]
    for left in range(max(xs) - cols + 1, min(xs) + 1):
        for up in range(max(ys) - rows + 1, min(ys) + 1):
            seen = 0
            for k in table:
                if 0 <= X.key_x(k) - left < cols and 0 <= X.key_y(k) - up < rows:
                    seen += 64
            # among views showing as many cards, the one nearest centred on the action
            seen -= abs(left + cols // 2 - mid_x) + abs(up + rows // 2 - mid_y)
            if seen > best:
                best = seen
                focus = X.key(left + cols // 2, up + rows // 2)
    return focus


def draw_grid(g, table, ghost, marked, focus, top, bottom):
    """The cells around `focus` (a key) between y=top and y=bottom.

    `ghost` is a list of (key, card) shown as if placed; `marked` keys are highlighted.
    """
    w, h = cell_size(g)
    cols, rows = grid_shape(g, top, bottom)
    left = X.key_x(focus) - cols // 2
    up = X.key_y(focus) - rows // 2
    x0 = (g.w - cols * w) // 2
    y0 = top + (bottom - top - rows * h) // 2
    if g.colour:
        # faint dots at cell corners give the eye the grid
        for r in range(rows + 1):
            for c in range(cols + 1):
                g.pixel(x0 + c * w - 1, y0 + r * h - 1, G.DARK)
    for k in table:
        cx = X.key_x(k) - left
        cy = X.key_y(k) - up
        if 0 <= cx < cols and 0 <= cy < rows:
            draw_card(g, table[k], x0 + cx * w, y0 + cy * h, 1 if k in marked else 0)
    for k, card in ghost:
        cx = X.key_x(k) - left
        cy = X.key_y(k) - up
        if 0 <= cx < cols and 0 <= cy < rows:
            draw_card(g, card, x0 + cx * w, y0 + cy * h, 2)


def row_widths(g, row):
    """Pixel width of each hand-row item: a card (int) or an action label (str)."""
    w, _ = cell_size(g)
    return [w if isinstance(item, int) else g.font.measure(item) + 6 for item in row]


def draw_row(g, row, widths, cursor, picked, usable, y):
    """The hand and the action chips along the bottom, scrolled so the cursor shows.

    `picked` holds the row positions of the picked cards (two copies of a card differ only by
    position); `usable` counts (per card) the copies that can still join the picked ones.
    """
    _, h = cell_size(g)
    start = 0
    used = 0
    for i in range(cursor + 1):
        used += widths[i]
    while used > g.w - 2 and start < cursor:
        used -= widths[start]
        start += 1
    x = 1
    for i in range(start, len(row)):
        item = row[i]
        if x + widths[i] > g.w:
            break
        if isinstance(item, int):
            chosen = i in picked
            mark = 2 if i == cursor else (1 if chosen else 0)
            if g.colour and chosen:
                draw_card(g, item, x, y - 3, mark)
            elif usable[item] or not g.colour:
                draw_card(g, item, x, y, mark)
                if not g.colour and mark == 0:
                    # mono cards have no tiles: a tick between them keeps "R13" "Y10" apart
                    g.vline(x + widths[i] - 1, y + 3, h - 6, G.WHITE)
            else:
                # a card with no legal play now: drawn dim
                g.fill_rect(x, y, widths[i] - 1, h - 1, G.DARK)
                g.text(card_label(g, item), x + 2, y + 1, G.GREY)
        else:
            if i == cursor:
                g.fill_rect(x, y, widths[i] - 1, h, G.RED if g.colour else G.WHITE)
                g.text(item, x + 3, y + (1 if g.colour else 0), G.WHITE if g.colour else G.BLACK)
            else:
                g.rect(x, y, widths[i] - 1, h, G.GOLD if g.colour else G.WHITE)
                g.text(item, x + 3, y + (1 if g.colour else 0), G.CREAM)
        x += widths[i]
