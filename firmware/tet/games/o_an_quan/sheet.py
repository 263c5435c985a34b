"""Ô Ăn Quan's text screens: a scrolling text with a sign that there is more (the rules), and
the score sheet at the end of a game, which says where every point came from (loans included).
"""

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.text import wrap
from tet.games.o_an_quan.engine import STALL_ROUNDS, final_score, material
from tet.ui.widgets import Message

MORE_DOWN = "▼"
MORE_UP = "▲"
LOAN_NOTE = ("Hàng hết dân thì phải rải lại 5 dân đã ăn, thiếu thì vay của người khác: "
             "khi đếm, dân vay bị trừ (nợ), dân cho vay được cộng.")
STALL_NOTE = ("Bàn không vơi đi suốt %d vòng: dừng ván, mỗi người thu dân trên hàng và ô quan "
              "của mình.")


class Scroll(Message):
    """A titled text that scrolls with NEXT/PREV (or the arrows); ▼ and ▲ at the right edge say
    there is more below or above. OK and BACK close it (then `on_close()` if given); a subclass
    may give OK another meaning with `on_ok`."""

    def __init__(self, app, title, body, on_close=None, on_ok=None):
        Message.__init__(self, app, title, body, on_close)
        self.on_ok = on_ok
        self.rows = 1
        self.count = 0

    def handle(self, ev):
        if ev == inp.OK and self.on_ok is not None:
            self.on_ok()
            return
        if ev == inp.OK or ev == inp.BACK:
            Message.handle(self, ev)
        elif inp.forward(ev):
            if self.scroll + self.rows < self.count:
                self.scroll += 1
        elif inp.backward(ev) and self.scroll > 0:
            self.scroll -= 1

    def more_below(self):
        """True while lines are hidden below the last one shown."""
        return self.scroll + self.rows < self.count

    def draw(self, g):
        y = g.header(self.title)
        lines = []
        for para in self.body.split("\n"):
            lines += wrap(para, g.cols() - 2)
        rows = (g.h - y) // g.line_h
        self.rows = rows
        self.count = len(lines)
        self.scroll = min(self.scroll, max(0, len(lines) - rows))
        top = y
        for line in lines[self.scroll:self.scroll + rows]:
            g.text(line, 2, y, G.CREAM)
            y += g.line_h
        right = g.w - g.font.width
        if self.scroll:
            g.text(MORE_UP, right, top, G.GOLD)
        if self.more_below():
            g.text(MORE_DOWN, right, top + (rows - 1) * g.line_h, G.GOLD)


def score_lines(game, names):
    """One line per player: the score as the sum of what makes it (dân captured, quan pieces,
    dân left on the row, what is left in the player's own quan square when the game ended
    before it was emptied, loans: borrowed dân are owed back, lent dân come back)."""
    st = game.state
    players = game.players
    qv = game.quan_value
    captured = game.captured()
    quans = game.quan_captured()
    debts = game.debts()
    out = []
    for k in range(players):
        home = st[6 * k] + qv * st[6 * players + k]
        row = final_score(st, players, k, qv) - material(st, players, k, qv) - home
        line = "%s %d = %d dân" % (names[k], final_score(st, players, k, qv), captured[k])
        if quans[k]:
            line += " + %d quan (%d)" % (quans[k], qv * quans[k])
        if row:
            line += " + %d trên hàng" % row
        if home:
            line += " + %d ô quan" % home
        if debts[k] > 0:
            line += " – %d nợ" % debts[k]
        elif debts[k] < 0:
            line += " + %d cho vay" % -debts[k]
        out.append(line)
    return out


def sheet_text(result, game, names, keys):
    """The score sheet's body: the result, why the game ended when the stall rule ended it,
    each player's score explained, the loan rule when a loan counted, and what the keys do."""
    lines = [result]
    if game.stalled:
        lines.append(STALL_NOTE % STALL_ROUNDS)
    lines += score_lines(game, names)
    for debt in game.debts():
        if debt:
            lines.append(LOAN_NOTE)
            break
    lines.append("%s: ván mới · %s: xem bàn" % (keys[1], keys[2]))
    return "\n".join(lines)
