"""Tổ Tôm hand checker (Kiểm bài): enter a hand of up to 25 cards with the buttons, laid phu and
face-down khàn among them, and see whether it is thành, its lưng, its red cards, its waits (20
cards, 24 with four players) or whether it can ù and what it would score (21 or 25 cards), the
laid phu read as live (to-tom-v2 §1, tet.games.to_tom.laid).

The cursor walks the 30 kinds (Vạn, Văn, Sách rows, then the yêu CC TT OC) and three last stops:
"Hạ" lays the cards entered since the last lay as a laid phu (three or four identical cards: a
phỗng or a thiên khai), "Úp" sets three identical cards just entered face down as a khàn, "Xoá"
clears everything. NEXT/PREV (or LEFT/RIGHT) move it, UP/DOWN jump a row on five-button boards,
OK adds a copy of the kind under the cursor (after the fourth copy, or when the hand is full, OK
takes the kind out of the hand), BACK leaves. The hand is evaluated a moment after the last
change, so moving and adding stay instant even though a wait scan takes a while on the device.
"""

import time

from tet.core import gfx as G
from tet.core import input as inp
from tet.core import sound
from tet.core.app import Screen
from tet.core.text import clip, wrap
from tet.games.to_tom import hand as H
from tet.games.to_tom import laid as L
from tet.games.to_tom import laid_score as LS
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom.cards import CODES, IS_RED, NAMES, NKINDS, codes_text, partition_text, \
    phu_text
from tet.ui.game_screen import think

MAX_CARDS = 25
LAY = NKINDS            # the cursor stops after the last kind
KHAN = NKINDS + 1
CLEAR = NKINDS + 2
STOPS = NKINDS + 3
SETTLE_MS = 250         # evaluate this long after the last change
ROW_LABELS = ("Vạn", "Văn", "Sách", "Yêu")
ROW_MARKS = "VNSY"
SCROLL_MS = 1500        # a result longer than its rows moves up one line this often
THINKING = "Máy đang nghĩ…"


def cell_row_col(index):
    """(row, column) of a cursor stop in the grid: three rows of nine, then CC TT OC, Hạ, Úp,
    Xoá."""
    if index < 27:
        return index // 9, index % 9
    return 3, index - 27


def describe(counts, players, should_stop=None, laid=(), khan=()):
    """Result lines for a hand of concealed `counts` beside laid entries `laid` and face-down
    khàn `khan`: [summary, ù or waits (may be ""), split (may be "")]; a hand that is not
    thành is summed up by its best partial split (cards left out, lưng). With `should_stop`
    (polled during every search) it returns None when told to stop."""
    n = sum(counts) + sum([len(e) for e in laid]) + 3 * len(khan)
    full = 25 if players == 4 else 21
    info = H.polled(should_stop, LS.analyse_hand, counts, laid, khan, players)
    if info is None:
        return None
    if info["thanh"]:
        head = "%d lá · thành · %d lưng · %d đỏ" % (n, info["lung"], info["red"])
    else:
        head = "%d lá · lẻ %d · %d lưng · %d đỏ" % (n, len(info["rest"]), info["lung"],
                                                  info["red"])
    second = ""
    if n == full:
        wins = H.polled(should_stop, L.can_u, counts, laid, khan, players)
        if wins is None:
            return None
        if wins:
            score = H.polled(should_stop, LS.score_hand, counts, laid, khan, None,
                             {"players": players})
            if score is None:
                return None
            second = "Ù: %s · %d điểm" % (score["xuong"], score["points"])
            info = score
        elif info["thanh"]:
            second = "Không ù: thiếu lưng"
        else:
            second = "Không ù"
    elif n == full - 1:
        found = W.waits(counts, (), players, should_stop) if not laid and not khan else \
            H.polled(should_stop, L.waits, counts, laid, khan, players)
        if found is None:
            return None
        second = "Chờ: " + (codes_text(found) if found else "không có")
    split = partition_text(info)
    if info.get("rest"):
        split = "Lẻ " + codes_text(info["rest"]) + " · " + split
    return [head, second, split]


class Checker(Screen):
    """The hand checker screen."""

    title = "Kiểm bài"

    def __init__(self, app, players=None):
        Screen.__init__(self, app)
        self.players = players or app.rule("totom", "players", 5)
        self.counts = bytearray(NKINDS)     # the concealed cards
        self.laid = []                      # laid phu, tuples of kinds
        self.khan = []                      # face-down khàn, their kinds
        self.recent = []                    # kinds entered since the last lay, in order
        self.cursor = 0
        self.lines = ["0 lá", "", ""]
        self.changed_at = None      # ticks of the last change not evaluated yet
        self.pending = False
        self.step = 0

    # ----- input -----

    def handle(self, ev):
        if ev == inp.BACK:
            self.app.pop()
        elif ev == inp.UP or ev == inp.DOWN:
            self._jump_row(1 if ev == inp.DOWN else -1)
        elif inp.forward(ev):
            self.cursor = (self.cursor + 1) % STOPS
        elif inp.backward(ev):
            self.cursor = (self.cursor - 1) % STOPS
        elif ev == inp.OK:
            self._press()

    def _jump_row(self, step):
        row, col = cell_row_col(self.cursor)
        row = (row + step) % 4
        if row == 3:
            self.cursor = 27 + min(col, STOPS - 28)
        else:
            self.cursor = row * 9 + col

    def total(self):
        """Every card entered: concealed, laid and in khàn."""
        return sum(self.counts) + sum([len(e) for e in self.laid]) + 3 * len(self.khan)

    def _press(self):
        k = self.cursor
        if k == CLEAR:
            for i in range(NKINDS):
                self.counts[i] = 0
            self.laid = []
            self.khan = []
            self.recent = []
        elif k == LAY or k == KHAN:
            if not self._set_aside(k == KHAN):
                self.app.sound.play(sound.ERROR)
                return
        elif self.counts[k] + self._owned(k) < 4 and self.total() < MAX_CARDS:
            self.counts[k] += 1
            self.recent.append(k)
        elif self.counts[k]:
            self.counts[k] = 0
            self.recent = [r for r in self.recent if r != k]
        else:
            self.app.sound.play(sound.ERROR)
            return
        self.pending = True
        self.changed_at = None
        self.lines = ["%d lá" % self.total(), THINKING, ""]

    def _owned(self, k):
        """Copies of kind k laid or in a khàn."""
        return sum([e.count(k) for e in self.laid]) + 3 * self.khan.count(k)

    def _set_aside(self, face_down):
        """Lay the cards entered since the last lay (a khàn: three identical cards, face down);
        False when they are none of that."""
        recent = self.recent
        if face_down:
            if len(recent) != 3 or min(recent) != max(recent):
                return False
            self.khan.append(recent[0])
        elif not recent or H.classify(recent) is None:
            return False
        else:
            self.laid.append(tuple(sorted(recent)))
        for k in recent:
            self.counts[k] -= 1
        self.recent = []
        return True

    def tick(self, now):
        if not self.pending:
            # a long result scrolls by itself: redraw when its window moves
            step = now // SCROLL_MS
            if step != self.step:
                self.step = step
                return True
            return False
        if self.changed_at is None:
            self.changed_at = now
            return False
        if time.ticks_diff(now, self.changed_at) < SETTLE_MS:
            return False
        self.evaluate()
        return True

    def evaluate(self):
        """Evaluate the hand now (the screen does it by itself once the keys rest). The
        searches keep the screen alive through app.pump; a BACK pressed meanwhile stops them
        (the hand stays pending, the loop then delivers BACK)."""
        lines = think(describe, self.counts, self.players, self.app.pump, self.laid, self.khan)
        if lines is None:
            return
        self.pending = False
        self.lines = lines

    def result_rows(self, cols):
        """The result wrapped into rows of `cols` characters."""
        rows = []
        for line in [self.aside_text()] + self.lines:
            if line:
                rows += wrap(line, cols)
        return rows

    def _result(self, g, x, y, rows_fit, cols, colour):
        """Draw the result in `rows_fit` rows; a longer one scrolls by itself, a ▼ at the end
        of the last row saying there is more below."""
        rows = self.result_rows(cols - 1)
        start = 0
        if len(rows) > rows_fit:
            start = (self.app.hw.clock() // SCROLL_MS) % (len(rows) - rows_fit + 1)
        for i in range(start, min(len(rows), start + rows_fit)):
            g.text(rows[i], x, y, colour)
            if i == start + rows_fit - 1 and i < len(rows) - 1:
                g.text("▼", x + (cols - 1) * g.font.width, y, colour)
            y += g.line_h
        if self.pending and THINKING in self.lines:
            cw = g.font.width
            step = (self.app.hw.clock() // 120) % 4
            g.fill_rect(x + (len(THINKING) + 1 + step) * cw, y - g.line_h // 2 - 1, cw - 2, 3,
                        colour)

    # ----- drawing -----

    def cursor_text(self):
        """What the cursor is on: the kind's name and copies, or what a last stop does."""
        if self.cursor == CLEAR:
            return "Xoá hết"
        if self.cursor == LAY:
            return "Hạ phu: " + (codes_text(self.recent) or "—")
        if self.cursor == KHAN:
            return "Úp khàn: " + (codes_text(self.recent) or "—")
        return "%s ×%d" % (NAMES[self.cursor], self.counts[self.cursor])

    def aside_text(self):
        """The laid phu and khàn entered, e.g. 'Hạ [3V 4V 5V] · khàn 7N' ('' when none)."""
        words = [phu_text(e) for e in self.laid] + ["khàn " + CODES[k] for k in self.khan]
        return ("Hạ " + " ".join(words)) if words else ""

    def _cell(self, g, index, x, y, width):
        if index >= NKINDS:
            text = ("Hạ", "Úp", "Xoá")[index - NKINDS]
        else:
            count = self.counts[index]
            mark = str(count) if count else "·"
            text = CODES[index] + mark if index >= 27 else mark
        if index == self.cursor:
            g.fill_rect(x - 1, y, g.font.width * width, g.line_h, G.GOLD if g.colour else G.WHITE)
            g.text(text, x, y, G.BLACK)
        elif index < NKINDS and IS_RED[index] and g.colour:
            g.text(text, x, y, G.RED)
        else:
            g.text(text, x, y, G.CREAM if index >= NKINDS or self.counts[index] else G.GREY)

    def _grid_row(self, g, row, x0, y, suited_w, yeu_w):
        cw = g.font.width
        if row < 3:
            for col in range(9):
                self._cell(g, row * 9 + col, x0 + col * suited_w * cw, y, suited_w)
        else:
            for col in range(STOPS - 27):
                self._cell(g, 27 + col, x0 + col * yeu_w * cw, y, yeu_w)

    def draw(self, g):
        cols = g.cols() - 1
        right = "%d lá" % self.total()
        if g.small:
            y = g.header(clip(self.cursor_text(), g.cols() - len(right) - 1), right)
            row = cell_row_col(self.cursor)[0]
            g.text(ROW_MARKS[row], 1, y, G.WHITE)
            self._grid_row(g, row, 1 + 2 * g.font.width, y, 2, 3)
            y += g.line_h
            self._result(g, 1, y, 2, cols, G.WHITE)
            return
        y = g.header(self.title + " · %d người" % self.players, right)
        x0 = 3 + 5 * g.font.width
        for col in range(9):
            g.text(str(col + 1), x0 + col * 3 * g.font.width, y, G.GREY)
        y += g.line_h
        for row in range(4):
            g.text(ROW_LABELS[row], 3, y, G.GREY)
            self._grid_row(g, row, x0, y, 3, 5)
            y += g.line_h
        g.text(clip(self.cursor_text(), cols), 3, y, G.GOLD)
        y += g.line_h
        self._result(g, 3, y, (g.h - y) // g.line_h, cols, G.WHITE)
