"""Ô Ăn Quan's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, and the board screens of a shared table (host_table.py, guest_table.py), loaded only
once the game starts so that the lobby needs little heap."""

BOARDS = "tet.games.o_an_quan.host_table"
# a guest's board, in the order it loads
GUEST = ("tet.games.o_an_quan.engine", BOARDS, "tet.games.o_an_quan.guest_table")


def new_adapter(app, players):
    """The host's game for a new shared table of `players` (the setup menu's choice), with the
    house rules of Cài đặt."""
    from tet.games.o_an_quan import adapter as A
    from tet.games.o_an_quan.engine import Game

    return A.Adapter(Game(players, int(app.rule("oaq", "quan_value", 10)),
                          bool(app.rule("oaq", "quan_non", 0))))


def start_table(app, host):
    """The lobby started the game: the host's board opens from its save
    (tet.ui.lobby.open_from_save)."""
    from tet.games.o_an_quan.modes import SAVE
    from tet.ui.lobby import open_from_save

    return open_from_save(app, host, SAVE, host.adapter.table_save(host), (BOARDS, "open_table"),
                          lambda: _host_board(app, host))


def _host_board(app, host):
    from tet.games.o_an_quan.host_table import HostBoard

    return HostBoard(app, host)


def guest_screen(app, guest):
    """A guest's board once the host gave it a seat (or let it watch)."""
    from tet.games.o_an_quan.guest_table import GuestBoard

    return GuestBoard(app, guest)
