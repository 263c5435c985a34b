"""Every on-screen string is NFC Vietnamese the fonts can draw; generated fonts are fresh."""

import ast
import os
import struct
import unicodedata

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def firmware_files():
    for dirpath, _dirs, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py") and "/tet/data" not in dirpath.replace(os.sep, "/"):
                yield os.path.join(dirpath, f)


def string_literals(path):
    """(line, text) of every string constant that is not a docstring."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def font_path(module):
    return os.path.join(FIRMWARE, "tet", "data", module + ".bin")


def font_chars(module):
    """The characters of a font file, read here with struct (independently of tet.core.text)."""
    with open(font_path(module), "rb") as f:
        data = f.read()
    assert data[:4] == b"TETF"
    (count,) = struct.unpack_from("<H", data, 8)
    return {chr(c) for c in struct.unpack_from("<%dH" % count, data, 10)}


@pytest.mark.parametrize("path", sorted(firmware_files()), ids=lambda p: os.path.relpath(p, ROOT))
def test_strings_are_nfc_and_drawable(path):
    small = font_chars("font_small")
    for line, text in string_literals(path):
        assert unicodedata.normalize("NFC", text) == text, "%s:%d not NFC: %r" % (path, line, text)
        missing = {ch for ch in text if ch >= " " and ch not in small}
        assert not missing, "%s:%d font lacks %r in %r" % (path, line, "".join(sorted(missing)), text)


def test_fonts_hold_every_vietnamese_letter():
    letters = set()
    for base in "aăâeêioôơuưyAĂÂEÊIOÔƠUƯY":
        for tone in ("", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323"):
            letters.add(unicodedata.normalize("NFC", base + tone))
    letters |= set("đĐ")
    assert len(letters) == 12 * 2 * 6 + 2
    for module in ("font_small", "font_large"):
        assert letters <= font_chars(module), module


def test_generated_fonts_match_the_generator():
    import gen_font

    if not os.path.isdir(gen_font.FONT_DIR):
        pytest.fail("xfonts-base missing: run `make setup` (installs it)")
    for module, (pcf, purpose) in gen_font.FONTS.items():
        path = font_path(module)
        before = open(path, "rb").read()
        gen_font.build(module, pcf, purpose)
        assert open(path, "rb").read() == before, module + " is stale: run `make data`"


def test_glyph_shapes_from_the_source_font():
    """Spot-check bitmaps against the PCF read independently: 'Đ' has a crossbar, 'ư' a horn."""
    import gen_font

    ascent, _descent, glyphs = gen_font.read_pcf(os.path.join(gen_font.FONT_DIR, "6x13.pcf.gz"))
    width, lb, ga, rows = glyphs[ord("Đ")]
    # the crossbar row of Đ is wider than the rows above and below it
    widths = [sum(r) for r in rows]
    assert max(widths) >= 4
    assert ord("ư") in glyphs and ord("ữ") in glyphs and ascent == 11
