"""Xấp Sắc's entries for playing together (tet.ui.share_menu.together_items): the host's new
game, dealt from a committed secret, and the table screens of a shared table (host_table.py,
guest_table.py), loaded only once the game starts so that the lobby needs little heap."""

TABLE = "tet.games.xap_sac.host_table"
# a guest's table, in the order it loads
GUEST = ("tet.games.xap_sac.engine", TABLE, "tet.games.xap_sac.guest_table")


def new_adapter(app, chosen):
    """The host's game for a new shared table: `chosen` is the setup menu's (players, deck)."""
    from tet.games.xap_sac import adapter as A
    from tet.net.deal import new_secret

    players, deck = chosen
    secret = new_secret(app)
    return A.Adapter(A.new_game(players, deck, secret), secret)


def start_table(app, host):
    """The lobby started the game: the host's table opens from its save
    (tet.ui.lobby.open_from_save)."""
    from tet.games.xap_sac.modes import SAVE
    from tet.net.table import COMPUTER
    from tet.ui.lobby import open_from_save

    return open_from_save(app, host, SAVE, host.adapter.table_save(host),
                          (TABLE, "open_table", COMPUTER in host.seats),
                          lambda: _host_table(app, host))


def _host_table(app, host):
    from tet.games.xap_sac.host_table import HostTable

    return HostTable(app, host)


def guest_screen(app, guest):
    """A guest's table screen once the host gave it a seat (or let it watch)."""
    from tet.games.xap_sac.guest_table import GuestTable

    return GuestTable(app, guest)
