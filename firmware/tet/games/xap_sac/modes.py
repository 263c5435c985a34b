"""Xấp Sắc's seats and levels: what the setup menu and the table screen share."""

SAVE = "xap_sac"
LEVELS = ("dễ", "vừa", "khó")
HUMAN = 0
