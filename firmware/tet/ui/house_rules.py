"""House rules (luật làng) offered in Cài đặt, per game, as data.

Each entry: (game key, rule name, Vietnamese label, ((value, label), ...)); the first value is the
default. Games read them with `app.rule(game, name, default)`.
"""

RULES = (
    ("oaq", "quan_value", "Ô Ăn Quan: giá quan", ((10, "10 dân"), (5, "5 dân"))),
    ("oaq", "quan_non", "Ô Ăn Quan: quan non", ((0, "tắt"), (1, "bật"))),
    ("xh", "luc_phu_value", "Xăm Hường: Lục Phú", ((32, "32"), (16, "16"), (64, "64"))),
    ("xh", "ban_trang", "Xăm Hường: bán trạng (5 người)", ((0, "tắt"), (1, "bật"))),
    ("xh", "penalty_no_huong", "Xăm Hường: Trạng gieo trắng phạt", ((0, "tắt"), (1, "bật"))),
    ("xh", "ha_gia_trang", "Xăm Hường: hạ giá trạng", ((0, "tắt"), (1, "Phân Song Tam Hường"),
                                                       (2, "mọi Trạng em trừ Suốt"))),
    ("xh", "cuop_trang_em", "Xăm Hường: cướp trạng em (8+ người)", ((0, "tắt"), (1, "bật"))),
    ("xh", "khong_lay_the", "Xăm Hường: được từ chối thẻ", ((0, "tắt"), (1, "bật"))),
    ("xh", "dau_the_roi", "Xăm Hường: đấu thẻ rời", ((0, "tắt"), (1, "cược 1"), (2, "cược 2"))),
    ("totom", "players", "Tổ Tôm: số người", ((5, "5 (bí ngũ)"), (4, "4 (bí tứ)"))),
    ("totom", "thap_hong_or_more", "Tổ Tôm: Thập Hồng", ((0, "đúng 10"), (1, "từ 10"))),
)


def value_label(rule, value):
    """The Vietnamese label of `value` for a rule entry (the first choice if unknown)."""
    for v, label in rule[3]:
        if v == value:
            return label
    return rule[3][0][1]
