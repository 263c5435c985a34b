"""Drawing the Ô Ăn Quan ring: where each square goes on any screen, and how it is drawn.

Two players: two rows of five squares between two quan (turned upright on a portrait screen).
Three players: a triangle with a quan at each corner; four: a square. Player 0's side is at the
bottom and the ring runs counter-clockwise on screen, as direction + does. Cells too small for
the 6x13 font show their counts in a 3x5 digit font drawn here.
"""

from tet.core import gfx as G

# 3x5 digits, five rows of three bits (4 = left column) per digit
MINI = bytes((
    7, 5, 5, 5, 7, 2, 6, 2, 2, 7, 7, 1, 7, 4, 7, 7, 1, 7, 1, 7, 5, 5, 7, 1, 1,
    7, 4, 7, 1, 7, 7, 4, 7, 5, 7, 7, 1, 1, 1, 1, 7, 5, 7, 5, 7, 7, 5, 7, 1, 7,
))


class Ring:
    """Cell rectangles of the 6N squares inside the box (x, y, w, h); `mini` for tiny cells."""

    def __init__(self, players, x, y, w, h, font_h):
        n = 6 * players
        self.players = players
        self.xs = bytearray(n)
        self.ys = bytearray(n)
        self.ws = bytearray(n)
        self.hs = bytearray(n)
        if players == 2:
            self._two_rows(x, y, w, h)
        else:
            self._polygon(players, x, y, w, h)
        low = 255
        narrow = 255
        for i in range(n):
            low = min(low, self.hs[i])
            narrow = min(narrow, self.ws[i])
        self.mini = min(low, narrow) < font_h + 1
        # the 3x5 digits doubled when two of them still fit
        self.scale = 2 if low >= 12 and narrow >= 16 else 1

    def _set(self, i, x, y, w, h):
        self.xs[i] = x
        self.ys[i] = y
        self.ws[i] = w
        self.hs[i] = h

    def _two_rows(self, x, y, w, h):
        if w >= h:
            qw = max(12, w // 8)
            cw = (w - 2 * qw) // 5
            rh = h // 2
            self._set(0, x, y, qw, 2 * rh)
            self._set(6, x + qw + 5 * cw, y, qw, 2 * rh)
            for i in range(5):
                self._set(1 + i, x + qw + i * cw, y + rh, cw, rh)
                self._set(11 - i, x + qw + i * cw, y, cw, rh)
            return
        # upright: quan 0 at the bottom, player 0 up the right column, player 1 down the left
        qh = max(12, h // 8)
        ch = (h - 2 * qh) // 5
        cw = w // 2
        self._set(0, x, y + qh + 5 * ch, 2 * cw, qh)
        self._set(6, x, y, 2 * cw, qh)
        for i in range(5):
            self._set(1 + i, x + cw, y + qh + (4 - i) * ch, cw, ch)
            self._set(7 + i, x, y + qh + i * ch, cw, ch)

    def _polygon(self, players, x, y, w, h):
        bw = min(40, w // 7 - 1)
        bh = min(24, h // 7 - 1)
        left = x + bw // 2
        right = x + w - 1 - bw // 2
        bottom = y + h - 1 - bh // 2
        top = y + bh // 2
        if players == 3:
            corners = ((left, bottom), (right, bottom), ((left + right) // 2, top))
        else:
            corners = ((left, bottom), (right, bottom), (right, top), (left, top))
        for k in range(players):
            x1, y1 = corners[k]
            x2, y2 = corners[(k + 1) % players]
            for j in range(6):
                cx = x1 + (x2 - x1) * j // 6
                cy = y1 + (y2 - y1) * j // 6
                self._set(6 * k + j, cx - bw // 2, cy - bh // 2, bw, bh)


def mini_number(g, value, cx, cy, colour, scale=1):
    """Draw `value` (0..999) in 3x5 digits, each pixel `scale` wide, centred at (cx, cy)."""
    digits = 1 if value < 10 else (2 if value < 100 else 3)
    x = cx - (4 * digits - 1) * scale // 2
    y = cy - 5 * scale // 2
    div = 1
    for _ in range(digits - 1):
        div *= 10
    for _ in range(digits):
        d = (value // div) % 10
        for row in range(5):
            bits = MINI[5 * d + row]
            for col in range(3):
                if bits & (4 >> col):
                    g.fill_rect(x + col * scale, y + row * scale, scale, scale, colour)
        x += 4 * scale
        div //= 10


def draw_cell(g, ring, i, dan, piece, mark):
    """One square: outline (ellipse for a quan), its dân count, the quan piece, a highlight.

    mark: 0 none, 1 cursor (filled), 2 target (thick outline), 3 just captured (filled gold).
    """
    x, y, w, h = ring.xs[i], ring.ys[i], ring.ws[i], ring.hs[i]
    ink = G.CREAM
    if mark == 1 or mark == 3:
        fill = G.GOLD if mark == 3 else G.RED
        if not g.colour:
            fill = G.WHITE
        g.fill_rect(x + 1, y + 1, w - 2, h - 2, fill)
        ink = G.BLACK if (mark == 3 or not g.colour) else G.WHITE
    if i % 6 == 0:
        g.ellipse(x + w // 2, y + h // 2, w // 2 - 1, h // 2 - 1, G.GOLD)
    else:
        g.rect(x, y, w, h, G.LIGHT)
    if mark == 2:
        g.rect(x + 1, y + 1, w - 2, h - 2, G.GOLD)
        g.rect(x + 2, y + 2, w - 4, h - 4, G.GOLD)
    wide = w >= h + 10
    if piece:
        if ring.mini:
            g.fill_rect(x + 2, y + 2, 2, 2, ink)
        elif wide:
            g.ellipse(x + 7, y + h // 2, 3, 3, G.ORANGE if g.colour else ink, True)
        else:
            g.ellipse(x + w // 2, y + 5, 3, 3, G.ORANGE if g.colour else ink, True)
    if ring.mini:
        mini_number(g, dan, x + w // 2, y + h // 2, ink, ring.scale)
        return
    text = "%d" % dan
    big = g.colour and h >= g.big.height + 4 and w >= 2 * g.big.width + 4
    font = g.big if big else g.font
    ty = y + (h - font.height) // 2
    if piece and not wide:
        ty = max(ty, y + 9)
    g.text_center(text, ty, ink, big, x, w)


def draw_ring(g, ring, state, cursor=-1, target=-1, flash=-1):
    """Every square of the ring from a game state (dân per square, then the quan pieces)."""
    squares = 6 * ring.players
    for i in range(squares):
        mark = 0
        if i == flash:
            mark = 3
        elif i == cursor:
            mark = 1
        elif i == target:
            mark = 2
        draw_cell(g, ring, i, state[i], i % 6 == 0 and state[squares + i // 6], mark)
