"""Tổ Tôm cards: 30 kinds, their short codes, Vietnamese names and colours (the name parser and
the helpers the host tools use are in host_tools/tetcli/to_tom_names.py, which no gadget has).

Kinds 0-8 are 1V..9V (Vạn), 9-17 are 1N..9N (Văn), 18-26 are 1S..9S (Sách), then 27 CC (Chi Chi),
28 TT (Thang Thang), 29 OC (Ông Cụ). A hand is a 30-slot count vector (`bytearray(30)`).
"""

NKINDS = 30
CC = 27
TT = 28
OC = 29



class Texts:
    """A read-only sequence of short texts kept in one string, `sep` between them: texts[k],
    len(texts), iteration, texts.index(text). From .mpy files each string of a tuple is an
    object of its own on the heap (two blocks); thirty of them cost more than the code that
    reads one string."""

    def __init__(self, joined, sep):
        self._joined = joined
        self._sep = sep
        self._count = joined.count(sep) + 1

    def __len__(self):
        return self._count

    def __getitem__(self, k):
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError("no text %d" % k)
        joined, sep = self._joined, self._sep
        start = 0
        for _ in range(k):
            start = joined.find(sep, start) + 1
        end = joined.find(sep, start)
        return joined[start:end if end >= 0 else len(joined)]

    def index(self, text):
        """The position of `text` (ValueError when absent)."""
        for k in range(self._count):
            if self[k] == text:
                return k
        raise ValueError(text)


CODES = Texts("1V 2V 3V 4V 5V 6V 7V 8V 9V 1N 2N 3N 4N 5N 6N 7N 8N 9N "
              "1S 2S 3S 4S 5S 6S 7S 8S 9S CC TT OC", " ")
NAMES = Texts("Nhất Vạn,Nhị Vạn,Tam Vạn,Tứ Vạn,Ngũ Vạn,Lục Vạn,Thất Vạn,Bát Vạn,Cửu Vạn,"
              "Nhất Văn,Nhị Văn,Tam Văn,Tứ Văn,Ngũ Văn,Lục Văn,Thất Văn,Bát Văn,Cửu Văn,"
              "Nhất Sách,Nhị Sách,Tam Sách,Tứ Sách,Ngũ Sách,Lục Sách,Thất Sách,Bát Sách,"
              "Cửu Sách,Chi Chi,Thang Thang,Ông Cụ", ",")

# yêu: the three Nhất and the three pictures; red: the pictures, 8V 9V 8S 9S
IS_YEU = b"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00" \
    b"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01"
IS_RED = b"\x00\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00" \
    b"\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01"


def codes_text(kinds):
    """Kinds as short codes, e.g. '3V 4V 5V'."""
    return " ".join([CODES[k] for k in kinds])


def phu_text(phu):
    """A phu as short codes in brackets."""
    return "[" + codes_text(phu) + "]"


def partition_text(split):
    """A split's phu (`split["partition"]`), each in brackets, a group a fixed entry lent a
    card to (`split["kem"]`, to-tom-v2 §1) with it: '[7N 7N 7N] [3V 3S kèm 7N]' (a win's score
    on the result screen, a hand in Kiểm bài)."""
    texts = [phu_text(phu) for phu in split["partition"]]
    for lender, group in split.get("kem", ()):
        texts[group] = texts[group][:-1] + " kèm " + CODES[split["partition"][lender][0]] + "]"
    return " ".join(texts)
