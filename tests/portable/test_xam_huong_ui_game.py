"""A whole Xăm Hường game through the UI, launcher included, under the platform's 160K heap: the
family sees who pays whom on the panel, on all three boards.

In the micropython lane (HEAP below) the firmware is imported from a ROMFS image, bytecode in
flash as on the device, and the game must never raise MemoryError on any of the three boards.
"""

from fake_hw import TWO, hold, new_app, open_game, press

HEAP = "160K"


def body(app):
    """The message lines of the shown frame: no title, no button hints, no ▲▼ signs."""
    lines = app.hw.display.shown_text().split("\n")[1:]
    return [line for line in lines if line not in ("▲", "▼") and "đóng" not in line]


def read_to_the_end(app, nxt):
    """Scroll a message to its end with NEXT; return its text as one line (wrapped lines joined)."""
    seen = body(app)
    for _ in range(60):
        before = app.hw.display.shown_text()
        press(app, nxt, 30, 30)
        if app.hw.display.shown_text() == before:
            break
        seen.append(body(app)[-1])
    return " ".join(seen)


def whole_game(board):
    """Play a game from the launcher to the settlement on `board`; return the number of rolls."""
    app = new_app(board)
    nxt, ok = TWO[board]
    open_game(app, "xh")
    setup = app.screen
    assert setup.title == "Xăm Hường" and setup.selected == "Bắt đầu"
    press(app, ok)
    play = app.screen
    presses = 0
    while app.screen is play:
        press(app, ok, 30, 30)                        # roll
        press(app, ok, 30, 30)                        # land at once
        presses += 1
        assert presses < 2000
    assert app.screen.title == "Kết quả"
    texts = [t for t, _c in app.screen.lines]
    assert "Thanh toán:" in texts
    assert sum(play.game.nets()) == 0 and play.game.over()
    assert app.load_game("xam_huong") is None          # a finished game forgets its save
    # the settlement is on the panel: read it all by scrolling, as a family would
    assert app.hw.display.shown_text().startswith("Kết quả")
    shown = read_to_the_end(app, nxt)
    nets = play.game.nets()
    paid = [0] * play.game.players
    for payer, payee, amount in play.game.settlement():
        assert "Người %d trả Người %d %d" % (payer + 1, payee + 1, amount) in shown, shown
        paid[payer] += amount
        paid[payee] -= amount
    # every debt and credit is in the payments shown (independent of how they were matched)
    assert paid == [-n for n in nets]
    for p in range(play.game.players):
        assert "Người %d: %d thẻ, %+d" % (p + 1, play.game.total(p), nets[p]) in shown, shown
    if not any(nets):
        assert "Hoà, không ai trả ai" in shown
    hold(app, ok)
    assert app.screen is setup
    return play.game.rolls


# one test per board, so that the desktop's test workers share them out
def test_whole_game_through_the_ui_to_the_settlement_on_the_devkit():
    assert whole_game("devkit_ssd1306") > 0


def test_whole_game_through_the_ui_to_the_settlement_on_the_ttgo():
    assert whole_game("ttgo_tdisplay") > 0


def test_whole_game_through_the_ui_to_the_settlement_on_the_m5stick():
    assert whole_game("m5stickc_plus") > 0
