"""Generate the Vietnamese bitmap fonts in firmware/tet/data/ from the X11 misc-fixed fonts.

Source: Debian's `xfonts-base` (the public-domain misc-fixed family, ISO 10646 encoded, which has
every precomposed Vietnamese letter). `make setup` installs it. The output is a fixed-width font
as a binary resource file (tet.core.text reads it per glyph, or in place from ROMFS):
    b"TETF", width, height, ascent, row bytes (one byte each), glyph count (2 bytes LE),
    the sorted code points (2 bytes LE each), then the bitmaps (one glyph after another,
    MONO_HLSB rows, `row bytes` per row, `height` rows).
"""

import gzip
import os
import struct
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT_DIR = "/usr/share/fonts/X11/misc"
OUT_DIR = os.path.join(ROOT, "firmware", "tet", "data")

# what the output depends on, for `gen_all.py --stale-only` (the pcf files are a fixed package)
INPUTS = ("host_tools/gen_font.py",)
OUTPUTS = ("firmware/tet/data/font_small.bin", "firmware/tet/data/font_large.bin")
# font name (file tet/data/<name>.bin) -> (pcf file, what it is for)
FONTS = {
    "font_small": ("6x13.pcf.gz", "body text on every screen"),
    "font_large": ("9x18.pcf.gz", "titles and big numbers on the colour screens"),
}

# Vietnamese letters: every base vowel with every tone mark, plus đ/Đ, as NFC code points.
_BASES = "aăâeêioôơuưyAĂÂEÊIOÔƠUƯY"
_TONES = ("", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323")
MAGIC = b"TETF"
SYMBOLS = "·•×←↑→↓▲▼◀▶●○★♥♦♣♠«»°½–—“”‘’…✓♪"


def charset():
    """Return the sorted code points the firmware needs: ASCII, Vietnamese, a few symbols."""
    chars = set(chr(c) for c in range(32, 127))
    for base in _BASES:
        for tone in _TONES:
            chars.add(unicodedata.normalize("NFC", base + tone))
    chars.update("đĐ" + SYMBOLS)
    return sorted(ord(c) for c in chars)


# PCF table types (X11 pcf format)
_PCF_METRICS = 1 << 2
_PCF_BITMAPS = 1 << 3
_PCF_BDF_ENCODINGS = 1 << 5
_PCF_BDF_ACCELERATORS = 1 << 8
_PCF_COMPRESSED_METRICS = 0x100


def _order(fmt):
    return ">" if fmt & 4 else "<"


def read_pcf(path):
    """Parse a PCF font; return (ascent, descent, {codepoint: (width, rows as lists of bits)})."""
    with gzip.open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x01fcp":
        raise ValueError("not a PCF file: " + path)
    (count,) = struct.unpack_from("<I", data, 4)
    tables = {}
    for i in range(count):
        ttype, fmt, size, offset = struct.unpack_from("<IIII", data, 8 + 16 * i)
        tables[ttype] = (fmt, offset)

    fmt, off = tables[_PCF_BDF_ACCELERATORS]
    o = _order(struct.unpack_from("<I", data, off)[0])
    ascent, descent = struct.unpack_from(o + "ii", data, off + 4 + 8)

    fmt, off = tables[_PCF_METRICS]
    fmt = struct.unpack_from("<I", data, off)[0]
    o = _order(fmt)
    metrics = []
    if fmt & _PCF_COMPRESSED_METRICS:
        (n,) = struct.unpack_from(o + "H", data, off + 4)
        for i in range(n):
            lb, rb, w, a, d = struct.unpack_from("5B", data, off + 6 + 5 * i)
            metrics.append((lb - 0x80, rb - 0x80, w - 0x80, a - 0x80, d - 0x80))
    else:
        (n,) = struct.unpack_from(o + "I", data, off + 4)
        for i in range(n):
            metrics.append(struct.unpack_from(o + "5h", data, off + 8 + 12 * i)[:5])

    fmt, off = tables[_PCF_BITMAPS]
    fmt = struct.unpack_from("<I", data, off)[0]
    o = _order(fmt)
    (n,) = struct.unpack_from(o + "I", data, off + 4)
    offsets = struct.unpack_from(o + "%dI" % n, data, off + 8)
    bitmap_base = off + 8 + 4 * n + 16
    pad = 1 << (fmt & 3)
    msbit_first = bool(fmt & 8)

    fmt, off = tables[_PCF_BDF_ENCODINGS]
    fmt = struct.unpack_from("<I", data, off)[0]
    o = _order(fmt)
    min2, max2, min1, max1, _default = struct.unpack_from(o + "5H", data, off + 4)
    cols = max2 - min2 + 1
    nenc = cols * (max1 - min1 + 1)
    enc = struct.unpack_from(o + "%dH" % nenc, data, off + 14)

    glyphs = {}
    for idx, g in enumerate(enc):
        if g == 0xFFFF:
            continue
        code = ((idx // cols) + min1) * 256 + (idx % cols) + min2
        lb, rb, width, ga, gd = metrics[g]
        gw = rb - lb
        stride = ((gw + 7) // 8 + pad - 1) // pad * pad
        rows = []
        base = bitmap_base + offsets[g]
        for r in range(ga + gd):
            row = []
            for c in range(gw):
                byte = data[base + r * stride + c // 8]
                bit = (byte >> (7 - c % 8)) & 1 if msbit_first else (byte >> (c % 8)) & 1
                row.append(bit)
            rows.append(row)
        glyphs[code] = (width, lb, ga, rows)
    return ascent, descent, glyphs


def render_cell(glyph, ascent, height, cell_w):
    """Place a glyph in a fixed cell; return the cell as a list of rows of bits."""
    width, lb, ga, rows = glyph
    cell = [[0] * cell_w for _ in range(height)]
    top = ascent - ga
    for r, row in enumerate(rows):
        y = top + r
        if not 0 <= y < height:
            continue
        for c, bit in enumerate(row):
            x = lb + c
            if bit and 0 <= x < cell_w:
                cell[y][x] = 1
    return cell


def pack_hlsb(cell, row_bytes):
    """Pack rows of bits MSB-first (framebuf MONO_HLSB)."""
    out = bytearray()
    for row in cell:
        for b in range(row_bytes):
            v = 0
            for k in range(8):
                x = b * 8 + k
                if x < len(row) and row[x]:
                    v |= 0x80 >> k
            out.append(v)
    return bytes(out)


def build(module, pcf, purpose):
    """Write firmware/tet/data/<module>.bin (`purpose` is for the reader of FONTS); return its path."""
    ascent, descent, glyphs = read_pcf(os.path.join(FONT_DIR, pcf))
    height = ascent + descent
    cell_w = max(glyphs[ord("M")][0], glyphs[ord("W")][0])
    row_bytes = (cell_w + 7) // 8
    codes = [c for c in charset() if c in glyphs]
    missing = [chr(c) for c in charset() if c not in glyphs]
    if any(unicodedata.category(ch).startswith("L") for ch in missing):
        raise SystemExit("%s lacks Vietnamese letters: %s" % (pcf, "".join(missing)))
    out = bytearray(MAGIC + bytes((cell_w, height, ascent, row_bytes)) + struct.pack("<H", len(codes)))
    out += b"".join(struct.pack("<H", c) for c in codes)
    for c in codes:
        out += pack_hlsb(render_cell(glyphs[c], ascent, height, cell_w), row_bytes)
    path = os.path.join(OUT_DIR, module + ".bin")
    with open(path, "wb") as f:
        f.write(out)
    return path


def main():
    """Generate every font module; return the paths written."""
    return [build(mod, pcf, purpose) for mod, (pcf, purpose) in FONTS.items()]


if __name__ == "__main__":
    for p in main():
        print(p)
