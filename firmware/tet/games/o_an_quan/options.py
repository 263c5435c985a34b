"""Ô Ăn Quan's house rules, declared once for Cài đặt and the game's setup.

Each entry: (name, Vietnamese label, ((value, Vietnamese value), ...)); the first value is the
default, and only these values are ever used.
"""

OPTIONS = (
    ("quan_value", "Giá quan", ((10, "10 dân"), (5, "5 dân"))),
    ("quan_non", "Quan non", ((0, "tắt"), (1, "bật"))),
)
