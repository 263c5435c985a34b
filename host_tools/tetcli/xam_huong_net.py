"""Xăm Hường between simulated gadgets: the driver of `tet net play` and of the tests'
shared games (tetcli.net_play), which find it by the registry's package name."""

import json

from tet.games.xam_huong import adapter as xh_adapter
from tet.games.xam_huong.engine import XamHuong


class Driver:
    """Xăm Hường: everyone rolls on their turn (the host draws the dice from the generator of
    its committed secret, so the log replays on one gadget from that secret)."""

    OPTIONS = {}
    fewest, most = 2, 12

    def __init__(self, players, rng):
        self.players = players
        self.secret = rng.next32().to_bytes(4, "little") * 4

    def new_adapter(self):
        names = ["Người %d" % (p + 1) for p in range(self.players)]
        return xh_adapter.Adapter(XamHuong(self.players), names, self.secret)

    def restore(self, saved):
        adapter = xh_adapter.Adapter(XamHuong.from_dict(saved["game"]), saved["names"],
                                     self.secret)
        adapter.rng.state = saved["dice_rng"]
        adapter.dice, adapter.pending, adapter.shown = saved["dice"], saved["pending"], \
            saved["shown"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps of its game (its dice generator's state too)."""
        return {"game": adapter.game.to_dict(), "names": adapter.names, "dice": adapter.dice,
                "pending": adapter.pending, "shown": adapter.shown,
                "dice_rng": adapter.rng.state}

    def look(self, options, public, private=None, seat=None):
        """(game, names, dice, pending, shown, commit, secret) of a public state."""
        return xh_adapter.view(public)

    def to_move(self, shown):
        game = shown[0]
        return None if game.over() else game.turn

    def intent(self, shown, person):
        """Roll, or take the roll on show (people and computers take what they roll)."""
        return xh_adapter.ROLL if shown[3] is None else xh_adapter.TAKE

    def position(self, public):
        return json.dumps(xh_adapter.view(public)[0].to_dict(), sort_keys=True).encode()

    def replay(self, log):
        adapter = xh_adapter.Adapter(XamHuong(self.players), [], self.secret)
        for seat, intent in log:
            if not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return json.dumps(adapter.game.to_dict(), sort_keys=True).encode()

    def result(self, shown):
        """What each player won or lost, or None before the end."""
        game = shown[0]
        return game.nets() if game.over() else None
