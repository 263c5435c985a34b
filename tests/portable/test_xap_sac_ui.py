"""Xấp Sắc screens on fake hardware: only legal targets offered, a play and a pass with the
buttons, the computer's turns, a reboot resumes the game (a whole game is in test_xap_sac_ui_game)."""

from fake_hw import TWO, hold, new_app, open_game, press, run

from tet.games.xap_sac import engine as X
from tet.games.xap_sac import play as U


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
    # the round's opener must play when they can: no "Đi" (the spec, 2026-12)
    assert cards and U.PASS not in stops
    assert U.VIEW in stops and U.SCORES in stops
    assert U.PLACE not in stops
    text = app.hw.display.shown_text()
    assert "B: lấy" in text and "giữ B: thoát" in text


def test_picking_cards_then_cycling_every_legal_placement():
    app, table = open_table("ttgo_tdisplay")
    game = table.game
    ok = "B"
    press(app, ok)  # the first usable card
    while U.PLACE not in table.row:
        press(app, ok)
    picked = sorted(table.selected)
    order = list(table.selected)
    assert table.row[table.cursor] == U.PLACE
    press(app, ok)
    assert table.mode == U.CELLS
    # each distinct placement once: every (cells, axis) that the picked cards can take, the
    # cards in pick order along the cells (not every order of the same cards on the same cells)
    def where(p):
        return (X.play_axis(p), tuple(k for k, _ in X.play_cells(p, game.table)))
    want = set(where(p) for p in game.legal_plays() if sorted(X.play_cards(p)) == picked)
    assert set(where(p) for p in table.options) == want and len(table.options) == len(want)
    assert all(X.play_cards(p) == order for p in table.options)
    assert all(p in game.legal_plays() for p in table.options)
    assert "A: chỗ khác, B: đặt" in app.hw.display.shown_text()
    seen = set()
    for _ in range(len(want)):
        seen.add(where(table.options[table.option]))
        press(app, "A")
    assert seen == want
    chosen = X.play_cells(table.options[table.option], game.table)
    hand = len(game.hands[0])
    press(app, ok)
    for k, card in chosen:
        assert game.table[k] == card
    assert len(game.hands[0]) == hand - len(picked)
    assert game.turn == 1 and table.mode == U.HAND
    assert table.note.startswith("Bạn: ")


def play_first(app, table, ok):
    """Lay the first play offered with OK alone (the opener must play)."""
    while table.mode != U.CELLS:
        press(app, ok)
    press(app, ok)


def test_pass_then_the_computers_play_until_your_turn():
    app, table = open_table("m5stickc_plus")
    game = table.game
    play_first(app, table, "B")
    assert game.turn == 1
    # while a computer thinks, the screen says so
    before = app.hw.display.shown_text()
    assert "Máy 1 đang nghĩ" in before
    run(app, 260)
    after = app.hw.display.shown_text()
    # the dots move while it thinks: the screen is not frozen
    assert game.turn == 1 and "Máy 1 đang nghĩ" in after and after != before
    run(app, 8000)
    assert game.turn == 0 or game.phase != X.PLAYING
    if game.phase == X.PLAYING and U.PASS in table.row:
        while table.row[table.cursor] != U.PASS:
            press(app, "A")
        press(app, "B")
        assert game.turn != 0 and table.passed[-1] == 0
        run(app, 8000)
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


def test_two_copies_of_a_card_are_picked_by_position():
    app, table = open_table("ttgo_tdisplay")
    game = table.game
    # give the player both red 5s beside a green 5 on the table
    r5 = X.parse_card("R5")
    game.table[X.key(4, 0)] = X.parse_card("G5")
    game.hands[0] = sorted([r5, r5] + [c for c in game.hands[0] if X.NUMBER[c] != 5][:6])
    table._turn_begins()
    first = table.row.index(r5)
    assert table.row[first + 1] == r5
    table.cursor = first + 1
    press(app, "B")
    assert table.picked == [first + 1] and table.selected == [r5]
    # one R5 beside G5 is a pair, both make a triple: the other copy still stops the cursor
    stops = cursor_stops(app, table)
    assert U.PLACE in stops
    table.cursor = first
    press(app, "B")
    assert sorted(table.picked) == [first, first + 1]
    assert table.selected == [r5, r5] and U.PLACE in table.row
    # both copies are drawn in the hand (colour screens show the number on the tile)
    assert app.hw.display.shown_text().split("\n").count("5") >= 3


def test_small_screen_shows_counts_and_keeps_the_preview_clear():
    app, table = open_table("devkit_ssd1306")
    text = app.hw.display.shown_text()
    for p in (1, 2, 3):
        assert "M%d:%d" % (p, len(table.game.hands[p])) in text
    while table.mode != U.CELLS:
        press(app, "OK")
    text = app.hw.display.shown_text()
    assert "OK:đặt" in text
    # the hand row is not drawn while choosing cells: the preview has the space
    assert not any(label in text.split("\n") for label in (U.PASS, U.VIEW, U.SCORES))


def test_small_screen_follows_the_last_play():
    app, table = open_table("devkit_ssd1306")
    assert app.hw.display.lit() > 100
    play_first(app, table, "OK")
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


def test_the_1_14_deck_is_a_house_rule_in_settings():
    from tet.ui.house_rules import all_rules

    rules = [r for r in all_rules() if r[0] == "xs"]
    assert [(r[1], r[2]) for r in rules] == [("deck", "Xấp Sắc: Bộ bài")]
    assert [label for _v, label in rules[0][3]] == ["1-7, mỗi lá 2", "bộ số 1-14"]
    app = new_app("ttgo_tdisplay")
    app.settings["rules"]["xs.deck"] = 1
    open_game(app, "xs")
    press(app, "B")
    game = app.screen.game
    assert game.deck == "1-14"
    assert max(X.NUMBER[c] for h in game.hands for c in h) > 7
    # the default (and anything unknown from another version) is the 1-7 x 2 deck
    for value in (0, "x", 7, None):
        app = new_app("ttgo_tdisplay")
        app.settings["rules"]["xs.deck"] = value
        open_game(app, "xs")
        press(app, "B")
        assert app.screen.game.deck == "1-7x2"
