"""Xăm Hường's "Luật chơi": the short rules shown from the setup menu (imported only when read)."""

RULES = ("Mỗi người đến lượt gieo sáu hột xúc xắc vào bát. Mặt tứ (bốn nút đỏ) là hường. "
         "Được gì thì lấy thẻ giữa làng: Nhất Hường một Tú Tài (1), Nhị Hường một Cử Nhân (2), "
         "Tứ Tự một Tiến Sĩ (4), Tam Hường một Hội Nguyên (8); Suốt, Phân Song, Thượng Mã, Hạ Mã, "
         "Tứ Tự Cáp một Trạng em (Bảng Nhãn hoặc Thám Hoa, 16). Tứ Hường, Ngũ Tử, Ngũ Hường được "
         "Trạng Nguyên (32); Trạng cao hơn cùng loại thì cướp trạng. Lục Phú: mọi người chung. "
         "Thẻ cần lấy đã hết thì lấy thẻ nhỏ hơn cho đủ giá. Hết thẻ giữa làng thì tính điểm: "
         "ai nhiều hơn phần chia đều thì được, ít hơn thì trả; máy tính ai trả ai. "
         "Hột văng ra ngoài bát: phạt 1 vào trạng. Luật làng chọn ở màn hình này hoặc Cài đặt.")
