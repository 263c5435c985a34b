"""Xăm Hường rules as data: roll categories, Trạng ranks, sticks, quotas.

This module holds no code that depends on the generated classification table, so the table's
generator (host_tools/gen_xh_rolls.py) can import the category ids from here.
"""

from tet.games.xam_huong.options import OPTIONS as OPTION_TABLE

# Roll categories, in the order the spec tests them (first match wins).
CATEGORY_IDS = (
    "luc_phu_huong", "luc_phu", "ngu_huong", "ngu_tu", "trang_tu_huong",
    "phan_song_tam_huong", "tam_huong", "suot", "phan_song", "thuong_ma", "ha_ma",
    "tu_tu_cap", "tu_tu", "nhi_huong", "nhat_huong", "none",
)
CATEGORY_NAMES = (
    "Lục Phú Hường", "Lục Phú", "Ngũ Hường đoạt tam khôi", "Trạng Ngũ Tử", "Trạng Tứ Hường",
    "Phân Song Tam Hường", "Tam Hường", "Suốt", "Phân Song", "Thượng Mã", "Hạ Mã",
    "Tứ Tự Cáp", "Tứ Tự", "Nhị Hường", "Nhất Hường", "Không được gì",
)
LUC_PHU_HUONG = 0
LUC_PHU = 1
NGU_HUONG = 2
NGU_TU = 3
TRANG_TU_HUONG = 4
PHAN_SONG_TAM_HUONG = 5
TAM_HUONG = 6
SUOT = 7
PHAN_SONG = 8
THUONG_MA = 9
HA_MA = 10
TU_TU_CAP = 11
TU_TU = 12
NHI_HUONG = 13
NHAT_HUONG = 14
NONE = 15

HUONG_FACE = 4

# Trạng ranks (one byte, compared only within a kind; 0 = not a Trạng).
# ngu_tu and ngu_huong: the odd die (its age); Ngũ Tử with the odd die 4 is đại ấn, above every age.
# trang_tu_huong: the sum of the two other dice (2..12); 1+3 is cáp xiên, 2+2 cáp chính above it.
NGU_TU_DAI_AN = 7
CAP_XIEN = 13
CAP_CHINH = 14

# Kinds of the recorded Trạng Nguyên: a roll robs only a holder of its own kind.
KIND_NONE = 0
KIND_DO = 1
KIND_DEN = 2
KIND_NGU_HUONG = 3
KIND_HA_GIA = 4
KIND_IDS = ("", "do", "den", "ngu_huong", "ha_gia")
KIND_NAMES = ("", "Trạng đỏ", "Trạng đen", "Ngũ Hường", "Trạng hạ giá")
# category -> kind of Trạng it wins (0 for the others)
CATEGORY_KIND = bytes((0, 0, KIND_NGU_HUONG, KIND_DEN, KIND_DO) + (0,) * 11)

# Sticks, largest first: the engine's "smaller sticks" are the ones after a stick in this order.
STICK_IDS = ("trang_nguyen", "bang_nhan", "tham_hoa", "hoi_nguyen", "tien_si", "cu_nhan", "tu_tai")
STICK_NAMES = ("Trạng Nguyên", "Bảng Nhãn", "Thám Hoa", "Hội Nguyên", "Tiến Sĩ", "Cử Nhân",
               "Tú Tài")
STICK_SHORT = ("TN", "BN", "TH", "HN", "TS", "CN", "TT")
STICK_VALUES = bytes((32, 16, 16, 8, 4, 2, 1))
STICK_COUNTS = bytes((1, 1, 1, 4, 8, 16, 32))
STICK_KINDS = 7
TRANG_NGUYEN = 0
BANG_NHAN = 1
THAM_HOA = 2
HOI_NGUYEN = 3
TIEN_SI = 4
CU_NHAN = 5
TU_TAI = 6
# Pseudo-stick in AWARDS: "a Trạng em", Bảng Nhãn first, then Thám Hoa.
TRANG_EM = 7
FULL_VALUE = 192

# category -> sticks it earns from the pool (Trạng and Lục Phú categories are handled apart;
# Tứ Tự adds TU_TU_EXTRA[number of hường]).
AWARDS = (
    b"", b"", b"", b"", b"",
    bytes((TRANG_EM, HOI_NGUYEN)), bytes((HOI_NGUYEN,)),
    bytes((TRANG_EM,)), bytes((TRANG_EM,)), bytes((TRANG_EM,)), bytes((TRANG_EM,)),
    bytes((TRANG_EM,)), bytes((TIEN_SI,)), bytes((CU_NHAN,)), bytes((TU_TAI,)), b"",
)
TU_TU_EXTRA = b"\xff" + bytes((TU_TAI, CU_NHAN))

# Cướp trạng em (option, 8+ players): tier of each Trạng em roll, 1 strongest. A Trạng em won by
# Ngũ Hường cannot be robbed (tier 0); one taken as change for a failed Trạng can (tier 4).
EM_TIER = bytes((0, 0, 0, 0, 0, 1, 0, 3, 2, 2, 2, 2, 0, 0, 0, 0))
EM_TIER_NGU_HUONG = 0
EM_TIER_CHANGE = 4

# Ha giá trạng (option): level 1 lets Phân Song Tam Hường take a lone Trạng Nguyên, level 2 also
# every Trạng em roll except Suốt.
HA_GIA_LEVEL = bytes((0, 0, 0, 0, 0, 1, 0, 0, 2, 2, 2, 2, 0, 0, 0, 0))

# players -> quota of a player without Trạng (index = number of players).
QUOTAS = (0, 0, 96, 64, 48, 38, 32, 32, 32, 28, 25, 22, 20)
QUOTA_5_BAN_TRANG = 48
MIN_PLAYERS = 2
MAX_PLAYERS = 12
# 5 players splitting evenly play without two Tú Tài (190 = 5 x 38).
EVEN_SPLIT_5_REMOVED = 2

# House rules: declared once in options.py (names, labels, the gadget's values, the default); the
# engine accepts for each the range of its values, and any Lục Phú 0..1000 (the `tet` command).
# Documented in docs/xam-huong.md.
OPTION_NAMES = tuple(entry[0] for entry in OPTION_TABLE)
OPTION_LABELS = tuple(entry[1] for entry in OPTION_TABLE)
OPTIONS = {}
for _name, _label, _values in OPTION_TABLE:
    OPTIONS[_name] = (_values[0][0], min(v for v, _t in _values), max(v for v, _t in _values))
OPTIONS["luc_phu_value"] = (OPTIONS["luc_phu_value"][0], 0, 1000)
del _name, _label, _values
# House rules that apply to some numbers of players only: name -> (fewest, most, as said).
OPTION_PLAYERS = {"ban_trang": (5, 5, "5 players"),
                  "cuop_trang_em": (8, MAX_PLAYERS, "8 or more players")}


def rank_label(category, rank):
    """Return the Vietnamese age of a Trạng rank ("8 tuổi", "đại ấn", "cáp chính"), or ""."""
    if rank == 0:
        return ""
    if category == NGU_TU and rank == NGU_TU_DAI_AN:
        return "đại ấn"
    if category == TRANG_TU_HUONG and rank >= CAP_XIEN:
        return ("cáp xiên", "cáp chính")[rank - CAP_XIEN]
    return "%d tuổi" % rank


def category_name(category, rank=0):
    """Return the Vietnamese name of a roll, naming the special Trạng (đại ấn, cáp xiên, cáp chính)."""
    name = CATEGORY_NAMES[category]
    if (category == NGU_TU and rank == NGU_TU_DAI_AN) or (category == TRANG_TU_HUONG
                                                         and rank >= CAP_XIEN):
        return name + " " + rank_label(category, rank)
    return name


def kind_category(kind):
    """Return the category whose ranks a Trạng Nguyên of `kind` records (for rank_label)."""
    return (NONE, TRANG_TU_HUONG, NGU_TU, NGU_HUONG, NONE)[kind]


def check_options(options):
    """Return a full option dict from a partial one, or raise ValueError naming the bad entry."""
    out = {}
    for name in OPTION_NAMES:
        out[name] = OPTIONS[name][0]
    for name in options or {}:
        if name not in OPTIONS:
            raise ValueError("unknown option %s" % name)
        value = options[name]
        lo, hi = OPTIONS[name][1], OPTIONS[name][2]
        if not isinstance(value, int) or value < lo or value > hi:
            raise ValueError("option %s must be %d..%d" % (name, lo, hi))
        out[name] = value
    return out


def check_options_players(options, players):
    """Raise ValueError when a house rule switched on in `options` is not for `players` players.

    The engine itself ignores such a rule (the device keeps one set of house rules for every
    table size); the command line refuses it so a simulation is never mislabelled.
    """
    for name in OPTION_NAMES:
        span = OPTION_PLAYERS.get(name)
        if span is None or (options or {}).get(name, OPTIONS[name][0]) == OPTIONS[name][0]:
            continue
        if not span[0] <= players <= span[1]:
            raise ValueError("option %s is for %s, not %d" % (name, span[2], players))
