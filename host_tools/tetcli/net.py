"""`tet net`: play a shared game between simulated gadgets over a seeded, lossy radio channel."""

from tetcli.common import CliError, emit_json, parse_int, quote
from tetcli.net_play import GAMES, SharedRun, driver

# Above this a channel carries too little for a game to finish in its time.
MAX_PROBABILITY = 0.5


def register(parser):
    """Add `tet net play`."""
    from tetcli.common import OneLineParser
    subs = parser.add_subparsers(dest="sub", parser_class=OneLineParser)
    subs.required = True
    p = subs.add_parser("play", help="a whole shared game between N simulated gadgets")
    p.add_argument("--game", required=True, help="|".join(GAMES))
    p.add_argument("--gadgets", required=True, help="number of gadgets at the table")
    p.add_argument("--humans", help="seats played by people at their gadgets (default: all)")
    p.add_argument("--seed", required=True, help="seed of the game and of the channel")
    p.add_argument("--loss", default="0", help="probability a frame is lost (0..%g)"
                   % MAX_PROBABILITY)
    p.add_argument("--dup", default="0", help="probability a frame arrives twice")
    p.add_argument("--reorder", default="0", help="probability a frame is held back")
    for name, games, (what, _least, _most, default) in _game_options():
        p.add_argument("--" + name, help="%s: %s (default %d)" % ("|".join(games), what, default))
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(run=run_play)


def _game_options():
    """(name, the games that take it, (help, least, most, default)) of every driver's OPTIONS."""
    found = {}
    for game_id in GAMES:
        cls = driver(game_id)
        for name, spec in (cls.OPTIONS if cls else {}).items():
            found.setdefault(name, ([], spec))[0].append(game_id)
    return [(name, games, spec) for name, (games, spec) in sorted(found.items())]


def _probability(text, what):
    try:
        value = float(text)
    except ValueError:
        raise CliError("%s must be a number, got %s" % (what, quote(text)))
    if not 0 <= value <= MAX_PROBABILITY:
        raise CliError("%s must be 0..%g, got %s" % (what, MAX_PROBABILITY, quote(text)))
    return value


def run_play(args):
    """Run `tet net play`; exit status 0 when every gadget ends as the host's log replays, 1
    when not, 2 on bad options."""
    if args.game not in GAMES:
        raise CliError("--game must be one of %s, got %s" % ("|".join(GAMES), quote(args.game)))
    cls = driver(args.game)
    if cls is None:
        raise CliError("--game %s cannot be played together yet" % args.game)
    gadgets = parse_int(args.gadgets, "--gadgets", cls.fewest, cls.most)
    humans = gadgets if args.humans is None else parse_int(args.humans, "--humans", 1, gadgets)
    seed = parse_int(args.seed, "--seed", 0, 2 ** 32 - 1)
    options = {}
    for name, games, (what, least, most, _default) in _game_options():
        value = getattr(args, name)
        if value is None:
            continue
        if args.game not in games:
            raise CliError("--%s is for --game %s (%s)" % (name, "|".join(games), what))
        options[name] = parse_int(value, "--" + name, least, most)
    run = SharedRun(gadgets, humans, seed, _probability(args.loss, "--loss"),
                    _probability(args.dup, "--dup"), _probability(args.reorder, "--reorder"),
                    args.game, **options)
    report = run.run()
    if args.json:
        emit_json(report)
    else:
        for row in report["gadgets"]:
            print("gadget %d seat %s digest %s result %s sent %d retransmitted %d dropped %d"
                  % (row["gadget"], row["seat"], row["digest"], row["result"], row["sent"],
                     row["retransmitted"], row["dropped"]))
        print("ok" if report["ok"] else "NOT ok", "moves %d, %d ms" % (report["moves"],
                                                                      report["ms"]))
    return 0 if report["ok"] else 1
