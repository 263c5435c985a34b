"""Tổ Tôm's parts: the modules each one loads, in the order they are imported (smallest
first), and the name of its save. Apart from the entry point (tet.games.to_tom.ui), so the
setup menu and the screens can name them without importing each other."""

import gc

# what a table plays with, in the order they are imported (smallest first): reading a save
# needs the first three; the computer players and the screen come once it is read
READ_MODULES = ("tet.games.to_tom.cards", "tet.games.to_tom.hand", "tet.games.to_tom.engine")
PLAY_MODULES = READ_MODULES + ("tet.games.to_tom.ai", "tet.games.to_tom.table")
# a shared table's host: the protocol's modules, then the screen's
HOST_MODULES = ("tet.games.to_tom.shared", "tet.net.table", "tet.games.to_tom.table",
                "tet.games.to_tom.table_host")
SAVE = "to_tom"     # the name a table's save has in the gadget's storage
UI = "tet.games.to_tom.ui"   # the part a new, resumed or next game opens from


def load(names):
    """Import modules `names` one by one with a collection in between: compiling them from
    source (a plain file install) fits the heap so, and from ROMFS or frozen bytecode the
    collections cost nothing."""
    for name in names:
        gc.collect()
        __import__(name)
    gc.collect()
