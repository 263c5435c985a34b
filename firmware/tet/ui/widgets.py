"""Shared widgets: a scrolling menu, a message box and a list of choices.

Menus work with NEXT/PREV (or the arrows) to move, OK to pick and BACK to leave, so the same
screen is usable on a two-button and a five-button board.
"""

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.app import Screen
from tet.core.text import clip, wrap


class Menu(Screen):
    """A titled list; `items` are (label, action) pairs, `action(menu)` runs on OK.

    `label` may be a function of no arguments returning the text (for values that change).
    """

    def __init__(self, app, title, items, on_back=None):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.index = 0
        self.top = 0
        self.on_back = on_back

    def label(self, i):
        """The text of item i."""
        text = self.items[i][0]
        return text() if callable(text) else text

    @property
    def selected(self):
        """Label of the highlighted item."""
        return self.label(self.index)

    def handle(self, ev):
        n = len(self.items)
        if inp.forward(ev):
            self.index = (self.index + 1) % n
        elif inp.backward(ev):
            self.index = (self.index - 1) % n
        elif ev == inp.OK:
            self.items[self.index][1](self)
        elif ev == inp.BACK:
            if self.on_back:
                self.on_back(self)
            else:
                self.app.pop()

    def draw(self, g):
        y0 = g.header(self.title)
        big = g.colour
        font = g.big if big else g.font
        row_h = font.height + (4 if big else 1)
        rows = max(1, (g.h - y0) // row_h)
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1
        width = g.w // font.width - 2
        pad = (row_h - font.height) // 2
        for r in range(rows):
            i = self.top + r
            if i >= len(self.items):
                break
            y = y0 + r * row_h
            text = clip(self.label(i), width)
            if i == self.index:
                g.fill_rect(0, y, g.w, row_h, G.RED if big else G.WHITE)
                g.text("▶", 2, y + pad, G.GOLD if big else G.BLACK, big)
                g.text(text, font.width + 4, y + pad, G.WHITE if big else G.BLACK, big)
            else:
                g.text(text, font.width + 4, y + pad, G.CREAM, big)
        if len(self.items) > rows:
            # a thin scroll bar tells that more entries exist
            bar_h = max(3, (g.h - y0) * rows // len(self.items))
            bar_y = y0 + (g.h - y0 - bar_h) * self.top // max(1, len(self.items) - rows)
            g.vline(g.w - 1, bar_y, bar_h, G.GOLD)


class Message(Screen):
    """A titled message, word-wrapped; OK or BACK closes it (then `on_close()` if given)."""

    def __init__(self, app, title, body, on_close=None):
        Screen.__init__(self, app)
        self.title = title
        self.body = body
        self.on_close = on_close
        self.scroll = 0

    def handle(self, ev):
        if ev == inp.OK or ev == inp.BACK:
            self.app.pop()
            if self.on_close:
                self.on_close()
        elif inp.forward(ev):
            self.scroll += 1
        elif inp.backward(ev) and self.scroll > 0:
            self.scroll -= 1

    def draw(self, g):
        y = g.header(self.title)
        lines = wrap(self.body, g.cols() - 1)
        rows = (g.h - y) // g.line_h
        self.scroll = min(self.scroll, max(0, len(lines) - rows))
        for line in lines[self.scroll:self.scroll + rows]:
            g.text(line, 2, y, G.CREAM)
            y += g.line_h


class Choice(Menu):
    """Pick one of `options` (labels); `on_pick(index)` is called after the screen closes."""

    def __init__(self, app, title, options, on_pick, current=0):
        items = [(label, self._pick) for label in options]
        Menu.__init__(self, app, title, items)
        self.index = current
        self.on_pick = on_pick

    def _pick(self, menu):
        self.app.pop()
        self.on_pick(self.index)
