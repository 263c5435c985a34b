"""Tổ Tôm's "Luật chơi": the short rules shown from the setup menu (imported only when read)."""

RULES = ("Bộ bài 120 lá: Vạn, Văn, Sách số 1-9 và Chi Chi, Thang Thang, Ông Cụ, mỗi lá bốn bản. "
         "Năm người mỗi người 20 lá, nhà cái 21 lá đánh trước (luật làng: bốn người, 24 lá). "
         "Phu là: một lá yêu, dọc (3 lá liền một hàng), bí (một số đủ ba hàng), khàn (3 lá giống "
         "nhau), hoặc lưng: Tôm (7 Văn, 3 Vạn, 3 Sách), Lèo (9 Sách, Thang Thang, Ông Cụ)... "
         "Lá đến cửa mình thì ăn được nếu thành phu rồi đánh một lá; không ăn thì xin một lá nọc. "
         "Có đôi thì phỗng được lá ở mọi cửa. Ù: cả bài thành phu, có ít nhất một lưng. "
         "Không được đánh yêu, ăn một đánh hai, đánh tham (lá thành phu với hai lá mình đã ăn "
         "hay đã đánh, cả ván), bỏ rồi ăn lại cùng lá; đã bỏ ù thì cả ván không ù nữa. "
         "Nọc còn bảy lá thì chỉ ăn, phỗng khi đánh xong còn chờ; "
         "còn sáu lá trở xuống thì phải thành bài. Nọc còn năm lá mà chưa "
         "ai ù thì hoà. Điểm theo chức sắc: suông 4, Tôm 6, Lèo 8, Kính Cụ 10, Thập Hồng 12, "
         "Bạch Định 16. Kiểm bài tìm cách chia phu và các lá chờ.")
