"""Tổ Tôm's parts: the modules each one loads, in the order they are imported (smallest
first), and its save's name and fields. Apart from the setup menu and the table's opening
(saved.py), so those, the screens and the lobby's start of a shared table name them without
importing each other."""

import gc

# what a table plays with, in the order they are imported (smallest first): reading a save
# needs the first three; the computer players and the screen come once it is read
READ_MODULES = ("tet.games.to_tom.cards", "tet.games.to_tom.state", "tet.games.to_tom.hand",
                "tet.games.to_tom.engine")
PLAY_MODULES = READ_MODULES + ("tet.games.to_tom.ai", "tet.games.to_tom.play")
# a shared table's host: the protocol's modules, then the screen's
HOST_MODULES = ("tet.games.to_tom.adapter", "tet.net.table", "tet.games.to_tom.play",
                "tet.games.to_tom.host_table")
SAVE = "to_tom"     # the name a table's save has in the gadget's storage
TABLE_PART = "tet.games.to_tom.saved"   # the part a new, resumed or next game opens from


def load(names):
    """Import modules `names` one by one with a collection in between: compiling them from
    source (a plain file install) fits the heap so, and from ROMFS or frozen bytecode the
    collections cost nothing."""
    for name in names:
        gc.collect()
        __import__(name)
    gc.collect()


def table_save(hoi, game, rng_state, thap, event, host=None):
    """A table's save (read back by tet.games.to_tom.saved.read_save): the hội, the game, the
    table's generator state, the Thập Hồng house rule and the last event; a shared table's
    `host` (tet.net.table.Host) adds the table and its adapter's own (host_table.resume_host)."""
    data = {"hoi": hoi.to_dict(), "game": game.to_dict(), "rng": rng_state, "thap": thap,
            "event": event}
    if host is not None:
        data["table"] = host.to_dict()
        data["shared"] = host.adapter.to_dict()
    return data
