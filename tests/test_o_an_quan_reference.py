"""The engine against an independent, obviously-correct reference, move by move, in random games.

The reference below is written from the spec alone: lists, one stone at a time, no shortcuts (no
lap arithmetic, no packed state), borrowed and lent tracked separately as the spec's count says.
"""

import statistics

import pytest

from tet.core.rng import Rng
from tet.games.o_an_quan.engine import Game


class Reference:
    def __init__(self, players, quan_value, quan_non):
        self.n = players
        self.size = 6 * players
        self.q = quan_value
        self.quan_non = quan_non
        self.dan = [0 if i % 6 == 0 else 5 for i in range(self.size)]
        self.piece = [i % 6 == 0 for i in range(self.size)]
        self.captured = [0] * players
        self.quans = [0] * players
        self.borrowed = [0] * players
        self.lent = [0] * players
        self.turn = 0
        self.over = False

    def empty(self, i):
        return self.dan[i] == 0 and not self.piece[i]

    def owner_squares(self, k):
        return [6 * k + j for j in range(1, 6)]

    def moves(self):
        if self.over:
            return []
        return [(s, d) for s in self.owner_squares(self.turn) if self.dan[s] > 0 for d in (1, -1)]

    def play(self, square, d):
        me = self.turn
        hand = self.dan[square]
        self.dan[square] = 0
        pos = square
        while True:
            while hand > 0:
                pos = (pos + d) % self.size
                self.dan[pos] += 1
                hand -= 1
            nxt = (pos + d) % self.size
            if not self.empty(nxt):
                if nxt % 6 == 0:
                    break  # a non-empty quan square ends the turn
                hand = self.dan[nxt]
                self.dan[nxt] = 0
                pos = nxt
                continue
            target = (nxt + d) % self.size
            while not self.empty(target):
                if self.piece[target] and self.quan_non and self.dan[target] < 5:
                    break
                self.captured[me] += self.dan[target]
                self.dan[target] = 0
                if self.piece[target]:
                    self.piece[target] = False
                    self.quans[me] += 1
                gap = (target + d) % self.size
                if not self.empty(gap):
                    break
                target = (gap + d) % self.size
            break
        if all(self.empty(6 * k) for k in range(self.n)):
            self.over = True
            return
        self.turn = (self.turn + 1) % self.n
        k = self.turn
        if all(self.dan[s] == 0 for s in self.owner_squares(k)):
            stones = []
            for _ in range(5):
                if self.captured[k] > 0:
                    self.captured[k] -= 1
                    stones.append(k)
                    continue
                lenders = [(k + j) % self.n for j in range(1, self.n)]
                richest = max(self.captured[o] for o in lenders)
                if richest == 0:
                    break
                lender = [o for o in lenders if self.captured[o] == richest][0]
                self.captured[lender] -= 1
                self.lent[lender] += 1
                self.borrowed[k] += 1
                stones.append(lender)
            for s, _ in zip(self.owner_squares(k), stones):
                self.dan[s] += 1
            if not stones:
                self.over = True

    def final_scores(self):
        out = []
        for k in range(self.n):
            v = self.captured[k] + self.q * self.quans[k] - self.borrowed[k] + self.lent[k]
            v += sum(self.dan[s] for s in self.owner_squares(k))
            v += self.dan[6 * k] + (self.q if self.piece[6 * k] else 0)
            out.append(v)
        return out


def same(game, ref):
    assert game.board() == ref.dan
    assert game.quan() == [ref.piece[6 * k] for k in range(ref.n)]
    assert game.captured() == ref.captured
    assert game.quan_captured() == ref.quans
    assert game.debts() == [b - l for b, l in zip(ref.borrowed, ref.lent)]
    assert game.over == ref.over
    if not ref.over:
        assert game.turn == ref.turn
        assert game.legal_moves() == ref.moves()


@pytest.mark.parametrize("players,games,quan_value,quan_non", [
    (2, 3000, 10, False), (2, 1000, 5, True), (3, 1000, 10, False), (3, 400, 5, True),
    (4, 600, 10, False), (4, 300, 10, True)])
def test_engine_matches_reference_in_random_games(players, games, quan_value, quan_non):
    rng = Rng(1000 * players + quan_value + quan_non)
    total = (25 + quan_value) * players
    for _ in range(games):
        game = Game(players, quan_value, quan_non)
        ref = Reference(players, quan_value, quan_non)
        while not ref.over:
            move = rng.choice(ref.moves())
            game.play(*move)
            ref.play(*move)
            same(game, ref)
            on_board = sum(ref.dan) + quan_value * sum(ref.piece)
            banked = sum(ref.captured) + quan_value * sum(ref.quans)
            assert on_board + banked == total
        assert game.scores() == ref.final_scores()
        assert sum(game.scores()) == total


def test_random_game_lengths_match_the_spec_facts():
    rng = Rng(77)
    for players, median_lo, median_hi in ((2, 18, 32), (4, 85, 125)):
        lengths = []
        for _ in range(1500):
            game = Game(players)
            n = 0
            while not game.over:
                game.play(*rng.choice(game.legal_moves()))
                n += 1
            lengths.append(n)
        assert median_lo <= statistics.median(lengths) <= median_hi
        assert max(lengths) < {2: 400, 4: 3000}[players]


def test_to_dict_round_trip_in_the_middle_of_games():
    rng = Rng(5)
    for players in (2, 3, 4):
        game = Game(players, 5, True)
        for _ in range(17):
            if game.over:
                break
            game.play(*rng.choice(game.legal_moves()))
        again = Game.from_dict(game.to_dict())
        assert again.state == game.state
        assert (again.players, again.quan_value, again.quan_non) == (players, 5, True)
