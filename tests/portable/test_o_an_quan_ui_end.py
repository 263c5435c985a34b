"""Ô Ăn Quan played to the end through the keys on every board under the device's 160K heap,
asserting on the frame the panel shows: the score sheet (the result, every score explained,
loans), then "ván mới". The resume offer, the rules and the thinking screen:
test_o_an_quan_ui_session.py."""

import gc

from fake_hw import BOARDS as SIZES, TWO, FakeDisplay, hold, new_app, open_game, press, run, walk_to

HEAP = "160K"
# each board's framebuffer is allocated once, first (as at boot), before the heap fragments
for _size in SIZES.values():
    FakeDisplay(_size[0], _size[1], _size[2])
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
    press(app, nxt)
    press(app, nxt)
    for _ in range(players - 2):
        press(app, ok)
    press(app, nxt)
    for _ in range(level_presses):
        press(app, ok)
    walk_to(app, "Bắt đầu")
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
        row = sum(board[6 * k + 1:6 * k + 6])
        home = board[6 * k] + (qv if game.quan()[k] else 0)
        debt = game.debts()[k]
        total = game.captured()[k] + qv * game.quan_captured()[k] + row + home - debt
        assert total == game.scores()[k]
        text = "%s %d = %d dân" % (names[k], total, game.captured()[k])
        if game.quan_captured()[k]:
            text += " + %d quan (%d)" % (game.quan_captured()[k], qv * game.quan_captured()[k])
        if row:
            text += " + %d trên hàng" % row
        if home:
            text += " + %d ô quan" % home
        if debt > 0:
            text += " – %d nợ" % debt
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
        # one board per call: nothing of one app is left when the next boots
        sheet_then_new_game_on(name, players)
        gc.collect()


def sheet_then_new_game_on(name, players):
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
    for name in BOARDS:
        # one board per call: nothing of one app is left when the next boots
        loan_on(name)
        gc.collect()


def loan_on(name):
    # game then goes on to its end through the keys.
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
    assert ("– %d nợ" % game.debts()[1]) in body
    assert ("+ %d cho vay" % game.debts()[1]) in body
