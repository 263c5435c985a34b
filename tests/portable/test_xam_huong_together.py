"""Xăm Hường played together on two gadgets through their keys, a third seat rolled by the
host's computer: the host (a DevKit) picks "Chơi chung" (3 players), an M5StickC joins by the
table's code, each rolls on their own turn (the stick by shaking it); the dice, the table and
the settlement agree on both gadgets, over a channel that loses a fifth of its frames.

Under MicroPython (its lanes: from source, ROMFS, .mpy files) the game is played to its
settlement; CPython's drawing stand-in is slow, so there the test stops after ROLLS_ON_CPYTHON
rolls of the two people and checks that both gadgets agree so far."""

import sys

from sim.air import Air

from fake_hw import TWO, new_app, open_game, set_air
from test_o_an_quan_together import pick, press_on, shown, step_all

# two gadgets (two apps) share this process's heap
HEAP = "320K"
WHOLE_GAME = sys.implementation.name == "micropython"
ROLLS_ON_CPYTHON = 12


def shake_on(app, apps):
    """Shake the M5StickC (its motion sensor) while the other gadget runs on."""
    app.hw.accel = (2.5, 0.5, 1.0)
    step_all(apps, 30)
    app.hw.accel = (0.0, 0.0, 1.0)
    step_all(apps, 60)


def test_three_seats_two_gadgets_roll_to_the_settlement_together():
    set_air(Air(seed=8, loss=0.2, dup=0.05, reorder=0.1))
    host = new_app("devkit_ssd1306", address=1, restarts=False)
    guest = new_app("m5stickc_plus", address=2, restarts=False)
    apps = (host, guest)
    open_game(host, "xh")
    open_game(guest, "xh")
    ok = TWO[host.hw.name][1]
    players = 3
    pick(host, apps, "Số người: 4")                      # the list of counts, 4 highlighted
    pick(host, apps, "%d người" % players)
    assert host.screen.selected == "Số người: %d" % players
    pick(host, apps, "Chơi chung")
    code = [line for line in shown(host).split("\n") if line.startswith("Mã bàn: ")][0][8:]
    pick(guest, apps, "Vào bàn")
    step_all(apps, 1500)
    assert ("Bàn %s · còn %d ghế" % (code, players - 1)) in shown(guest), shown(guest)
    press_on(guest, apps, TWO[guest.hw.name][1])         # join that table
    step_all(apps, 1500)
    assert "Đã vào: 2/3 người" in shown(host), shown(host)
    press_on(host, apps, ok)                             # Bắt đầu: the other seats: computer
    step_all(apps, 500)
    bowl_h, bowl_g = host.screen, guest.screen
    assert type(bowl_h).__name__ == "HostBowl" and type(bowl_g).__name__ == "GuestBowl"
    assert bowl_g.own == 1
    rolls = {0: 0, 1: 0}
    for _ in range(6000):
        if host.screen.title == "Kết quả" and guest.screen.title == "Kết quả":
            break
        if not WHOLE_GAME and rolls[0] + rolls[1] >= ROLLS_ON_CPYTHON:
            step_all(apps, 3000)                         # the last roll reaches the guest
            assert bowl_g.version == bowl_h.host.version
            assert bowl_h.game.to_dict() == bowl_g.game.to_dict()
            assert rolls[0] and rolls[1]
            return
        for seat, app, bowl in ((0, host, bowl_h), (1, guest, bowl_g)):
            waiting = seat == 1 and bowl_g.sent == bowl_g.version   # sent, no answer yet
            if app.screen is bowl and bowl.rolling_since is None and bowl._mine() and \
                    bowl.pending is None and not waiting:
                if seat == 1:
                    assert "lắc/" in shown(guest)                 # the stick says: shake
                    shake_on(app, apps)
                else:
                    press_on(app, apps, ok)
                rolls[seat] += 1
        step_all(apps, 100)
    assert host.screen.title == "Kết quả" and guest.screen.title == "Kết quả", \
        (shown(host), shown(guest))
    game_h, game_g = bowl_h.game, bowl_g.game
    assert game_h.over() and game_h.to_dict() == game_g.to_dict()
    assert rolls[0] > 0 and rolls[1] > 0
    seats = set(record[0] for record in game_h.history_records())
    assert 2 in seats                                    # the computer rolled its seat
    assert sum(game_h.nets()) == 0
    honest = "\n".join(t for t, _c in guest.screen.lines)
    assert "Xúc xắc đúng cam kết của chủ bàn" in honest, honest   # the guest checked the dice
    for payer, payee, amount in game_h.settlement():
        line = "%s trả %s %d" % (bowl_h.names[payer], bowl_h.names[payee], amount)
        for app in apps:
            assert line in "\n".join(t for t, _c in app.screen.lines)
