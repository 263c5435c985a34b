"""Tổ Tôm cards: 30 kinds, their short codes, Vietnamese names, colours and a name parser.

Kinds 0-8 are 1V..9V (Vạn), 9-17 are 1N..9N (Văn), 18-26 are 1S..9S (Sách), then 27 CC (Chi Chi),
28 TT (Thang Thang), 29 OC (Ông Cụ). A hand is a 30-slot count vector (`bytearray(30)`).
"""

NKINDS = 30
CC = 27
TT = 28
OC = 29

_SUIT_LETTERS = "VNS"
_SUIT_NAMES = ("Vạn", "Văn", "Sách")
_NUMBER_NAMES = ("Nhất", "Nhị", "Tam", "Tứ", "Ngũ", "Lục", "Thất", "Bát", "Cửu")

CODES = tuple(["%d%s" % (n + 1, _SUIT_LETTERS[s]) for s in range(3) for n in range(9)]
              + ["CC", "TT", "OC"])
NAMES = tuple([_NUMBER_NAMES[n] + " " + _SUIT_NAMES[s] for s in range(3) for n in range(9)]
              + ["Chi Chi", "Thang Thang", "Ông Cụ"])

# yêu: the three Nhất and the three pictures; red: the pictures, 8V 9V 8S 9S
IS_YEU = bytes(1 if k in (0, 9, 18, 27, 28, 29) else 0 for k in range(NKINDS))
IS_RED = bytes(1 if k in (7, 8, 25, 26, 27, 28, 29) else 0 for k in range(NKINDS))

# ASCII folding by table (MicroPython has no unicodedata and no Unicode case mapping). Tone
# marks are dropped; the breve of ă is kept as Telex "aw" so that "Văn" (vawn) and "Vạn" (van)
# stay apart: unaccented "van" means Vạn.
_FOLD_GROUPS = (
    ("a", "aàáảãạâầấẩẫậAÀÁẢÃẠÂẦẤẨẪẬ"),
    ("aw", "ăằắẳẵặĂẰẮẲẴẶ"),
    ("e", "eèéẻẽẹêềếểễệEÈÉẺẼẸÊỀẾỂỄỆ"),
    ("i", "iìíỉĩịIÌÍỈĨỊ"),
    ("o", "oòóỏõọôồốổỗộơờớởỡợOÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢ"),
    ("u", "uùúủũụưừứửữựUÙÚỦŨỤƯỪỨỬỮỰ"),
    ("y", "yỳýỷỹỵYỲÝỶỸỴ"),
    ("d", "đĐ"),
)
_FOLD = {}
for _ascii, _letters in _FOLD_GROUPS:
    for _ch in _letters:
        _FOLD[_ch] = _ascii
# combining marks of decomposed (NFD) input; the breve (U+0306) keeps the "w" like ă does
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
        elif ch in _FOLD:
            out.append(_FOLD[ch])
        elif o == _COMBINING_BREVE:
            out.append("w")
        elif _COMBINING_LO <= o <= _COMBINING_HI:
            continue
        else:
            out.append("?")
    return "".join(out)


def _build_lookup():
    table = {}
    for kind in range(NKINDS):
        table[fold(CODES[kind])] = kind
        table[fold(NAMES[kind])] = kind
    return table


_LOOKUP = _build_lookup()


def parse_card(text):
    """Return the kind of a card given by code (`3V`, `cc`) or Vietnamese name (`Tam Vạn`).

    Names may be written without diacritics ("Cuu Sach", "Ong Cu"); unaccented "Van" is Vạn,
    Văn without accents is written "Vawn" (Telex). Raises ValueError for anything else.
    """
    key = fold(text)
    kind = _LOOKUP.get(key)
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
