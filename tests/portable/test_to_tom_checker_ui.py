"""Tổ Tôm hand checker screen on fake hardware: enter hands with the buttons on a two-button and a
five-button board, read thành, lưng, waits and the score, take cards out, clear the hand."""

from fake_hw import new_app, open_game, press, run

from tet.games.to_tom.cards import CODES, NKINDS
from tet.games.to_tom.checker import CLEAR, KHAN, LAY, Checker

K = {}
for _i in range(NKINDS):
    K[CODES[_i]] = _i

# worked by hand (see test_to_tom_hand_rules): lone yêu, Tôm, a run, and 4S 6S waiting for 5S
XUYEN = "1V 1V 1N 1N 1S 1S CC CC TT TT OC OC 7N 3V 3S 5V 6V 7V 4S 6S"
# keys that move the cursor on by one stop, and select
KEYS = {"ttgo_tdisplay": ("A", "B"), "devkit_ssd1306": ("RIGHT", "OK")}


def open_checker(board):
    app = new_app(board)
    app.push(Checker(app, 5))
    run(app, 50)
    return app


def go_to(app, index):
    nxt = KEYS[app.hw.name][0]
    while app.screen.cursor != index:
        press(app, nxt)


def enter(app, codes):
    """Add the cards with the keys, kinds in order, then let the screen evaluate."""
    ok = KEYS[app.hw.name][1]
    for k in sorted(K[c] for c in codes.split()):
        go_to(app, k)
        press(app, ok)
    run(app, 400)


def test_waits_and_score_on_a_two_button_board():
    app = open_checker("ttgo_tdisplay")
    screen = app.screen
    assert screen.title == "Kiểm bài"
    enter(app, XUYEN)
    assert sum(screen.counts) == 20
    assert screen.lines[0] == "20 lá · lẻ 2 · 1 lưng · 6 đỏ"
    assert screen.lines[1] == "Chờ: 5S"
    assert app.hw.display.lit() > 0
    enter(app, "5S")
    assert screen.lines[0] == "21 lá · thành · 1 lưng · 6 đỏ"
    assert screen.lines[1] == "Ù: Tôm · 6 điểm"
    assert "[3V 7N 3S]" in screen.lines[2]


def test_ok_past_four_copies_takes_the_kind_out_and_clear_empties():
    app = open_checker("ttgo_tdisplay")
    screen = app.screen
    enter(app, "2N 2N 2N")
    assert screen.lines[0] == "3 lá · thành · 1 lưng · 0 đỏ"
    press(app, "B")
    assert screen.counts[K["2N"]] == 4
    press(app, "B")
    assert screen.counts[K["2N"]] == 0
    enter(app, "9V 8S CC")
    assert screen.lines[0] == "3 lá · thành · 1 lưng · 3 đỏ"
    press(app, "A", 700)          # a long press of A moves back (and repeats)
    go_to(app, CLEAR)
    press(app, "B")
    run(app, 400)
    assert sum(screen.counts) == 0 and screen.lines[0].startswith("0 lá")


def test_full_hand_that_lacks_a_lung():
    app = open_checker("ttgo_tdisplay")
    enter(app, "1V 1V 1N 1N 1S 1S CC CC TT TT OC OC 7N 8N 9N 4S 5S 6S 5V 6V 7V")
    assert app.screen.lines[0].startswith("21 lá · thành · 0 lưng")
    assert app.screen.lines[1] == "Không ù: thiếu lưng"


def test_five_button_board_jumps_rows_and_draws_the_small_screen():
    app = open_checker("devkit_ssd1306")
    screen = app.screen
    press(app, "DOWN")
    assert screen.cursor == 9                  # 1N, one row down
    press(app, "DOWN")
    press(app, "DOWN")
    assert screen.cursor == 27                 # the yêu row starts with CC
    press(app, "UP")
    assert screen.cursor == 18
    enter(app, XUYEN)
    assert screen.lines[1] == "Chờ: 5S"
    assert app.hw.display.lit() > 0


def test_back_leaves_the_checker():
    app = open_checker("ttgo_tdisplay")
    press(app, "B", 700)
    assert app.screen.title != "Kiểm bài"


def test_reached_from_the_launcher_through_the_to_tom_menu():
    app = new_app("ttgo_tdisplay")
    open_game(app, "totom")
    assert app.screen.title == "Tổ Tôm"
    while app.screen.selected != "Kiểm bài":
        press(app, "A")
    press(app, "B")
    assert app.screen.title == "Kiểm bài"


def lay(app, stop):
    """OK on the "Hạ" (LAY) or "Úp" (KHAN) stop, then let the screen evaluate."""
    go_to(app, stop)
    press(app, KEYS[app.hw.name][1])
    run(app, 400)


def test_laid_phu_live_in_the_checker_404():
    # seed 404 (to-tom-v2 §1): 3V 4V 5V laid and the rest thành: the checker, like the table,
    # counts the laid run as live: 6V (and 2V) are waits, and 6V is the ù
    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_checker(board)
        screen = app.screen
        enter(app, "3V 4V 5V")
        lay(app, LAY)
        assert screen.laid == [(K["3V"], K["4V"], K["5V"])] and sum(screen.counts) == 0
        enter(app, "1N 2N 3N 9N 1V 1S 2S 3S 4S 5S 7S 8S 9S 4N 5N 6N CC")
        assert screen.lines[0].startswith("20 lá · thành"), screen.lines
        waits = screen.lines[1].split(": ")[1].split()
        assert "6V" in waits and "2V" in waits, screen.lines
        seen = ""
        for _ in range(8):          # the small screen's two result rows scroll by themselves
            seen += app.hw.display.shown_text()
            run(app, 1500)
        assert "Hạ [3V 4V 5V]" in seen, seen
        enter(app, "6V")
        assert screen.lines[1].startswith("Ù: "), screen.lines


def test_a_phong_lends_and_a_khan_sits_face_down_in_the_checker():
    # 522: a laid phỗng 7N 7N 7N lends a 7N to the concealed 3V 3S (the Tôm); a khàn entered
    # with "Úp" is three cards face down (one lưng), never a lender
    app = open_checker("ttgo_tdisplay")
    screen = app.screen
    enter(app, "7N 7N 7N")
    lay(app, LAY)
    enter(app, "2S 2S 2S")
    lay(app, KHAN)
    assert screen.laid == [(K["7N"],) * 3] and screen.khan == [K["2S"]]
    assert "Hạ [7N 7N 7N] khàn 2S" in app.hw.display.shown_text()
    enter(app, "3V 3S 1N 2N 3N 4S 5S 6S CC TT OC 1V 9V 8S")
    assert screen.total() == 20 and "CC" in screen.lines[1].split(": ")[1].split(), screen.lines
    enter(app, "CC")                # the Lèo 9V CC 8S, and the Tôm with the lent 7N
    assert screen.lines[1].startswith("Ù: ") and "kèm 7N]" in screen.lines[2], screen.lines


def test_the_lay_stops_refuse_what_is_no_phu():
    app = open_checker("ttgo_tdisplay")
    screen = app.screen
    enter(app, "3V 5V")
    lay(app, LAY)                   # 3V 5V is no phu: nothing laid
    assert screen.laid == [] and sum(screen.counts) == 2
    lay(app, KHAN)                  # nor a khàn
    assert screen.khan == []
    go_to(app, CLEAR)
    press(app, KEYS["ttgo_tdisplay"][1])
    enter(app, "9S 9S 9S 9S")
    lay(app, LAY)                   # four identical: a thiên khai, laid
    assert screen.laid == [(K["9S"],) * 4] and screen.total() == 4
    enter(app, "9S")                # a fifth copy is refused
    assert screen.total() == 4
