"""Playing together, at the table: what every game's shared board needs of the shell.

Resuming a table this gadget hosted, asking the host about a person gone for long, a guest's
leaving and the end of the table (the radio off). The lobby before the game ("Chơi chung",
"Vào bàn") is tet.ui.lobby, forgotten once the game starts.
"""

from tet.net.link import Link
from tet.net.table import Host
from tet.ui.widgets import Choice

ABSENT_MS = 20000       # a person not heard this long on their turn: offer the seat to the computer
LOST = "Mất liên lạc với bàn…"     # a guest's table, silent for tet.net.table.LOST_MS
SENT = "Đã gửi, chờ bàn…"          # a guest's pick, on its way to the host


def resume_table(app, adapter, saved):
    """The table of a game this gadget hosted, from its save (`saved["table"]`), its game
    already restored in `adapter`; the radio goes on and every guest is sent the state at once
    (theirs rejoin by themselves). ValueError when the saved table is not one of this game."""
    table = saved.get("table")
    if not isinstance(table, dict):
        raise ValueError("bad table")
    try:
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


def close_table(app, board):
    """The game at the table is over: the radio off, back to the screen below `board` (the
    game's setup menu)."""
    app.radio_off()
    while app.screen is not board:
        app.pop()
    app.pop()
