"""Playing together, before the board: "Chơi chung" (host a table) and "Vào bàn" (join one).

The host's gadget shows a 4-digit table code and who has sat down; OK starts the game, the
seats nobody took going to computer players. A joining gadget lists the tables of this game
it hears, with their codes and free seats; OK asks for a seat, and the game's guest screen
opens once the host has answered with a seat and the table. The radio is on from here until
the game is left (App.radio, App.home).

Where the board can restart (hw.restart), each phase has a boot of its own, so no phase's
code and names share the heap with the next: the host's lobby (host_table, the setup menu's
choices in the boot's note), the host's table, opened from its save as after a power cut
(open_from_save), and a guest's table, which asks for its seat again
(tet.ui.together.join_table). Elsewhere the lobby opens over the setup menu, the host's table
on a heap of its own (App.open_part) and the guest's in place of the lobby, which is then
forgotten.

A game offers this with tet.ui.share_menu.together_items in its setup menu.
"""

import time
from binascii import hexlify

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.app import Screen
from tet.core.text import clip
from tet.net.link import BEACON, Link
from tet.net.guest import Guest
from tet.net.host import Host
from tet.net.table import COMPUTER, ME, OPEN, read_beacon
from tet.ui.restart import restart_part
from tet.ui.together import JOIN_TITLE, Joining, back_to_setup
from tet.ui.widgets import draw_hints, hints

HOST_TITLE = "Chơi chung"
FORGET_MS = 3000        # a table not heard for this long leaves the list
STARTING = "Đang bắt đầu ván…"


# what the lobby says of a seat's holder; a guest's address: "đã vào"
SEAT_WORDS = {ME: "Bạn", OPEN: "đang chờ…", COMPUTER: "máy"}


def seat_word(holder):
    """What the lobby says of one seat's holder."""
    return SEAT_WORDS.get(holder, "đã vào")


def host_table(app, game_id, module, chosen):
    """What a host's boot opens after "Chơi chung" (tet.ui.share_menu restarts into it): the
    lobby of a new table of game `game_id` with the setup menu's `chosen`, the game's `module`
    for shared tables making its game and, once started, its table; the setup menu's code and
    names are not on this boot's heap."""
    game = __import__(module, None, None, ("start_table",))
    app.push(HostLobby(app, game_id, game.new_adapter(app, chosen),
                       lambda table: game.start_table(app, table)))


def open_from_save(app, host, key, data, part, build):
    """The lobby started the game of table `host`: its table, saved under `key` as `data` (what
    the table saves of itself), opens from that save (`part`: the module and function that read
    it, then what that boot passes the function after the app) on a boot of its own, as after
    a power cut, or on a heap of its own where the board cannot restart. A flash with no room
    for the save: `build()` makes the table's screen here. Returns that screen, or None."""
    if not app.save_game(key, data):
        return build()
    restart_part(app, host.game_id, list(part), STARTING)
    # no restart: the part opens with its defaults (Xấp Sắc's loads the computer players, which
    # no later boot could load for a person who leaves)
    app.open_part(part[0], part[1])
    return None


class HostLobby(Screen):
    """The host waits for the others: the table code, the seats; OK starts."""

    title = HOST_TITLE

    def __init__(self, app, game_id, adapter, start):
        Screen.__init__(self, app)
        link = Link(app.radio(), app.rng.next32())
        self.host = Host(link, 1000 + app.rng.below(9000), game_id, adapter,
                         people=adapter.players)
        self.start = start      # start(host): the table's screen, or None (it opened itself)
        self._seen = list(self.host.seats)

    def tick(self, now):
        self.host.poll(now)
        if self.host.seats != self._seen:
            self._seen = list(self.host.seats)
            return True
        return False

    def handle(self, ev):
        if ev == inp.OK:
            seats = self.host.seats
            for i in range(len(seats)):
                if seats[i] == OPEN:
                    seats[i] = COMPUTER
            screen = self.start(self.host)
            if screen is not None:
                self.app.replace(screen)
        elif ev == inp.BACK:
            self.app.radio_off()
            back_to_setup(self.app)

    def draw(self, g):
        y = g.header(self.title)
        bottom = draw_hints(g, hints(self.app, ok="bắt đầu", back="huỷ"))
        g.text("Mã bàn: %d" % self.host.code, 2, y + 1, G.GOLD, big=g.colour)
        y += (g.big.height if g.colour else g.line_h) + 2
        cols = g.cols()
        seats = self.host.seats
        seated = len(seats) - seats.count(OPEN) - seats.count(COMPUTER)
        g.text(clip("Đã vào: %d/%d người" % (seated, len(seats)), cols), 2, y, G.CREAM)
        y += g.line_h
        for seat, holder in enumerate(seats):
            if y + g.line_h > bottom:
                break
            g.text(clip("Ghế %d: %s" % (seat + 1, seat_word(holder)), cols), 2, y, G.CREAM)
            y += g.line_h


class JoinList(Screen):
    """The tables of this game heard nearby; OK asks the highlighted one for a seat."""

    title = JOIN_TITLE

    def __init__(self, app, game_id, module, guest_screen):
        Screen.__init__(self, app)
        self.link = Link(app.radio(), app.rng.next32())
        self.game_id = game_id
        self.module = module    # the game's module for shared tables
        self.guest_screen = guest_screen
        self.tables = []        # [addr, code, free seats, last heard ms]
        self.index = 0

    def tick(self, now):
        before = [t[:3] for t in self.tables]
        for addr, kind, payload in self.link.poll(now):
            heard = read_beacon(payload) if kind == BEACON else None
            if heard is None or heard[2] != self.game_id:
                continue
            for table in self.tables:
                if table[0] == addr:
                    table[1:] = [heard[0], heard[1], now]
                    break
            else:
                self.tables.append([addr, heard[0], heard[1], now])
        self.tables = [t for t in self.tables if time.ticks_diff(now, t[3]) <= FORGET_MS]
        return [t[:3] for t in self.tables] != before

    def handle(self, ev):
        n = len(self.tables)
        if n and inp.forward(ev):
            self.index = (self.index + 1) % n
        elif n and inp.backward(ev):
            self.index = (self.index - 1) % n
        elif ev == inp.OK and n:
            addr, code = self.tables[min(self.index, n - 1)][:2]
            restart_part(self.app, self.game_id, ["tet.ui.together", "join_table", self.module,
                                                  code, hexlify(addr).decode()],
                         "Đang vào bàn %d…" % code)
            self.app.replace(Joining(self.app, Guest(self.link, code, addr), self.guest_screen))
        elif ev == inp.BACK:
            self.app.radio_off()
            self.app.pop()

    def draw(self, g):
        y = g.header(self.title)
        bottom = draw_hints(g, hints(self.app, move="dời", ok="vào", back="về"))
        cols = g.cols()
        if not self.tables:
            g.text(clip("Đang tìm bàn gần đây…", cols), 2, y + 1, G.CREAM)
            return
        self.index = min(self.index, len(self.tables) - 1)
        for i, table in enumerate(self.tables):
            if y + g.line_h > bottom:
                break
            free = "còn %d ghế" % table[2] if table[2] else "đủ người: xem"
            text = clip("Bàn %d · %s" % (table[1], free), cols - 1)
            if i == self.index:
                g.fill_rect(0, y, g.w, g.line_h, G.RED if g.colour else G.WHITE)
                g.text(text, 2, y, G.WHITE if g.colour else G.BLACK)
            else:
                g.text(text, 2, y, G.CREAM)
            y += g.line_h
