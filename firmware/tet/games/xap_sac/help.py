"""Xấp Sắc's "Luật chơi": the short rules shown from the setup menu (imported only when read)."""

RULES = ("Bộ bài: số 1-7, mỗi lá có 2 bản (luật làng: bộ số 1-14). "
         "Đánh bài nối vào bàn thành hàng ngang hoặc dọc: đôi, ba, tứ quý, hoặc sảnh 3-4 lá. "
         "Hàng sau cùng loại, bằng hoặc cao hơn; Xấp (cùng màu, cả đôi) phải theo Xấp. Không hàng "
         "nào quá 4 lá. Người mở ván phải đánh nếu đánh được. Mọi người đi thì người đánh cuối "
         "được Dẫn: đánh hàng bất kỳ, kể cả từ lá Tứ Sắc. Hết bài trước được nhiều điểm hơn. "
         "Người thua ván mở ván sau.")
