"""CPython stand-in for MicroPython's `framebuf` module, written for the simulator.

It reproduces the observable behaviour of MicroPython 1.29's framebuf on the same calls: the
same bytes end up in the buffer for every format, including clipping at the edges, negative
coordinates, the line/ellipse/polygon rasterisation and blit with a key and a palette
(tests/test_sim_framebuf.py replays random drawing sequences in both and compares the buffers).

Not provided: `text()` raises NotImplementedError, because the built-in 8x8 font's bytes are
MicroPython's and are not reproduced here; the firmware draws text with its own font.  A
FrameBuffer cannot be passed to `memoryview()` on CPython 3.11 (no Python-level buffer protocol).
"""

import functools

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_FILL = 0x10
_ELLIPSE_ALL = 0x0F
_U32 = 0xFFFFFFFF

# Bits per pixel, and how many pixels a row is rounded up to (the stride and width alignment).
_BPP = {MONO_VLSB: 1, RGB565: 16, GS4_HMSB: 4, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 2, GS8: 8}
_ALIGN = {MONO_VLSB: 1, RGB565: 1, GS4_HMSB: 2, MONO_HLSB: 8, MONO_HMSB: 8, GS2_HMSB: 4, GS8: 1}


def _tdiv(a, b):
    """Integer division truncating toward zero, as C does."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _ellipse_region(a, b):
    """(u, v) points of a quarter ellipse with radii a (along u) and b (along v), from (a, 0)
    while v advances every step, in MicroPython's order and rounding."""
    two_asq = 2 * a * a
    two_bsq = 2 * b * b
    u, v = a, 0
    uchange = b * b * (1 - 2 * a)
    vchange = a * a
    err = 0
    stop_u = two_bsq * a
    stop_v = 0
    while stop_u >= stop_v:
        yield u, v
        v += 1
        stop_v += two_asq
        err += vchange
        vchange += two_asq
        if 2 * err + uchange > 0:
            u -= 1
            stop_u -= two_bsq
            err += uchange
            uchange += two_bsq


def _scroll_span(size, step):
    """Destination positions along one axis in the order scroll() copies them (away from the
    direction of travel, so no source is overwritten before it is read), or None if empty."""
    if step < 0:
        end = size + step
        return range(0, end) if end > 0 else None
    end = step - 1
    return range(size - 1, end, -1) if end < size - 1 else None


@functools.lru_cache(maxsize=None)
def _masked_table(keep_mask, value):
    """A bytes.translate table mapping each byte b to (b & keep_mask) | value (kept: fills of
    the OLED's part-pages ask for the same few tables again and again)."""
    return bytes((b & keep_mask) | value for b in range(256))


class FrameBuffer:
    """A pixel buffer over a caller-supplied writable buffer, like `framebuf.FrameBuffer`."""

    def __init__(self, buffer, width, height, format, stride=None, *, _readonly_ok=False):
        width = int(width)
        height = int(height)
        stride = width if stride is None else int(stride)
        if (width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF
                or stride < width):
            raise ValueError()
        if format not in _BPP:
            raise ValueError("invalid format")
        align = _ALIGN[format]
        bpp = _BPP[format]
        stride = (stride + align - 1) // align * align
        width_required = (width + align - 1) // align * align
        height_required = height
        strides_required = height - 1
        if format == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        try:
            view = memoryview(buffer)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        if view.readonly and not _readonly_ok:
            raise TypeError("object with buffer protocol required")
        view = view.cast("B")
        needed = (strides_required * stride
                  + (height_required - strides_required) * width_required) * bpp // 8
        if needed > len(view):
            raise ValueError()
        self._fb_buf = view
        self._fb_width = width
        self._fb_height = height
        self._fb_stride = stride
        self._fb_format = format
        self._fb_set, self._fb_get, self._fb_fill = _FORMATS[format](self)

    # -- primitives -------------------------------------------------------------------------

    def _fb_fill_rect(self, x, y, w, h, col):
        """Clip a rectangle to the buffer and fill it (MicroPython's internal fill_rect)."""
        width = self._fb_width
        height = self._fb_height
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= height or x >= width:
            return
        xend = min(width, x + w)
        yend = min(height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fb_fill(x, y, xend - x, yend - y, col & _U32)

    def _fb_set_checked(self, x, y, col, mask):
        if mask and 0 <= x < self._fb_width and 0 <= y < self._fb_height:
            self._fb_set(x, y, col & _U32)

    def _fb_line(self, x1, y1, x2, y2, col):
        """Bresenham line including both end points, in MicroPython's stepping order."""
        col &= _U32
        width = self._fb_width
        height = self._fb_height
        setpixel = self._fb_set
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    setpixel(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                setpixel(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            setpixel(x2, y2, col)

    # -- public API -------------------------------------------------------------------------

    def fill(self, c):
        """Fill the whole buffer with colour `c`."""
        self._fb_fill(0, 0, self._fb_width, self._fb_height, int(c) & _U32)

    def fill_rect(self, x, y, w, h, c):
        """Fill a rectangle (clipped)."""
        self._fb_fill_rect(int(x), int(y), int(w), int(h), int(c))

    def pixel(self, x, y, c=None):
        """Get the colour at (x, y) (None outside), or set it to `c`."""
        x = int(x)
        y = int(y)
        if 0 <= x < self._fb_width and 0 <= y < self._fb_height:
            if c is None:
                return self._fb_get(x, y)
            self._fb_set(x, y, int(c) & _U32)
        return None

    def hline(self, x, y, w, c):
        """Horizontal line of `w` pixels."""
        self._fb_fill_rect(int(x), int(y), int(w), 1, int(c))

    def vline(self, x, y, h, c):
        """Vertical line of `h` pixels."""
        self._fb_fill_rect(int(x), int(y), 1, int(h), int(c))

    def rect(self, x, y, w, h, c, f=False):
        """Rectangle outline, or filled when `f` is true."""
        x, y, w, h, c = int(x), int(y), int(w), int(h), int(c)
        if f:
            self._fb_fill_rect(x, y, w, h, c)
        else:
            self._fb_fill_rect(x, y, w, 1, c)
            self._fb_fill_rect(x, y + h - 1, w, 1, c)
            self._fb_fill_rect(x, y, 1, h, c)
            self._fb_fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        """Line from (x1, y1) to (x2, y2) inclusive."""
        self._fb_line(int(x1), int(y1), int(x2), int(y2), int(c))

    def ellipse(self, x, y, xr, yr, c, f=False, m=None):
        """Ellipse centred on (x, y); `f` fills it, `m` selects quadrants (bit 0 = top right,
        then anticlockwise)."""
        cx, cy, a, b, col = int(x), int(y), int(xr), int(yr), int(c)
        mask = _ELLIPSE_FILL if f else 0
        mask |= _ELLIPSE_ALL if m is None else (int(m) & _ELLIPSE_ALL)
        if a == 0 and b == 0:
            self._fb_set_checked(cx, cy, col, mask & _ELLIPSE_ALL)
            return
        # Two regions of the midpoint algorithm: where y steps every point, then where x does
        # (the same walk with the axes swapped).
        for px, py in _ellipse_region(a, b):
            self._fb_ellipse_points(cx, cy, px, py, col, mask)
        for py, px in _ellipse_region(b, a):
            self._fb_ellipse_points(cx, cy, px, py, col, mask)

    def _fb_ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _ELLIPSE_FILL:
            if mask & 1:
                self._fb_fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & 2:
                self._fb_fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & 4:
                self._fb_fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & 8:
                self._fb_fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            self._fb_set_checked(cx + x, cy - y, col, mask & 1)
            self._fb_set_checked(cx - x, cy - y, col, mask & 2)
            self._fb_set_checked(cx - x, cy + y, col, mask & 4)
            self._fb_set_checked(cx + x, cy + y, col, mask & 8)

    def poly(self, x, y, coords, c, f=False):
        """Closed polygon through the (x, y) pairs of `coords` (an array or bytes), offset by
        (x, y); `f` fills it."""
        try:
            memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        x, y, col = int(x), int(y), int(c)
        count = len(coords) // 2
        if count == 0:
            return
        # MicroPython walks the edges from the first vertex backwards: p0->p(n-1)->...->p0.
        path = [(int(coords[0]), int(coords[1]))]
        path += [(int(coords[2 * i]), int(coords[2 * i + 1])) for i in range(count - 1, -1, -1)]
        edges = list(zip(path, path[1:]))
        if not f:
            for (px1, py1), (px2, py2) in edges:
                self._fb_line(x + px1, y + py1, x + px2, y + py2, col)
            return
        ys = [p[1] for p in path]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            for (px1, py1), (px2, py2) in edges:
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    # Fixed point (x32) with rounding, truncating like C integer division.
                    step = _tdiv(32 * (px2 - px1) * (row - py1), py2 - py1)
                    nodes.append(_tdiv(32 * px1 + step + 16, 32))
                elif row == max(py1, py2):
                    # A local minimum or a horizontal edge: its pixels would be missed.
                    if py1 < py2:
                        self._fb_set_checked(x + px2, y + py2, col, 1)
                    elif py2 < py1:
                        self._fb_set_checked(x + px1, y + py1, col, 1)
                    else:
                        self._fb_line(x + px1, y + py1, x + px2, y + py2, col)
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                self._fb_fill_rect(x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, col)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Draw another FrameBuffer (or a (buffer, width, height, format[, stride]) tuple) at
        (x, y), skipping pixels equal to `key`, mapping colours through `palette` (row 0)."""
        source = _as_framebuffer(fbuf)
        x, y = int(x), int(y)
        key = int(key) & _U32
        lookup = _as_framebuffer(palette)._fb_get if palette is not None else None
        if (x >= self._fb_width or y >= self._fb_height or -x >= source._fb_width
                or -y >= source._fb_height):
            return
        x0 = max(0, x)
        y0 = max(0, y)
        sx0 = max(0, -x)
        sy = max(0, -y)
        x0end = min(self._fb_width, x + source._fb_width)
        y0end = min(self._fb_height, y + source._fb_height)
        getpixel = source._fb_get
        setpixel = self._fb_set
        for dy in range(y0, y0end):
            sx = sx0
            for dx in range(x0, x0end):
                col = getpixel(sx, sy)
                if lookup is not None:
                    col = lookup(col, 0)
                if col != key:
                    setpixel(dx, dy, col)
                sx += 1
            sy += 1

    def scroll(self, xstep, ystep):
        """Shift the contents by (xstep, ystep); the uncovered area keeps its old pixels."""
        xstep, ystep = int(xstep), int(ystep)
        cols = _scroll_span(self._fb_width, xstep)
        rows = _scroll_span(self._fb_height, ystep)
        if cols is None or rows is None:
            return
        getpixel = self._fb_get
        setpixel = self._fb_set
        for row in rows:
            for col in cols:
                setpixel(col, row, getpixel(col - xstep, row - ystep))

    def text(self, s, x, y, c=1):
        """Not available in the simulator: the firmware draws text with its own font."""
        raise NotImplementedError("framebuf.text is not simulated; use the firmware's font")


def FrameBuffer1(buffer, width, height, stride=None):
    """Legacy constructor: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is None else stride)


def _as_framebuffer(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, (tuple, list)):
        return FrameBuffer(*obj, _readonly_ok=True)
    raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)


# -- per-format pixel access: each factory returns (setpixel, getpixel, fill) closures ------------
# setpixel/getpixel take in-range coordinates; fill takes an already clipped rectangle.

def _fill_pixel_by_pixel(setpixel):
    """A fill for the rarely used formats: one setpixel per pixel."""

    def fill(x, y, w, h, col):
        for row in range(y, y + h):
            for col_x in range(x, x + w):
                setpixel(col_x, row, col)

    return fill


def _mono_vlsb(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride

    def setpixel(x, y, col):
        i = (y >> 3) * stride + x
        bit = 1 << (y & 7)
        buf[i] = (buf[i] | bit) if col else (buf[i] & ~bit)

    def getpixel(x, y):
        return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1

    def fill(x, y, w, h, col):
        yend = y + h
        while y < yend:
            page_end = min(yend, (y | 7) + 1)
            bits = ((1 << (page_end - y)) - 1) << (y & 7)
            start = (y >> 3) * stride + x
            if bits == 0xFF:
                buf[start:start + w] = (b"\xff" if col else b"\x00") * w
            else:
                table = _masked_table(~bits & 0xFF, bits if col else 0)
                buf[start:start + w] = bytes(buf[start:start + w]).translate(table)
            y = page_end

    return setpixel, getpixel, fill


def _mono_horizontal(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride
    msb_first = fb._fb_format == MONO_HLSB

    def setpixel(x, y, col):
        i = (x + y * stride) >> 3
        bit = 1 << ((7 - (x & 7)) if msb_first else (x & 7))
        buf[i] = (buf[i] | bit) if col else (buf[i] & ~bit)

    def getpixel(x, y):
        shift = (7 - (x & 7)) if msb_first else (x & 7)
        return (buf[(x + y * stride) >> 3] >> shift) & 1

    return setpixel, getpixel, _fill_pixel_by_pixel(setpixel)


def _rgb565(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride

    def setpixel(x, y, col):
        i = 2 * (x + y * stride)
        buf[i] = col & 0xFF
        buf[i + 1] = (col >> 8) & 0xFF

    def getpixel(x, y):
        i = 2 * (x + y * stride)
        return buf[i] | (buf[i + 1] << 8)

    def fill(x, y, w, h, col):
        run = bytes((col & 0xFF, (col >> 8) & 0xFF)) * w
        for row in range(y, y + h):
            start = 2 * (x + row * stride)
            buf[start:start + 2 * w] = run

    return setpixel, getpixel, fill


def _gs2_hmsb(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride

    def setpixel(x, y, col):
        i = (x + y * stride) >> 2
        shift = (x & 3) << 1
        buf[i] = ((col & 3) << shift) | (buf[i] & ~(3 << shift) & 0xFF)

    def getpixel(x, y):
        return (buf[(x + y * stride) >> 2] >> ((x & 3) << 1)) & 3

    return setpixel, getpixel, _fill_pixel_by_pixel(setpixel)


def _gs4_hmsb(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride

    def setpixel(x, y, col):
        i = (x + y * stride) >> 1
        if x & 1:
            buf[i] = (col & 0x0F) | (buf[i] & 0xF0)
        else:
            buf[i] = ((col & 0x0F) << 4) | (buf[i] & 0x0F)

    def getpixel(x, y):
        b = buf[(x + y * stride) >> 1]
        return (b & 0x0F) if x & 1 else (b >> 4)

    def fill(x, y, w, h, col):
        col &= 0x0F
        pair = bytes((col * 0x11,))
        for row in range(y, y + h):
            first = x
            last = x + w  # exclusive
            base = row * stride
            if first & 1:
                setpixel(first, row, col)
                first += 1
            if last & 1 and last > first:
                setpixel(last - 1, row, col)
                last -= 1
            if last > first:
                start = (base + first) >> 1
                count = (last - first) >> 1
                buf[start:start + count] = pair * count

    return setpixel, getpixel, fill


def _gs8(fb):
    buf = fb._fb_buf
    stride = fb._fb_stride

    def setpixel(x, y, col):
        buf[x + y * stride] = col & 0xFF

    def getpixel(x, y):
        return buf[x + y * stride]

    def fill(x, y, w, h, col):
        run = bytes((col & 0xFF,)) * w
        for row in range(y, y + h):
            start = x + row * stride
            buf[start:start + w] = run

    return setpixel, getpixel, fill


_FORMATS = {MONO_VLSB: _mono_vlsb, RGB565: _rgb565, GS4_HMSB: _gs4_hmsb,
            MONO_HLSB: _mono_horizontal, MONO_HMSB: _mono_horizontal, GS2_HMSB: _gs2_hmsb,
            GS8: _gs8}
