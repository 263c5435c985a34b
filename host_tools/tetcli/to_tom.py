"""`tet totom`: check a Tổ Tôm hand (thành, lưng, split, waits, score) and computer self-play."""

from tetcli.common import CliError, OneLineParser, emit_json

from tet.games.to_tom import card_names as C
from tet.games.to_tom import hand as H
from tet.games.to_tom import scoring as S

MAX_CARDS = 25


def parse_cards(args):
    """Kinds of the cards given on the command line.

    Codes and names may be separated by spaces or commas; a two-word name may also arrive as two
    arguments (`Tam Vạn` unquoted), so a word that is no card is tried with the next one.
    """
    words = []
    for arg in args:
        for part in arg.replace(",", " ").split():
            words.append(part)
    kinds = []
    i = 0
    while i < len(words):
        try:
            kinds.append(C.parse_card(words[i]))
            i += 1
            continue
        except ValueError as err:
            first_error = err
        if i + 1 < len(words):
            try:
                kinds.append(C.parse_card(words[i] + " " + words[i + 1]))
                i += 2
                continue
            except ValueError:
                pass
        raise CliError(str(first_error))
    if not kinds:
        raise CliError("no cards given: a hand holds 1 to %d cards" % MAX_CARDS)
    if len(kinds) > MAX_CARDS:
        raise CliError("at most %d cards, got %d" % (MAX_CARDS, len(kinds)))
    counts = C.counts_from_kinds(kinds)
    for kind in range(C.NKINDS):
        if counts[kind] > 4:
            raise CliError("more than four copies of %s (%s): %d"
                           % (C.code(kind), C.name(kind), counts[kind]))
    return counts


def _codes(kinds):
    return [C.code(k) for k in kinds]


def check_report(counts, players, win=None, ctx=None):
    """The JSON object of `tet totom check` for a count vector; `win` is the winning card's kind
    (None: the hand is scored without the extras a winning card brings), ctx as score_win's."""
    info = S.analyse(counts, (), players)
    out = {"cards": sum(counts), "players": players, "thanh": info["thanh"],
           "lung": info["lung"], "partition": [_codes(p) for p in info["partition"]],
           "rest": _codes(info["rest"]), "red": info["red"]}
    full = 25 if players == 4 else 21
    if out["cards"] == full:
        wins = H.can_u(counts, (), players)
        out["wins"] = wins
        if wins:
            ctx = dict(ctx or {})
            ctx["players"] = players
            score = S.score_win(counts, (), win, ctx)
            out["extras"] = score["extras"]
            out["chuc_sac"] = score["chuc_sac"]
            out["points"] = score["points"]
            out["xuong"] = score["xuong"]
            out["partition"] = [_codes(p) for p in score["partition"]]
        else:
            out["chuc_sac"] = []
            out["points"] = 0
    elif out["cards"] == full - 1:
        out["waits"] = _codes(H.waits(counts, (), players))
    return out


def _phu_text(codes):
    return "[" + " ".join(codes) + "]"


def _print_report(out):
    print("%d lá, %d người chơi" % (out["cards"], out["players"]))
    print("thành: %s" % ("có" if out["thanh"] else "không"))
    print("lưng: %d" % out["lung"])
    print("đỏ: %d" % out["red"])
    if out["partition"]:
        print("phu: " + " ".join(_phu_text(p) for p in out["partition"]))
    if out["rest"]:
        print("lẻ: " + " ".join(out["rest"]))
    if "wins" in out:
        if out["wins"]:
            print("ù: có — %s (%d điểm)" % (out["xuong"], out["points"]))
        else:
            print("ù: không")
    if "waits" in out:
        names = ["%s (%s)" % (c, C.name(C.parse_card(c))) for c in out["waits"]]
        print("chờ: " + (", ".join(names) if names else "không có"))


def run_check(args):
    """`tet totom check CARD ... [--players 4|5] [--json]`."""
    counts = parse_cards(args.cards)
    win = None
    if args.win is not None:
        try:
            win = C.parse_card(args.win)
        except ValueError as err:
            raise CliError(str(err))
        if not counts[win]:
            raise CliError("the winning card %s is not among the cards" % C.code(win))
    if args.streak < 0:
        raise CliError("--streak must be 0 or more")
    ctx = {"from_stock": args.from_stock, "streak": args.streak}
    out = check_report(counts, args.players, win, ctx)
    if args.json:
        emit_json(out)
    else:
        _print_report(out)
    return 0


def run_selfplay(args):
    """`tet totom selfplay --seed S [--players 4|5] [--json]`, played by tetcli.to_tom_selfplay."""
    from tetcli.to_tom_selfplay import run_selfplay as run_games
    return run_games(args)


def register(parser):
    """Add the `check` and `selfplay` subcommands to the `tet totom` parser."""
    subs = parser.add_subparsers(dest="sub", parser_class=OneLineParser)
    subs.required = True
    p = subs.add_parser("check", help="thành, lưng, split, waits and score of a hand",
                        description="Check a Tổ Tôm hand of up to 25 cards given by code (3V 7N "
                        "9S CC TT OC) or Vietnamese name (Tam Vạn, 'Cuu Sach').")
    p.add_argument("cards", nargs="+", metavar="CARD")
    p.add_argument("--players", type=int, choices=(4, 5), default=5)
    p.add_argument("--json", action="store_true")
    p.add_argument("--win", metavar="CARD", help="the winning card of a full hand (scores "
                   "Xuyên, Xuyên tư, Bí tư, Bạch thủ, Chi Chi nảy)")
    p.add_argument("--from-stock", action="store_true", help="the winning card was drawn")
    p.add_argument("--streak", type=int, default=0, help="previous wins in a row (Thông...)")
    p.set_defaults(run=run_check)
    p = subs.add_parser("selfplay", help="a game between computer players",
                        description="Play one seeded game between computer players.")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int, choices=(4, 5), default=5)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_selfplay)
