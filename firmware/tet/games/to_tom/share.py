"""Tổ Tôm's entries for playing together (tet.ui.share_menu.together_items): the host's new
hội, and the shared table's screens (host_table.py, guest_table.py), loaded only once the game
starts so that the lobby needs little heap."""

from tet.games.to_tom.parts import SAVE, TABLE_PART, table_save

# a guest's table (tet.ui.together.join_table), in the order it loads: no rules (seen.py)
GUEST = ("tet.games.to_tom.cards", "tet.games.to_tom.state", "tet.games.to_tom.intents",
         "tet.games.to_tom.restore", "tet.games.to_tom.seen", "tet.net.table",
         "tet.games.to_tom.play", "tet.games.to_tom.guest_table")


def new_adapter(app, chosen):
    """The host's hội for a new shared table: `chosen` is the setup menu's (players, Thập
    Hồng house rule); every game is dealt from a fresh secret of the hardware generator."""
    from tet.games.to_tom import engine as T
    from tet.games.to_tom import adapter as A
    from tet.net.deal import new_secret

    players, thap = chosen
    hoi = T.Hoi(players, dealer=app.rng.below(players))
    return A.Adapter(hoi, lambda: new_secret(app), bool(thap))


def start_table(app, host):
    """The lobby started the game: the table is saved as the host's table saves itself
    (parts.table_save) and opened from that save (tet.ui.lobby.open_from_save), as after a
    power cut, so nothing of the setup menu or the lobby shares the heap with it."""
    from tet.core.rng import Rng
    from tet.net.table import COMPUTER
    from tet.ui.lobby import open_from_save

    adapter = host.adapter
    adapter.people = [s != COMPUTER for s in host.seats]
    data = table_save(adapter.hoi, adapter.game, Rng(app.rng.next32()).state,
                      1 if adapter.thap_hong_or_more else 0, "", host)
    return open_from_save(app, host, SAVE, data, (TABLE_PART, "open_saved"), lambda: _host_table(app, host))


def _host_table(app, host):
    from tet.games.to_tom.host_table import HostTable

    return HostTable(app, host)


def guest_screen(app, guest):
    """A guest's table once the host gave it a seat (or let it watch)."""
    from tet.games.to_tom.guest_table import GuestTable

    return GuestTable(app, guest)
