"""Shared widgets: a scrolling menu, a scrolling message, a list of choices, button hints.

Menus work with NEXT/PREV (or the arrows) to move, OK to pick and BACK to leave, so the same
screen is usable on a two-button and a five-button board. Every widget shows on its last line,
in Vietnamese, what the buttons do now on this board (`hints`, `draw_hints`); games call the same
helpers for their own screens.
"""

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.app import Screen
from tet.core.text import clip, wrap

# The names of the buttons in hints: (two-button board, five-button board). A two-button board's
# A gives NEXT (tap) and PREV (hold), B gives OK (tap) and BACK (hold); the DevKit's arrows move
# and its OK button gives OK (tap) and BACK (hold, its only long press).
KEY_MOVE = ("A/giữA", "▲▼")
KEY_NEXT = ("A", "▼")
KEY_PREV = ("giữA", "▲")
KEY_OK = ("B", "OK")
KEY_BACK = ("giữB", "giữ")


def hints(app, move=None, ok=None, back=None, next=None, prev=None):
    """The button hint line for this board: each argument is the Vietnamese word of what that
    button does now (None or "": not shown), e.g. hints(app, move="dời", ok="chọn", back="về") is
    "A/giữA:dời B:chọn giữB:về" on a two-button board and "▲▼:dời OK:chọn giữ:về" on the DevKit.
    `move` names NEXT and PREV together; `next`/`prev` name them apart."""
    k = 0 if app.input.two_buttons else 1
    parts = []
    for key, word in ((KEY_MOVE, move), (KEY_NEXT, next), (KEY_PREV, prev), (KEY_OK, ok),
                      (KEY_BACK, back)):
        if word:
            parts.append(key[k] + ":" + word)
    return " ".join(parts)


def draw_hints(g, text):
    """Draw a hint line (from `hints`) on the screen's last text line; return its top y, where
    the content above it must end."""
    y = g.h - g.line_h
    if text:
        if g.colour:
            g.text(clip(text, g.cols() - 1), 3, y, G.GREY)
        else:
            g.hline(0, y - 1, g.w, G.WHITE)
            g.text(clip(text, g.cols()), 1, y, G.WHITE)
    return y - 1


class Menu(Screen):
    """A titled list; `items` are (label, action) pairs, `action(menu)` runs on OK.

    `label` may be a function of no arguments returning the text (for values that change). The
    highlighted row is shown in full (wrapped over several lines when long), the others clipped,
    so a row's value is always readable. `ok` and `back` are the hint words of OK and BACK.
    """

    def __init__(self, app, title, items, on_back=None, ok="chọn", back="về"):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.index = 0
        self.top = 0
        self.on_back = on_back
        self.ok_word = ok
        self.back_word = back

    def label(self, i):
        """The text of item i."""
        text = self.items[i][0]
        return text() if callable(text) else text

    @property
    def selected(self):
        """Label of the highlighted item."""
        return self.label(self.index)

    def hint(self):
        """The hint line's text (override for a menu whose keys do more)."""
        return hints(self.app, move="dời", ok=self.ok_word, back=self.back_word)

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
        bottom = draw_hints(g, self.hint())
        big = g.colour
        font = g.big if big else g.font
        row_h = font.height + (4 if big else 1)
        pad = (row_h - font.height) // 2
        width = g.w // font.width - 2
        space = bottom - y0
        n = len(self.items)
        self.index = min(self.index, n - 1)
        # the highlighted row wraps to as many lines as it needs (and as fit)
        lines = wrap(self.label(self.index), width)[:max(1, (space - row_h) // font.height + 1)]
        sel_h = row_h + (len(lines) - 1) * font.height
        if self.index < self.top:
            self.top = self.index
        while self.top < self.index and (self.index - self.top) * row_h + sel_h > space:
            self.top += 1
        y = y0
        i = self.top
        while i < n:
            h = sel_h if i == self.index else row_h
            if y + h > bottom and i != self.index:
                break
            if i == self.index:
                g.fill_rect(0, y, g.w, h, G.RED if big else G.WHITE)
                g.text("▶", 2, y + pad, G.GOLD if big else G.BLACK, big)
                for k in range(len(lines)):
                    g.text(lines[k], font.width + 4, y + pad + k * font.height,
                           G.WHITE if big else G.BLACK, big)
            else:
                g.text(clip(self.label(i), width), font.width + 4, y + pad, G.CREAM, big)
            y += h
            i += 1
        if n > i - self.top:
            # a thin scroll bar tells that more entries exist
            shown = i - self.top
            bar_h = max(3, space * shown // n)
            bar_y = y0 + (space - bar_h) * self.top // max(1, n - shown)
            g.vline(g.w - 1, bar_y, bar_h, G.GOLD)


class Message(Screen):
    """A titled message, word-wrapped; NEXT/PREV scroll it (▼ and ▲ say that there is more),
    OK or BACK closes it (then `on_close()` if given). `lines` (a list of (text, colour)) may
    replace the body: each is wrapped the same way."""

    close_word = "đóng"  # the hint of OK and BACK ("": none, a notice no key closes)

    def __init__(self, app, title, body, on_close=None, lines=None):
        Screen.__init__(self, app)
        self.title = title
        self.body = body
        self.lines = lines
        self.on_close = on_close
        self.scroll = 0
        self._wrapped = None
        self._cols = 0

    def handle(self, ev):
        if ev == inp.OK or ev == inp.BACK:
            self.app.pop()
            if self.on_close:
                self.on_close()
        elif inp.forward(ev):
            self.scroll += 1
        elif inp.backward(ev) and self.scroll > 0:
            self.scroll -= 1

    def wrapped(self, cols):
        """The (text, colour) lines of the message wrapped to `cols` (kept until cols change)."""
        if self._wrapped is None or cols != self._cols:
            out = []
            source = self.lines if self.lines is not None else [(self.body, G.CREAM)]
            for text, colour in source:
                for line in wrap(text, cols):
                    out.append((line, colour))
            self._wrapped = out
            self._cols = cols
        return self._wrapped

    def draw(self, g):
        # one column is kept free for the ▲▼ signs (two on colour, whose text starts further in)
        lines = self.wrapped(g.cols() - (2 if g.colour else 1))
        if g.colour:
            y = g.header(self.title)
            bottom = g.h - g.line_h - 1
        else:
            # the OLED has three text lines: the keys go in the title bar
            short = hints(self.app, ok=self.close_word)
            y = g.header(clip(self.title, g.cols() - len(short) - 1), short)
            bottom = g.h
        rows = max(1, (bottom - y) // g.line_h)
        more = len(lines) > rows
        self.scroll = min(self.scroll, max(0, len(lines) - rows))
        if g.colour:
            draw_hints(g, hints(self.app, move="cuộn" if more else None, ok=self.close_word))
        for line, colour in lines[self.scroll:self.scroll + rows]:
            g.text(line, 2 if g.colour else 0, y, colour)
            y += g.line_h
        if self.scroll > 0:
            g.text_right("▲", g.w - 1, y - rows * g.line_h, G.GOLD)
        if self.scroll + rows < len(lines):
            g.text_right("▼", g.w - 1, y - g.line_h, G.GOLD)


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
