"""Xăm Hường's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, and the shared bowl (table_play.py), loaded only once the game starts."""

from tet.games.xam_huong import shared
from tet.games.xam_huong.engine import XamHuong
from tet.net.deal import new_secret


def new_adapter(app, chosen):
    """The host's game for a new shared table: `chosen` is the setup menu's (players, house
    rules, names)."""
    players, options, names = chosen
    return shared.Shared(XamHuong(players, options), names, new_secret(app))


def start_table(app, host):
    """The host's bowl once the lobby started the game."""
    from tet.games.xam_huong.table_play import HostBowl

    return HostBowl(app, host)


def guest_screen(app, guest):
    """A guest's bowl once the host gave it a seat (or let it watch)."""
    from tet.games.xam_huong.table_play import GuestBowl

    return GuestBowl(app, guest)
