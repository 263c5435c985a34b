"""A whole Xấp Sắc game through the UI, launcher included, under the platform's 160K heap.

The player presses OK only: that picks the first card that can go, lays the first placement
offered once the picked cards make a play, passes when nothing can go, hurries the computer and
closes the round results, until the final result.
"""

import gc
import sys

from fake_hw import TWO, new_app, open_game, press

HEAP = "160K"


def whole_game(board):
    """Play from the launcher to the final result on `board`; return (presses, peak heap)."""
    app = new_app(board)
    nxt, ok = TWO[board]
    open_game(app, "xs")
    press(app, ok)
    # the modules the game loaded (a copy imported here first would stay in the heap twice)
    X = sys.modules["tet.games.xap_sac.engine"]
    U = sys.modules["tet.games.xap_sac.play"]
    table = app.screen
    assert type(table).__name__ == "Table"
    game = table.game
    presses = 0
    peak = 0
    rounds = 0
    seen_round_end = 0
    while app.screen.title != "Kết quả":
        if app.screen is not table and app.screen.title.startswith("Hết ván"):
            # the round's result is on the panel, not only on the stack
            seen_round_end += "Hết ván" in app.hw.display.shown_text()
        if app.screen is table and game.turn == 0 and game.phase == X.PLAYING:
            # only OK: the cursor starts on a usable card, or on Đi when none can go
            assert table.row[table.cursor] == U.PASS or isinstance(table.row[table.cursor], int) \
                or table.mode == U.CELLS or table.row[table.cursor] == U.PLACE
        if app.screen.title.startswith("Hết ván"):
            rounds += 1
        press(app, ok, 30, 30)
        presses += 1
        assert presses < 4000
        if app.hw.buzzer:
            del app.hw.buzzer.tones[:]
        if hasattr(gc, "mem_alloc") and presses % 25 == 0:
            gc.collect()
            peak = max(peak, gc.mem_alloc())  # type: ignore[attr-defined]
    assert game.phase == X.GAME_OVER and max(game.scores) >= X.TARGET[game.players]
    body = app.screen.body
    assert "thắng" in body and all(name in body for name in ("Bạn", "Máy 1", "Máy 2", "Máy 3"))
    assert rounds == len(game.rounds) - 1
    assert seen_round_end >= rounds and ".." not in body
    shown = app.hw.display.shown_text()
    assert "Kết quả" in shown and "thắng" in shown
    press(app, ok)
    assert app.screen.title == "Xấp Sắc" and app.load_game(U.SAVE) is None
    return presses, peak


def test_whole_game_on_the_devkit_with_ok_only():
    presses, _peak = whole_game("devkit_ssd1306")
    assert presses > 20

