"""Playing together, at the table: what every game's shared board needs of the shell.

Opening a table on a boot of its own (a guest asking for its seat, the host's table read back
from its save), resuming a table this gadget hosted, asking the host about a person gone for
long, a guest's leaving and the end of the table (the radio off). The lobby before the game
("Chơi chung", "Vào bàn") is tet.ui.lobby, which a board restarts out of (its code and names
stay behind) and a board that cannot restart forgets once the game starts.
"""

import gc
from binascii import unhexlify

from tet.core import gfx as G
from tet.core import input as inp
from tet.core.app import Screen
from tet.core.text import clip
from tet.net.link import Link
from tet.ui.widgets import Choice, draw_hints, hints

ABSENT_MS = 20000       # a person not heard this long on their turn: offer the seat to the computer
LOST = "Mất liên lạc với bàn…"     # a guest's table, silent for tet.net.table.LOST_MS
SENT = "Đã gửi, chờ bàn…"          # a guest's pick, on its way to the host


JOIN_TITLE = "Vào bàn"


class Joining(Screen):
    """Asking the host for a seat; the game's guest screen replaces this once the host
    answered, so the end of the game goes back to the screen below (the setup menu)."""

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
            back_to_setup(self.app)

    def draw(self, g):
        y = g.header(self.title)
        draw_hints(g, hints(self.app, back="về"))
        g.text(clip("Đang vào bàn %d…" % self.guest.code, g.cols()), 2, y + 1, G.CREAM)


def join_table(app, module, code, host):
    """What a guest's boot opens after "Vào bàn" picked a table (tet.ui.lobby.JoinList restarts
    into it): asking table `code`, hosted at radio address `host` (hex), for a seat; the game's
    `module` for shared tables names the modules of the guest's screen (GUEST, loaded first)
    and makes it (guest_screen)."""
    game = __import__(module, None, None, ("GUEST",))
    # the table's code first, on a heap the link's buffers have not cut yet
    for name in game.GUEST:
        gc.collect()
        __import__(name)
    gc.collect()
    from tet.net.guest import Guest

    guest = Guest(Link(app.radio(), app.rng.next32()), code, unhexlify(host))
    app.push(Joining(app, guest, lambda seated: game.guest_screen(app, seated)))


def open_saved_table(app, key, restore, screen):
    """What a host's boot opens after the lobby started the game (tet.ui.lobby.open_from_save)
    or its setup menu resumed a table it hosted: the table saved under `key`, read back by
    `restore(saved)` (the tet.net.host.Host of its game), then its screen, `screen(app,
    host)`, made once the save's objects are gone from the heap. A save that is missing or
    cannot be read is said and forgotten, and the game's setup menu shown."""
    saved = app.load_game(key)
    try:
        if not isinstance(saved, dict) or "table" not in saved:
            raise ValueError("no table")
        host = restore(saved)
    except (KeyError, ValueError, TypeError, IndexError):
        from tet.ui.session import UNREADABLE

        app.forget_game(key)
        app.notice = UNREADABLE
        reopen(app)
        return
    saved = None
    gc.collect()
    app.push(screen(app, host))


def reopen(app):
    """Open again the setup menu of the game this boot opened (App.open_part calls it): at
    the launcher, or on a boot of its own after a part's (tet.ui.part_base)."""
    from tet.registry import GAMES, PACKAGE

    base = app.stack[0]
    for entry in GAMES:
        if entry[PACKAGE] == base.opened:
            base.open(entry)


def resume_table(app, adapter, saved):
    """The table of a game this gadget hosted, from its save (`saved["table"]`), its game
    already restored in `adapter`; the radio goes on and every guest is sent the state at the
    table's first poll (theirs rejoin by themselves). ValueError when the saved table is not one of this game."""
    table = saved.get("table")
    if not isinstance(table, dict):
        raise ValueError("bad table")
    try:
        from tet.net.host import Host

        host = Host.from_dict(Link(app.radio(), app.rng.next32()), adapter, table,
                              app.hw.clock())
        if len(host.seats) != adapter.players:
            raise ValueError("bad table")
    except (KeyError, ValueError, TypeError, IndexError):
        app.radio_off()     # no table after all: the setup menu shows, the radio is off
        raise
    return host


def offer_absent(board, seat, now, give):
    """On the host's board (its `host`, `names` and `asked`, the table version whose absent
    seat it last offered): when the person at `seat`, on their turn, has not been heard for
    ABSENT_MS, ask once per version "<name> vắng lâu": wait more, or `give(seat)` it to the
    computer. True when it asked."""
    host = board.host
    if board.asked == host.version or seat not in host.absent(now, ABSENT_MS):
        return False
    board.asked = host.version
    board.app.push(Choice(board.app, "%s vắng lâu" % board.names[seat],
                          ["Chờ thêm", "Cho máy chơi thay"],
                          lambda index: index == 1 and give(seat)))
    return True


def table_moved(board):
    """On the host's board (its `host` and `drawn`, the table version it last showed): True once
    each time the table has a newer version. The served poll applies the guests' actions and a
    held next deal outside the board's own keys, so its tick must redraw for them."""
    version = board.host.version
    if version == board.drawn:
        return False
    board.drawn = version
    return True


def ask_leave_table(app):
    """A guest's BACK at the table: "Rời bàn?" (the host keeps the seat for a while), or stay."""
    app.push(Choice(app, "Rời bàn?", ["Ở lại", "Rời bàn"], lambda i: i == 1 and app.home()))


def back_to_setup(app):
    """Close the top screen, back to the game's setup menu: the screen below, or, above the
    launcher (a lobby or table opened on a boot of its own), the setup menu opened again on a
    heap freed of them."""
    app.pop()
    if len(app.stack) == 1:
        app.open_part("tet.ui.together", "reopen")


def close_table(app, board):
    """The game at the table is over: the radio off, back to the game's setup menu."""
    app.radio_off()
    while app.screen is not board:
        app.pop()
    back_to_setup(app)
