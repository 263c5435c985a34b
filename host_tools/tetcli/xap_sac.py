"""`tet xs`: Xấp Sắc self-play, legal plays of a saved position, bot-against-random matches."""

import json

from tetcli.common import CliError, emit_json, parse_int, read_json_file

from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
from tet.core.rng import Rng
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import saved as L
from tetcli.xap_sac_check import check_position

LEVELS = ("easy", "normal", "hard")


def cells_json(play, table, cells=None):
    """[{"code", "x", "y"}] of the cards a play puts down on `table`, the table it was made for
    (`cells`: its keys in order, see engine.play_cells)."""
    return [{"code": X.card_code(c), "x": X.key_x(k), "y": X.key_y(k)}
            for k, c in X.play_cells(play, table, cells)]


def play_json(play, table, cells=None):
    """A play on `table` as JSON: cards, line, axis."""
    return {"cards": cells_json(play, table, cells), "line": X.line_dict(X.play_line(play)),
            "axis": "y" if X.play_axis(play) else "x"}


def play_game(game, agents, on_action=None, on_round=None, on_deal=None):
    """Play `game` to its end; agents[p].choose(game) gives a play or None. Returns the game.

    on_action(game, entry) follows every action, on_round(game) every round's end and
    on_deal(game) every new round's deal.
    """
    while game.phase != X.GAME_OVER:
        if game.phase == X.ROUND_OVER:
            if on_round:
                on_round(game)
            game.next_round()
            if on_deal:
                on_deal(game)
            continue
        player = game.turn
        leader = game.mode == X.LEAD
        play = agents[player].choose(game)
        if play is None:
            held = game.pass_turn()
            if on_action:
                on_action(game, {"player": player, "action": "pass", "leader": leader,
                                 "held_play": held})
        else:
            if on_action:
                entry = {"player": player, "action": "play", "cards": cells_json(play, game.table),
                         "line": X.line_dict(X.play_line(play)), "leader": leader}
            game.play(play)
            if on_action:
                on_action(game, entry)
    if on_round:
        on_round(game)
    return game


def selfplay(players, seed, level, deck=X.DECK_7X2):
    """One whole game between computer players, as the JSON record of `tet xs selfplay`."""
    game = X.XapSac(players, seed, deck=deck)
    agents = [HeuristicPlayer(level) for _ in range(players)]
    actions = []
    rounds = []
    setups = [_setup(game)]
    record = {"players": players, "seed": seed, "level": LEVELS[level], "deck": deck,
              "setup": setups[0]}

    def on_action(g, entry):
        entry["round"] = g.round_no if g.phase == X.PLAYING else len(g.rounds)
        actions.append(entry)

    def on_round(g):
        rounds.append({"round": len(rounds) + 1, "setup": setups[len(rounds)],
                       "points": list(g.rounds[-1]), "ket": g.ket,
                       "den": g.den() if g.ket else [], "out": list(g.out),
                       "scores": list(g.scores)})

    play_game(game, agents, on_action, on_round, lambda g: setups.append(_setup(g)))
    record["actions"] = actions
    record["rounds"] = rounds
    record["scores"] = list(game.scores)
    record["winner"] = game.winner()
    return record


def _setup(game):
    """The round just dealt: layout, hands, box, first player."""
    return dict(game.setup_dict(), box=[X.card_code(c) for c in game.box])


def match(players, games, seed, level, deck=X.DECK_7X2):
    """The heuristic player in each seat in turn against random players: wins and mean points."""
    wins = 0
    points = 0
    rounds = 0
    for i in range(games):
        seat = i % players
        game = X.XapSac(players, seed + i, deck=deck)
        rng = Rng(seed * 31 + i)
        agents = [HeuristicPlayer(level) if p == seat else RandomPlayer(rng) for p in range(players)]
        play_game(game, agents)
        wins += game.winner() == seat
        points += game.scores[seat]
        rounds += len(game.rounds)
    return {"players": players, "games": games, "seed": seed, "level": LEVELS[level], "deck": deck,
            "bot_wins": wins, "bot_win_rate": round(wins / games, 3),
            "fair_share": round(1 / players, 3),
            "bot_points_per_round": round(points / rounds, 3),
            "fair_points_per_round": round((players - 1) / 2, 3)}


def load_state(path):
    """A game from a saved-position file, or CliError with a one-line reason (malformed data or
    a position play cannot reach)."""
    data = read_json_file(path)
    try:
        game = L.from_dict(data)
        check_position(game)
        return game
    except ValueError as e:
        raise CliError("%s: %s" % (path, e))


def run_selfplay(args):
    players = parse_int(args.players, "--players", 2, 4)
    seed = parse_int(args.seed, "--seed", 0, 2 ** 31)
    record = selfplay(players, seed, LEVELS.index(args.level), args.deck)
    if args.json:
        emit_json(record)
    else:
        for r in record["rounds"]:
            print("round %d: points %s%s, scores %s" % (r["round"], r["points"],
                                                       " (kẹt)" if r["ket"] else "", r["scores"]))
        print("winner: player %d" % record["winner"])
    return 0


def run_legal(args):
    game = load_state(args.state)
    plays = game.legal_plays()
    cells = sorted(game.table)
    if args.json:
        emit_json({"player": game.turn, "mode": X.MODE_NAMES[game.mode], "count": len(plays),
                   "plays": [play_json(p, game.table, cells) for p in plays]})
    else:
        for p in plays:
            j = play_json(p, game.table, cells)
            print("%s  %s %d%s" % (" ".join("%s@%d,%d" % (c["code"], c["x"], c["y"])
                                            for c in j["cards"]),
                                   j["line"]["type"], j["line"]["rank"],
                                   " Xấp" if j["line"]["xap"] else ""))
        print("%d legal plays" % len(plays))
    return 0


def run_match(args):
    players = parse_int(args.players, "--players", 2, 4)
    games = parse_int(args.games, "--games", 1, 100000)
    seed = parse_int(args.seed, "--seed", 0, 2 ** 31)
    result = match(players, games, seed, LEVELS.index(args.level), args.deck)
    if args.json:
        emit_json(result)
    else:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


def register(parser):
    """Add `selfplay`, `legal` and `match` under `tet xs`."""
    from tetcli.common import OneLineParser
    subs = parser.add_subparsers(dest="sub", parser_class=OneLineParser)
    subs.required = True
    p = subs.add_parser("selfplay", help="one whole game between computer players")
    p.add_argument("--players", required=True)
    p.add_argument("--seed", default="1")
    p.add_argument("--level", choices=LEVELS, default="normal")
    p.add_argument("--deck", choices=X.DECKS, default=X.DECK_7X2)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_selfplay)
    p = subs.add_parser("legal", help="every legal play of the player to move in a saved position")
    p.add_argument("--state", required=True, metavar="FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_legal)
    p = subs.add_parser("match", help="the computer player against random players")
    p.add_argument("--players", required=True)
    p.add_argument("--games", default="200")
    p.add_argument("--seed", default="1")
    p.add_argument("--level", choices=LEVELS, default="normal")
    p.add_argument("--deck", choices=X.DECKS, default=X.DECK_7X2)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_match)
