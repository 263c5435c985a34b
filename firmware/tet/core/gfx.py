"""Drawing API over the board's framebuffer: named colours, two fonts, layout facts.

Colour screens are 4-bit palette buffers (16 colours below); the 128x64 OLED is 1-bit, so every
colour maps to on/off through MONO. Screens use the names (gfx.RED, ...) and never raw values.
"""

from tet.core.text import Font, data_path

# index: (name, RGB888). Chosen for Tết: red and gold on dark, wood and jade for boards.
PALETTE = (
    0x000000,  # 0 BLACK
    0xFFFFFF,  # 1 WHITE
    0xD81E1E,  # 2 RED (hường, face 4 of the dice)
    0x7A0C0C,  # 3 DARK_RED
    0xF5C542,  # 4 GOLD
    0x2E9E4F,  # 5 GREEN
    0x14452A,  # 6 JADE (board background)
    0x2F6FD6,  # 7 BLUE
    0x808080,  # 8 GREY
    0x383838,  # 9 DARK
    0xC8C8C8,  # 10 LIGHT
    0xF08A24,  # 11 ORANGE
    0x8B5A2B,  # 12 WOOD
    0xFFF3D6,  # 13 CREAM
    0xF7A1C4,  # 14 PINK (hoa đào)
    0x35C6D9,  # 15 CYAN
)
BLACK, WHITE, RED, DARK_RED, GOLD, GREEN, JADE, BLUE = 0, 1, 2, 3, 4, 5, 6, 7
GREY, DARK, LIGHT, ORANGE, WOOD, CREAM, PINK, CYAN = 8, 9, 10, 11, 12, 13, 14, 15
# On the OLED a colour is lit or not: backgrounds off, ink on.
MONO = bytes((0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1))
LOW_BATTERY = 15  # percent from which the header's battery level is a warning (red, "!")


class Gfx:
    """The screen as screens see it: `w`, `h`, `colour`, `small`, fonts and drawing calls."""

    def __init__(self, display):
        self.fb = display
        self.w = display.width
        self.h = display.height
        self.colour = display.depth > 1
        self.small = self.h < 100
        self._map = None if self.colour else MONO
        self.font = Font(data_path("font_small.bin"), display.depth)
        if self.colour:
            self.big = Font(data_path("font_large.bin"), display.depth)
        else:
            self.big = self.font
        if self.colour:
            display.set_palette(PALETTE)
        self.line_h = self.font.height
        # (percent, charging) for the header, set by the app; None: not measured
        self.battery = None  # type: tuple[int, bool] | None
        # a display that keeps `texts` (the simulator's, the tests') is told every text drawn
        self._texts = getattr(display, "texts", None)

    def c(self, colour):
        """Device value of a palette colour (identity on colour screens)."""
        m = self._map
        return colour if m is None else m[colour]

    def clear(self, colour=BLACK):
        """Fill the whole screen."""
        self.fb.fill(self.c(colour))
        if self._texts is not None:
            del self._texts[:]

    def _told(self, s, x, y):
        if self._texts is not None:
            self._texts.append((y, x, s))

    def fill_rect(self, x, y, w, h, colour):
        """Filled rectangle."""
        self.fb.fill_rect(x, y, w, h, self.c(colour))

    def rect(self, x, y, w, h, colour):
        """Rectangle outline."""
        self.fb.rect(x, y, w, h, self.c(colour))

    def hline(self, x, y, w, colour):
        """Horizontal line."""
        self.fb.hline(x, y, w, self.c(colour))

    def vline(self, x, y, h, colour):
        """Vertical line."""
        self.fb.vline(x, y, h, self.c(colour))

    def line(self, x1, y1, x2, y2, colour):
        """Straight line."""
        self.fb.line(x1, y1, x2, y2, self.c(colour))

    def pixel(self, x, y, colour):
        """One pixel."""
        self.fb.pixel(x, y, self.c(colour))

    def ellipse(self, x, y, rx, ry, colour, fill=False):
        """Ellipse centred at (x, y), optionally filled."""
        self.fb.ellipse(x, y, rx, ry, self.c(colour), fill)

    def text(self, s, x, y, colour=WHITE, big=False):
        """Draw text at (x, y) (top-left); return the x after the last character."""
        font = self.big if big else self.font
        self._told(s, x, y)
        return font.draw(self.fb, s, x, y, self.c(colour))

    def text_center(self, s, y, colour=WHITE, big=False, x=0, w=0):
        """Draw text centred in the span x..x+w (the whole width by default)."""
        font = self.big if big else self.font
        span = w or self.w
        x += (span - font.measure(s)) // 2
        self._told(s, x, y)
        font.draw(self.fb, s, x, y, self.c(colour))

    def text_right(self, s, right, y, colour=WHITE, big=False):
        """Draw text ending at x = right."""
        font = self.big if big else self.font
        x = right - font.measure(s)
        self._told(s, x, y)
        font.draw(self.fb, s, x, y, self.c(colour))

    def cols(self, big=False):
        """How many characters fit across the screen."""
        return self.w // (self.big if big else self.font).width

    def header(self, title, right=""):
        """A title bar at the top; returns the y where content starts."""
        h = self.font.height + 2
        edge = 3 if self.colour else 1
        end = self.w - edge
        if self.colour:
            self.fill_rect(0, 0, self.w, h, DARK_RED)
        else:
            self.fill_rect(0, 0, self.w, h, WHITE)
        ink = CREAM if self.colour else BLACK
        if self.battery is not None:
            percent, charging = self.battery
            low = percent <= LOW_BATTERY and not charging
            level = ("+" if charging else "!" if low else "") + "%d%%" % percent
            self.text_right(level, end, 1, RED if low and self.colour else ink)
            end -= self.font.measure(level) + self.font.width
        self.text(title, edge, 1, GOLD if self.colour else BLACK)
        if right:
            self.text_right(right, end, 1, ink)
        return h + 1
