"""Xăm Hường screens on fake hardware: shake or press to roll, scorer entry, views, resume (a whole
game through the UI is in test_xam_huong_ui_game under the platform's heap budget)."""

from fake_hw import TWO, hold, new_app, open_game as open_from_launcher, press, run, shake

from tet.games.xam_huong import rules as R


def open_game(board, keep_storage=False):
    """Boot, pick Xăm Hường in the launcher; return the app showing the setup menu."""
    app = new_app(board, keep_storage)
    open_from_launcher(app, "xh")
    return app


def play_screen(app):
    """Press Bắt đầu (the first entry of the setup menu)."""
    assert app.screen.title == "Xăm Hường" and app.screen.selected == "Bắt đầu"
    press(app, TWO[app.hw.name][1])
    screen = app.screen
    assert hasattr(screen, "game"), screen.title
    return screen


def roll_and_land(app, times):
    """Press OK to roll and OK again to land the dice at once, `times` times (two-button board)."""
    for _ in range(times):
        press(app, "B")
        press(app, "B")


def test_button_roll_tumbles_then_lands_with_a_name():
    app = open_game("ttgo_tdisplay")
    play = play_screen(app)
    assert play.game.players == 4 and play.game.rolls == 0
    press(app, "B")                                   # no motion sensor: OK rolls
    assert play.rolling_since is not None and play.game.rolls == 0
    run(app, 1200)
    assert play.rolling_since is None and play.game.rolls == 1
    dice = list(play.dice)
    assert all(1 <= d <= 6 for d in dice)
    assert play.result.startswith(R.category_name(play.game.last_category, play.game.last_rank))
    assert app.hw.display.lit() > 500
    assert play.game.turn == 1


def test_shake_rolls_on_the_motion_board_and_a_key_skips_the_tumble():
    app = open_game("m5stickc_plus")
    play = play_screen(app)
    tones = len(app.hw.buzzer.tones)
    shake(app)
    assert play.rolling_since is not None
    press(app, "A")                                   # any key lands the dice at once
    assert play.rolling_since is None and play.game.rolls == 1
    assert len(app.hw.buzzer.tones) > tones


def test_scorer_mode_enters_real_dice_on_the_devkit():
    app = open_game("devkit_ssd1306")
    setup = app.screen
    press(app, "DOWN")
    press(app, "DOWN")
    assert setup.selected == "Chế độ: máy lắc"
    press(app, "OK")
    assert setup.selected == "Chế độ: nhập xúc xắc thật"
    press(app, "UP")
    press(app, "UP")
    play = play_screen(app)
    press(app, "OK")
    assert app.screen.title == "Nhập xúc xắc"
    # 4 4 4 4 3 5: Trạng Tứ Hường 8 tuổi (faces start at 1; DOWN raises the face)
    for face in (4, 4, 4, 4, 3, 5):
        for _ in range(face - 1):
            press(app, "DOWN")
        press(app, "OK")
    assert app.screen is play
    assert play.game.holder(R.TRANG_NGUYEN) == 0 and play.game.trang_rank == 8
    assert play.result == "Trạng Tứ Hường 8 tuổi"
    assert "Trạng Nguyên" in play.outcome


def test_table_history_and_spill_penalty():
    app = open_game("ttgo_tdisplay")
    play = play_screen(app)
    roll_and_land(app, 3)
    assert play.game.rolls == 3
    press(app, "A")                                   # NEXT: the table
    assert app.screen.title == "Bảng điểm"
    texts = [t for t, _c in app.screen.lines]
    assert any(t.startswith("Người 1: ") for t in texts)
    press(app, "B")
    hold(app, "A")                                    # PREV: the history, newest first
    assert app.screen.title == "Lịch sử"
    assert app.screen.lines[0][0].startswith("3. Người 3")
    press(app, "B")
    hold(app, "B")                                    # BACK: the menu
    assert app.screen.title.startswith("Thoát")
    press(app, "A")
    press(app, "A")
    press(app, "B")                                   # Hột văng
    assert app.screen is play and play.game.pot == 1 and play.game.ledger[3] == -1


def test_a_game_survives_a_reboot():
    app = open_game("ttgo_tdisplay")
    play = play_screen(app)
    roll_and_land(app, 5)
    saved = play.game.to_dict()
    # power off here; boot again and open the game: it offers to continue
    app = open_game("ttgo_tdisplay", keep_storage=True)
    assert app.screen.title == "Xăm Hường" and app.screen.selected == "Tiếp tục ván trước"
    shown = app.hw.display.shown_text()
    assert "Tiếp tục ván trước" in shown and "Ván mới" in shown
    press(app, "B")
    resumed = app.screen
    assert resumed.game.to_dict() == saved and resumed.game.rolls == 5
    # the resumed bowl shows the last roll: whose it was, its name and what it took
    shown = app.hw.display.shown_text()
    assert "Người 1 gieo lần 5:" in shown and resumed.result in shown
    assert resumed.outcome[:30] in shown


def test_leaving_and_reentering_offers_the_saved_game():
    app = open_game("devkit_ssd1306")
    play = play_screen(app)
    for _ in range(2):
        press(app, "OK")
        press(app, "OK")
    hold(app, "OK")                                   # BACK: Thoát ván?
    assert app.hw.display.shown_text().startswith("Thoát ván?")
    press(app, "DOWN")
    press(app, "OK")                                  # Lưu và thoát
    assert app.screen is app.stack[0]
    open_from_launcher(app, "xh")
    assert "Tiếp tục ván trước" in app.hw.display.shown_text()
    press(app, "OK")
    assert app.screen.game.to_dict() == play.game.to_dict()
    assert app.hw.display.shown_text().startswith("Người 2 gieo lần 2:")


def test_player_count_goes_down_as_well_as_up():
    app = open_game("ttgo_tdisplay")
    setup = app.screen
    press(app, "A")
    press(app, "B")                                   # the list of counts opens at 4
    hold(app, "A", 500)                               # one up: 3
    press(app, "B")
    assert setup.selected == "Số người: 3" and "Số người: 3" in app.hw.display.shown_text()
    app = open_game("devkit_ssd1306")
    setup = app.screen
    press(app, "DOWN")
    press(app, "LEFT")                                # one press down
    assert "Số người: 3" in app.hw.display.shown_text()
    press(app, "RIGHT")
    press(app, "RIGHT")
    assert "Số người: 5" in app.hw.display.shown_text()
    assert "OK:đổi" in app.hw.display.shown_text()    # the hint says OK changes this row
    while setup.selected != "Bắt đầu":
        press(app, "UP")
    press(app, "OK")
    assert app.screen.game.players == 5


def test_oled_roll_is_headed_by_its_roller_and_the_next_player_comes_below():
    app = open_game("devkit_ssd1306")
    play = play_screen(app)
    assert app.hw.display.shown_text().startswith("Lượt đầu\nNgười 1")
    press(app, "OK")
    press(app, "OK")
    lines = app.hw.display.shown_text().split("\n")
    assert lines[0] == "Người 1 gieo lần 1:" and lines[1] == play.result
    assert "Người 2" not in lines[0] and "Người 2" not in lines[1]
    pages = set()
    for _ in range(12):
        run(app, 600)
        pages.add(app.hw.display.shown_text().split("\n")[-1])
    # the last line shows in turn what the roll took and whose turn it is, in the board's keys
    assert "Tới lượt Người 2" in pages and "OK:gieo" in pages, pages
    assert "▼:bảng ▲:lịch sử" in pages
    assert any(p and p in play.outcome for p in pages), (pages, play.outcome)
    assert app.hw.display.shown_text().startswith("Người 1 gieo lần 1:")


def test_button_hints_name_this_boards_buttons():
    app = open_game("ttgo_tdisplay")
    assert "A/giữA:dời B:chọn giữB:về" in app.hw.display.shown_text()
    play = play_screen(app)
    assert "Người 1: B:gieo A:bảng giữA:lịch sử" in app.hw.display.shown_text()
    app = open_game("devkit_ssd1306")
    setup = app.screen
    press(app, "DOWN")
    press(app, "DOWN")
    press(app, "OK")                                  # scorer mode
    press(app, "UP")
    press(app, "UP")
    play_screen(app)
    press(app, "OK")
    shown = app.hw.display.shown_text()
    assert app.screen.title == "Nhập xúc xắc"
    assert "▲▼:đổi OK:tới giữ:lùi" in shown and "NEXT" not in shown
    assert setup is app.stack[1]


def test_names_and_players_in_setup():
    app = open_game("ttgo_tdisplay")
    setup = app.screen
    press(app, "A")
    press(app, "B")                                   # the list of counts, at 4
    assert app.screen.title == "Số người" and app.screen.selected == "4 người"
    press(app, "A")
    press(app, "B")                                   # 5 players
    assert app.screen is setup and setup.selected == "Số người: 5"
    press(app, "A")
    press(app, "A")
    press(app, "B")                                   # Tên người chơi
    assert app.screen.title == "Tên người chơi"
    press(app, "B")                                   # player 1 gets the first family name
    assert app.screen.selected == "1: Ông"
    hold(app, "B")
    assert app.screen is setup
    while setup.selected != "Bắt đầu":
        press(app, "A")
    press(app, "B")
    play = app.screen
    assert play.game.players == 5 and play.names[0] == "Ông"
    assert play.game.start_value() == 190


def test_declining_a_roll_with_khong_lay_the():
    app = open_game("ttgo_tdisplay")
    setup = app.screen
    while not setup.selected.startswith("Được không lấy thẻ"):
        press(app, "A")
    press(app, "B")
    assert setup.selected == "Được không lấy thẻ: bật"
    while setup.selected != "Bắt đầu":
        press(app, "A")
    play = play_screen(app)
    roll_and_land(app, 1)
    assert app.screen.title == "Lấy thẻ?" and play.game.rolls == 0
    press(app, "A")
    press(app, "B")                                   # Không lấy
    assert app.screen is play and play.game.rolls == 1
    assert play.game.last_flags & 32 and sum(play.game.took) == 0
    assert play.outcome.startswith("Không lấy thẻ")
    roll_and_land(app, 1)
    hold(app, "B")                                    # BACK takes what the roll earns
    assert app.screen is play and play.game.rolls == 2
    assert not play.game.last_flags & 32
