"""Ô Ăn Quan's session screens through the keys, asserting on the frame the panel shows: the resume
offer after a reboot, leaving and re-entering, the rules scrolling with a sign that there is
more, the computer thinking with a moving screen, and BACK while it thinks."""

import gc
from binascii import crc32

from fake_hw import TWO, hold, open_game, press, run
from test_o_an_quan_ui_end import BOARDS, setup_menu, shown, start


def test_the_resume_offer_after_a_reboot_and_after_leaving():
    for name in BOARDS:
        # one board per call: nothing of one app is left when the next boots
        resume_offer_on(name)
        gc.collect()


def one_move_on(name):
    """Our first move and the computer's reply; return the position and the score line."""
    nxt, ok = TWO[name]
    app = setup_menu(name)
    board = start(app)
    press(app, ok)
    press(app, ok)
    press(app, nxt)
    run(app, 20000)
    assert board.game.turn == 0
    state = bytearray(board.game.state)
    scores = board.lines[2] if name == "devkit_ssd1306" else board.lines[0]
    return state, scores


def resume_offer_on(name):
    nxt, ok = TWO[name]
    state, scores = one_move_on(name)
    gc.collect()
    # a reboot: the offer, then the same position
    app = setup_menu(name, keep_storage=True)
    lines = shown(app).split("\n")
    # the two choices, in order (the button hints follow them)
    assert "Tiếp tục ván trước" in lines
    assert lines[lines.index("Tiếp tục ván trước") + 1] == "Ván mới"
    press(app, ok)
    resumed = app.screen
    assert resumed.game.state == state
    assert scores in shown(app)
    # leave with "Lưu và thoát": the launcher; re-enter: the offer again
    hold(app, ok)
    lines = shown(app).split("\n")
    assert lines[lines.index("Chơi tiếp") + 1] == "Lưu và thoát"
    press(app, nxt)
    press(app, ok)
    assert app.screen is app.stack[0]
    assert "Ô Ăn Quan" in shown(app).split("\n")
    open_game(app, "oaq")
    assert "Tiếp tục ván trước" in shown(app).split("\n")
    press(app, ok)
    assert app.screen.game.state == state
    assert scores in shown(app)
    # "Ván mới" forgets it: the set-up menu, and no offer at the next entry
    hold(app, ok)
    press(app, nxt)
    press(app, ok)
    open_game(app, "oaq")
    press(app, nxt)
    press(app, ok)
    assert shown(app).split("\n")[:2] == ["Ô Ăn Quan", "▶"]
    assert app.load_game("o_an_quan") is None


def advancing_clock(app, step_ms, press_at=None, release_at=None):
    """Make the fake clock move `step_ms` at every reading (as the chip's does while it
    thinks); optionally press the select button (its hold is BACK) between two times."""
    hw = app.hw
    bit = 1 << hw.button_names.index(TWO[hw.name][1])

    def clock():
        hw.now += step_ms
        if press_at is not None and press_at <= hw.now < release_at:
            hw.pressed |= bit
        elif press_at is not None and hw.now >= release_at:
            hw.pressed &= ~bit
        return hw.now

    hw.clock = clock


def test_the_computer_thinks_with_a_moving_screen_and_back_stops_it():
    for name in ("devkit_ssd1306", "ttgo_tdisplay"):
        # one board per call: nothing of one app is left when the next boots
        thinking_on(name)
        gc.collect()


def thinking_on(name):
    nxt, ok = TWO[name]
    app = setup_menu(name)
    board = start(app, 2, level_presses=1)      # Khó
    press(app, ok)
    press(app, ok)
    press(app, nxt)
    assert board.game.turn == 1 and not board.animating
    shows = app.hw.display.shows
    frames = []
    show = app.hw.display.show

    def recording():
        show()
        if board.thinking:
            frames.append(bytes(app.hw.display.buf))

    app.hw.display.show = recording
    advancing_clock(app, 2)
    while board.game.turn == 1:
        app.step()
    # the search redrew the board every 80 ms of its clock, with moving dots
    assert len(frames) >= 5 and len(set(frames)) >= 3
    assert app.hw.display.shows - shows >= 5
    assert board.searcher.nodes <= 5100 and not board.searcher.interrupted
    # the next computer turn: hold BACK while it thinks
    run_until_turn(app, board, 0)
    press(app, ok)
    press(app, ok)
    press(app, nxt)
    hw = app.hw
    # the search starts BOT_MS (450 ms) after the turn and lasts ~500 ms of this clock; the
    # hold becomes BACK 450 ms after it starts, mid-search
    advancing_clock(app, 3, hw.now + 200, hw.now + 900)
    guard = 0
    while app.screen is board:
        app.step()
        guard += 1
        assert guard < 5000
    assert board.searcher.interrupted
    assert shown(app).startswith("Thoát ván?")
    assert board.game.turn == 1
    del hw.clock                # the plain fake clock again, the button released
    hw.pressed = 0
    run(app, 300)
    assert shown(app).startswith("Thoát ván?")
    press(app, ok)   # Chơi tiếp: the computer thinks again and moves
    assert app.screen is board
    run_until_turn(app, board, 0)
    assert not board.thinking


def run_until_turn(app, board, turn):
    guard = 0
    while board.game.turn != turn or board.animating:
        app.step()
        app.hw.now += 10
        guard += 1
        assert guard < 10000
