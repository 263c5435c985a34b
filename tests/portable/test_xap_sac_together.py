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


from fake_hw import TWO, new_app, open_game, set_air
from test_o_an_quan_together import (give_away_when_gone, open_shared_table, pick, press_on,
                                     shown, step_all)

# two gadgets (two apps) share this process's heap
HEAP = "320K"
WHOLE_GAME = sys.implementation.name != "micropython"
ACTIONS_ON_MPY = 30
PLAYING, GAME_OVER = 0, 2       # the engine's phases
HAND, CELLS = 0, 1              # the table screen's modes


def engine():
    """The game's engine module, as the gadget loaded it (imported here it would stay in the
    heap beside the gadget's copy, since each new app forgets the game's modules)."""
    return sys.modules["tet.games.xap_sac.engine"]


def my_turn(app, table):
    """This gadget's person may choose now (a guest: not while its choice awaits the host)."""
    game = table.game
    guest = getattr(table, "guest", None)
    return app.screen is table and game.phase == PLAYING and game.turn == table.own and \
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
    cards = sorted(engine().play_cards(table.plays[0]))
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
    """Xấp Sắc for two at a shared table: (host app, guest app, their tables)."""

    def two_players(host, apps):
        pick(host, apps, "Số người: 4")                  # OK goes round 2, 3, 4: 2
        assert host.screen.selected == "Số người: 2"
    host, guest, table_h, table_g = open_shared_table(
        Air(seed=5, loss=0.2, dup=0.05, reorder=0.1), "xs", two_players)
    assert type(table_h).__name__ == "HostTable" and type(table_g).__name__ == "GuestTable", \
        (shown(host), shown(guest))
    return host, guest, table_h, table_g


def check_panels(host, guest, table_h):
    """What each panel shows now: the other player's cards as a count only; on the OLED (card
    codes), every card is on the table or in the guest's own hand, some of which shows."""
    X = engine()
    truth = table_h.host.adapter.game
    assert "N2 %d/%d" % (len(truth.hands[1]), truth.scores[1]) in shown(host), shown(host)
    panel = shown(guest).split("\n")
    assert ("N1:%d" % len(truth.hands[0])) in " ".join(panel), panel
    every = set(X.card_code(c) for c in range(X.NUM_CARDS))
    codes = set(line for line in panel if line in every)
    table = set(X.card_code(c) for c in truth.table.values())
    mine = set(X.card_code(c) for c in truth.hands[1])
    assert codes <= table | mine and codes & mine, (codes, mine)
    assert not codes & set(X.card_code(c) for c in truth.hands[0])


def end_text(app, apps):
    """The whole message on `app`'s panel, scrolled through to its end (the OLED shows three
    lines at a time)."""
    text = shown(app)
    for _ in range(12):
        if "▼" not in shown(app):
            break
        press_on(app, apps, TWO[app.hw.name][0])
        text += "\n" + shown(app)
    return " ".join(text.split("\n"))


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
                assert "điểm" in end_text(app, apps)
                press_on(app, apps, TWO[app.hw.name][1])      # read the round's scores
            elif my_turn(app, table):
                if app is guest and host.screen is table_h:
                    check_panels(host, guest, table_h)
                act(app, apps, table)
                actions += 1
        step_all(apps, 100)
    assert host.screen.title == "Kết quả" and guest.screen.title == "Kết quả", \
        (shown(host), shown(guest))
    game = table_h.game
    assert game.phase == GAME_OVER and table_g.game.scores == game.scores
    assert game.round_no > 1 and actions > 20
    for app in apps:
        text = end_text(app, apps)
        assert "Bài chia đúng" in text and "thắng" in text, text
    press_on(guest, apps, TWO[guest.hw.name][1])         # after the scores: back to the menu
    assert guest.screen.title == "Xấp Sắc" and not guest.hw.radio().active


def play_until(apps, tables, done, rounds=600):
    """Both people play their turns (and read the rounds' scores) until `done()`."""
    for _ in range(rounds):
        if done():
            return
        for app, table in zip(apps, tables):
            if app.screen.title.startswith("Hết ván"):
                press_on(app, apps, TWO[app.hw.name][1])
            elif my_turn(app, table):
                act(app, apps, table)
        step_all(apps, 100)
    assert done()


def test_a_guest_gone_for_long_on_its_turn_is_offered_to_the_computer():
    host, guest, table_h, table_g = start_table()
    apps = (host, guest)
    play_until(apps, (table_h, table_g),
               lambda: table_h.host.version >= 3 and my_turn(guest, table_g))
    give_away_when_gone(host, guest, apps, "Người 2")
    assert table_h.host.seats[1] == 0 and table_h.names[1] == "Máy 2"
    version = table_h.host.version
    step_all(apps, 3000)                                 # the computer plays seat 2 at once
    assert table_h.host.version > version and table_h.host.log is None
    assert "Máy 2" in shown(host) or "M2" in shown(host), shown(host)


def test_the_game_on_one_gadget_loads_nothing_of_the_shared_table():
    set_air(Air(seed=3))
    app = new_app("devkit_ssd1306", address=3, restarts=False)
    open_game(app, "xs")
    assert app.screen.items[3][0] == "Chơi chung" and app.screen.items[4][0] == "Vào bàn"
    press_on(app, (app,), TWO[app.hw.name][1])           # Bắt đầu: against the computer
    assert type(app.screen).__name__ == "Table" and not app.hw.radio().active
    shared = [m for m in sys.modules if m.startswith("tet.net") or m in (
        "tet.ui.together", "tet.games.xap_sac.adapter", "tet.games.xap_sac.host_table",
        "tet.games.xap_sac.share")]
    assert not shared, shared


def test_a_guest_out_of_range_when_a_round_ends_still_gets_its_scores():
    host, guest, table_h, table_g = start_table()
    apps = (host, guest)
    adapter = table_h.host.adapter
    radio = guest.hw.radio()
    applied = adapter.on_apply

    def on_apply(seat, intent):
        if adapter.game.phase != PLAYING:
            radio.off()                 # the guest walks out of range as the round ends
        applied(seat, intent)

    adapter.on_apply = on_apply
    play_until(apps, (table_h, table_g), lambda: host.screen.title.startswith("Hết ván"),
               rounds=3000)
    round_no = adapter.game.round_no
    press_on(host, apps, TWO[host.hw.name][1])          # the host has read the scores
    step_all(apps, 1000)
    assert adapter.game.phase != PLAYING and "Chờ mọi người xem điểm…" in shown(host)
    radio.on()
    for _ in range(30):
        if guest.screen.title.startswith("Hết ván"):
            break
        step_all(apps, 100)
    assert guest.screen.title == "Hết ván %d" % round_no, shown(guest)
    press_on(guest, apps, TWO[guest.hw.name][1])
    step_all(apps, 3000)
    assert adapter.game.phase == PLAYING and adapter.game.round_no == round_no + 1
    assert table_g.game.round_no == round_no + 1
