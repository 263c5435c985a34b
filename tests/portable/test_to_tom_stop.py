"""The long computations take a should_stop callable (the app's pump on the device): polled while
they run, they end early when it says so, and give the same answer when it never does."""

from tet.core.rng import Rng
from tet.games.to_tom import engine as T
from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom import scoring as S
from tet.games.to_tom.ai import Player
from tet.games.to_tom.cards import NKINDS

# seed hand 1 less its 1N: 20 cards, waits from an exact search
HAND = "8N 2V 2V 2S 9S TT OC 8S 8V 8N 3V 4V 5V 6V 7V 3N 4N 5N 1V 1V".split()


def counts_of(codes):
    from tet.games.to_tom.cards import CODES

    counts = bytearray(NKINDS)
    for c in codes:
        counts[CODES.index(c)] += 1
    return counts


class Counter:
    """A should_stop that answers `answer` and counts its calls."""

    def __init__(self, answer):
        self.answer = answer
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return self.answer


def test_the_wait_scan_polls_and_stops():
    counts = counts_of(HAND)
    keep_going = Counter(False)
    assert W.waits(counts, (), 5, keep_going) == W.waits(counts)
    assert keep_going.calls > 0
    stop = Counter(True)
    assert W.waits(counts, (), 5, stop) is None and stop.calls == 1
    assert W.waits(counts) == W.waits(counts, (), 5, None)      # nothing left behind


def test_a_computer_player_stops_early_with_a_legal_move():
    rng = Rng(5)
    checked = stopped = 0
    for seed in range(6):
        game = T.ToTom(5, seed % 5)
        game.deal(Rng(seed + 1))
        while game.to_move() >= 0 and checked < 60:
            p = game.to_move()
            legal = game.legal(p)
            full = Player("bot", rng)
            move = full.choose(game, p)
            if full.nodes > 256:
                cut = Player("bot", rng)
                stop = Counter(True)
                early = cut.choose(game, p, stop)
                assert early in legal and stop.calls == 1
                assert cut.nodes < full.nodes
                calm = Player("bot", rng)
                assert calm.choose(game, p, Counter(False)) == move
                stopped += 1
            checked += 1
            game.apply(p, move)
    assert stopped > 5


class StopFrom:
    """A should_stop that answers True from its call `at` on (as App.pump while BACK waits)."""

    def __init__(self, at):
        self.at = at
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return self.calls >= self.at


def _polls(fn):
    """How often fn(should_stop) polls when never told to stop, and its answer then."""
    calm = Counter(False)
    answer = fn(calm)
    return calm.calls, answer


def _stops_at_every_poll(fn, plain):
    """fn(should_stop) gives `plain` when never stopped and None when stopped at any of its
    polls (a stop deep inside a nested search is not taken for an answer)."""
    polls, answer = _polls(fn)
    assert answer == plain and polls > 0
    for at in range(1, polls + 1):
        stop = StopFrom(at)
        assert fn(stop) is None and stop.calls == at, at


def test_the_hand_analysis_polls_and_stops():
    for codes in (HAND, HAND[:-2]):
        counts = counts_of(codes)
        plain = S.analyse(counts)
        _stops_at_every_poll(lambda s: S.analyse(counts, (), 5, s), plain)
        assert S.analyse(counts) == plain       # nothing left behind


def test_the_win_checks_poll_and_stop():
    full = counts_of(HAND + ["1N"])
    assert H.can_u(full)
    _stops_at_every_poll(lambda s: H.can_u(full, (), 5, s), True)
    one_n = 9
    plain = S.score_win(full, [], one_n, {"from_stock": True})
    # score_win runs can_u, a wait scan and split searches: a stop in any of them ends it
    _stops_at_every_poll(lambda s: H.polled(s, S.score_win, full, [], one_n,
                                            {"from_stock": True}), plain)
    assert S.score_win(full, [], one_n, {"from_stock": True}) == plain


def test_the_checker_result_stops_in_any_of_its_searches():
    from tet.games.to_tom.checker import describe

    for codes, players in ((HAND, 5), (HAND + ["1N"], 5), (HAND + ["1N", "CC", "CC", "CC"], 4),
                           (HAND[:-1], 5)):
        counts = counts_of(codes)
        plain = describe(counts, players)
        assert plain is not None
        _stops_at_every_poll(lambda s: describe(counts, players, s), plain)
