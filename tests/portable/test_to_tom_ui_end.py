"""Tổ Tôm to the end through the keys on the three boards, read from the panel: the computer
thinking, the whole hand at every decision on 128x64, the announcement and the score sheet of a
computer's ù or a draw, leaving with "Lưu và thoát" and coming back (re-entering, rebooting)."""

import sys

from fake_hw import TWO, new_app, open_game, press, run


# the game's modules are imported inside the tests, after the boot: a module-level import would
# keep a second copy of the game alive once the launcher reloads it (the heap is the device's)
HEAP = "160K"
NKINDS = 30
PICTURES = ("CC", "TT", "OC")
BOARDS = ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306")
BACK = 4


def shown(app):
    """The lines of the frame on the panel."""
    return app.hw.display.shown_lines()


def read_hand(lines):
    """The count vector read back from the 128x64 compact hand rows ('V2355 N3446 CCTT')."""
    counts = bytearray(NKINDS)
    for line in lines:
        suit = -1
        i = 0
        while i < len(line):
            ch = line[i]
            if ch in "VNS":
                suit = "VNS".index(ch)
            elif ch.isdigit():
                counts[9 * suit + int(ch) - 1] += 1
            elif line[i:i + 2] in PICTURES:
                counts[27 + PICTURES.index(line[i:i + 2])] += 1
                i += 1
            i += 1
    return counts


def seat_name(p):
    return "Bạn" if p == 0 else "Máy %d" % p


def codes():
    from tet.games.to_tom.cards import CODES

    return CODES


def check_small_decision(app, table):
    """On 128x64, when the player must decide: the door card in full in the header and every
    card of the hand on the panel."""
    CODES = codes()
    lines = shown(app)
    game = table.game
    if game.card >= 0:
        assert "Cửa %s: %s" % (seat_name(game.door), CODES[game.card]) in lines
    rows = [line for line in lines[2:-1]]
    if table.discard_mode:
        # the cursor card is drawn again, inverted, over its row: read the rows once
        token = [t for x, t, i in sum(table.hand_lines(20), []) if i == table.cursor]
        if token and token[0] in rows:
            rows.remove(token[0])
    assert bytes(read_hand(rows)) == bytes(game.hands[0]), (lines, list(game.hands[0]))


def play_to_the_end(app, on_decision=None, on_computer=None):
    """Open Tổ Tôm, start a hội and play one game with the keys; the player never ù (so the
    game ends on a computer's ù or a draw). Returns (table, game) once the result is up."""
    nxt, ok = TWO[app.hw.name]
    open_game(app, "totom")
    press(app, ok)                      # Bắt đầu hội mới
    table = app.screen
    game = table.game
    for _ in range(3000):
        if app.screen is not table:
            break
        if game.to_move() == 0:
            if on_decision:
                on_decision(table)
            if table.discard_mode:
                while table.cursor >= len(table.hand) or \
                        table.hand[table.cursor] not in game.discards(0):
                    press(app, nxt)
            else:
                while table.options[table.option][0] == "u":
                    press(app, nxt)
            press(app, ok)
        else:
            run(app, 250)
            if on_computer and app.screen is table and game.to_move() > 0:
                on_computer(table)
            run(app, 450)
    return table, game


def read_message(app):
    """Every line of the message on the panel, scrolling it with NEXT; returns (first frame's
    lines, every line seen)."""
    nxt = TWO[app.hw.name][0]
    first = shown(app)
    seen = set(first)
    for _ in range(40):
        press(app, nxt)
        seen.update(shown(app))
    return first, seen


def check_result(app, game, hoi):
    """The announcement and the score sheet are on the panel, as the engine scored them."""
    message = app.screen
    first, seen = read_message(app)
    if game.winner >= 0:
        assert game.winner != 0
        assert message.title == "Ù!" and "Ù!" in first
        announce = "%s ù: %s (%d điểm)." % (seat_name(game.winner), game.score["xuong"],
                                          game.score["points"])
        assert message.body.startswith(announce)
    else:
        assert message.title == "Hoà" and "Hoà" in first
        assert message.body.startswith("Hoà: nọc còn %d lá." % game.left)
    from tet.core.text import wrap   # the gadget has it loaded (the harness holds none)

    cols = app.gfx.cols() - (2 if app.gfx.colour else 1)     # as the message screen wraps
    lines = wrap(message.body, cols)
    assert lines[0] in first                            # seen without a key pressed
    for line in lines:
        assert line in seen, (line, sorted(seen))
    assert "Bảng điểm hội (50):" in seen
    for p in range(hoi.n):
        assert "%s: %d" % (seat_name(p), hoi.scores[p]) in seen
    assert sum(hoi.scores) == (game.score["points"] if game.winner >= 0 else 0)


def _whole_game(board):
    app = new_app(board)
    _to_the_result(app, board)
    # nothing of the finished game is held here: OK opens the next one from its save, its
    # modules imported anew (a finished table held would keep the old ones beside them)
    press(app, TWO[board][1])
    assert hasattr(app.screen, "game") and app.screen.hoi.games == 1


def _to_the_result(app, board):
    """Play a game on `board` to its result and check the result on the panel."""
    thinking = []
    decisions = []

    def on_computer(table):
        if app.hw.display.has_text(table.thinking_text()):
            thinking.append(1)

    def on_decision(table):
        decisions.append(1)
        assert app.hw.display.has_text(table.hint_text()) or board == "devkit_ssd1306"
        if board == "devkit_ssd1306":
            check_small_decision(app, table)

    table, game = play_to_the_end(app, on_decision, on_computer)
    assert game.to_move() == -1
    assert thinking and decisions
    check_result(app, game, table.hoi)


def test_a_whole_game_to_the_result_on_the_ttgo():
    _whole_game("ttgo_tdisplay")


def test_a_whole_game_to_the_result_on_the_m5stick():
    _whole_game("m5stickc_plus")


def test_a_whole_game_to_the_result_on_the_oled():
    _whole_game("devkit_ssd1306")


def _feed(h, value):
    """Feed `value` (what to_dict returns: dicts, lists, strings, numbers) to hash `h`, one
    small piece at a time: keys as the dict holds them (the states compared are both built by
    to_dict, in the same order; a list of the keys sorted would be one more block)."""
    if type(value) is dict:
        for key in value:
            h.update(key.encode())
            _feed(h, value[key])
    elif type(value) is list:
        h.update(b"[")
        for item in value:
            _feed(h, item)
        h.update(b"]")
    else:
        h.update(repr(value).encode())


def _saved_state(app):
    """The shown table's game and hội, as a digest of their dicts, and the stock left: the
    test keeps 32 bytes of the state it compares, not its dicts, on the device's heap."""
    import hashlib

    h = hashlib.sha256()
    game = app.screen.game.to_dict()
    _feed(h, game)
    _feed(h, app.screen.hoi.to_dict())
    return h.digest(), len(game["stock"])


def _leave(app):
    """BACK, then "Lưu và thoát"; returns the saved state (_saved_state)."""
    nxt, ok = TWO[app.hw.name]
    state = _saved_state(app)
    app.screen.handle(BACK)
    run(app, 30)
    assert app.hw.display.has_text("Thoát ván?")
    press(app, nxt)
    press(app, ok)                       # Lưu và thoát
    assert app.screen is app.stack[0]    # the launcher
    return state


def _leave_and_come_back(board):
    # Game objects are read in helpers only: the table opens anew from its save (App.open_part)
    # and a table left in this frame would keep the old modules beside the new ones.
    app = new_app(board)
    ok = TWO[board][1]
    open_game(app, "totom")
    press(app, ok)
    run(app, 3000)
    state = _leave(app)
    open_game(app, "totom")          # re-enter without a reboot
    assert "Tiếp tục ván trước" in shown(app)
    press(app, ok)
    assert _saved_state(app) == state
    state = _leave(app)
    app = None
    again = new_app(board, keep_storage=True)       # reboot
    open_game(again, "totom")
    assert "Tiếp tục ván trước" in shown(again)
    press(again, ok)
    assert _saved_state(again) == state
    assert "Nọc %d" % state[1] in shown(again)     # the stock left


def test_save_and_leave_goes_home_and_every_way_back_offers_to_resume_ttgo():
    _leave_and_come_back("ttgo_tdisplay")


def test_save_and_leave_goes_home_and_every_way_back_offers_to_resume_oled():
    _leave_and_come_back("devkit_ssd1306")


def test_the_table_view_shows_the_discards_per_door_and_the_bans():
    app = new_app("ttgo_tdisplay")
    nxt, ok = TWO["ttgo_tdisplay"]
    open_game(app, "totom")
    press(app, ok)
    table = app.screen
    game = table.game
    CODES = codes()
    for _ in range(400):
        if game.pile or game.to_move() == -1:
            break
        if game.to_move() == 0:
            press(app, ok)
        else:
            run(app, 700)
    assert game.pile, "no card was left at a door"
    game.banned[0][game.pile[0]] = 1
    table._view()       # what OK on the place after the hand opens (_handle_discard)
    assert app.screen.title == "Phu trên chiếu"
    body = app.screen.body
    assert "tet.games.to_tom.table_texts" not in sys.modules      # loaded for the view only
    for p in range(game.n):
        gone = [CODES[game.pile[i]] for i in range(len(game.pile)) if game.pile_door[i] == p]
        assert ("Cửa %s: %s" % (seat_name(p), " ".join(gone) or "—")) in body
    assert "Cấm ăn/phỗng (đã bỏ): " + CODES[game.pile[0]] in body
