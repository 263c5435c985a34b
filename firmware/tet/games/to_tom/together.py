"""Tổ Tôm's entries for playing together (tet.ui.share_menu.together_items): the host's new
hội, and the shared table's screens (table_host.py, table_guest.py), loaded only once the game
starts so that the lobby needs little heap."""

from tet.core.rng import Rng
from tet.games.to_tom import engine as T
from tet.games.to_tom import shared
from tet.games.to_tom.parts import SAVE, UI, table_save
from tet.net.deal import new_secret
from tet.net.table import COMPUTER


def new_adapter(app, chosen):
    """The host's hội for a new shared table: `chosen` is the setup menu's (players, Thập
    Hồng house rule); every game is dealt from a fresh secret of the hardware generator."""
    players, thap = chosen
    hoi = T.Hoi(players, dealer=app.rng.below(players))
    return shared.Shared(hoi, lambda: new_secret(app), bool(thap))


def start_table(app, host):
    """The lobby started the game: the table is saved as the host's table saves itself
    (parts.table_save) and opened from that save on a heap of its own (App.open_part, as after
    a power cut), so nothing of the setup menu or the lobby shares the heap with it. A flash
    with no room for the save opens the table here."""
    adapter = host.adapter
    adapter.people = [s != COMPUTER for s in host.seats]
    data = table_save(adapter.hoi, adapter.game, Rng(app.rng.next32()).state,
                      1 if adapter.thap_hong_or_more else 0, "", host)
    if app.save_game(SAVE, data):
        app.open_part(UI, "open_saved")
        return None
    from tet.games.to_tom.table_host import HostTable

    return HostTable(app, host)


def guest_screen(app, guest):
    """A guest's table once the host gave it a seat (or let it watch)."""
    from tet.games.to_tom.table_guest import GuestTable

    return GuestTable(app, guest)
