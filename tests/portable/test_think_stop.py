"""A computer player's search stops on BACK or on the clock (GameScreen.think_stop): node budgets
make moves reproducible, the clock keeps a slower chip inside its time."""

from fake_hw import new_app

from tet.ui.game_screen import GameScreen


def test_think_stop_says_stop_after_the_time_limit_or_on_back():
    app = new_app("ttgo_tdisplay")
    screen = GameScreen(app)
    screen.think_ms = 300
    stop = screen.think_stop()
    asked = []
    for _ in range(5):
        app.hw.now += 50
        asked.append(stop())
    assert asked == [False] * 5                 # 250 ms of the clock: keep thinking
    app.hw.now += 50
    assert stop()                               # 300 ms: the best move found so far
    stop = screen.think_stop()                  # a new move starts its own clock
    assert not stop()
    screen.think_ms = 10000
    stop = screen.think_stop()
    app.hw.pressed = 1 << app.hw.button_names.index("B")
    held = []
    for _ in range(10):                         # a long press of B is BACK on two buttons
        app.hw.now += 60
        held.append(stop())
    assert held[0] is False and held[-1] is True and app.hw.now < 10000
