"""Ô Ăn Quan's "Luật chơi": the short rules shown from the setup menu (imported only when read)."""

RULES = ("Mỗi ô dân có 5 dân, mỗi ô quan một quan. Đến lượt, chọn một ô dân của mình còn dân và "
         "một hướng, bốc hết dân rải mỗi ô một. Rải xong, ô kế tiếp là ô dân còn dân thì bốc tiếp; "
         "là ô trống rồi đến ô có quân thì ăn ô đó, và ăn tiếp khi cứ cách một ô trống lại có quân. "
         "Gặp ô quan còn quân hoặc hai ô trống thì mất lượt. Hàng của mình hết dân thì lấy 5 dân đã "
         "ăn rải lại, thiếu thì vay. Hết quan, tàn dân: ai nhiều điểm hơn thắng. Quân cứ đi vòng "
         "mà 12 vòng liền bàn không vơi đi thì dừng ván: mỗi người thu dân trên hàng và ô quan "
         "của mình rồi đếm.")
