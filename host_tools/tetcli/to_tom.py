"""`tet totom`: check a Tổ Tôm hand (thành, lưng, split, waits, score; laid entries, khàn and
bất thực as to-tom-v2 §9 has them) and computer self-play."""

from tetcli.common import CliError, OneLineParser, emit_json

from tetcli import to_tom_names as C
from tet.games.to_tom import laid as L
from tet.games.to_tom import laid_score as LS

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


def parse_laid(texts):
    """The laid entries of `--laid` options (each one entry, cards as for CARD), in kind order."""
    out = []
    for text in texts:
        if not text.replace(",", " ").split():
            raise CliError("--laid needs the cards of one laid phu, e.g. --laid \"3V 4V 5V\"")
        counts = parse_cards([text])
        out.append(tuple(k for k in range(C.NKINDS) for _ in range(counts[k])))
    return out


def _one_kind(text, option):
    try:
        return C.parse_card(text)
    except ValueError as err:
        raise CliError("%s: %s" % (option, err))


def check_bat_thuc(kinds, counts, laid, khan):
    """Refuse a --bat-thuc kind that cannot be an unsettled bất thực (one line, CliError)."""
    free = L.free_cards(counts, laid)
    for k in kinds:
        if k in (C.CC, C.TT, C.OC):
            raise CliError("--bat-thuc %s: a red yêu is never bất thực" % C.code(k))
        if k in khan or any(L.is_fixed(e) and e[0] == k for e in laid):
            raise CliError("--bat-thuc %s: a khàn or fixed entry of it settles it" % C.code(k))
        if not free[k]:
            raise CliError("--bat-thuc %s: no free copy of it among the cards" % C.code(k))


def check_report(counts, players, win=None, ctx=None, laid=(), khan=(), bat_thuc=()):
    """The JSON object of `tet totom check` for concealed `counts` (with the winning card),
    laid entries and face-down khàn (to-tom-v2 §1, §9); `win` is the winning card's kind
    (None: the hand is scored without the extras a winning card brings), ctx as score_win's."""
    info = LS.analyse_hand(counts, laid, khan, players)
    total = sum(L.own_cards(counts, laid, khan))
    out = {"cards": total, "players": players, "thanh": info["thanh"],
           "lung": info["lung"], "partition": [_codes(p) for p in info["partition"]],
           "kem": info["kem"], "rest": _codes(info["rest"]), "red": info["red"]}
    full = 25 if players == 4 else 21
    if total == full:
        wins = L.can_u(counts, laid, khan, players, bat_thuc)
        out["wins"] = wins
        if wins:
            ctx = dict(ctx or {})
            ctx["players"] = players
            # the command line tells no deal: a bất thực of a kind all four of whose copies
            # are the hand's was dealt four times
            own = L.own_cards(counts, laid, khan)
            ctx["four"] = [k for k in bat_thuc if own[k] == 4]
            score = LS.score_hand(counts, laid, khan, win, ctx, bat_thuc)
            out["extras"] = score["extras"]
            out["chuc_sac"] = score["chuc_sac"]
            out["points"] = score["points"]
            out["xuong"] = score["xuong"]
            out["partition"] = [_codes(p) for p in score["partition"]]
            out["kem"] = score["kem"]
        else:
            out["chuc_sac"] = []
            out["points"] = 0
    elif total == full - 1:
        out["waits"] = _codes(L.waits(counts, laid, khan, players, bat_thuc))
    return out


def _phu_text(codes, lent=None):
    if lent is not None:
        codes = codes + ["+" + lent]
    return "[" + " ".join(codes) + "]"


def _print_report(out):
    print("%d lá, %d người chơi" % (out["cards"], out["players"]))
    print("thành: %s" % ("có" if out["thanh"] else "không"))
    print("lưng: %d" % out["lung"])
    print("đỏ: %d" % out["red"])
    partition = out["partition"]
    if partition:
        lent = {group: partition[lender][0] for lender, group in out["kem"]}
        print("phu: " + " ".join(_phu_text(partition[i], lent.get(i))
                                 for i in range(len(partition))))
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
    """`tet totom check CARD ... [--laid "3V 4V 5V"]... [--khan K]... [--bat-thuc K]...
    [--players 4|5] [--json]`."""
    counts = parse_cards(args.cards)
    laid = parse_laid(args.laid)
    khan = [_one_kind(k, "--khan") for k in args.khan]
    bat_thuc = sorted(set(_one_kind(k, "--bat-thuc") for k in args.bat_thuc))
    own = L.own_cards(counts, laid, khan)
    for kind in range(C.NKINDS):
        if own[kind] > 4:
            raise CliError("more than four copies of %s (%s) over the hand, --laid and --khan: "
                           "%d" % (C.code(kind), C.name(kind), own[kind]))
    if sum(own) > MAX_CARDS:
        raise CliError("at most %d cards over the hand, --laid and --khan, got %d"
                       % (MAX_CARDS, sum(own)))
    check_bat_thuc(bat_thuc, counts, laid, khan)
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
    out = check_report(counts, args.players, win, ctx, laid, khan, bat_thuc)
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
    p.add_argument("--laid", action="append", default=[], metavar="CARDS",
                   help="one laid entry, e.g. \"3V 4V 5V\" (three or four identical cards: a "
                   "fixed entry); repeat for more")
    p.add_argument("--khan", action="append", default=[], metavar="K",
                   help="a face-down khàn of three K; repeat for more")
    p.add_argument("--bat-thuc", action="append", default=[], metavar="K",
                   help="K is an unsettled bất thực: a free copy must sit in a run (or a bí or "
                   "lưng group) at the ù")
    p.set_defaults(run=run_check)
    p = subs.add_parser("selfplay", help="a game between computer players",
                        description="Play one seeded game between computer players.")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int, choices=(4, 5), default=5)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run_selfplay)
