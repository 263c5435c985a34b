"""A game that runs out of heap closes, not the gadget: the launcher, a message on the panel, the
game's modules forgotten, and the last save resumed on re-entry."""

import sys

from fake_hw import TWO, open_game, press
from test_o_an_quan_ui_session import one_move_on

from tet.core.app import OUT_OF_MEMORY


def test_out_of_memory_in_a_game_goes_home_and_keeps_the_save():
    name = "devkit_ssd1306"
    nxt, ok = TWO[name]
    state, _scores = one_move_on(name)
    from fake_hw import new_app

    app = new_app(name, keep_storage=True)
    open_game(app, "oaq")
    press(app, ok)                                   # Tiếp tục ván trước
    board = app.screen
    assert board.game.state == state

    def no_heap(ev):
        raise MemoryError("memory allocation failed")

    board.handle = no_heap
    press(app, nxt)
    shown = " ".join(app.hw.display.shown_text().split("\n"))
    assert shown.startswith("Thông báo")
    assert "hết bộ nhớ" in shown
    assert app.stack[0] is app.stack[-2]             # the notice over the launcher
    assert not [m for m in sys.modules if m.startswith("tet.games.o_an_quan")]
    press(app, ok)
    assert app.screen is app.stack[0]
    open_game(app, "oaq")
    assert "Tiếp tục ván trước" in app.hw.display.shown_text().split("\n")
    press(app, ok)
    assert app.screen.game.state == state


def test_out_of_memory_at_the_launcher_keeps_the_loop_going():
    from fake_hw import new_app

    app = new_app("ttgo_tdisplay")
    launcher = app.screen
    calls = []

    def no_heap_once(ev):
        calls.append(ev)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed")
        type(launcher).handle(launcher, ev)

    launcher.handle = no_heap_once
    press(app, "A")
    press(app, "A")
    assert app.screen is launcher and launcher.index == 1 and app.notice is None
    assert OUT_OF_MEMORY not in app.hw.display.shown_text()
