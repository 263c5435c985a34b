"""Tổ Tôm screens on fake hardware: start a hội, discard with the cursor, answer the prompts,
bots play on their own, the laid phu view, quit and resume after a reboot, both screen sizes."""

from fake_hw import TWO, new_app, open_game, press, run, walk_to

from tet.games.to_tom import engine as T
from tet.games.to_tom.cards import NAMES

YEU = (0, 9, 18, 27, 28, 29)


def open_table(board, keep_storage=False):
    """Boot, open Tổ Tôm from the launcher, press Bắt đầu hội mới; return the app."""
    app = new_app(board, keep_storage)
    nxt, ok = TWO[board]
    open_game(app, "totom")
    assert app.screen.title == "Tổ Tôm"
    press(app, ok)
    assert hasattr(app.screen, "game")
    return app


def human_turn(app, limit=20000):
    """Let the computer players move until it is the player's turn or the game is over."""
    table = app.screen
    waited = 0
    while table.game.to_move() not in (-1, 0) and waited < limit:
        run(app, 200)
        waited += 200
    return table


def play_one_action(app):
    """Answer the player's current decision with the keys: the first option, or the first
    discard the cursor reaches."""
    table = app.screen
    nxt, ok = TWO[app.hw.name]
    if table.discard_mode:
        for _ in range(len(table.hand) + 1):
            kind = table.hand[table.cursor] if table.cursor < len(table.hand) else -1
            if kind in table.game.discards(0):
                break
            press(app, nxt)
    press(app, ok)


def discard_turn(app):
    """Play (first options) until the player must discard; return the table."""
    table = human_turn(app)
    while not table.discard_mode:
        assert table.game.to_move() == 0, "the game ended before the player discarded"
        play_one_action(app)
        table = human_turn(app)
    return table


def test_the_player_discards_with_the_cursor():
    app = open_table("ttgo_tdisplay")
    table = discard_turn(app)
    game = table.game
    assert app.hw.display.lit() > 300
    before = sum(game.hands[0])
    nxt, ok = TWO["ttgo_tdisplay"]
    while table.cursor >= len(table.hand) or table.hand[table.cursor] not in game.discards(0):
        press(app, nxt)
    kind = table.hand[table.cursor]
    assert table.prompt_text() == "OK: đánh " + NAMES[kind]
    press(app, ok)
    assert sum(game.hands[0]) == before - 1
    assert ("discard" in table.event) or game.to_move() != 0


def test_prompts_list_exactly_the_legal_moves():
    app = open_table("ttgo_tdisplay")
    seen = 0
    for _ in range(30):
        if not hasattr(app.screen, "game"):
            break
        table = human_turn(app)
        if table.game.phase == T.P_OVER:
            break
        if table.options:
            legal = table.game.legal(0)
            if table.game.phase == T.P_DISCARD:
                assert table.options == [legal[0], ("pick", None), ("view", None)]
            else:
                assert table.options == legal + [("view", None)]
            seen += 1
        play_one_action(app)
    assert seen > 0


def test_a_yeu_cannot_be_discarded_from_the_screen():
    app = open_table("ttgo_tdisplay")
    for _ in range(10):
        table = discard_turn(app)
        yeu = [i for i in range(len(table.hand)) if table.hand[i] in YEU]
        if yeu:
            break
        play_one_action(app)
    assert yeu
    nxt, ok = TWO["ttgo_tdisplay"]
    while table.cursor != yeu[0]:
        press(app, nxt)
    before = sum(table.game.hands[0])
    press(app, ok)
    assert sum(table.game.hands[0]) == before
    assert "không được đánh" in table.prompt_text()


def test_the_laid_phu_view_opens_from_the_last_cursor_stop():
    app = open_table("ttgo_tdisplay")
    table = discard_turn(app)
    nxt, ok = TWO["ttgo_tdisplay"]
    while table.cursor != len(table.hand):
        press(app, nxt)
    press(app, ok)
    assert app.screen.title == "Phu trên chiếu"
    assert "Máy 1" in app.screen.body and "Nọc còn" in app.screen.body
    press(app, ok)
    assert app.screen is table


def test_next_while_the_computer_plays_opens_the_laid_phu_view():
    app = open_table("ttgo_tdisplay")
    table = app.screen
    while table.game.to_move() == 0:
        play_one_action(app)
    press(app, TWO["ttgo_tdisplay"][0])
    assert app.screen.title == "Phu trên chiếu"
    press(app, TWO["ttgo_tdisplay"][1])
    assert app.screen is table


def test_quit_and_resume_after_a_reboot():
    app = open_table("devkit_ssd1306")
    table = human_turn(app)
    play_one_action(app)
    table = human_turn(app)
    assert hasattr(app.screen, "game")
    state = table.game.to_dict()
    hoi = table.hoi.to_dict()
    app.screen.handle(4)          # BACK: the quit dialog
    assert app.screen.title.startswith("Thoát")
    press(app, "DOWN")
    press(app, "OK")              # Lưu và thoát
    again = new_app("devkit_ssd1306", keep_storage=True)
    open_game(again, "totom")
    assert again.screen.title == "Tổ Tôm"
    press(again, "OK")            # Tiếp tục ván trước
    resumed = again.screen
    assert hasattr(resumed, "game")
    assert resumed.game.to_dict() == state and resumed.hoi.to_dict() == hoi
    assert again.hw.display.lit() > 50


def test_small_screen_draws_the_hand_row_and_prompt():
    app = open_table("devkit_ssd1306")
    table = human_turn(app)
    assert app.hw.display.lit() > 100
    assert table.prompt_text()


def test_setup_menu_opens_the_hand_checker_with_the_chosen_player_count():
    app = new_app("ttgo_tdisplay")
    nxt, ok = TWO["ttgo_tdisplay"]
    press(app, nxt)
    press(app, nxt)
    press(app, ok)
    press(app, nxt)
    press(app, ok)                # Số người: 5 -> 4
    assert app.screen.selected == "Số người: 4"
    walk_to(app, "Kiểm bài")
    press(app, ok)
    assert app.screen.title == "Kiểm bài" and app.screen.players == 4


def test_tham_is_refused_and_named_on_the_screen():
    # to-tom-v2 §5 (seed 356): after eating Thất Văn with Tam Vạn and Tam Sách, Tam Văn may not
    # be discarded (v1 allowed it): the prompt says why, the laid phu view lists it
    from test_to_tom_game import K, table as dealt

    app = open_table("ttgo_tdisplay")
    nxt, ok = TWO["ttgo_tdisplay"]
    screen = app.screen
    game = dealt({4: "7N", 0: "3V 3S 3N 8V 9S"}, dealer=4, keep="7N 3N")
    game.apply(4, ("discard", K["7N"]))
    screen.game = game
    screen._refresh()
    tom = ("eat", tuple(sorted((K["7N"], K["3V"], K["3S"]))))
    assert tom in screen.options
    while screen.options[screen.option] != tom:
        press(app, nxt)
    press(app, ok)
    assert screen.discard_mode and game.laid[0] == [tom[1]]
    while screen.hand[screen.cursor] != K["3N"]:
        press(app, nxt)
    assert "3N: tham, không được đánh" in app.hw.display.shown_text() or \
        "Tam Văn: tham, không được đánh" in app.hw.display.shown_text()
    press(app, ok)
    assert game.hands[0][K["3N"]] == 1 and game.to_move() == 0      # nothing was discarded
    while screen.cursor != len(screen.hand):
        press(app, nxt)
    press(app, ok)
    line = ""
    for _ in range(12):         # scrolled down line by line to the player's own lines
        lines = [t for t in app.hw.display.shown_text().split("\n") if t.startswith("Cấm đánh")]
        if lines:
            line = lines[0]
            break
        press(app, nxt)
    assert line.startswith("Cấm đánh (tham): ") and "3N" in line.split(": ")[1].split(), line


def late_discard_at_2v(board):
    """to-tom-v2 §7 (seed 401): seven cards left in the stock, the player eats 6V into 6V 7V
    8V with the keys; the cursor then rests on 2V, which would leave two cards out of every
    phu (9S leaves 4N 5N waiting for 3N or 6N). Returns (app, the table, its game)."""
    from test_to_tom_game import END_BASE, END_CHO, K, table as dealt

    app = open_table(board)
    nxt, ok = TWO[board]
    screen = app.screen
    game = dealt({4: "6V", 0: END_BASE[3:] + " " + END_CHO}, dealer=4, short_stock=7,
                 keep="6V 7V 8V")
    game.apply(4, ("discard", K["6V"]))
    screen.game = game
    screen._refresh()
    run_eat = ("eat", (K["6V"], K["7V"], K["8V"]))
    assert run_eat in screen.options
    while screen.options[screen.option] != run_eat:
        press(app, nxt)
    press(app, ok)
    assert screen.discard_mode
    while screen.hand[screen.cursor] != K["2V"]:
        press(app, nxt)
    return app, screen, game


def test_the_end_game_refuses_a_discard_that_leaves_no_cho_and_says_why():
    from test_to_tom_game import K

    app, screen, game = late_discard_at_2v("ttgo_tdisplay")
    nxt, ok = TWO["ttgo_tdisplay"]
    assert NAMES[K["2V"]] + ": cuối ván, đánh phải còn chờ" in app.hw.display.shown_text()
    press(app, ok)
    assert game.hands[0][K["2V"]] == 1 and game.to_move() == 0      # nothing was discarded
    while screen.hand[screen.cursor] != K["9S"]:
        press(app, nxt)
    assert "OK: đánh " + NAMES[K["9S"]] in app.hw.display.shown_text()
    while screen.cursor != len(screen.hand):
        press(app, nxt)
    press(app, ok)
    seen = ""
    for _ in range(14):         # scrolled down line by line to the end
        seen += app.hw.display.shown_text()
        press(app, nxt)
    assert "Cuối ván: chỉ ăn, phỗng khi đánh xong\ncòn chờ." in seen, seen


def test_the_end_game_refusal_fits_the_small_screen():
    # the 128x64 prompt line holds about 19 characters: the short words, never cut
    app = late_discard_at_2v("devkit_ssd1306")[0]
    assert "2V: phải còn chờ" in app.hw.display.shown_text().split("\n")


def test_a_next_game_whose_save_is_damaged_opens_the_setup_menu_with_a_notice():
    from fake_hw import storage_path

    app = open_table("ttgo_tdisplay")
    # the next game is opened from its save (App.open_part, as after a result): a damaged one
    # is said and forgotten, and the setup menu offers a new hội
    with open(storage_path(app.hw) + "/to_tom.sav", "wb") as f:
        f.write(b"TET1 00000000 00000003\n{}}")
    app.open_part("tet.games.to_tom.saved", "open_saved")
    run(app, 100)
    assert app.screen.title == "Thông báo"
    assert "Bản lưu ván trước bị hỏng" in app.hw.display.shown_text()
    press(app, TWO["ttgo_tdisplay"][1])
    assert app.screen.title == "Tổ Tôm" and app.screen.selected == "Bắt đầu hội mới"
    assert len(app.stack) == 2 and app.load_game("to_tom") is None


def test_a_power_cut_at_a_result_resumes_with_the_next_game_of_the_hoi():
    from test_to_tom_ui_game import play_ui_game

    app = new_app("ttgo_tdisplay")
    _table, game = play_ui_game(app)
    assert app.screen.title in ("Ù!", "Hoà")
    scores = list(_table.hoi.scores)
    _table = game = None
    again = new_app("ttgo_tdisplay", keep_storage=True)     # the power went at the result
    open_game(again, "totom")
    assert "Tiếp tục ván trước" in again.hw.display.shown_text()
    press(again, TWO["ttgo_tdisplay"][1])
    table = again.screen
    assert hasattr(table, "game") and table.game.to_move() >= 0
    assert table.hoi.games == 1 and table.hoi.scores == scores
    assert again.load_game("to_tom")["game"] == table.game.to_dict()    # saved as dealt


def test_a_table_reads_its_save_before_the_computer_players_and_the_screen_load():
    import sys

    app = open_table("ttgo_tdisplay")
    loaded = []
    load_game = app.load_game

    def load_and_look(name, *args):
        data = load_game(name, *args)
        loaded.append([m for m in sys.modules if m.startswith("tet.games.to_tom.")])
        return data

    app.load_game = load_and_look
    app.open_part("tet.games.to_tom.saved", "open_saved")
    run(app, 100)
    # the save's data and its checks are gone before a third of the table's code comes in
    assert loaded and "tet.games.to_tom.engine" in loaded[0]
    assert "tet.games.to_tom.ai" not in loaded[0] and "tet.games.to_tom.play" not in loaded[0]
    assert hasattr(app.screen, "game") and "tet.games.to_tom.restore" not in sys.modules
    assert "tet.games.to_tom.saved" not in sys.modules
    assert app.load_game("to_tom")["game"] == app.screen.game.to_dict()


def test_the_setup_menu_leaves_the_computer_players_unloaded():
    import sys

    app = new_app("ttgo_tdisplay")
    open_game(app, "totom")
    assert app.screen.title == "Tổ Tôm"
    # a shared table of people alone never needs them; a table of one's own imports them anew
    assert "tet.games.to_tom.ai" not in sys.modules
    press(app, TWO["ttgo_tdisplay"][1])                 # Bắt đầu hội mới
    assert hasattr(app.screen, "game") and "tet.games.to_tom.ai" in sys.modules


def _show(app, game):
    """Put a hand-made position on the table screen and draw its frame."""
    screen = app.screen
    screen.game = game
    screen._refresh()
    app.dirty = True
    run(app, 50)
    return screen


def _highlight(app, action):
    """NEXT until `action` is the highlighted option."""
    screen = app.screen
    assert action in screen.options, screen.options
    for _ in range(len(screen.options)):
        if screen.options[screen.option] == action:
            return
        press(app, TWO[app.hw.name][0])


def _prompt_starts(app, text):
    return any(line.startswith(text) for line in app.hw.display.shown_text().split("\n"))


def test_the_bottom_line_names_the_laid_entry_a_card_goes_onto():
    # to-tom-v2 §2 (326): with 3V 4V 5V laid, the 6V at the door is offered onto it
    from test_to_tom_game import K, _lay, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_table(board)
        game = dealt({4: "6V", 0: "3V 4V 5V"}, dealer=4, keep="6V 2V 7V")
        _lay(game, 0, "3V 4V 5V")
        game.apply(4, ("discard", K["6V"]))
        screen = _show(app, game)
        run_at = game.laid[0].index((K["3V"], K["4V"], K["5V"]))
        onto = ("eat", ((K["3V"], K["4V"], K["5V"], K["6V"]), run_at, -1, (), 0))
        _highlight(app, onto)
        assert _prompt_starts(app, "Ăn vào 3V 4V 5V"), app.hw.display.shown_text()
        # and the counter that says there are more choices stays whole on the small screen
        n = len(screen.options)
        counter = ("%d/%d" % (screen.option + 1, n)) if board == "devkit_ssd1306" else \
            ("(%d/%d)" % (screen.option + 1, n))
        assert n > 1 and any(line.startswith("Ăn vào 3V 4V 5V") and line.endswith(counter)
                             for line in app.hw.display.shown_text().split("\n")), board
        press(app, TWO[board][1])
        assert game.laid[0][run_at] == (K["3V"], K["4V"], K["5V"], K["6V"]), game.laid[0]
        assert screen.discard_mode


def test_a_phong_with_a_laid_copy_is_offered_and_shown_on_the_table_view():
    # 304: the Tôm 7N 3V 3S laid, one 7N kept in the hand; a 7N at the door is phỗng with the
    # laid copy, on both sizes; the laid phu view shows the entries as they are then
    from test_to_tom_game import K, _lay, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_table(board)
        nxt, ok = TWO[board]
        game = dealt({4: "7N", 0: "7N 3V 3S 7N"}, dealer=4, keep="7N 3N")
        _lay(game, 0, "7N 3V 3S")
        tom = len(game.laid[0]) - 1
        game.apply(4, ("discard", K["7N"]))
        screen = _show(app, game)
        assert game.to_move() == 0, (game.to_move(), game.phase)
        _highlight(app, ("phong", tom))
        assert _prompt_starts(app, "Phỗng với 7N đã hạ"), board
        press(app, ok)
        assert game.laid[0][tom:] == [(K["3V"], K["3S"]), (K["7N"],) * 3]
        assert screen.discard_mode
        while screen.cursor != len(screen.hand):
            press(app, nxt)
        press(app, ok)
        assert app.screen.title == "Phu trên chiếu"
        assert "[3V 3S] [7N 7N 7N]" in app.screen.body, app.screen.body


def test_a_treo_tranh_take_lays_both_phu_and_the_table_shows_them():
    # seed 286: 3N 4N 5N 6N 7N in hand, 5N at the door: the offer lays the concealed 5N too
    # ("Ăn [3N 4N 5N] [5N 6N 7N]"), and the player's laid phu line shows both
    from test_to_tom_game import K, table as dealt

    app = open_table("ttgo_tdisplay")
    game = dealt({4: "5N", 0: "3N 4N 5N 6N 7N"}, dealer=4, keep="5N 2N 8N")
    game.apply(4, ("discard", K["5N"]))
    _show(app, game)
    _highlight(app, ("eat", ((K["3N"], K["4N"], K["5N"]), -1, -1,
                             ((K["5N"], K["6N"], K["7N"]),), 0)))
    assert "Ăn [3N 4N 5N] [5N 6N 7N]" in app.hw.display.shown_text()
    press(app, TWO["ttgo_tdisplay"][1])
    assert game.hands[0][K["5N"]] == 0
    assert "Phu: [3N 4N 5N] [5N 6N 7N]" in app.hw.display.shown_text()


def test_a_pair_of_the_leo_waiting_on_chi_chi_is_phong_with_no_other_choice_432():
    # to-tom-v2 §8: the player at the table (seat 0) waits on Chi Chi alone with 9V 9V 8S; the
    # 9V at another door offers the phỗng and nothing else (and the Phu trên chiếu view), on
    # both sizes; OK lays it
    from test_to_tom_game import LEO_PAIR_WAIT, K, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_table(board)
        game = dealt({3: "9V", 0: LEO_PAIR_WAIT}, dealer=3, keep="9V")
        game.apply(3, ("discard", K["9V"]))
        screen = _show(app, game)
        assert game.to_move() == 0 and game.phase == T.P_PHONG
        assert [o for o in screen.options if o[0] != "view"] == [("phong", None)], board
        shown = app.hw.display.shown_text()
        assert _prompt_starts(app, "Phỗng 9V") and "Bỏ qua" not in shown, shown
        press(app, TWO[board][0])                   # NEXT: only the view besides it
        assert "Bỏ qua" not in app.hw.display.shown_text()
        _highlight(app, ("phong", None))
        press(app, TWO[board][1])
        assert game.laid[0] == [(K["9V"],) * 3] and screen.discard_mode


def test_u_vong_is_offered_on_the_thien_khai_by_name_406():
    # to-tom-v2 §3: right after the dealer's (seat 4) first discard the player, waiting on 5V
    # alone, is offered "Ù vọng 5V" on seat 2's thiên khai, on both sizes; OK wins on it
    from test_to_tom_game import K, VONG_HAND, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_table(board)
        game = dealt({4: "9N", 0: VONG_HAND, 2: "5V 5V 5V 5V"}, dealer=4, keep="9N 5V")
        game.apply(4, ("discard", K["9N"]))
        _show(app, game)
        assert game.to_move() == 0 and game.phase == T.P_U
        _highlight(app, ("u", None))
        assert _prompt_starts(app, "Ù vọng 5V"), app.hw.display.shown_text()
        press(app, TWO[board][1])
        assert game.winner == 0 and game.score is not None


def test_the_laid_phu_view_names_the_pairs_let_go_on_both_sizes():
    # to-tom-v2 §6: letting 2V go with 3V 4V in hand records the pair 3V 4V; the Phu trên chiếu
    # view says so (rules a, c-f), so that a 5V not offered with them is no surprise
    from test_to_tom_game import K, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_table(board)
        nxt, ok = TWO[board]
        game = dealt({4: "2V", 0: "3V 4V 6V 7V 9S"}, top=("5V",), dealer=4, keep="2V 5V")
        game.apply(4, ("discard", K["2V"]))
        screen = _show(app, game)
        _highlight(app, ("draw", None))
        press(app, ok)                              # xin: the 2V is let go
        assert game.card == K["5V"] and game.to_move() == 0
        assert ("eat", (K["3V"], K["4V"], K["5V"])) not in screen.options
        _highlight(app, ("view", None))
        press(app, ok)
        assert app.screen.title == "Phu trên chiếu"
        shown = ""
        for _ in range(16):     # scrolled down line by line to the player's own lines
            shown += app.hw.display.shown_text() + "\n"
            press(app, nxt)
        line = [t for t in app.screen.body.split("\n") if t.startswith("Đôi đã bỏ")]
        assert line and "3V 4V" in line[0].split(": ")[1].split(", "), app.screen.body
        assert "Đôi đã bỏ" in shown, (board, shown)     # the panel reaches the line


# A hand dealt four 3V (a run 3V 4V 5V), three 5N (a run with 4N 6N: bất thực allowed), three
# 2S (no phu with any other card: trùng trục) and three CC (a red yêu).
DEAL_CHOICES_HAND = "3V 3V 3V 3V 4V 5V 5N 5N 5N 4N 6N 2S 2S 2S CC CC CC 9N TT OC"


def test_the_deal_asks_each_three_and_four_with_why_a_bat_thuc_is_refused_169_206():
    # to-tom-v2 §3 on both sizes: the deal asks the player, kind by kind, the default first;
    # keys pick the khàn trình phu of 3V and the bất thực of 5N; for 2S and CC no bất thực is
    # offered and one line says why; the table then shows what was chosen
    from test_to_tom_game import K, table as dealt

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        small = board == "devkit_ssd1306"
        app = open_table(board)
        ok = TWO[board][1]
        game = dealt({0: DEAL_CHOICES_HAND}, dealer=4, choose=True)
        _show(app, game)
        human_turn(app)
        screen = app.screen
        assert game.phase == T.P_DEAL and game.to_move() == 0
        shown = app.hw.display.shown_text()
        assert ("Chia: bốn 3V" if small else "Chia bài: bốn Tam Vạn") in shown, shown
        assert _prompt_starts(app, "Thiên khai 3V"), shown
        _highlight(app, ("bat_thuc", K["3V"]))
        assert _prompt_starts(app, "Bất thực cả bốn 3V"), app.hw.display.shown_text()
        run_345 = (K["3V"], K["4V"], K["5V"])
        _highlight(app, ("trinh_phu", (K["3V"], run_345)))
        assert _prompt_starts(app, "Trình phu [3V 4V 5V]"), app.hw.display.shown_text()
        press(app, ok)
        assert game.laid[0] == [run_345] and game.khan[0] == [K["3V"]]

        assert game.to_move() == 0 and screen.options[0] == ("khan_down", K["5N"])
        assert _prompt_starts(app, "Úp khàn 5N"), app.hw.display.shown_text()
        _highlight(app, ("bat_thuc", K["5N"]))
        assert _prompt_starts(app, "Bất thực 5N"), app.hw.display.shown_text()
        press(app, ok)
        assert game.bat_thuc(0) == (K["5N"],) and game.hands[0][K["5N"]] == 3

        # the 128x64 screen says it in its header, its three lines keep the hand and prompt
        for kind, why in (("2S", ("Bất thực trùng trục: không được", "Trùng trục 2S")),
                          ("CC", ("Yêu đỏ: không được bất thực", "Yêu đỏ CC"))):
            assert [o[0] for o in screen.options] == ["khan_down", "view"], screen.options
            shown = app.hw.display.shown_text()
            assert why[1 if small else 0] in shown.split("\n"), (board, shown)
            assert _prompt_starts(app, "Úp khàn " + kind), shown
            press(app, ok)
        assert game.khan[0] == [K["3V"], K["2S"], K["CC"]]
        human_turn(app)
        assert game.phase != T.P_DEAL
        if not small:
            assert "Phu: [3V 4V 5V] khàn 3V 2S CC" in app.hw.display.shown_text()


def test_a_bat_thuc_is_the_holders_secret_on_the_event_line():
    # a computer's bất thực shows as its cup, never its kind; the player's table view lists
    # their own, and counts each seat's cups
    from test_to_tom_game import K, table as dealt

    app = open_table("ttgo_tdisplay")
    game = dealt({0: DEAL_CHOICES_HAND, 4: "7N 7N 7N 6N 8N"}, dealer=4, choose=True)
    while game.legal(4)[0][1] != K["7N"]:
        game.apply(4, game.legal(4)[0])
    game.apply(4, ("bat_thuc", K["7N"]))
    screen = _show(app, game)
    screen.event = screen._last_event()
    app.dirty = True
    run(app, 50)
    shown = app.hw.display.shown_text()
    assert "Máy 4 xin làng một cái bất thực" in shown and "Thất Văn" not in shown, shown
    while game.phase == T.P_DEAL:
        p = game.actor
        pick = game.legal(p)[0]
        game.apply(p, ("bat_thuc", K["5N"]) if pick == ("khan_down", K["5N"]) else pick)
    from tet.games.to_tom.table_texts import table_text
    text = table_text(game, screen.names, 0)
    assert "Bất thực (chén úp): 5N" in text.split("\n"), text
    assert "chén bất thực: 1" in [line for line in text.split("\n")
                                  if line.startswith("Máy 4:")][0], text
