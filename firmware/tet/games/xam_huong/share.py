"""Xăm Hường's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, and the shared bowl (host_table.py, guest_table.py), loaded only once the game starts."""

BOWL = "tet.games.xam_huong.host_table"
# a guest's bowl, in the order it loads
GUEST = ("tet.games.xam_huong.engine", BOWL, "tet.games.xam_huong.guest_table")


def new_adapter(app, chosen):
    """The host's game for a new shared table: `chosen` is the setup menu's (players, house
    rules, names)."""
    from tet.games.xam_huong import adapter as A
    from tet.games.xam_huong.engine import XamHuong
    from tet.net.deal import new_secret

    players, options, names = chosen
    return A.Adapter(XamHuong(players, options), names, new_secret(app))


def start_table(app, host):
    """The lobby started the game: the host's bowl opens from its save
    (tet.ui.lobby.open_from_save)."""
    from tet.games.xam_huong.options import SAVE
    from tet.ui.lobby import open_from_save

    return open_from_save(app, host, SAVE, host.adapter.table_save(host), (BOWL, "open_table"),
                          lambda: _host_bowl(app, host))


def _host_bowl(app, host):
    from tet.games.xam_huong.host_table import HostBowl

    return HostBowl(app, host)


def guest_screen(app, guest):
    """A guest's bowl once the host gave it a seat (or let it watch)."""
    from tet.games.xam_huong.guest_table import GuestBowl

    return GuestBowl(app, guest)
