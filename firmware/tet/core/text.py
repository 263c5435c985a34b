"""Text in Vietnamese with our own bitmap fonts (framebuf's built-in text is ASCII only).

A font is a binary resource file in tet/data/ (host_tools/gen_font.py writes it): a header, the
sorted code points and the glyph bitmaps. Nothing of it is loaded as bytecode constants. From a
ROMFS partition the code table is a memoryview straight into flash; everywhere each glyph is read
with seek/readinto into one scratch buffer allocated once, so a font costs the heap at most its
code table (2 bytes a glyph) and one glyph, and drawing allocates nothing per character (a slice
of a memoryview into flash would be a new 32-byte object per character, on a heap that late in a
long evening has no hole left for them); a text's only allocation is its UTF-8 bytes. The glyph
is blitted through a 2-entry palette.
"""

from array import array

import framebuf

MAGIC = b"TETF"
HEADER = 10  # MAGIC, width, height, ascent, row bytes, glyph count (2 bytes, little-endian)
ASCII = 128


def data_path(name):
    """Path of resource file `name` in tet/data/ (next to that package, wherever it is installed)."""
    import tet.data

    here = tet.data.__file__
    return here[: max(here.rfind("/"), here.rfind("\\")) + 1] + name


class Font:
    """A fixed-width bitmap font file (see host_tools/gen_font.py) ready to draw."""

    def __init__(self, path, depth):
        f = open(path, "rb")
        head = f.read(HEADER)
        if head[:4] != MAGIC:
            raise ValueError("not a font file: " + path)
        self.width, self.height, self.ascent, row_bytes = head[4], head[5], head[6], head[7]
        self._count = head[8] | (head[9] << 8)
        self._bpg = row_bytes * self.height
        self._base = HEADER + 2 * self._count
        try:
            data = memoryview(f)  # pyright: ignore[reportArgumentType]  # a ROMFS file: in place
        except TypeError:
            data = None
        self._codes = data[HEADER:self._base] if data is not None else f.read(2 * self._count)
        self._file = f
        self._scratch = bytearray(self._bpg)
        self._glyph = framebuf.FrameBuffer(self._scratch, self.width, self.height, framebuf.MONO_HLSB)
        fmt = framebuf.GS4_HMSB if depth == 4 else framebuf.MONO_HLSB
        self._palette = framebuf.FrameBuffer(bytearray(1), 2, 1, fmt)
        self._missing = self.index(ord("?"))
        # most characters of any text are ASCII: their glyphs are looked up once, here (256
        # bytes), instead of by a binary search per character drawn
        ascii_glyphs = array("h", bytes(2 * ASCII))
        for code in range(ASCII):
            i = self.index(code)
            ascii_glyphs[code] = i if i >= 0 else self._missing
        self._ascii = ascii_glyphs

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

    def codes(self):
        """Every code point the font draws, in order."""
        c = self._codes
        return [c[2 * i] | (c[2 * i + 1] << 8) for i in range(self._count)]

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
        f = self._file
        base0 = self._base
        scratch = self._scratch
        glyph = self._glyph
        w = self.width
        ascii_glyphs = self._ascii
        # the UTF-8 bytes, decoded here: iterating a str makes each character a qstr, interned
        # for good, and a new one may grow the qstr pool by a kilobyte in the middle of a frame
        data = text.encode()
        n = len(data)
        j = 0
        while j < n:
            code = data[j]
            if code < ASCII:
                i = ascii_glyphs[code]
                j += 1
            else:
                if code < 0xE0:
                    code = ((code & 0x1F) << 6) | (data[j + 1] & 0x3F)
                    j += 2
                elif code < 0xF0:
                    code = ((code & 0x0F) << 12) | ((data[j + 1] & 0x3F) << 6) | \
                        (data[j + 2] & 0x3F)
                    j += 3
                else:
                    code = ((code & 0x07) << 18) | ((data[j + 1] & 0x3F) << 12) | \
                        ((data[j + 2] & 0x3F) << 6) | (data[j + 3] & 0x3F)
                    j += 4
                i = self.index(code)
                if i < 0:
                    i = self._missing
            f.seek(base0 + i * bpg)
            f.readinto(scratch)
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
