"""Ô Ăn Quan's modes, seats and levels: what the setup menu and the board screen share."""

SAVE = "o_an_quan"
TITLE = "Ô Ăn Quan"
LEVELS = ("de", "vua", "kho")
LEVEL_LABELS = ("Dễ", "Vừa", "Khó")
VS_COMPUTER = 0
TOGETHER = 1
DEMO = 2
MODE_LABELS = ("Người – Máy", "Cùng chơi", "Máy – Máy")
HUMAN = 0
COMPUTER = 1
REMOTE = 2          # a person at another gadget of a shared table (together.py)
DEMO_OPENING = 2


def seats_for(mode, players):
    """Who plays each seat (HUMAN or COMPUTER) in a mode."""
    if mode == VS_COMPUTER:
        return [HUMAN] + [COMPUTER] * (players - 1)
    return [HUMAN if mode == TOGETHER else COMPUTER] * players
