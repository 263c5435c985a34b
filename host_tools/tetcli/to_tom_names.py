"""Tổ Tôm cards for the host tools and the tests: the name parser (codes, names with or without
diacritics) and small helpers, beside the tables of tet.games.to_tom.cards (re-exported here).
Host code: the build ships only what the device imports, and no game needs names typed in.
"""

from tet.games.to_tom.cards import CC, CODES, IS_RED, IS_YEU, NAMES, NKINDS, OC, TT

__all__ = ("CC", "CODES", "IS_RED", "IS_YEU", "NAMES", "NKINDS", "OC", "TT", "fold", "parse_card",
           "code", "name", "suit", "number", "counts_from_kinds", "kinds_from_counts",
           "red_count")

# ASCII folding by table (MicroPython has no unicodedata and no Unicode case mapping): the
# letter at position i of _FOLD_FROM folds to _FOLD_TO[i]. Tone marks are dropped; the breve of
# ă is kept as Telex "w" (the "w" entries) so that "Văn" (vawn) and "Vạn" (van) stay apart:
# unaccented "van" means Vạn.
_FOLD_FROM = ("àáảãạâầấẩẫậÀÁẢÃẠÂẦẤẨẪẬăằắẳẵặĂẰẮẲẴẶèéẻẽẹêềếểễệÈÉẺẼẸÊỀẾỂỄỆìíỉĩịÌÍỈĨỊ"
              "òóỏõọôồốổỗộơờớởỡợÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢùúủũụưừứửữựÙÚỦŨỤƯỪỨỬỮỰỳýỷỹỵỲÝỶỸỴđĐ")
_FOLD_TO = "a" * 22 + "w" * 12 + "e" * 22 + "i" * 10 + "o" * 34 + "u" * 22 + "y" * 10 + "dd"
# combining marks of decomposed (NFD) input; the combining breve (U+0306) also gives "w"
_COMBINING_LO = 0x300
_COMBINING_HI = 0x36F
_COMBINING_BREVE = 0x306
_SKIPPED = " -_.'"


def fold(text):
    """Return `text` folded to lowercase ASCII letters and digits, spaces and dashes removed."""
    out = []
    for ch in text:
        o = ord(ch)
        if o < 128:
            if ch in _SKIPPED:
                continue
            if 65 <= o <= 90:
                ch = chr(o + 32)
            out.append(ch)
            continue
        at = _FOLD_FROM.find(ch)
        if at >= 0:
            folded = _FOLD_TO[at]
            out.append("aw" if folded == "w" else folded)
        elif o == _COMBINING_BREVE:
            out.append("w")
        elif not _COMBINING_LO <= o <= _COMBINING_HI:
            out.append("?")
    return "".join(out)


_lookup = {}


def _lookup_table():
    """Folded code or name -> kind, built on first use (the game itself never parses names)."""
    if not _lookup:
        for kind in range(NKINDS):
            _lookup[fold(CODES[kind])] = kind
            _lookup[fold(NAMES[kind])] = kind
    return _lookup


def parse_card(text):
    """Return the kind of a card given by code (`3V`, `cc`) or Vietnamese name (`Tam Vạn`).

    Names may be written without diacritics ("Cuu Sach", "Ong Cu"); unaccented "Van" is Vạn,
    Văn without accents is written "Vawn" (Telex). Raises ValueError for anything else.
    """
    kind = _lookup_table().get(fold(text))
    if kind is None:
        raise ValueError("unknown card %r (use a code like 3V 7N 9S CC TT OC or a name like "
                         "'Tam Vạn')" % text)
    return kind


def code(kind):
    """Short code of a kind, e.g. "3V"."""
    return CODES[kind]


def name(kind):
    """Vietnamese name of a kind, e.g. "Tam Vạn"."""
    return NAMES[kind]


def suit(kind):
    """0 Vạn, 1 Văn, 2 Sách, or 3 for the three picture cards (CC, TT, OC)."""
    return kind // 9 if kind < 27 else 3


def number(kind):
    """1..9 for suited kinds, 0 for the picture cards."""
    return kind % 9 + 1 if kind < 27 else 0


def counts_from_kinds(kinds):
    """Count vector (bytearray of 30) of a list of kinds."""
    counts = bytearray(NKINDS)
    for kind in kinds:
        counts[kind] += 1
    return counts


def kinds_from_counts(counts):
    """Sorted list of kinds, one entry per card, of a count vector."""
    out = []
    for kind in range(NKINDS):
        for _ in range(counts[kind]):
            out.append(kind)
    return out


def red_count(counts):
    """Number of red cards in a count vector."""
    total = 0
    for kind in range(NKINDS):
        if IS_RED[kind]:
            total += counts[kind]
    return total
