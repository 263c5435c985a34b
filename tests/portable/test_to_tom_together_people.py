"""One gadget hosting a five-seat Tổ Tôm table, four people joining from their own gadgets
(here protocol-level guests in the same process, each taking the first action its own gadget
offers: its own hand and the table). A whole game is played to its result through the host's
keys, every guest ends on the host's state, and the hội and the table resume after the host
reboots. A guest out of range when a game ends still gets its result: the next deal waits.

The four guests, their radio links, their copies of the table and the simulated air share this
process's heap with the host: 15 KB more than the host alone at the lobby (measured under
MicroPython from ROMFS). Hence the large heap here; see test_to_tom_together_host for the host
alone.
"""

from sim.air import Air

from fake_hw import TWO, new_app, open_game, press, set_air
from restart_keys import open_lobby, press_through_restart
from test_to_tom_together_host import play_until

HEAP = "352K"
THINK_MS = 300
OVER = 5        # tet.games.to_tom.engine.P_OVER (the test imports no game module itself)


def seen_module():
    """A guest's view of the table (imported here only once the host's app has loaded the
    game: the test's own imports would be heap the device does not spend, and a reference
    kept over a reboot would keep a second copy of the game alive)."""
    from tet.games.to_tom import seen

    return seen


def encode(action):
    """The intent a guest's gadget sends for `action` (tet.games.to_tom.intents)."""
    from tet.games.to_tom.intents import encode as intent

    return intent(action)


class People:
    """Four guests at their own gadgets: each joins by the code and, THINK_MS after a state
    that asks it to, takes the first action its own gadget offers."""

    def __init__(self, air, code):
        from tet.net.link import Link
        from tet.net.guest import Guest

        # their own clock, which goes on when the host reboots (and so does the air with it)
        self.now = air.now
        self.guests = [Guest(Link(air.radio(bytes((2, 0, 0, 0, 1, i)), self.clock), 40 + i),
                             code) for i in range(4)]
        self.due = [None] * 4
        self.results = [[] for _ in range(4)]   # versions of finished games each guest got

    def clock(self):
        return self.now

    def step(self):
        self.now += 10
        now = self.now
        for i, guest in enumerate(self.guests):
            guest.poll(now)
            if guest.seat is None or guest.state is None:
                continue
            if guest.fresh:
                guest.fresh = False
                self.due[i] = now + THINK_MS
                from tet.net.table import read_json

                if read_json(guest.state).get("phase") == OVER:
                    self.results[i].append(guest.version)
            if self.due[i] is None or now < self.due[i]:
                continue
            self.due[i] = None
            seen = seen_module()
            game = seen.view(guest.state, guest.private, guest.seat)[0]
            if game.to_move() == guest.seat:
                guest.intend(encode(game.legal(guest.seat)[0]), now)


def run_with(app, people, ms):
    for _ in range(ms // 10):
        app.step()
        app.hw.sleep_ms(10)
        people.step()


def host_until(app, people, done, limit=200000):
    """Run the table (see play_until) with the four guests until `done()`."""
    return play_until(app, done, limit, lambda a, ms: run_with(a, people, ms))


def open_table():
    """A host on the TTGO whose four guests join: (app, people, table)."""
    air = Air(seed=6, loss=0.1)
    set_air(air)
    app = new_app("ttgo_tdisplay", address=6)
    open_game(app, "totom")
    app = open_lobby(app)
    code = app.screen.host.code
    people = People(air, code)
    run_with(app, people, 3000)
    assert "Đã vào: 5/5 người" in app.hw.display.shown_text(), app.hw.display.shown_text()
    app = press_through_restart(app, TWO[app.hw.name][1])   # Bắt đầu: the table's own boot
    run_with(app, people, 500)
    table = app.screen
    assert type(table).__name__ == "HostTable" and table.names[1:] == ["N2", "N3", "N4", "N5"]
    return app, people, table, air


def test_a_host_with_four_guests_plays_a_whole_game_and_resumes_after_a_reboot():
    app, people, table, air = open_table()
    assert host_until(app, people, lambda: app.screen.title in ("Ù!", "Hoà"))
    adapter = table.host.adapter
    assert adapter.game.phase == OVER and adapter.hoi.games == 1
    run_with(app, people, 1500)
    # every guest shows the host's final state
    for guest in people.guests:
        game = seen_module().view(guest.state, guest.private, guest.seat)[0]
        assert guest.version == table.host.version and game.winner == adapter.game.winner
    press(app, TWO[app.hw.name][1])                      # close the result: the next game
    run_with(app, people, 2000)
    assert adapter.game.phase != OVER
    version, code = table.host.version, table.host.code
    del adapter, table      # nothing of the old boot's game is kept
    # the host reboots on the same air; its guests wait for it
    app = new_app("ttgo_tdisplay", keep_storage=True, address=6)
    app.rng.next32()        # a new boot id for its radio link (the fake's generator repeats)
    open_game(app, "totom")
    assert getattr(app.screen, "selected", None) == "Tiếp tục ván trước", \
        app.hw.display.shown_text()
    app = press_through_restart(app, TWO[app.hw.name][1])   # on the table's own boot
    table = app.screen
    assert type(table).__name__ == "HostTable" and table.host.code == code
    assert table.host.version == version and table.hoi.games == 1
    start = table.host.version
    run_with(app, people, 3000)

    assert host_until(app, people, lambda: table.host.version > start + 10, 60000)
    run_with(app, people, 1500)
    assert all(g.version == table.host.version for g in people.guests)


def test_a_guest_out_of_range_when_a_game_ends_gets_its_result_before_the_next_deal():
    app, people, table, air = open_table()
    adapter = table.host.adapter
    radio = air.radios[bytes((2, 0, 0, 0, 1, 3))]      # the fourth guest's gadget
    shown = adapter.on_play

    def played(seat, action):
        if adapter.game.phase == OVER:
            radio.off()                 # it walks out of range as the last card falls
        shown(seat, action)

    adapter.on_play = played
    assert host_until(app, people, lambda: app.screen.title in ("Ù!", "Hoà"))
    final = table.host.version
    press(app, TWO[app.hw.name][1])                      # the host closes the result
    run_with(app, people, 1000)
    assert adapter.game.phase == OVER and table.host.version == final
    assert "Chờ mọi người xem kết quả…" in app.hw.display.shown_text(), \
        app.hw.display.shown_text()
    radio.on()
    run_with(app, people, 3000)
    assert adapter.game.phase != OVER and table.host.version > final
    assert [final in seen for seen in people.results] == [True] * 4
