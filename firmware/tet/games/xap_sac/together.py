"""Xấp Sắc's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, dealt from a committed secret, and the table screens of a shared table (table_play.py),
loaded only once the game starts so that the lobby needs little heap."""

from tet.games.xap_sac import shared
from tet.net.deal import new_secret


def new_adapter(app, chosen):
    """The host's game for a new shared table: `chosen` is the setup menu's (players, deck)."""
    players, deck = chosen
    secret = new_secret(app)
    return shared.Shared(shared.new_game(players, deck, secret), secret)


def start_table(app, host):
    """The host's table screen once the lobby started the game."""
    from tet.games.xap_sac.table_play import HostTable

    return HostTable(app, host)


def guest_screen(app, guest):
    """A guest's table screen once the host gave it a seat (or let it watch)."""
    from tet.games.xap_sac.table_play import GuestTable

    return GuestTable(app, guest)
