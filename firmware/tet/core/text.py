"""Text in Vietnamese with our own bitmap fonts (framebuf's built-in text is ASCII only).

Fonts are fixed-width, generated into tet/data/ as `bytes` (they stay in flash when frozen or in
ROMFS). A glyph is slice-copied into one preallocated scratch buffer and blitted through a 2-entry
palette: the only allocation per character is the short-lived memoryview slice, and the copy is
about ten times faster than a byte loop under MicroPython (text is most of a frame's drawing).
"""

import framebuf


class Font:
    """A fixed-width bitmap font module (see host_tools/gen_font.py) ready to draw."""

    def __init__(self, data, depth):
        self.width = data.WIDTH
        self.height = data.HEIGHT
        self.ascent = data.ASCENT
        self._codes = data.CODES
        self._bitmaps = memoryview(data.BITMAPS)
        self._count = len(data.CODES) // 2
        self._bpg = data.ROW_BYTES * data.HEIGHT
        self._scratch = bytearray(self._bpg)
        self._glyph = framebuf.FrameBuffer(self._scratch, self.width, self.height, framebuf.MONO_HLSB)
        fmt = framebuf.GS4_HMSB if depth == 4 else framebuf.MONO_HLSB
        self._palette = framebuf.FrameBuffer(bytearray(1), 2, 1, fmt)
        self._missing = self.index(ord("?"))

    def index(self, code):
        """Return the glyph index of code point `code`, or -1 if the font lacks it."""
        codes = self._codes
        lo, hi = 0, self._count - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            c = codes[2 * mid] | (codes[2 * mid + 1] << 8)
            if c == code:
                return mid
            if c < code:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def measure(self, text):
        """Width in pixels of `text` on one line."""
        return len(text) * self.width

    def draw(self, fb, text, x, y, colour):
        """Draw `text` with its top-left corner at (x, y) in palette colour `colour`."""
        pal = self._palette
        key = colour ^ 1
        pal.pixel(0, 0, key)
        pal.pixel(1, 0, colour)
        bpg = self._bpg
        bitmaps = self._bitmaps
        scratch = self._scratch
        glyph = self._glyph
        w = self.width
        for ch in text:
            i = self.index(ord(ch))
            if i < 0:
                i = self._missing
            base = i * bpg
            scratch[:] = bitmaps[base:base + bpg]
            fb.blit(glyph, x, y, key, pal)
            x += w
        return x


def wrap(text, max_chars):
    """Split `text` into lines of at most `max_chars` characters at spaces (long words are cut)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > max_chars:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:max_chars])
                word = word[max_chars:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= max_chars:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def clip(text, max_chars):
    """Shorten `text` to `max_chars`, ending in an ellipsis when cut."""
    if len(text) <= max_chars:
        return text
    return text[: max(0, max_chars - 1)] + "…"
