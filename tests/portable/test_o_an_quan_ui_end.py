"""Ô Ăn Quan through the keys on every board, asserting on the frame the panel shows: the score
sheet at the end (the result, every score explained, loans), "ván mới", the resume offer after
a reboot, leaving and re-entering, the rules scrolling, the computer thinking and BACK then."""

from fake_hw import TWO, hold, new_app, open_game, press, run

HEAP = "160K"
BOARDS = ("devkit_ssd1306", "ttgo_tdisplay", "m5stickc_plus")


def shown(app):
    return app.hw.display.shown_text()


def setup_menu(board, keep_storage=False):
    app = new_app(board, keep_storage)
    open_game(app, "oaq")
    assert app.screen.title == "Ô Ăn Quan"
    return app


def start(app, players=2, level_presses=2):
    """Bắt đầu against the computer with `players`; the level cycles Vừa -> Khó -> Dễ."""
    nxt, ok = TWO[app.hw.name]
    setup = app.screen
    press(app, nxt)
    press(app, nxt)
    for _ in range(players - 2):
        press(app, ok)
    press(app, nxt)
    for _ in range(level_presses):
        press(app, ok)
    press(app, nxt)
    press(app, nxt)
    assert setup.selected == "Bắt đầu"
    press(app, ok)
    return app.screen


def play_to_the_end(app, board):
    """We always sow our first square forward; the computer answers; until the game is over."""
    nxt, ok = TWO[app.hw.name]
    game = board.game
    plies = 0
    while not game.over:
        if game.turn == 0 and board.items and not board.animating:
            press(app, ok, 30, 30)
            press(app, ok, 30, 30)
            press(app, nxt, 30, 30)
        else:
            run(app, 500)
        plies += 1
        assert plies < 2000
    run(app, 30000)


def sheet_body(app):
    """Scroll the score sheet to its end; return its lines (header and ▲▼ signs left out)."""
    nxt, _ok = TWO[app.hw.name]
    sheet = app.screen
    assert sheet.title == "Kết quả"
    seen = []
    for _ in range(40):
        lines = [t for t in shown(app).split("\n") if t not in ("Kết quả", "▲", "▼")]
        if not seen:
            seen = lines
        elif lines[-1] != seen[-1]:
            seen.append(lines[-1])
        if not sheet.more_below():
            break
        assert "▼" in shown(app).split("\n")
        press(app, nxt)
    assert not sheet.more_below()
    return seen


def expected_lines(game, names):
    """The sheet's lines, built here from the game's numbers (not from the sheet's code)."""
    out = []
    qv = game.quan_value
    board = game.board()
    for k in range(game.players):
        row = sum(board[6 * k:6 * k + 6]) + (qv if game.quan()[k] else 0)
        debt = game.debts()[k]
        total = game.captured()[k] + qv * game.quan_captured()[k] + row - debt
        assert total == game.scores()[k]
        text = "%s %d = %d dân" % (names[k], total, game.captured()[k])
        if game.quan_captured()[k]:
            text += " + %d quan (%d)" % (game.quan_captured()[k], qv * game.quan_captured()[k])
        if row:
            text += " + %d trên hàng" % row
        if debt > 0:
            text += " − %d nợ" % debt
        elif debt < 0:
            text += " + %d cho vay" % -debt
        out.append(text)
    return out


def result_of(game, names):
    winners = game.winners()
    if len(winners) > 1:
        return "Hòa"
    return "Bạn thắng!" if winners[0] == 0 else "Bạn thua"


def check_sheet(app, board):
    game = board.game
    body = " ".join(sheet_body(app))
    assert body.startswith(result_of(game, board.names) + " ")
    for line in expected_lines(game, board.names):
        assert line in body, (line, body)
    if any(game.debts()):
        assert "vay" in body and "trừ" in body
    nxt, ok = TWO[app.hw.name]
    assert (ok + ": ván mới") in body
    return body


def test_whole_games_end_on_a_score_sheet_then_ok_starts_a_new_one():
    for name, players in (("devkit_ssd1306", 2), ("ttgo_tdisplay", 3), ("m5stickc_plus", 2)):
        app = setup_menu(name)
        setup = app.screen
        board = start(app, players)
        assert board.level == 0 and board.game.players == players
        play_to_the_end(app, board)
        check_sheet(app, board)
        nxt, ok = TWO[name]
        # BACK: the finished board, its result and what OK does there
        hold(app, ok)
        assert app.screen is board
        assert (result_of(board.game, board.names)) in shown(app)
        if name != "devkit_ssd1306":
            assert (ok + ": ván mới") in shown(app)
        # OK: a new game, same players and level
        press(app, ok)
        fresh = app.screen
        assert fresh is not board and fresh.title == "Ô Ăn Quan"
        assert fresh.game.players == players and fresh.level == board.level
        assert fresh.seats == board.seats and not fresh.game.over
        assert sum(fresh.game.board()) == 25 * players
        if name == "devkit_ssd1306":
            assert "Bạn: 0–0 OK:chọn" in shown(app)
        else:
            assert "Bạn 0 · M1 0 · M2 0" in shown(app) or "Bạn 0 · Máy 0" in shown(app)
            assert (nxt + ": ô khác · " + ok + ": chọn ô") in shown(app)
        # BACK on a new game asks first; the finished one went back to the menu
        hold(app, ok)
        assert shown(app).startswith("Thoát ván?")
        press(app, nxt)
        press(app, ok)   # Lưu và thoát
        assert app.screen is app.stack[0]
        assert setup is not None


def test_a_loan_is_explained_on_the_score_sheet():
    # We play 4+ and the computer's row empties: it puts back 2 dân and borrows 3 from us. The
    # game then goes on to its end through the keys.
    for name in BOARDS:
        app = setup_menu(name)
        board = start(app)
        game = board.game
        st = game.state
        position = [0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0]
        for i in range(12):
            st[i] = position[i]
        st[12], st[13] = 1, 0
        st[14], st[15] = 10, 2
        st[16], st[17] = 0, 1
        board.view[:] = st
        board._turn_begins()
        play_to_the_end(app, board)
        assert game.debts()[1] > 0
        body = check_sheet(app, board)
        assert ("− %d nợ" % game.debts()[1]) in body
        assert ("+ %d cho vay" % game.debts()[1]) in body


def test_the_resume_offer_after_a_reboot_and_after_leaving():
    for name in BOARDS:
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
        # a reboot: the offer, then the same position
        app = setup_menu(name, keep_storage=True)
        assert shown(app).split("\n")[-2:] == ["Tiếp tục ván trước", "Ván mới"]
        press(app, ok)
        resumed = app.screen
        assert resumed.game.state == state
        assert scores in shown(app)
        # leave with "Lưu và thoát": the launcher; re-enter: the offer again
        hold(app, ok)
        assert shown(app).split("\n")[-2:] == ["Chơi tiếp", "Lưu và thoát"]
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


def test_the_rules_scroll_with_a_sign_that_there_is_more():
    for name in ("devkit_ssd1306", "ttgo_tdisplay"):
        nxt, ok = TWO[name]
        app = setup_menu(name)
        setup = app.screen
        while setup.selected != "Cách chơi":
            press(app, nxt)
        press(app, ok)
        lines = shown(app).split("\n")
        assert lines[0] == "Cách chơi" and "▼" in lines and "▲" not in lines
        guard = 0
        while "▼" in shown(app).split("\n"):
            press(app, nxt)
            guard += 1
            assert guard < 30
        lines = shown(app).split("\n")
        text = [line for line in lines if line not in ("▲", "▼")]
        assert "▲" in lines and text[-1].endswith("thắng.")
        press(app, ok)
        assert app.screen is setup


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
