"""Playing together, before the board: "Chơi chung" (host a table) and "Vào bàn" (join one).

The host's gadget shows a 4-digit table code and who has sat down; OK starts the game, the
seats nobody took going to computer players. A joining gadget lists the tables of this game
it hears, with their codes and free seats; OK asks for a seat, and the game's guest screen
opens once the host has answered with a seat and the table. The radio is on from here until
the game is left (App.radio, App.home). Once the game's screen has taken over, this module is
forgotten (its heap is the game's).

A game offers this with tet.ui.share_menu.together_items in its setup menu.
"""

import time

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.app import Screen
from tet.core.text import clip
from tet.net.link import BEACON, Link
from tet.net.table import COMPUTER, ME, OPEN, Guest, Host, read_beacon
from tet.ui.widgets import draw_hints, hints

HOST_TITLE = "Chơi chung"
JOIN_TITLE = "Vào bàn"
FORGET_MS = 3000        # a table not heard for this long leaves the list


# what the lobby says of a seat's holder; a guest's address: "đã vào"
SEAT_WORDS = {ME: "Bạn", OPEN: "đang chờ…", COMPUTER: "máy"}


def seat_word(holder):
    """What the lobby says of one seat's holder."""
    return SEAT_WORDS.get(holder, "đã vào")


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
            self.app.pop()

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

    def __init__(self, app, game_id, guest_screen):
        Screen.__init__(self, app)
        self.link = Link(app.radio(), app.rng.next32())
        self.game_id = game_id
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


class Joining(Screen):
    """Asking the host for a seat (in place of the list); the game's guest screen replaces this
    once the host answered, so the end of the game goes back to the setup menu."""

    title = JOIN_TITLE

    def __init__(self, app, guest, guest_screen):
        Screen.__init__(self, app)
        self.guest = guest
        self.guest_screen = guest_screen

    def tick(self, now):
        self.guest.poll(now)
        if self.guest.seat is not None and self.guest.state is not None:
            self.app.replace(self.guest_screen(self.guest))
            return True
        return False

    def handle(self, ev):
        if ev == inp.BACK:
            self.app.radio_off()
            self.app.pop()

    def draw(self, g):
        y = g.header(self.title)
        draw_hints(g, hints(self.app, back="về"))
        g.text(clip("Đang vào bàn %d…" % self.guest.code, g.cols()), 2, y + 1, G.CREAM)
