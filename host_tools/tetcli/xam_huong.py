"""`tet xh`: classify Xăm Hường rolls, list the 462-roll table, simulate a whole game."""

import argparse

from tetcli.common import CliError, OneLineParser, emit_json, parse_int, parse_options

from tet.core.rng import Rng
from tet.games.xam_huong.rolls import CATEGORY, MULTISETS, RANK
from tet.games.xam_huong import rules as R
from tet.games.xam_huong.engine import EVENT_PENALTY, NOBODY, XamHuong, index_dice, roll_index

OPTION_HELP = """house rules (--option NAME=VALUE, repeatable):
  luc_phu_value=32     what each other player pays for Lục Phú (twice that for Lục Phú Hường), 0..1000
  ban_trang=0          1: five players play bán trạng (quota 48, the Trạng Nguyên holder sells)
                       instead of the even split (quota 38, two Tú Tài removed)
  penalty_no_huong=0   1: the Trạng Nguyên holder pays 1 into the Trạng pot for a roll without hường
  ha_gia_trang=0       when Trạng Nguyên is the only stick left, 1: Phân Song Tam Hường takes it,
                       2: also Phân Song, Tứ Tự Cáp, Thượng Mã, Hạ Mã
  cuop_trang_em=0      1 (8+ players): Trạng em rolls rob a Trạng em won by a lower tier
  khong_lay_the=0      1: a player may decline what a roll earns (random games never decline)
  dau_the_roi=0        1 or 2: while Trạng Nguyên is the only stick left, rounds where everyone
                       stakes that many and the most hường takes the stakes (đấu thẻ rời)
on the gadget's screens: """ + ", ".join("%s = %s" % (name, label) for name, label in
                                          zip(R.OPTION_NAMES, R.OPTION_LABELS))


def _parse_faces(texts):
    if len(texts) != 6:
        raise CliError("a roll is six dice faces 1-6, got %d value(s)" % len(texts))
    return [parse_int(t, "a die face", 1, 6) for t in texts]


def _roll_json(index):
    category = CATEGORY[index]
    rank = RANK[index]
    return {"dice": index_dice(index), "category": R.CATEGORY_IDS[category],
            "rank": rank or None, "name": R.category_name(category, rank)}


def _roll_line(obj):
    rank = " rank %d" % obj["rank"] if obj["rank"] else ""
    return "%s  %s%s  %s" % (" ".join(str(d) for d in obj["dice"]), obj["category"], rank,
                             obj["name"])


def _print_rolls(rows, as_json):
    for obj in rows:
        if as_json:
            emit_json(obj)
        else:
            print(_roll_line(obj))
    return 0


def run_classify(args):
    """`tet xh classify D D D D D D [--json]`."""
    return _print_rolls([_roll_json(roll_index(_parse_faces(args.dice)))], args.json)


def run_table(args):
    """`tet xh table [--json]`: the 462 sorted rolls, in lexicographic order of their dice."""
    rows = sorted((_roll_json(i) for i in range(MULTISETS)), key=lambda o: o["dice"])
    return _print_rolls(rows, args.json)


def _sticks(counts):
    return {R.STICK_IDS[k]: counts[k] for k in range(R.STICK_KINDS) if counts[k]}


def _roll_record(game, dice):
    rec = {"player": game.last_player, "dice": dice,
           "category": R.CATEGORY_IDS[game.last_category], "rank": game.last_rank or None,
           "took": _sticks(game.took)}
    robbed = {R.STICK_IDS[k]: game.took_from[k] for k in range(R.STICK_KINDS)
              if game.took_from[k] != NOBODY}
    if robbed:
        rec["from"] = robbed
    if game.last_paid:
        rec["received"] = game.last_paid
    if game.last_flags & EVENT_PENALTY:
        rec["penalty"] = 1
    if game.last_duel_stake:
        rec["duel_stake"] = game.last_duel_stake
    if game.last_duel_won:
        rec["duel_won"] = game.last_duel_won
    if dice is None:
        rec["spill"] = True
    return rec


def simulate(players, seed, options, spill_percent=0):
    """Play a whole game with seeded random rolls; return (game, roll records)."""
    try:
        game = XamHuong(players, options)
    except ValueError as e:
        raise CliError(str(e))
    rng = Rng(seed)
    records = []
    while not game.over():
        if spill_percent and rng.below(100) < spill_percent:
            game.spill()
            records.append(_roll_record(game, None))
            continue
        dice = [rng.randint(1, 6) for _ in range(6)]
        game.roll(dice)
        records.append(_roll_record(game, dice))
    return game, records


def game_json(game, records, seed):
    """The JSON report of a finished game (keys of the `tet xh game --json` contract and more)."""
    n = game.players
    holder = game.holder(R.TRANG_NGUYEN)
    return {
        "players": n, "seed": seed, "options": game.options, "rolls": records,
        "holdings": [_sticks(game.held[p * R.STICK_KINDS:(p + 1) * R.STICK_KINDS])
                     for p in range(n)],
        "totals": [game.total(p) for p in range(n)],
        "settlement": game.nets(),
        "payments": [{"from": a, "to": b, "amount": m} for a, b, m in game.settlement()],
        "pool": {R.STICK_IDS[k]: game.pool[k] for k in range(R.STICK_KINDS)},
        "pot": game.pot,
        "trang": {"holder": holder, "kind": R.KIND_IDS[game.trang_kind], "rank": game.trang_rank,
                  "age": R.rank_label(R.kind_category(game.trang_kind), game.trang_rank)},
    }


def run_game(args):
    """`tet xh game --players N --seed S [--option NAME=VALUE ...] [--json]`."""
    players = parse_int(args.players, "--players", R.MIN_PLAYERS, R.MAX_PLAYERS)
    seed = parse_int(args.seed, "--seed")
    spill = parse_int(args.spill_percent, "--spill-percent", 0, 50)
    options = parse_options(args.option, {name: int for name in R.OPTION_NAMES})
    try:
        R.check_options(options)
        R.check_options_players(options, players)
    except ValueError as e:
        raise CliError(str(e))
    game, records = simulate(players, seed, options, spill)
    report = game_json(game, records, seed)
    if args.json:
        emit_json(report)
        return 0
    print("%d players, seed %d, %d rolls" % (players, seed, len(records)))
    trang = report["trang"]
    print("Trạng Nguyên: player %d (%s %s)" % (trang["holder"], trang["kind"], trang["age"]))
    for p in range(players):
        print("player %2d  total %4d  net %+4d  %s" % (
            p, report["totals"][p], report["settlement"][p],
            " ".join("%s×%d" % (k, v) for k, v in report["holdings"][p].items())))
    for pay in report["payments"]:
        print("player %d pays player %d: %d" % (pay["from"], pay["to"], pay["amount"]))
    return 0


def register(parser):
    """Add `classify`, `table` and `game` under `tet xh`."""
    subs = parser.add_subparsers(dest="sub", parser_class=OneLineParser)
    subs.required = True
    p = subs.add_parser("classify", help="category, Trạng rank and Vietnamese name of six dice")
    p.add_argument("dice", nargs="*", metavar="D", help="six faces 1-6")
    p.add_argument("--json", action="store_true", help="one JSON object: dice, category, rank, name")
    p.set_defaults(run=run_classify)

    p = subs.add_parser("table", help="all 462 sorted rolls with their classification")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(run=run_table)

    p = subs.add_parser("game", help="a whole game with seeded random rolls",
                        epilog=OPTION_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", required=True, help="2-12")
    p.add_argument("--seed", required=True, help="random seed (whole number)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a house rule (see below)")
    p.add_argument("--spill-percent", default="0",
                   help="chance (0-50) that a roll spills out of the bowl (hột văng, 1 into the pot)")
    p.add_argument("--json", action="store_true", help="the whole game as one JSON object")
    p.set_defaults(run=run_game)
