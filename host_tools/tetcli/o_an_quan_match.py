"""Matches between Ô Ăn Quan players: `random`, `greedy`, `ai:de|vua|kho`, `ai:nodes=K`.

Games come in groups (pairs for two players) that share one seeded random two-move opening, with
player A taking each seat in turn and B every other seat, since the first player has a big edge.
"""

from tetcli.common import quote
from tet.games.o_an_quan.ai import LEVEL_NODES, Searcher, greedy_move, level_nodes, random_move
from tet.core.rng import Rng
from tet.games.o_an_quan.engine import Game

OPENING_MOVES = 2
# The largest node budget of one move (about a minute and a half on a desktop).
MAX_NODES = 10000000


def parse_player(text):
    """Check a player name; return (kind, nodes) or raise ValueError naming it.

    A node budget out of 1..MAX_NODES is refused, as `tet oaq best --nodes` refuses it.
    """
    if text in ("random", "greedy"):
        return text, 0
    if text.startswith("ai:"):
        level = text[3:]
        if level in LEVEL_NODES:
            return "ai", LEVEL_NODES[level]
        if level.startswith("nodes="):
            try:
                nodes = int(level[6:])
            except ValueError:
                raise ValueError("player %s: K of ai:nodes=K must be a whole number"
                                 % quote(text))
            if not 1 <= nodes <= MAX_NODES:
                raise ValueError("player %s: K of ai:nodes=K must be 1..%d" % (quote(text),
                                                                                MAX_NODES))
            return "ai", nodes
    raise ValueError("unknown player %s (random, greedy, ai:de, ai:vua, ai:kho, ai:nodes=K)"
                     % quote(text))


def make_player(text, game, rng):
    """A function (state) -> (square, step) playing as `text` in games configured like `game`
    (a level's budget is the one of that many players)."""
    kind, nodes = parse_player(text)
    if kind == "ai" and text[3:] in LEVEL_NODES:
        nodes = level_nodes(text[3:], game.players)
    if kind == "random":
        return lambda st: random_move(st, game.players, rng)
    if kind == "greedy":
        scratch = bytearray(len(game.state))
        return lambda st: greedy_move(st, game.players, game.quan_value, game.quan_non, scratch)
    searcher = Searcher(game.players, game.quan_value, game.quan_non)

    def ai_move(st):
        square, step, _value = searcher.search(st, nodes)
        return square, step
    return ai_move


def opening(seed, index, players, quan_value, quan_non):
    """The random opening of group `index`: a Game after OPENING_MOVES random moves."""
    rng = Rng(seed * 7919 + index)
    game = Game(players, quan_value, quan_non)
    for _ in range(OPENING_MOVES):
        moves = game.legal_moves()
        if not moves:
            break
        square, step = rng.choice(moves)
        game.play(square, step)
    return game


def play_out(game, seat_players, max_moves=5000):
    """Play `game` to the end with one move function per seat; return the moves played."""
    for played in range(max_moves):
        if game.over:
            return played
        square, step = seat_players[game.turn](game.state)
        game.play(square, step)
    return max_moves


def play_game(game, seat_players, max_moves=5000):
    """Play `game` to the end with one move function per seat; return the final scores."""
    play_out(game, seat_players, max_moves)
    return game.scores()


def run_match(a, b, games, seed, players=2, quan_value=10, quan_non=False, progress=None):
    """Play `games` games of A against B; return the result dict (see `tet oaq match`)."""
    parse_player(a)
    parse_player(b)
    seats = [[0, 0, 0] for _ in range(players)]
    diff_total = 0
    longest = 0
    by_rule = 0
    for i in range(games):
        group, seat = divmod(i, players)
        game = opening(seed, group, players, quan_value, quan_non)
        rng = Rng(seed * 104729 + i)
        player_a = make_player(a, game, rng)
        player_b = make_player(b, game, rng)
        seat_players = [player_a if k == seat else player_b for k in range(players)]
        plies = OPENING_MOVES + play_out(game, seat_players)
        longest = max(longest, plies)
        by_rule += game.stalled
        sc = game.scores()
        mine = sc[seat]
        others = [sc[k] for k in range(players) if k != seat]
        best_other = max(others)
        if mine > best_other:
            seats[seat][0] += 1
        elif mine == best_other:
            seats[seat][1] += 1
        else:
            seats[seat][2] += 1
        diff_total += mine * (players - 1) - sum(others)
        if progress:
            progress(i + 1, games)
    wins = sum(s[0] for s in seats)
    draws = sum(s[1] for s in seats)
    losses = sum(s[2] for s in seats)
    return {
        "a": a, "b": b, "players": players, "seed": seed,
        "games": games, "wins": wins, "draws": draws, "losses": losses,
        "as_first": seats[0], "as_second": seats[1], "by_seat": seats,
        "points": points_pct(wins, draws, losses),
        "points_first": points_pct(*seats[0]),
        "points_second": points_pct(*seats[1]),
        "mean_score_diff": round(diff_total / ((players - 1) * games), 2) if games else 0.0,
        "longest": longest,
        "ended_by_rule": by_rule,
    }


def points_pct(wins, draws, losses):
    """Share of points (win 1, draw 1/2) in percent, rounded to 0.1."""
    n = wins + draws + losses
    return round(100.0 * (wins + 0.5 * draws) / n, 1) if n else 0.0
