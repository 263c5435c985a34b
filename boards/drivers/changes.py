"""Which rows of a framebuffer changed since the panel last got them, so show() sends only those.

A key press changes a few text rows; sending the whole frame costs 64,800 bytes of SPI on the
colour panels (about 13 ms) and 1 KB of I2C on the OLED (about 23 ms). Keeping a copy of the last
frame would cost as much heap as the frame itself, so each row keeps a 30-bit hash instead (a
small int on the ESP32: nothing is allocated per row). Two different rows hash alike with odds
of about one in a billion; invalidate() forces a whole frame (after the palette changes, or
whenever the panel's memory may differ from what was sent).
"""

import sys
from array import array

import micropython

@micropython.viper
def _hash_words(src, start: int, count: int) -> int:
    """A 30-bit hash of `count` bytes (a multiple of 4) of `src` from `start` (4-aligned), read
    as 32-bit words: a quarter of the loads of a byte-wise hash."""
    words = ptr32(src)
    h = 5381
    i = start >> 2
    end = (start + count) >> 2
    while i < end:
        h = ((h << 5) + h + words[i]) & 0x3FFFFFFF
        i += 1
    return h


def _hash_bytes(src, start, count):
    """The same for the simulator and desktop tests: CPython has no viper pointers. Its values
    differ from the device's, which only ever compares a row with itself."""
    h = 5381
    for i in range(start, start + count):
        h = ((h << 5) + h + src[i]) & 0x3FFFFFFF
    return h


# row_hash(src, start, count): the row's 30-bit hash, by the runtime's fastest way
row_hash = _hash_words if sys.implementation.name == "micropython" else _hash_bytes


class RowChanges:
    """The hashes of `rows` rows of `row_bytes` bytes each (a multiple of 4), as last sent."""

    def __init__(self, rows, row_bytes):
        if row_bytes & 3:
            raise ValueError("rows must be whole 32-bit words")
        self.rows = rows
        self.row_bytes = row_bytes
        self.hashes = array("i", bytes(4 * rows))
        self.invalidate()

    def invalidate(self):
        """The next runs() reports every row (-1 is no hash's value)."""
        hashes = self.hashes
        for y in range(self.rows):
            hashes[y] = -1

    def runs(self, buf):
        """[(first, last)] row ranges of `buf` that differ from what was last sent, in order,
        adjacent rows merged; the rows are then counted as sent."""
        out = []
        hashes = self.hashes
        step = self.row_bytes
        start = 0
        first = -1
        for y in range(self.rows):
            h = row_hash(buf, start, step)
            start += step
            if h != hashes[y]:
                hashes[y] = h
                if first < 0:
                    first = y
            elif first >= 0:
                out.append((first, y - 1))
                first = -1
        if first >= 0:
            out.append((first, self.rows - 1))
        return out
