"""Xấp Sắc between simulated gadgets: the driver of `tet net play` and of the tests'
shared games (tetcli.net_play), which find it by the registry's package name."""

from tet.games.xap_sac import engine as xs_engine
from tet.games.xap_sac import saved as xs_saved
from tet.games.xap_sac import adapter as xs_adapter
from tet.games.xap_sac.ai import HeuristicPlayer
from tet.net.deal import Deal
from tetcli.net_play import WHIM


class Driver:
    """Xấp Sắc: the host deals from its committed secret; a person looks at their own gadget
    (their hand and the table) and plays what the easy computer would (now and then any legal
    play or a pass); the host's computer players play Vừa with the hand the host holds."""

    OPTIONS = {}
    fewest, most = 2, 4
    deck = xs_engine.DECK_7X2

    def __init__(self, players, rng):
        self.players = players
        self.rng = rng
        self.secret = b"".join(rng.next32().to_bytes(4, "little") for _ in range(4))
        self.person = HeuristicPlayer(0)
        self.computer = HeuristicPlayer(1)
        self.adapter = None

    def _adapter(self, game):
        self.adapter = xs_adapter.Adapter(game, self.secret)
        return self.adapter

    def new_adapter(self):
        return self._adapter(xs_adapter.new_game(self.players, self.deck, self.secret))

    def restore(self, saved):
        game = xs_saved.from_dict(saved["game"])
        game.rng = Deal(self.secret, game.rng.state)
        adapter = self._adapter(game)
        adapter.action, adapter.marked = saved["action"], saved["marked"]
        return adapter

    def save(self, adapter):
        """What the host's save keeps: the game (its deal's state too), the last action."""
        return {"game": adapter.game.to_dict(), "action": adapter.action,
                "marked": adapter.marked}

    def look(self, options, public, private=None, seat=None):
        """The gadget's view (tet.games.xap_sac.adapter.View) with its own hand, if given."""
        return xs_adapter.View(public, private)

    def to_move(self, view):
        phase = view.game.phase
        if phase == xs_engine.GAME_OVER:
            return None
        return view.game.turn if phase == xs_engine.PLAYING else 0

    def intent(self, view, person):
        """Deal on between rounds, else a play (or a pass)."""
        game = view.game
        if game.phase == xs_engine.ROUND_OVER:
            return xs_adapter.NEXT
        if not person:
            game = self.adapter.game       # the host's computer plays with the hand it holds
        plays = game.legal_plays(every_order=False)
        if person and self.rng.below(WHIM) == 0:
            choices = [xs_adapter.play_intent(p) for p in plays]
            if game.may_pass() or not plays:
                choices.append(xs_adapter.PASS)
            return self.rng.choice(choices)
        play = (self.person if person else self.computer).choose(game)
        return xs_adapter.PASS if play is None else xs_adapter.play_intent(play)

    def position(self, public):
        return bytes(public)

    def replay(self, log):
        adapter = xs_adapter.Adapter(xs_adapter.new_game(self.players, self.deck, self.secret),
                                     self.secret)
        for seat, intent in log:
            if not adapter.accepts(seat, intent):
                return None
            adapter.apply(seat, intent)
        return adapter.public()

    def result(self, view):
        """The final scores, or None before the end."""
        game = view.game
        return list(game.scores) if game.phase == xs_engine.GAME_OVER else None
