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


def _to_the_result(app):
    """Play the first game to its result; the stock it was dealt (the helpers keep the
    tables' objects in frames that end with them: a stale reference in a long test's frame
    would hold a whole table, modules and all, as no gadget does)."""
    _table, game = play_ui_game(app)
    result = app.screen
    assert result.title in ("Ù!", "Hoà")
    assert "Bảng điểm hội" in result.body
    return game.to_dict()["stock"]


def _the_next_game(app, dealt):
    """Close the result: the next game opens on a heap of its own (the launcher forgets the
    game's modules, the table is read back from its save); its state as dealt."""
    import sys

    press(app, TWO["ttgo_tdisplay"][1])
    table = app.screen
    assert hasattr(table, "game") and table.hoi.games == 1
    assert table.game.to_dict()["stock"] != dealt and table.game.to_move() >= 0
    assert app.stack == [app.stack[0], table] and "tet.games.to_tom.play" in sys.modules
    assert "Nọc %d" % table.game.left in app.hw.display.shown_text()
    return table.game.to_dict()


def test_whole_game_through_the_ui_then_the_next_game():
    app = new_app("ttgo_tdisplay")
    shown = _the_next_game(app, _to_the_result(app))
    # the next game was saved as it was dealt: read back as a person finds it, after leaving
    # (a save is read whole, on the heap the launcher gets back)
    app.home()
    saved = app.load_game("to_tom")
    assert saved is not None and saved["hoi"]["games"] == 1 and saved["game"] == shown
