"""`tet oaq`: replay Ô Ăn Quan moves, ask the computer for a move, run matches between players."""

import sys

from tetcli.common import CliError, emit_json, parse_int, quote
from tetcli.o_an_quan_match import MAX_NODES, parse_player, run_match
from tet.games.o_an_quan.ai import Searcher, level_nodes
from tet.games.o_an_quan.engine import Game, format_move, parse_move

# Level names accepted on the command line, with and without Vietnamese diacritics.
LEVEL_ALIASES = {"de": "de", "dễ": "de", "vua": "vua", "vừa": "vua", "kho": "kho", "khó": "kho"}


def register(parser):
    """Add the `replay`, `best` and `match` sub-subcommands to the `tet oaq` parser."""
    from tetcli.common import OneLineParser
    subs = parser.add_subparsers(dest="sub", parser_class=OneLineParser)
    subs.required = True

    p = subs.add_parser("replay", help="play moves from the start; print the position after each")
    _add_rule_options(p)
    p.add_argument("moves", nargs="*", metavar="MOVE", help="moves like 3+ or 9-")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(run=run_replay)

    p = subs.add_parser("best", help="the computer's move after the given moves")
    _add_rule_options(p)
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--level", help="de, vua or kho (Dễ, Vừa, Khó)")
    group.add_argument("--nodes", help="node budget")
    p.add_argument("moves", nargs="*", metavar="MOVE", help="moves like 3+ or 9-")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=run_best)

    p = subs.add_parser("match", help="a match between two players, seats swapped per opening")
    _add_rule_options(p)
    p.add_argument("a", metavar="A", help="random, greedy, ai:de, ai:vua, ai:kho or ai:nodes=K")
    p.add_argument("b", metavar="B", help="same choices as A")
    p.add_argument("--games", default="100", help="number of games (default 100)")
    p.add_argument("--seed", default="1", help="seed of the openings (default 1)")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=run_match_command)


def _add_rule_options(p):
    p.add_argument("--players", default="2", help="2, 3 or 4 players (default 2)")
    p.add_argument("--quan-value", default="10", help="a quan piece is worth 5 or 10 dân")
    p.add_argument("--quan-non", action="store_true", help="a quan with fewer than 5 dân can't be captured")


def _new_game(args):
    players = parse_int(args.players, "--players", 2, 4)
    quan_value = parse_int(args.quan_value, "--quan-value")
    if quan_value not in (5, 10):
        raise CliError("--quan-value must be 5 or 10, got %d" % quan_value)
    return Game(players, quan_value, args.quan_non)


def _play_all(game, moves):
    """Play every move; return one position record per move or raise CliError naming the move."""
    records = []
    for i, text in enumerate(moves):
        try:
            square, step = parse_move(text)
        except ValueError:
            raise CliError("move %d %s is malformed (expected <square><+|->, e.g. 3+)"
                           % (i + 1, quote(text)))
        if game.over:
            raise CliError("move %d %s is illegal: the game is over" % (i + 1, quote(text)))
        if not game.is_legal(square, step):
            raise CliError("move %d %s is illegal for player %d (own non-empty squares %d..%d)"
                           % (i + 1, quote(text), game.turn, 6 * game.turn + 1, 6 * game.turn + 5))
        game.play(square, step)
        records.append(position_record(game, format_move(square, step)))
    return records


def position_record(game, move):
    """The JSON record of the position after `move` (keys fixed by the issue)."""
    return {
        "move": move,
        "board": game.board(),
        "quan": game.quan(),
        "captured": game.captured(),
        "quan_captured": game.quan_captured(),
        "debts": game.debts(),
        "turn": None if game.over else game.turn,
        "over": game.over,
        "scores": game.scores(),
        "ended_by_rule": game.stalled,
        "stall_left": None if game.over else game.stall_left(),
    }


def render(game):
    """A plain-text picture of a two-player board (other sizes: the ring as one line)."""
    b = game.board()
    q = game.quan()
    if game.players != 2:
        return " ".join("%d:%d%s" % (i, b[i], "Q" if i % 6 == 0 and q[i // 6] else "")
                        for i in range(game.squares))
    top = " ".join("%2d" % b[i] for i in range(11, 6, -1))
    bottom = " ".join("%2d" % b[i] for i in range(1, 6))
    west = "%2d%s" % (b[0], "Q" if q[0] else " ")
    east = "%2d%s" % (b[6], "Q" if q[1] else " ")
    pad = " " * len(west)
    return "%s %s\n%s %s %s\n%s %s" % (pad, top, west, " " * len(top), east, pad, bottom)


def _over_note(rec):
    if not rec["over"]:
        return ""
    return "  (over: the board stalled, counted)" if rec["ended_by_rule"] else "  (over)"


def run_replay(args):
    """`tet oaq replay`: print the position after each move."""
    game = _new_game(args)
    records = _play_all(game, args.moves)
    if args.json:
        for rec in records:
            emit_json(rec)
        return 0
    replay = _new_game(args)
    for rec in records:
        replay.play(*parse_move(rec["move"]))
        print("%s  captured %s quan %s scores %s%s" % (rec["move"], rec["captured"],
                                                      rec["quan_captured"], rec["scores"],
                                                      _over_note(rec)))
        print(render(replay))
    return 0


def _level_budget(args, players):
    if args.level is not None:
        level = LEVEL_ALIASES.get(args.level.lower())
        if level is None:
            raise CliError("unknown level %s (de, vua, kho)" % quote(args.level))
        return level_nodes(level, players)
    return parse_int(args.nodes, "--nodes", 1, MAX_NODES)


def run_best(args):
    """`tet oaq best`: the computer's move after the given moves."""
    game = _new_game(args)
    budget = _level_budget(args, game.players)
    _play_all(game, args.moves)
    if game.over:
        raise CliError("the game is over: no move to choose")
    searcher = Searcher(game.players, game.quan_value, game.quan_non)
    square, step, value = searcher.search(game.state, budget)
    move = format_move(square, step)
    if args.json:
        emit_json({"move": move, "value": value / 16.0, "nodes": searcher.nodes,
                   "depth": searcher.depth_reached, "turn": game.turn})
    else:
        print(move)
    return 0


def run_match_command(args):
    """`tet oaq match`: wins, draws and losses of A against B."""
    game = _new_game(args)
    games = parse_int(args.games, "--games", 1, 1000000)
    seed = parse_int(args.seed, "--seed")
    for name in (args.a, args.b):
        try:
            parse_player(name)
        except ValueError as e:
            raise CliError(str(e))
    result = run_match(args.a, args.b, games, seed, game.players, game.quan_value, game.quan_non)
    if args.json:
        emit_json(result)
        return 0
    out = sys.stdout
    out.write("%s vs %s, %d games, %d players, seed %d\n" % (args.a, args.b, games, game.players, seed))
    out.write("overall:   %d wins, %d draws, %d losses (%.1f%% of the points)\n"
              % (result["wins"], result["draws"], result["losses"], result["points"]))
    out.write("as first:  %d wins, %d draws, %d losses (%.1f%%)\n"
              % (tuple(result["as_first"]) + (result["points_first"],)))
    out.write("as second: %d wins, %d draws, %d losses (%.1f%%)\n"
              % (tuple(result["as_second"]) + (result["points_second"],)))
    out.write("mean score difference: %+.2f\n" % result["mean_score_diff"])
    return 0
