"""A whole Tổ Tôm game through the screens on fake hardware, then the start of the next game."""

from fake_hw import TWO, new_app, open_game, press, run

# the platform's budget: the micropython lane runs this module with the firmware in a ROMFS
# image (bytecode in flash, as on the device) and 160K of heap
HEAP = "160K"


def play_ui_game(app, after_step=None):
    """From the launcher, open Tổ Tôm, start a hội and play one game with the keys (first
    options, first legal discard); return (table screen, game). `after_step()` runs after
    every step."""
    nxt, ok = TWO[app.hw.name]
    open_game(app, "totom")
    press(app, ok)                      # Bắt đầu hội mới
    table = app.screen
    game = table.game
    for _ in range(3000):
        if app.screen is not table:
            break
        if game.to_move() == 0:
            if table.discard_mode:
                while table.cursor >= len(table.hand) or \
                        table.hand[table.cursor] not in game.discards(0):
                    press(app, nxt)
            press(app, ok)
        else:
            run(app, 700)
        if after_step:
            after_step()
    return table, game


def test_whole_game_through_the_ui_then_the_next_game():
    import sys

    app = new_app("ttgo_tdisplay")
    _table, game = play_ui_game(app)
    result = app.screen
    assert result.title in ("Ù!", "Hoà")
    assert "Bảng điểm hội" in result.body
    assert app.load_game("to_tom") is not None      # the next game is saved already
    engine = sys.modules["tet.games.to_tom.engine"]
    press(app, TWO["ttgo_tdisplay"][1])
    assert hasattr(app.screen, "game") and app.screen.game is not game
    assert app.screen.hoi.games == 1
    # the launcher was not uncovered between the two games: the game's modules stay loaded
    # (forgotten, the next win would import copies of them beside the ones still in use)
    assert sys.modules.get("tet.games.to_tom.engine") is engine
    assert app.stack[0] is not app.screen and len(app.stack) == 2
