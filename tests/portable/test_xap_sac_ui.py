"""Xấp Sắc screens on fake hardware: only legal targets offered, a play and a pass with the
buttons, the computer's turns, a reboot resumes the game (a whole game is in test_xap_sac_ui_game)."""

from fake_hw import TWO, hold, new_app, open_game, press, run

from tet.games.xap_sac import engine as X
from tet.games.xap_sac import table as U


def open_table(board, keep_storage=False):
    """Boot, pick Xấp Sắc in the launcher, press Bắt đầu; return (app, table)."""
    app = new_app(board, keep_storage)
    nxt, ok = TWO[board]
    open_game(app, "xs")
    assert app.screen.title == "Xấp Sắc" and app.screen.selected == "Bắt đầu"
    press(app, ok)
    table = app.screen
    assert type(table).__name__ == "Table"
    return app, table


def cards_in_plays(game):
    out = set()
    for p in game.legal_plays():
        out.update(X.play_cards(p))
    return out


def cursor_stops(app, table):
    """Everything the cursor stops on during one walk along the row."""
    nxt = TWO[app.hw.name][0]
    seen = []
    for _ in range(len(table.row)):
        seen.append(table.row[table.cursor])
        press(app, nxt)
    return seen


def test_only_cards_with_a_legal_play_stop_the_cursor():
    app, table = open_table("ttgo_tdisplay")
    game = table.game
    assert game.turn == 0 and game.mode == X.OPEN
    assert app.hw.display.lit() > 500
    stops = cursor_stops(app, table)
    cards = set(s for s in stops if isinstance(s, int))
    assert cards == cards_in_plays(game)
    assert U.PASS in stops and U.VIEW in stops and U.SCORES in stops
    assert U.PLACE not in stops


def test_picking_cards_then_cycling_every_legal_placement():
    app, table = open_table("ttgo_tdisplay")
    game = table.game
    ok = "B"
    press(app, ok)  # the first usable card
    while U.PLACE not in table.row:
        press(app, ok)
    picked = sorted(table.selected)
    assert table.row[table.cursor] == U.PLACE
    press(app, ok)
    assert table.mode == U.CELLS
    want = set(p for p in game.legal_plays() if sorted(X.play_cards(p)) == picked)
    assert set(table.options) == want and len(table.options) == len(want)
    seen = set()
    for _ in range(len(want)):
        seen.add(table.options[table.option])
        press(app, "A")
    assert seen == want
    chosen = table.options[table.option]
    hand = len(game.hands[0])
    press(app, ok)
    for k, card in X.play_cells(chosen):
        assert game.table[k] == card
    assert len(game.hands[0]) == hand - len(picked)
    assert game.turn == 1 and table.mode == U.HAND
    assert table.note.startswith("Bạn: ")


def test_pass_then_the_computers_play_until_your_turn():
    app, table = open_table("m5stickc_plus")
    game = table.game
    while table.row[table.cursor] != U.PASS:
        press(app, "A")
    press(app, "B")
    assert game.turn == 1 and table.passed == [0]
    run(app, 5000)
    assert game.turn == 0 or game.phase != X.PLAYING
    assert table.note


def test_back_asks_before_leaving_and_a_reboot_resumes_the_game():
    app, table = open_table("ttgo_tdisplay")
    press(app, "B")
    while U.PLACE not in table.row:
        press(app, "B")
    press(app, "B")
    press(app, "B")
    run(app, 4000)
    saved = table.game.to_dict()
    hold(app, "B")
    assert app.screen.title.startswith("Thoát")
    app2 = new_app("ttgo_tdisplay", keep_storage=True)
    for _ in range(3):
        press(app2, "A")
    press(app2, "B")
    assert app2.screen.title == "Xấp Sắc" and app2.screen.selected == "Tiếp tục ván trước"
    press(app2, "B")
    resumed = app2.screen
    assert type(resumed).__name__ == "Table"
    assert resumed.game.to_dict() == saved


def test_small_screen_follows_the_last_play():
    app, table = open_table("devkit_ssd1306")
    assert app.hw.display.lit() > 100
    while table.row[table.cursor] != U.PASS:
        press(app, "DOWN")
    press(app, "OK")
    run(app, 3000)
    game = table.game
    if table.marked:
        assert table.follow == table.marked
        assert all(game.table.get(k, -1) >= 0 for k in table.marked)
    # Điểm tells the line to beat or who leads, the passes, the scores
    while table.row[table.cursor] != U.SCORES:
        press(app, "DOWN")
    if game.turn == 0:
        press(app, "OK")
        assert app.screen.title == "Điểm" and "Bạn:" in app.screen.body
        press(app, "OK")
    # the table view scrolls with the arrows
    while table.row[table.cursor] != U.VIEW:
        press(app, "DOWN")
    if game.turn == 0:
        press(app, "OK")
        assert table.mode == U.PAN
        before = table.focus
        press(app, "RIGHT")
        assert table.focus == before + X.STEP_X
        hold(app, "OK")
        assert table.mode == U.HAND
