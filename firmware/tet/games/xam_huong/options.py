"""Xăm Hường's house rules, declared once for Cài đặt, the game's setup and the engine.

Each entry: (name, Vietnamese label, ((value, Vietnamese value), ...)); the first value is the
spec's default and the values are what the gadget offers. The engine (rules.OPTIONS) also accepts
any Lục Phú value in its range, for the `tet` command.
"""

SAVE = "xam_huong"      # the name of the game's save (a shared table's too, on the host)
ON_OFF = ((0, "tắt"), (1, "bật"))

OPTIONS = (
    ("luc_phu_value", "Lục Phú", ((32, "32"), (16, "16"), (64, "64"), (8, "8"))),
    ("ban_trang", "Bán trạng (5 người)", ON_OFF),
    ("penalty_no_huong", "Phạt trạng không hường", ON_OFF),
    ("ha_gia_trang", "Hạ giá trạng", ((0, "tắt"), (1, "Phân Song Tam Hường"),
                                       (2, "cả Trạng em trừ Suốt"))),
    ("cuop_trang_em", "Cướp trạng em", ON_OFF),
    ("khong_lay_the", "Được không lấy thẻ", ON_OFF),
    ("dau_the_roi", "Đấu thẻ rời", ((0, "tắt"), (1, "1 thẻ"), (2, "2 thẻ"))),
)
