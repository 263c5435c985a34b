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
    ("totom", "players", "Tổ Tôm: số người", ((5, "5 (bí ngũ)"), (4, "4 (bí tứ)"))),
    ("totom", "thap_hong_or_more", "Tổ Tôm: Thập Hồng", ((0, "đúng 10"), (1, "từ 10"))),
)


def value_label(rule, value):
    """The Vietnamese label of `value` for a rule entry (the first choice if unknown)."""
    for v, label in rule[3]:
        if v == value:
            return label
    return rule[3][0][1]
