"""Tổ Tôm played together on two gadgets through their keys, over a channel that loses a fifth
of its frames (and repeats and reorders some): the host picks "Chơi chung", the guest "Vào
bàn" and the table with the host's code; the three other seats are the host's computer
players. Each gadget shows only its own hand; a whole game is played with the keys on both; both
show the same result, and the guest checks the deal against the host's commitment ("Bài chia
đúng"). Closing the result on the host deals the next game on both gadgets."""

from sim.air import Air

from fake_hw import TWO, new_app, open_game, set_air

# two gadgets (two apps, two boards' state) share this process's heap
HEAP = "320K"


def step_all(apps, ms):
    """Run every gadget's loop for `ms` of virtual time, side by side."""
    for _ in range(ms // 10):
        for app in apps:
            app.step()
            app.hw.sleep_ms(10)


def press_on(app, apps, name):
    """A person presses `name` on `app` while the other gadgets run on."""
    bit = 1 << app.hw.button_names.index(name)
    app.hw.pressed |= bit
    step_all(apps, 60)
    app.hw.pressed &= ~bit
    step_all(apps, 60)


def pick(app, apps, label):
    """Walk the menu on `app` to `label` and select it, the other gadgets running on."""
    nxt, ok = TWO[app.hw.name]
    for _ in range(len(app.screen.items)):
        if app.screen.selected == label:
            break
        press_on(app, apps, nxt)
    assert app.screen.selected == label, label
    press_on(app, apps, ok)


def shown(app):
    return app.hw.display.shown_text()


def start_table(air):
    """Host on a TTGO, join from a DevKit, through the keys: (host app, guest app, tables)."""
    set_air(air)
    host = new_app("ttgo_tdisplay", address=1)
    guest = new_app("devkit_ssd1306", address=2)
    apps = (host, guest)
    open_game(host, "totom")
    open_game(guest, "totom")
    pick(host, apps, "Chơi chung")
    code_line = [line for line in shown(host).split("\n") if line.startswith("Mã bàn: ")][0]
    code = code_line[len("Mã bàn: "):]
    assert "Đã vào: 1/5 người" in shown(host), shown(host)
    pick(guest, apps, "Vào bàn")
    step_all(apps, 1500)
    assert ("Bàn %s · còn 4 ghế" % code) in shown(guest), shown(guest)
    press_on(guest, apps, TWO[guest.hw.name][1])
    step_all(apps, 1500)
    assert "Ghế 2: đã vào" in shown(host), shown(host)
    press_on(host, apps, TWO[host.hw.name][1])           # Bắt đầu: seats 3-5 to the computer
    step_all(apps, 800)
    assert type(host.screen).__name__ == "HostTable", shown(host)
    assert type(guest.screen).__name__ == "GuestTable", shown(guest)
    return host, guest, host.screen, guest.screen


def act(app, apps, table):
    """This gadget's person acts when it is their turn: the first option, or the first card
    that may be discarded (as play_ui_game in test_to_tom_ui_game does)."""
    nxt, ok = TWO[app.hw.name]
    if app.screen is not table or table.game.to_move() != table.me or \
            table.event == "Đã gửi, chờ bàn…":
        return False
    if table.discard_mode:
        for _ in range(len(table.hand) + 1):
            if table.cursor < len(table.hand) and table.hand[table.cursor] in \
                    table.game.discards(table.me):
                break
            press_on(app, apps, nxt)
    elif not table.options:
        return False
    press_on(app, apps, ok)
    return True


def hand_shown(table):
    """The kinds in the hand row of a table screen."""
    return sorted(table.hand)


def test_two_gadgets_play_a_game_of_to_tom_together_and_the_deal_checks_out():
    host, guest, table_h, table_g = start_table(Air(seed=8, loss=0.2, dup=0.05, reorder=0.1))
    # imported once the gadgets have loaded it (new_app forgets the games a test holds on to)
    from tet.games.to_tom import engine as T

    apps = (host, guest)
    engine = table_h.host.adapter.game
    assert table_g.me == 1 and table_g.names[0] == "N1" and table_g.names[1] == "Bạn"
    assert table_g.names[2] == "Máy 3" and table_h.names[1] == "N2"
    actions = 0
    checked = False
    for _ in range(5000):
        if host.screen is not table_h and guest.screen is not table_g:
            break
        if not checked and table_g.guest.version == table_h.host.version:
            # each gadget holds its own cards, and nobody else's
            assert hand_shown(table_g) == sorted(
                [k for k in range(T.NKINDS) for _ in range(engine.hands[1][k])])
            assert sum(table_g.game.hands[0]) == 0 and sum(table_g.game.hands[2]) == 0
            checked = True
        actions += act(host, apps, table_h)
        actions += act(guest, apps, table_g)
        step_all(apps, 100)
    assert checked and actions > 3
    assert host.screen.title in ("Ù!", "Hoà"), shown(host)
    step_all(apps, 1500)
    assert guest.screen.title == host.screen.title, shown(guest)
    assert "Bảng điểm hội" in shown(host)
    assert "Bài chia đúng" in guest.screen.body, guest.screen.body
    assert table_g.game.phase == T.P_OVER and table_g.game.winner == engine.winner
    first = table_h.host.adapter.commit
    press_on(host, apps, TWO[host.hw.name][1])           # close the result: the next game
    step_all(apps, 1500)
    press_on(guest, apps, TWO[guest.hw.name][1])
    step_all(apps, 500)
    assert host.screen is table_h and guest.screen is table_g
    assert table_h.host.adapter.commit != first and table_g.commit == table_h.host.adapter.commit
    assert table_g.hoi.games == 1 and table_g.game.phase != T.P_OVER


def test_the_guest_is_told_when_its_table_falls_silent_and_the_host_may_give_its_seat_away():
    host, guest, table_h, table_g = start_table(Air(seed=4))
    apps = (host, guest)
    for _ in range(2000):
        if table_h.game.to_move() == 1:
            break
        act(host, apps, table_h)
        step_all(apps, 100)
    assert table_h.game.to_move() == 1
    guest.hw.radio().off()                               # the guest walks out of range
    step_all(apps, 6000)
    assert "Mất liên lạc…" in shown(guest), shown(guest)      # the OLED's short line
    step_all(apps, 16000)
    assert host.screen.title == "N2 vắng lâu", shown(host)
    nxt, ok = TWO[host.hw.name]
    press_on(host, apps, nxt)
    press_on(host, apps, ok)                             # Cho máy chơi thay
    assert table_h.host.seats[1] == 0 and table_h.names[1] == "Máy 2"
    version = table_h.host.version
    step_all(apps, 3000)
    assert table_h.host.version > version                # the computer plays seat 2
