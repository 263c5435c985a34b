"""Ô Ăn Quan played together on two gadgets through their keys: the host picks "Chơi chung"
and shows a table code, the guest picks "Vào bàn", sees the table with that code and joins,
the host starts; each plays their own turns on their own gadget over a channel that loses a
fifth of its frames (and repeats and reorders some), and both end on the same score sheet.
Leaving switches the radio off."""

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


def open_shared_table(air, game_id, before_hosting=None, free=1, before_start=None):
    """Host on a TTGO and join from a DevKit through the keys: the host opens `game_id`
    (`before_hosting(host, apps)` first picks its setup, e.g. the players) and "Chơi chung", the
    guest "Vào bàn" and the table with the host's code (the beacon says `free` seats are free),
    `before_start(host, guest)` runs, the host starts. Return (host app, guest app, their
    screens)."""
    set_air(air)
    host = new_app("ttgo_tdisplay", address=1, restarts=False)
    guest = new_app("devkit_ssd1306", address=2, restarts=False)
    apps = (host, guest)
    open_game(host, game_id)
    open_game(guest, game_id)
    if before_hosting:
        before_hosting(host, apps)
    pick(host, apps, "Chơi chung")
    assert host.screen.title == "Chơi chung"
    code_line = [line for line in shown(host).split("\n") if line.startswith("Mã bàn: ")][0]
    code = code_line[len("Mã bàn: "):]
    assert len(code) == 4 and "Ghế 2: đang chờ…" in shown(host)
    pick(guest, apps, "Vào bàn")
    step_all(apps, 1500)                                 # the host's beacons reach the guest
    assert ("Bàn %s · còn %d ghế" % (code, free)) in shown(guest), shown(guest)
    press_on(guest, apps, TWO[guest.hw.name][1])         # join that table
    step_all(apps, 1500)
    assert "Ghế 2: đã vào" in shown(host), shown(host)
    if before_start:
        before_start(host, guest)
    press_on(host, apps, TWO[host.hw.name][1])           # Bắt đầu
    step_all(apps, 800)
    return host, guest, host.screen, guest.screen


def give_away_when_gone(host, guest, apps, name, lost="Mất liên lạc với bàn…"):
    """The guest walks out of range on its turn: after 5 s its screen says `lost`, after 20 s
    the host asks "`name` vắng lâu", and the host gives the seat to the computer."""
    guest.hw.radio().off()
    step_all(apps, 6000)
    assert lost in shown(guest), shown(guest)
    step_all(apps, 16000)
    assert host.screen.title == "%s vắng lâu" % name, shown(host)
    assert "Chờ thêm" in shown(host) and "Cho máy chơi thay" in shown(host)
    nxt, ok = TWO[host.hw.name]
    press_on(host, apps, nxt)
    press_on(host, apps, ok)                             # Cho máy chơi thay


def join_again(guest, apps, game_id):
    """A guest whose gadget restarted finds its table and joins it again through its keys;
    return its new screen."""
    open_game(guest, game_id)
    pick(guest, apps, "Vào bàn")
    step_all(apps, 1500)
    press_on(guest, apps, TWO[guest.hw.name][1])         # the same table
    step_all(apps, 1500)
    return guest.screen


def start_table(air):
    """Ô Ăn Quan for two at a shared table: (host app, guest app, their boards)."""
    host, guest, board_h, board_g = open_shared_table(air, "oaq")
    assert type(board_h).__name__ == "HostBoard" and type(board_g).__name__ == "GuestBoard"
    return host, guest, board_h, board_g


def my_turn(app, board):
    """This gadget's person may pick a square now."""
    return app.screen is board and not board.animating and bool(board.items) and \
        board.seats[board.game.turn] == 0


def play_turn(app, apps):
    """Pick the highlighted square and sow it forward."""
    ok = TWO[app.hw.name][1]
    press_on(app, apps, ok)
    press_on(app, apps, ok)


def test_two_gadgets_play_a_whole_game_together_over_a_lossy_channel():
    host, guest, board_h, board_g = start_table(Air(seed=3, loss=0.2, dup=0.05, reorder=0.1))
    apps = (host, guest)
    moves = 0
    for _ in range(4000):
        if board_h.game.over and board_g.game.over and not board_g.animating:
            break
        for app, board in ((host, board_h), (guest, board_g)):
            if my_turn(app, board):
                play_turn(app, apps)
                moves += 1
        step_all(apps, 100)
    assert board_h.game.over and board_g.game.over, (moves, shown(host), shown(guest))
    assert bytes(board_h.game.state) == bytes(board_g.game.state)
    assert board_h.host.version >= moves > 4
    for app in apps:
        assert app.screen.title == "Kết quả", shown(app)
    press_on(guest, apps, TWO[guest.hw.name][1])         # after the sheet: back to the menu
    assert guest.screen.title == "Ô Ăn Quan" and guest._radio is None
    assert not guest.hw.radio().active


def test_a_guest_gone_for_long_on_its_turn_is_offered_to_the_computer():
    host, guest, board_h, board_g = start_table(Air(seed=4))
    apps = (host, guest)
    for _ in range(200):
        if my_turn(guest, board_g):
            break
        if my_turn(host, board_h):
            play_turn(host, apps)
        step_all(apps, 100)
    assert my_turn(guest, board_g)
    give_away_when_gone(host, guest, apps, "N2")
    assert board_h.seats == [0, 1] and board_h.host.seats[1] == 0
    handed_over, mine = board_h.host.version, 0
    for _ in range(3000):
        if host.screen.title == "Kết quả":
            break
        if my_turn(host, board_h):
            play_turn(host, apps)
            mine += 1
        step_all(apps, 100)
    assert board_h.game.over and host.screen.title == "Kết quả"
    assert board_h.host.version - handed_over > mine > 0      # the computer moved seat 2


def test_a_guest_that_reboots_mid_game_joins_again_and_gets_its_seat_back():
    host, guest, board_h, board_g = start_table(Air(seed=6, loss=0.1))
    apps = (host, guest)
    for _ in range(300):
        if board_h.host.version >= 4:
            break
        for app, board in ((host, board_h), (guest, board_g)):
            if my_turn(app, board):
                play_turn(app, apps)
        step_all(apps, 100)
    version = board_h.host.version
    assert version >= 4
    board_g = None
    guest = new_app("devkit_ssd1306", address=2, restarts=False)         # the guest's gadget restarts
    guest.rng.seed(99)      # a board's generator differs at every boot; the fake's does not
    apps = (host, guest)
    board_g = join_again(guest, apps, "oaq")
    assert type(board_g).__name__ == "GuestBoard" and board_g.guest.seat == 1
    assert bytes(board_g.game.state) == bytes(board_h.game.state)
    for _ in range(300):                                 # and the game goes on from there
        if board_h.host.version >= version + 4:
            break
        for app, board in ((host, board_h), (guest, board_g)):
            if my_turn(app, board):
                play_turn(app, apps)
        step_all(apps, 100)
    assert board_h.host.version >= version + 4
