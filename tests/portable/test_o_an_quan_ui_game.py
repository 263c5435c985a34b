"""A whole Ô Ăn Quan game against the computer through the UI, launcher included, under the
platform's 160K heap, on every board: the player presses OK only (first square, direction +)."""

from fake_hw import TWO, hold, new_app, open_game, press, run

HEAP = "160K"


def whole_game(board):
    """Play from the launcher to the result on `board`; return (moves, final scores)."""
    app = new_app(board)
    nxt, ok = TWO[board]
    open_game(app, "oaq")
    setup = app.screen
    assert setup.title == "Ô Ăn Quan" and setup.selected == "Bắt đầu"
    press(app, ok)
    screen = app.screen
    game = screen.game
    moves = 0
    while not game.over:
        if screen.items and game.turn == 0:
            press(app, ok, 30, 30)          # the first square that holds dân
            press(app, ok, 30, 30)          # direction +: sow
            press(app, nxt, 30, 30)         # skip the animation
            moves += 1
        else:
            run(app, 1000)
        assert moves < 400
    run(app, 30000)
    assert not screen.animating
    assert app.load_game("o_an_quan") is None          # a finished game forgets its save
    assert "·" in screen.lines[1] or "Hòa" in screen.lines[1]
    hold(app, ok)                       # the score sheet shows the board
    hold(app, ok)                       # the finished board goes back to the menu
    assert app.screen is setup
    return moves, game.scores()


def test_whole_game_against_the_computer_on_every_board():
    for board in ("devkit_ssd1306", "ttgo_tdisplay", "m5stickc_plus"):
        moves, scores = whole_game(board)
        assert moves > 0 and sum(scores) == 70
