"""Buttons become events: debounce, long press, auto-repeat, shake."""

from fake_hw import FakeHardware

from tet.core import input as inp


def _drain(i):
    out = []
    ev = i.get()
    while ev:
        out.append(ev)
        ev = i.get()
    return out


def _simulate(hw, i, pattern):
    """pattern: list of (mask, ms); poll every 5 ms; return events."""
    events = []
    for mask, ms in pattern:
        hw.pressed = mask
        for _ in range(ms // 5):
            i.poll(hw.now)
            events += _drain(i)
            hw.now += 5
    return events


def test_tap_a_is_next_and_b_is_ok():
    hw = FakeHardware("ttgo_tdisplay")
    i = inp.Input(hw)
    assert _simulate(hw, i, [(1, 80), (0, 80), (2, 80), (0, 80)]) == [inp.NEXT, inp.OK]


def test_bouncing_contact_gives_one_event():
    hw = FakeHardware("ttgo_tdisplay")
    i = inp.Input(hw)
    bouncy = [(1, 5), (0, 5), (1, 5), (0, 5), (1, 60), (0, 5), (1, 5), (0, 80)]
    assert _simulate(hw, i, bouncy) == [inp.NEXT]


def test_long_press_b_is_back_without_ok():
    hw = FakeHardware("ttgo_tdisplay")
    i = inp.Input(hw)
    assert _simulate(hw, i, [(2, 600), (0, 50)]) == [inp.BACK]


def test_holding_a_repeats_prev():
    hw = FakeHardware("ttgo_tdisplay")
    i = inp.Input(hw)
    events = _simulate(hw, i, [(1, inp.LONG_MS + 5 * inp.REPEAT_MS + 20), (0, 50)])
    assert events[0] == inp.PREV
    assert len(events) == 6
    assert all(e == inp.PREV for e in events)


def test_five_button_arrows_act_on_press_and_repeat():
    hw = FakeHardware("devkit_ssd1306")
    i = inp.Input(hw)
    down = 1 << hw.button_names.index("DOWN")
    events = _simulate(hw, i, [(down, 10)])
    assert events == [inp.DOWN]
    events = _simulate(hw, i, [(down, inp.LONG_MS + inp.REPEAT_MS), (0, 30)])
    assert events.count(inp.DOWN) == 2
    ok = 1 << hw.button_names.index("OK")
    assert _simulate(hw, i, [(ok, 60), (0, 60), (ok, 700), (0, 60)]) == [inp.OK, inp.BACK]


def test_shake_needs_motion_and_has_a_quiet_time():
    hw = FakeHardware("m5stickc_plus")
    i = inp.Input(hw)
    hw.accel = (2.0, 1.0, 1.0)
    events = _simulate(hw, i, [(0, 300)])
    assert events == [inp.SHAKE]
    hw.accel = (0.0, 0.0, 1.0)
    assert _simulate(hw, i, [(0, 300)]) == []


def test_forward_backward_cover_both_layouts():
    for ev in (inp.NEXT, inp.DOWN, inp.RIGHT):
        assert inp.forward(ev) and not inp.backward(ev)
    for ev in (inp.PREV, inp.UP, inp.LEFT):
        assert inp.backward(ev) and not inp.forward(ev)
    assert not inp.forward(inp.OK) and not inp.backward(inp.OK)


def test_works_when_the_tick_counter_is_near_its_wrap():
    import time

    period = time.ticks_add(0, -1) + 1  # 2**30 on the ESP32 and in the simulator
    hw = FakeHardware("ttgo_tdisplay")
    hw.now = period - 40
    i = inp.Input(hw)
    events = []
    for mask, ms in [(1, 80), (0, 80), (2, 80), (0, 80)]:
        hw.pressed = mask
        for _ in range(ms // 5):
            i.poll(hw.now)
            events += _drain(i)
            hw.now = time.ticks_add(hw.now, 5)
    assert events == [inp.NEXT, inp.OK]


def test_a_button_held_through_a_restart_gives_nothing_until_let_go():
    # leaving a part of a game by holding B restarts the board while B is still down: the new
    # boot must not read its release as a tap (OK), nor a hold of the arrows as repeats
    for board, name, held in (("ttgo_tdisplay", "B", 700), ("devkit_ssd1306", "DOWN", 900)):
        hw = FakeHardware(board)
        bit = 1 << hw.button_names.index(name)
        hw.pressed = bit
        i = inp.Input(hw)
        assert _simulate(hw, i, [(bit, held), (0, 80)]) == [], board
        first = inp.OK if board == "ttgo_tdisplay" else inp.DOWN
        assert _simulate(hw, i, [(bit, 60), (0, 80)]) == [first], board


def test_the_web_pages_back_button_gives_back_tapped_or_held_once():
    hw = FakeHardware("devkit_ssd1306")
    hw.button_names = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")     # boards/web/board.py
    i = inp.Input(hw)
    back = 1 << 5
    assert _simulate(hw, i, [(back, 60), (0, 60)]) == [inp.BACK]
    assert _simulate(hw, i, [(back, inp.LONG_MS + 4 * inp.REPEAT_MS), (0, 60)]) == [inp.BACK]
    # OK keeps its tap and hold beside it
    ok = 1 << 4
    assert _simulate(hw, i, [(ok, 60), (0, 60), (ok, 600), (0, 60)]) == [inp.OK, inp.BACK]
