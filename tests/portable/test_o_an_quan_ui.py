"""Ô Ăn Quan screens on fake hardware: a move with the buttons, the animation and its skip, the
computer's reply, undo, resume after a reboot, hot-seat and demo modes on every board."""

from fake_hw import TWO, hold, new_app, open_game, press, run, walk_to

from tet.games.o_an_quan.engine import STALL_ROUNDS, Game
from tet.games.o_an_quan.play import UNDO


def open_setup(board, keep_storage=False):
    """Boot and open Ô Ăn Quan from the launcher; return (app, setup menu)."""
    app = new_app(board, keep_storage)
    open_game(app, "oaq")
    assert app.screen.title == "Ô Ăn Quan"
    return app, app.screen


def is_board(screen):
    # by name: leaving a game unloads its modules, so a later game has a fresh Board class
    return type(screen).__name__ == "Board" and screen.title == "Ô Ăn Quan"


def start_game(app, mode=0, players=2):
    """From the set-up menu: pick the mode and number of players, then Bắt đầu."""
    nxt, ok = TWO[app.hw.name]
    press(app, nxt)
    for _ in range(mode):
        press(app, ok)
    press(app, nxt)
    for _ in range(players - 2):
        press(app, ok)
    walk_to(app, "Bắt đầu")
    press(app, ok)
    board = app.screen
    assert is_board(board)
    return board


def play_human(app, board, square, forward):
    """Walk the cursor to `square`, pick it, choose the direction, sow; wait for the end."""
    nxt, ok = TWO[app.hw.name]
    guard = 0
    while board.items[board.choice] != square:
        press(app, nxt)
        guard += 1
        assert guard < 12
    press(app, ok)
    assert board.step == 1 and board.square == square
    if not forward:
        press(app, nxt)
        assert board.step == -1
    press(app, ok)
    assert board.animating
    press(app, nxt)  # skip to the end (the computer answers only BOT_MS later)
    assert not board.animating


def test_a_move_with_the_buttons_matches_the_engine_then_the_computer_replies():
    app, _setup = open_setup("ttgo_tdisplay")
    board = start_game(app)
    assert board.items == [1, 2, 3, 4, 5]
    assert app.hw.display.lit() > 800
    expected = Game()
    expected.play(3, 1)
    play_human(app, board, 3, True)
    assert board.game.state == expected.state and board.view == expected.state
    # the computer (player 1) moves by itself, shown stone by stone, then it is our turn again
    run(app, 600)
    assert board.animating
    run(app, 20000)
    assert board.game.turn == 0 and not board.animating
    assert board.view == board.game.state
    assert board.items[-1] == UNDO


def test_any_key_skips_the_animation_to_the_engines_position():
    app, _setup = open_setup("devkit_ssd1306")
    board = start_game(app)
    nxt, ok = TWO["devkit_ssd1306"]
    press(app, ok)
    press(app, ok)
    assert board.animating
    press(app, nxt)
    assert not board.animating and board.view == board.game.state


def test_undo_restores_the_position_before_your_move():
    app, _setup = open_setup("ttgo_tdisplay")
    board = start_game(app)
    before = bytearray(board.game.state)
    play_human(app, board, 2, False)
    run(app, 20000)
    assert board.game.turn == 0
    assert board.items[-1] == UNDO
    nxt, ok = TWO["ttgo_tdisplay"]
    while board.items[board.choice] != UNDO:
        press(app, nxt)
    press(app, ok)
    assert board.game.state == before and board.undo is None
    assert UNDO not in board.items


def test_a_game_in_progress_survives_a_reboot():
    app, _setup = open_setup("m5stickc_plus")
    board = start_game(app)
    play_human(app, board, 4, True)
    run(app, 20000)
    saved = bytearray(board.game.state)
    assert board.game.turn == 0
    app2, _setup2 = open_setup("m5stickc_plus", keep_storage=True)
    assert app2.screen.title == "Ô Ăn Quan" and app2.screen.selected == "Tiếp tục ván trước"
    press(app2, "B")
    resumed = app2.screen
    assert is_board(resumed)
    assert resumed.game.state == saved and resumed.undo is not None


def test_back_asks_before_leaving_and_the_game_stays_saved():
    app, setup = open_setup("ttgo_tdisplay")
    board = start_game(app)
    nxt, ok = TWO["ttgo_tdisplay"]
    hold(app, ok)
    assert app.screen.title.startswith("Thoát")
    press(app, ok)  # Chơi tiếp
    assert app.screen is board
    hold(app, ok)
    press(app, nxt)
    press(app, ok)
    assert app.screen.title != "Ô Ăn Quan" or app.screen is not board
    assert app.load_game("o_an_quan") is not None


def test_hot_seat_three_players_take_turns_with_the_buttons():
    app, _setup = open_setup("ttgo_tdisplay")
    board = start_game(app, mode=1, players=3)
    assert board.game.players == 3 and board.searcher is None
    nxt, ok = TWO["ttgo_tdisplay"]
    for expected_turn in (0, 1, 2):
        assert board.game.turn == expected_turn
        own = range(6 * expected_turn + 1, 6 * expected_turn + 6)
        assert board.items == [sq for sq in own if board.game.state[sq]]
        press(app, ok)
        press(app, ok)
        press(app, nxt)  # skip the animation
        assert not board.animating
    assert app.hw.display.lit() > 500


def test_demo_plays_by_itself_on_every_board_and_size():
    for name, players in (("devkit_ssd1306", 4), ("ttgo_tdisplay", 4), ("devkit_ssd1306", 2),
                          ("m5stickc_plus", 3)):
        app, _setup = open_setup(name)
        board = start_game(app, mode=2, players=players)
        start = bytearray(board.game.state)
        run(app, 15000)
        assert board.game.state != start
        assert app.hw.display.lit() > 100


def test_the_sowing_is_shown_stone_by_stone_and_the_capture_flashes():
    # 3+ from the start: 4..8 get a dân each, 9 is lifted and sown into 10, 11, 0, 1, 2, and
    # square 4 (6 dân) is taken.
    app, _setup = open_setup("ttgo_tdisplay")
    board = start_game(app)
    nxt, ok = TWO["ttgo_tdisplay"]
    while board.items[board.choice] != 3:
        press(app, nxt)
    press(app, ok)
    press(app, ok, 30, 20)
    assert board.animating
    totals = []
    flashes = []
    while board.animating:
        run(app, 10)
        totals.append(sum(board.view[:12]))
        flashes.append(board.flash)
    drops = 0
    for i in range(1, len(totals)):
        if totals[i] != totals[i - 1]:
            drops += 1
    assert 4 in flashes
    # 50 dân, minus the hand in flight, minus the capture: many small changes, never a jump
    assert drops >= 10
    assert board.view == board.game.state and board.game.captured() == [6, 0]


def test_an_empty_row_refill_is_announced():
    # We (player 0) play 4+: the dân drops in 5, the east quan square is empty (its quan was
    # taken), so the computer's last dân on square 7 is captured. Its row is empty: it puts back
    # its 2 captured dân and borrows 3 from us.
    app, _setup = open_setup("ttgo_tdisplay")
    board = start_game(app)
    game = board.game
    st = game.state
    position = [0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0]
    for i in range(12):
        st[i] = position[i]
    st[12], st[13] = 1, 0       # quan pieces still on the board
    st[14], st[15] = 10, 2      # captured dân
    st[16], st[17] = 0, 1       # quan pieces captured
    board.view[:] = st
    board._turn_begins()
    assert board.items == [4]
    play_human(app, board, 4, True)
    assert game.board()[7:12] == [1, 1, 1, 1, 1] and game.captured() == [8, 0]
    assert game.debts() == [-3, 3] and game.refilled == 5
    assert "Máy rải lại 5 dân (vay 3)" in board.lines[1]


def stalling_board(name):
    """Hot seat, two players, in a position where no move of the next three takes anything: the
    board keeps its 14 stones, its fewest so far, with three moves left before the stall rule's
    count (tests/portable/test_o_an_quan_engine.py works the same position out)."""
    app, _setup = open_setup(name)
    board = start_game(app, mode=1)
    st = board.game.state
    position = [5, 1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1]
    for i in range(12):
        st[i] = position[i]
    st[14], st[15] = 20, 18                 # dân captured
    st[-3] = 14                             # the board's fewest stones so far
    st[-2] = 3                              # moves left before the stall rule's count
    st[-1] = 14                             # the board's stones now
    board.view[:] = st
    board._turn_begins()
    app.dirty = True
    run(app, 100)
    return app, board


def test_the_screen_counts_down_to_the_stall_rule_and_the_sheet_says_why_the_game_ended():
    for name, counting in (("ttgo_tdisplay", "N1 20 · N2 18 · đếm sau 3"),
                           ("devkit_ssd1306", "N1: 20–18 đếm sau 3")):
        app, board = stalling_board(name)
        assert app.hw.display.has_text(counting), app.hw.display.shown_text()
        play_human(app, board, 1, True)         # 1+: into 2, then two empty squares
        play_human(app, board, 11, False)       # 11-: into 10, then two empty squares
        assert not board.game.over
        shown = app.hw.display.shown_text()
        assert "đếm sau 1" in shown
        play_human(app, board, 2, True)         # 2+: into 3, then two empty squares
        run(app, 3000)
        assert board.game.over and board.game.stalled
        sheet = app.screen
        assert sheet.title == "Kết quả"
        text = " ".join(app.hw.display.shown_text().split("\n"))
        # the result, then why: the board did not empty for 12 rounds, each player took their
        # row and quan square (player 1: 20 dân + 1 on the row + 5 and the quan piece in hers)
        assert "N1 thắng!" in text
        assert "Bàn không vơi đi suốt 12 vòng" in text
        body = sheet.body
        assert "N1 36 = 20 dân + 1 trên hàng + 15 ô quan" in body
        assert "N2 34 = 18 dân + 1 trên hàng + 15 ô quan" in body
