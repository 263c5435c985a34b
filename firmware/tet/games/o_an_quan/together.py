"""Ô Ăn Quan's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, and the board screens of a shared table (table_boards.py), loaded only once the game
starts so that the lobby needs little heap."""

from tet.games.o_an_quan import shared
from tet.games.o_an_quan.engine import Game


def new_adapter(app, players):
    """The host's game for a new shared table of `players` (the setup menu's choice), with the
    house rules of Cài đặt."""
    return shared.Shared(Game(players, int(app.rule("oaq", "quan_value", 10)),
                              bool(app.rule("oaq", "quan_non", 0))))


def start_table(app, host):
    """The host's board once the lobby started the game."""
    from tet.games.o_an_quan.table_boards import HostBoard

    return HostBoard(app, host)


def guest_screen(app, guest):
    """A guest's board once the host gave it a seat (or let it watch)."""
    from tet.games.o_an_quan.table_boards import GuestBoard

    return GuestBoard(app, guest)
