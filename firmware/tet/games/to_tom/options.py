"""Tổ Tôm's house rules, declared once for Cài đặt and the game's setup.

Each entry: (name, Vietnamese label, ((value, Vietnamese value), ...)); the first value is the
default, and only these values are ever used.
"""

OPTIONS = (
    ("players", "Số người", ((5, "5 (bí ngũ)"), (4, "4 (bí tứ)"))),
    ("thap_hong_or_more", "Thập Hồng", ((0, "đúng 10"), (1, "từ 10"))),
)
