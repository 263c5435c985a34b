"""A computer player's search stops on BACK or on the clock (GameScreen.think_stop): node budgets
make moves reproducible, the clock keeps a slower chip inside its time."""

import gc

from fake_hw import new_app, run

from tet.ui.game_screen import GameScreen, think


def _threshold():
    # MicroPython's early collection setting; CPython has none (None: nothing to check there)
    return gc.threshold() if hasattr(gc, "threshold") else None


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


def test_the_heap_is_collected_early_except_while_a_computer_thinks():
    new_app("ttgo_tdisplay")
    on = _threshold()
    assert on is None or 0 < on <= 8192         # the app collects early, every few KB
    seen = []

    def search(position, depth=0):
        seen.append(_threshold())
        return (position, depth)

    assert think(search, "p", depth=3) == ("p", 3)
    assert seen == [None if on is None else -1]
    assert _threshold() == on

    def fails():
        raise MemoryError
    try:
        think(fails)
    except MemoryError:
        pass
    assert _threshold() == on                   # the loop goes on collecting early after it


def test_a_key_reaches_the_panel_before_any_collection_and_one_follows_when_keys_rest():
    app = new_app("ttgo_tdisplay")
    on = _threshold()
    off = None if on is None else -1
    menu = app.screen
    before = menu.index
    bit = 1 << app.hw.button_names.index("A")
    app.hw.pressed = bit
    run(app, 60)
    assert _threshold() == off                  # held: no early collection
    app.hw.pressed = 0
    run(app, 80)
    assert _threshold() == off                  # the key's frame, and keys may follow
    run(app, 40)
    assert _threshold() == on                   # rested 100 ms: collected, early again
    assert menu.index == before + 1             # the tap moved the launcher's cursor
