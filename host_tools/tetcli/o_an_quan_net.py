"""Ô Ăn Quan between simulated gadgets: the driver of `tet net play` and of the tests'
shared games (tetcli.net_play), which find it by the registry's package name."""

from tet.games.o_an_quan import adapter as oaq_adapter
from tet.games.o_an_quan.ai import Searcher, greedy_move, level_nodes
from tet.games.o_an_quan.engine import Game
from tetcli.net_play import WHIM


class Driver:
    """Ô Ăn Quan: people play greedy moves (now and then any legal move), the computer Dễ."""

    OPTIONS = {}
    fewest, most = 2, 4

    def __init__(self, players, rng):
        self.players = players
        self.rng = rng
        self.searcher = Searcher(players)
        self.nodes = level_nodes("de", players)
        self.scratch = bytearray(6 * players + 5 * players + 2)

    def new_adapter(self):
        """The host's game and its adapter."""
        return oaq_adapter.Adapter(Game(self.players))

    def restore(self, saved):
        """The adapter of a host restarting from `saved` (its "game" part)."""
        return oaq_adapter.Adapter(Game.from_dict(saved))

    def save(self, adapter):
        """What the host's save keeps of its game."""
        return adapter.game.to_dict()

    def look(self, options, public, private=None, seat=None):
        """What a gadget shows of a public state (and, in a game with hidden cards, its own
        part and seat): here the game."""
        return oaq_adapter.view(options, public)

    def to_move(self, game):
        """The seat to act, or None once the game is over."""
        return None if game.over else game.turn

    def intent(self, game, person):
        """What the player to move does (a person, or the host's computer player)."""
        if person and self.rng.below(WHIM) == 0:
            return oaq_adapter.intent(*self.rng.choice(game.legal_moves()))
        if person:
            return oaq_adapter.intent(*greedy_move(game.state, game.players, game.quan_value,
                                                   game.quan_non, self.scratch))
        square, step, _value = self.searcher.search(game.state, self.nodes)
        return oaq_adapter.intent(square, step)

    def position(self, public):
        """The part of a public state every gadget must agree on."""
        return oaq_adapter.position(public)

    def replay(self, log):
        """The position the host's log gives on one gadget, or None if it does not play."""
        game = Game(self.players)
        for seat, intent in log:
            square, step = oaq_adapter.move_of(intent)
            if game.turn != seat or not game.is_legal(square, step):
                return None
            game.play(square, step)
        return bytes(game.state)

    def result(self, game):
        """The final scores, or None before the end."""
        return game.scores() if game.over else None
