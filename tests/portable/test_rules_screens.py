"""Every game's setup menu has "Luật chơi": the rules scroll, with ▼/▲ saying there is more."""

import gc

from fake_hw import TWO, new_app, open_game, press, walk_to

# the game, and the last word of its rules as a person reads them on the panel
ENDINGS = (("oaq", "đếm."), ("xh", "đặt."), ("totom", "khàn)."), ("xs", "sau."))


def shown(app):
    return app.hw.display.shown_text()


def rules_on(board, game_id, last_word):
    nxt, ok = TWO[board]
    app = new_app(board)
    open_game(app, game_id)
    setup = app.screen
    walk_to(app, "Luật chơi")
    press(app, ok)
    lines = shown(app).split("\n")
    assert lines[0] == "Luật chơi" and "▼" in lines and "▲" not in lines, (board, game_id, lines)
    guard = 0
    while "▼" in shown(app).split("\n"):
        press(app, nxt)
        guard += 1
        assert guard < 80, (board, game_id)
    lines = shown(app).split("\n")
    text = [line for line in lines if line not in ("▲", "▼")]
    assert "▲" in lines, (board, game_id)
    assert any(line.endswith(last_word) for line in text), (board, game_id, text)
    press(app, ok)
    assert app.screen is setup, (board, game_id, app.screen.title)


def test_every_game_has_luat_choi_that_scrolls():
    for board in ("devkit_ssd1306", "ttgo_tdisplay"):
        for game_id, last_word in ENDINGS:
            rules_on(board, game_id, last_word)
            gc.collect()
