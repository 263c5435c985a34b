"""Tổ Tôm between simulated gadgets: the driver of `tet net play` and of the tests'
shared games (tetcli.net_play), which find it by the registry's package name."""

import binascii

from tet.games.to_tom import engine as totom
from tet.games.to_tom import intents as totom_intents
from tet.games.to_tom import adapter as totom_adapter
from tet.games.to_tom import state as totom_state
from tet.games.to_tom.ai import Player as TotomPlayer
from tetcli.net_play import WHIM


class Driver:
    """Tổ Tôm: a hội of `target` points (4 players with 4 gadgets, else 5). Every seat decides
    with the computer player's judgement on what its own gadget shows (its hand and the table;
    now and then a person takes any legal action); the host's seats decide on its engine. Each
    game is dealt from the secret of its number, so the log replays on one gadget."""

    fewest, most = 2, 5
    OPTIONS = {"target": ("the hội's points", 1, totom_state.HOI_TARGET, totom_state.HOI_TARGET)}

    def __init__(self, gadgets, rng, target=totom_state.HOI_TARGET):
        self.players = 4 if gadgets == 4 else 5
        self.rng = rng
        self.target = target
        self.dealer = rng.below(self.players)
        self.seed = rng.next32()
        self.player = TotomPlayer("bot", rng)

    def _secrets(self, hoi):
        # the secret of game number hoi.games, from the run's seed
        return lambda: (self.seed + 7919 * hoi.games).to_bytes(8, "little") * 2

    def new_adapter(self):
        hoi = totom.Hoi(self.players, self.dealer, self.target)
        return totom_adapter.Adapter(hoi, self._secrets(hoi))

    def restore(self, saved):
        hoi = totom.Hoi.from_dict(saved["hoi"])
        game = totom.ToTom.from_dict(saved["game"])
        game.log = []
        adapter = totom_adapter.Adapter(hoi, self._secrets(hoi), game=game,
                                        secret=binascii.unhexlify(saved["secret"]))
        adapter.event = saved["event"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps: the hội, the game, the game's secret."""
        return {"hoi": adapter.hoi.to_dict(), "game": adapter.game.to_dict(),
                "secret": adapter.to_dict()["secret"], "event": adapter.event}

    def look(self, options, public, private=None, seat=None):
        """(game, hội) as a gadget shows them: its own hand only."""
        game, hoi, _public, _mine = totom_adapter.view(public, private,
                                                       -1 if seat is None else seat)
        return game, hoi

    def truth(self, adapter):
        """The host's own view: its engine."""
        return adapter.game, adapter.hoi

    def to_move(self, shown):
        game, hoi = shown
        if game.phase == totom.P_OVER:
            return None if hoi.over() else 0
        return game.to_move()

    def intent(self, shown, person):
        game = shown[0]
        if game.phase == totom.P_OVER:
            return totom_intents.NEXT
        p = game.to_move()
        if person and self.rng.below(WHIM) == 0:
            return totom_intents.encode(self.rng.choice(game.legal(p)))
        return totom_intents.encode(self.player.choose(game, p))

    def position(self, public):
        return bytes(public)

    def replay(self, log):
        adapter = self.new_adapter()
        for seat, intent in log:
            if adapter.to_move() != seat or not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return adapter.public()

    def result(self, shown):
        """The hội's scores, or None before its end."""
        game, hoi = shown
        return list(hoi.scores) if game.phase == totom.P_OVER and hoi.over() else None
