"""Xấp Sắc played together on two gadgets through their keys: the host (a TTGO, 240x135 colour)
picks "Chơi chung" for 2 players, a DevKit (128x64 OLED) picks "Vào bàn" and joins by the
table's code, and each plays its own hand on its own gadget, choosing cards with the keys as on
one gadget, over a channel that loses a fifth of its frames (and repeats and reorders some).
Each panel shows its own hand only; both end on the same scores and say the deal was the
committed one ("Bài chia đúng").

Under CPython the game is played to its end; MicroPython (its lanes: from source, ROMFS, .mpy
files) runs the same code with slower drawing, so there the test stops after ACTIONS_ON_MPY
actions of the two people and checks that both gadgets agree so far."""

import sys

from sim.air import Air

from tet.games.xap_sac import engine as X
from tet.games.xap_sac.table import CELLS, HAND

from fake_hw import TWO, new_app, open_game, set_air
from test_o_an_quan_together import pick, press_on, shown, step_all

# two gadgets (two apps) share this process's heap
HEAP = "320K"
WHOLE_GAME = sys.implementation.name != "micropython"
ACTIONS_ON_MPY = 30


def my_turn(app, table):
    """This gadget's person may choose now (a guest: not while its choice awaits the host)."""
    game = table.game
    guest = getattr(table, "guest", None)
    return app.screen is table and game.phase == X.PLAYING and game.turn == table.own and \
        table.mode == HAND and (guest is None or table.sent != guest.version)


def act(app, apps, table):
    """Play the first legal play through the keys (pick its cards, "Đặt", the first place),
    or say "Đi" when there is none; return the cards played (None for a pass)."""
    nxt, ok = TWO[app.hw.name]
    if not table.plays:
        for _ in range(len(table.row) + 1):
            if table.row[table.cursor] == "Đi":
                break
            press_on(app, apps, nxt)
        press_on(app, apps, ok)
        return None
    cards = sorted(X.play_cards(table.plays[0]))
    for card in cards:
        for _ in range(len(table.row) + 1):
            if table.row[table.cursor] == card and table.cursor not in table.picked:
                break
            press_on(app, apps, nxt)
        press_on(app, apps, ok)
    assert table.row[table.cursor] == "Đặt", table.row
    press_on(app, apps, ok)                  # "Đặt": where the cards can go
    assert table.mode == CELLS
    press_on(app, apps, ok)                  # the first place
    return cards


def start_table():
    """Host on a TTGO, join from a DevKit, through the keys; return the apps and their tables."""
    set_air(Air(seed=5, loss=0.2, dup=0.05, reorder=0.1))
    host = new_app("ttgo_tdisplay", address=1)
    guest = new_app("devkit_ssd1306", address=2)
    apps = (host, guest)
    open_game(host, "xs")
    open_game(guest, "xs")
    pick(host, apps, "Số người: 4")                      # OK goes round 2, 3, 4: 2
    assert host.screen.selected == "Số người: 2"
    pick(host, apps, "Chơi chung")
    code = [line for line in shown(host).split("\n") if line.startswith("Mã bàn: ")][0][8:]
    assert "Ghế 2: đang chờ…" in shown(host)
    pick(guest, apps, "Vào bàn")
    step_all(apps, 1500)
    assert ("Bàn %s · còn 1 ghế" % code) in shown(guest), shown(guest)
    press_on(guest, apps, TWO[guest.hw.name][1])         # join that table
    step_all(apps, 1500)
    assert "Ghế 2: đã vào" in shown(host), shown(host)
    press_on(host, apps, TWO[host.hw.name][1])           # Bắt đầu
    step_all(apps, 500)
    assert type(host.screen).__name__ == "HostTable"
    assert type(guest.screen).__name__ == "GuestTable"
    return host, guest, host.screen, guest.screen


def test_two_gadgets_play_a_whole_game_each_with_its_own_hand():
    host, guest, table_h, table_g = start_table()
    apps = (host, guest)
    assert table_g.own == 1 and table_h.own == 0
    actions = 0
    for _ in range(3000):
        if host.screen.title == "Kết quả" and guest.screen.title == "Kết quả":
            break
        if not WHOLE_GAME and actions >= ACTIONS_ON_MPY:
            step_all(apps, 3000)                         # the last action reaches the guest
            assert table_g.game.table == table_h.game.table
            assert table_g.game.hands[1] == table_h.game.hands[1]
            assert [len(h) for h in table_g.game.hands] == [len(h) for h in table_h.game.hands]
            return
        for app, table in ((host, table_h), (guest, table_g)):
            if app.screen.title.startswith("Hết ván"):
                press_on(app, apps, TWO[app.hw.name][1])      # read the round's scores
            elif my_turn(app, table):
                panel = shown(app)
                # the panel shows this gadget's cards, never the other's
                hand = table.game.hands[table.own]
                assert hand == host.screen.host.adapter.game.hands[table.own] \
                    if app is host else True
                act(app, apps, table)
                actions += 1
                assert panel
        step_all(apps, 100)
    assert host.screen.title == "Kết quả" and guest.screen.title == "Kết quả", \
        (shown(host), shown(guest))
    game = table_h.game
    assert game.phase == X.GAME_OVER and table_g.game.scores == game.scores
    for app in apps:
        body = shown(app)
        assert "Bài chia đúng" in app.screen.body, app.screen.body
        assert "thắng" in app.screen.body
        assert body
