"""`tet totom selfplay`: one seeded Tổ Tôm game between computer players, every action logged."""

from tetcli.common import emit_json

from tet.games.to_tom.ai import Player
from tet.core.rng import Rng
from tet.games.to_tom.engine import ToTom
from tet.games.to_tom.state import BT_FOUR, BT_SETTLED, BT_XEN, action_name
from tet.games.to_tom.cards import CODES, NAMES

def phu_codes(phu):
    """A logged phu (or a win's partition, a list of phu) as card codes."""
    if phu is None:
        return None
    if phu and not isinstance(phu[0], int):
        return [[CODES[k] for k in part] for part in phu]
    return [CODES[k] for k in phu]


def log_dicts(game):
    """The game's action log as dicts {player, action, card, phu} with card codes, and a take's
    keys of to-tom-v2 §9 where they apply: `laid_onto`, `shared`, `also`, `khan_up`,
    `laid_from` (the engine logs them as a fifth item, takes.log_extra), a tái kiến's
    `tai_kien`, a bất thực's `thien_khai` and an ù vọng's `vong_from`."""
    out = []
    for entry in game.log or ():
        p, action, card, phu = entry[:4]
        d = {"player": p, "action": action, "card": CODES[card] if card >= 0 else None,
             "phu": phu_codes(phu)}
        if len(entry) > 4 and action == "u":
            d["vong_from"] = entry[4]           # ù vọng: the thiên khai's holder
        elif action == "bat_thuc":
            d["thien_khai"] = bool(entry[4])    # declared on a kind dealt four times
        elif len(entry) > 4:
            onto, shared, also, khan_up, laid_from = entry[4]
            for key, value, given in (("laid_onto", onto, onto >= 0),
                                      ("shared", shared, shared >= 0),
                                      ("also", [phu_codes(x) for x in also], also),
                                      ("khan_up", True, khan_up),
                                      ("laid_from", laid_from, laid_from >= 0)):
                if given:
                    d[key] = value
            if action == "phong" and also:
                d["tai_kien"] = True
        out.append(d)
    return out


def dealt_hands(game):
    """Each player's cards as dealt (the dealer's extra card included), as sorted kinds."""
    out = []
    for p in range(game.n):
        kinds = []
        for k in range(len(game.hands[p])):
            kinds += [k] * game.hands[p][k]
        for k in game.khan[p]:
            kinds += [k, k, k]
        for phu in game.laid[p]:
            kinds += list(phu)
        kinds.sort()
        out.append(kinds)
    return out


def selfplay(seed, players=5, policies=None, watch=None):
    """Play one game; return the JSON-ready record (seed, deal, actions, result). `watch(game,
    p)`, when given, is called before each decision (tests compare what the table offers)."""
    rng = Rng(seed)
    dealer = rng.below(players)
    game = ToTom(players, dealer)
    game.deal(rng)
    hands = dealt_hands(game)
    stock = [CODES[game.stock[i]] for i in range(game.left - 1, -1, -1)]
    policies = policies or ["bot"] * players
    bots = [Player(policies[p], rng) for p in range(players)]
    decisions, declined = play_noting_declines(game, bots, watch)
    result = {"winner": game.winner if game.winner >= 0 else None,
              "draw": game.winner < 0, "next_dealer": game.next_dealer,
              "decisions": decisions, "stock_left": game.left}
    actions = with_declined(with_stock(log_dicts(game), len(stock)), declined)
    if game.score:
        for key in ("points", "chuc_sac", "extras", "xuong"):
            result[key] = game.score[key]
        result["partition"] = [[CODES[k] for k in phu] for phu in game.score["partition"]]
        bat = bat_thuc_result(game, game.winner)
        if bat:
            result["bat_thuc"] = bat
        if game.score.get("kem"):
            # to-tom-v2 §9: the fixed entries that lent a card at the ù (partition indices)
            result["kem"] = actions[-1]["kem"] = game.score["kem"]
    return {"seed": seed, "players": players, "dealer": dealer, "rules": "v2",
            "hands": [[CODES[k] for k in h] for h in hands], "stock": stock,
            "actions": actions, "result": result}


def bat_thuc_result(game, p):
    """to-tom-v2 §9's `result.bat_thuc`: player p's unsettled bất thực at the ù, each as
    {"card", "thien_khai", "discarded"}."""
    bat = game.bat
    return [{"card": CODES[bat[i + 1]], "thien_khai": bool(bat[i + 2] & BT_FOUR),
             "discarded": bool(bat[i + 2] & BT_XEN)}
            for i in range(0, len(bat), 3) if bat[i] == p and not bat[i + 2] & BT_SETTLED]


OFFERS = ("u", "phong", "eat")     # what a pass, xin or let-go may decline (to-tom-v2 §9)


def play_noting_declines(game, bots, watch=None):
    """Play `game` to its end, player p choosing with bots[p]; return (decisions, {log index:
    the offers declined}) for each pass or xin taken while a ù, phỗng or eat was on offer."""
    decisions = 0
    declined = {}
    while game.to_move() >= 0:
        p = game.to_move()
        if watch is not None:
            watch(game, p)
        offered = set(a[0] for a in game.legal(p))
        action = bots[p].choose(game, p)
        at = len(game.log)
        game.apply(p, action)
        decisions += 1
        if action[0] in ("pass", "draw"):
            given_up = [name for name in OFFERS if name in offered]
            if given_up:
                declined[at] = given_up
    return decisions, declined


def with_declined(actions, declined):
    """`actions` with `declined` on the entry each decline logged first (a pass, a draw or a
    draw_game)."""
    for at, given_up in declined.items():
        actions[at]["declined"] = given_up
    return actions


def with_stock(actions, left):
    """`actions` with each one's `stock` (to-tom-v2 §9): the cards left in the stock after it,
    from the `left` dealt to it (only a draw, xin turning a card up, takes one)."""
    for entry in actions:
        if entry["action"] == "draw":
            left -= 1
        entry["stock"] = left
    return actions


def _print_text(record):
    print("Tổ Tôm, %d người, hạt giống %d; người %d cầm cái" % (record["players"], record["seed"],
                                                            record["dealer"]))
    for entry in record["actions"]:
        line = "  người %d %s" % (entry["player"], action_name(entry["action"]))
        if entry["card"]:
            line += " " + NAMES[CODES.index(entry["card"])]
        if entry["phu"] and entry["action"] != "u":
            line += " [" + " ".join(entry["phu"]) + "]"
        print(line)
    res = record["result"]
    if res["draw"]:
        print("Hoà; người %d được kê." % res["next_dealer"])
    else:
        print("Người %d ù: %s (%d điểm)" % (res["winner"], res["xuong"], res["points"]))
        print("  " + "  ".join("[" + " ".join(phu) + "]" for phu in res["partition"]))


def run_selfplay(args):
    """`tet totom selfplay --seed S [--players 4|5] [--json]`; returns the exit status."""
    record = selfplay(args.seed, args.players)
    if args.json:
        emit_json(record)
    else:
        _print_text(record)
    return 0
