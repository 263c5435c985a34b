"""Xấp Sắc's house rules, declared once for Cài đặt and the game's setup.

Each entry: (name, Vietnamese label, ((value, Vietnamese value), ...)); the first value is the
default, and only these values are ever used. `deck` indexes engine.DECKS.
"""

OPTIONS = (
    ("deck", "Bộ bài", ((0, "1-7, mỗi lá 2"), (1, "bộ số 1-14"))),
)
