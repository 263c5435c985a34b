"""A whole Xăm Hường game through the UI, launcher included, under the platform's 160K heap.

In the micropython lane (HEAP below) the firmware is imported from a ROMFS image, bytecode in
flash as on the device, and the game must never raise MemoryError on any of the three boards.
"""

from fake_hw import TWO, hold, new_app, open_game, press

HEAP = "160K"


def whole_game(board):
    """Play a game from the launcher to the settlement on `board`; return the number of rolls."""
    app = new_app(board)
    nxt, ok = TWO[board]
    open_game(app, "xh")
    setup = app.screen
    assert setup.title == "Xăm Hường" and setup.selected == "Bắt đầu"
    press(app, ok)
    play = app.screen
    presses = 0
    while app.screen is play:
        press(app, ok, 30, 30)                        # roll
        press(app, ok, 30, 30)                        # land at once
        presses += 1
        assert presses < 2000
    assert app.screen.title == "Kết quả"
    texts = [t for t, _c in app.screen.lines]
    assert "Thanh toán:" in texts
    assert sum(play.game.nets()) == 0 and play.game.over()
    assert app.load_game("xam_huong") is None          # a finished game forgets its save
    hold(app, ok)
    assert app.screen is setup
    return play.game.rolls


def test_whole_game_through_the_ui_to_the_settlement():
    for board in ("devkit_ssd1306", "ttgo_tdisplay", "m5stickc_plus"):
        assert whole_game(board) > 0
