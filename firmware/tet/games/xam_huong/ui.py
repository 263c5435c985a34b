"""Xăm Hường: the launcher's entry point. The engine is imported before the screens so that, when
the modules are compiled from source, the biggest one is built while the heap is least fragmented."""

from tet.games.xam_huong import engine as xam_huong  # noqa: F401
from tet.games.xam_huong.play import Setup


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game)."""
    return Setup(app)
