"""Tổ Tôm's entries for playing together (tet.ui.share_menu.together_items): the host's new
hội, and the shared table's screens (table_host.py, table_guest.py), loaded only once the game starts so that
the lobby needs little heap."""

from tet.games.to_tom import engine as T
from tet.games.to_tom import shared
from tet.net.deal import new_secret


def new_adapter(app, chosen):
    """The host's hội for a new shared table: `chosen` is the setup menu's (players, Thập
    Hồng house rule); every game is dealt from a fresh secret of the hardware generator."""
    players, thap = chosen
    hoi = T.Hoi(players, dealer=app.rng.below(players))
    return shared.Shared(hoi, lambda: new_secret(app), bool(thap))


def host_screen(app, host):
    """The host's table once the lobby started the game."""
    from tet.games.to_tom.table_host import HostTable

    return HostTable(app, host)


def guest_screen(app, guest):
    """A guest's table once the host gave it a seat (or let it watch)."""
    from tet.games.to_tom.table_guest import GuestTable

    return GuestTable(app, guest)
