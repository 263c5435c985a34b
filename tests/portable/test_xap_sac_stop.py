"""The Xấp Sắc computer player takes a should_stop callable (the app's pump on the device): polled
while it thinks, it returns a legal play at once when it says stop, and the same play as without
one when it never does (runs under pytest and real MicroPython)."""

from tet.games.xap_sac import engine as X
from tet.games.xap_sac.ai import HeuristicPlayer


class Counter:
    """A should_stop that answers True from call `stop_at` on (0: never) and counts its calls."""

    def __init__(self, stop_at=0):
        self.stop_at = stop_at
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return 0 < self.stop_at <= self.calls


def decisions(count):
    """(game, play) at the computer players' turns of a few rounds (3 and 4 players, both decks)
    until `count` turns had plays to choose from; the game is left at each turn while yielded."""
    seed = 0
    made = 0
    while made < count:
        seed += 1
        game = X.XapSac(3 + seed % 2, seed, seed % 3, deck=X.DECKS[seed % 3 == 2])
        bot = HeuristicPlayer(1)
        while game.phase == X.PLAYING and made < count:
            if game.has_legal_play():
                made += 1
                yield game
            play = bot.choose(game)
            if play is None:
                game.pass_turn()
            else:
                game.play(play)


def test_never_stopping_gives_the_same_play_and_is_polled():
    polled = 0
    for game in decisions(40):
        want = HeuristicPlayer(1).choose(game)
        calm = Counter()
        assert HeuristicPlayer(1).choose(game, calm) == want
        polled += calm.calls > 0
    assert polled == 40


def test_stopping_returns_a_legal_play_at_once():
    stopped_late = 0
    for game in decisions(40):
        legal = game.legal_plays(every_order=False)
        calm = Counter()
        HeuristicPlayer(1).choose(game, calm)
        # at the first poll (before any play is found), at the middle one, and at the last
        for stop_at in (1, (calm.calls + 1) // 2, calm.calls):
            stop = Counter(stop_at)
            bot = HeuristicPlayer(1)
            before = dict(game.table)
            play = bot.choose(game, stop)
            # asked once more after saying stop: never (it answers BACK, not the next poll)
            assert stop.calls == stop_at
            assert game.table == before
            if play is None:
                assert game.may_pass() and game.mode != X.OPEN
            else:
                assert play in legal
            if stop_at == 1:
                # nothing looked at beyond the first play found: no probe of the unseen cards
                assert bot.used == 0 and play is not None
            stopped_late += stop_at > 1
    assert stopped_late > 40
