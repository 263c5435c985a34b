"""A Tổ Tôm table read back from its save (its own hội's, or a shared one its host kept):
loaded only then, with the save's checks (tet.games.to_tom.restore), and both let go after
each read (read_save forgets them)."""

from tet.core.app import forget_module
from tet.core.rng import Rng
from tet.games.to_tom import engine as T

RESTORE = "tet.games.to_tom.restore"


def read_save(data, finished=False):
    """(hội, game, rng, thap_hong_or_more, event) of a saved table; ValueError when this
    version cannot read it (a field of the wrong type or out of range, a finished game unless
    `finished`, a hội of another table)."""
    if type(data) is not dict:
        raise ValueError("Tổ Tôm save: not a dict")
    state = data.get("rng")
    thap = data.get("thap", 0)
    event = data.get("event", "")
    if type(state) is not int or not 0 < state < 1 << 32 or thap not in (0, 1) or \
            type(event) is not str or len(event) > 80:
        raise ValueError("Tổ Tôm save: table")
    rng = Rng(1)
    rng.state = state
    try:
        game = T.ToTom.from_dict(data.get("game"))
        hoi = T.Hoi.from_dict(data.get("hoi"))
    finally:
        # neither the save's checks (tet.games.to_tom.restore) nor this module are needed at
        # the table: both leave sys.modules now, and the heap once the caller drops read_save
        for name in (RESTORE, __name__):
            forget_module(name)
    if (game.phase == T.P_OVER and not finished) or hoi.n != game.n:
        raise ValueError("Tổ Tôm save: game")
    game.log = []
    return hoi, game, rng, thap, event
