"""How often Tổ Tôm's takes with laid phu that live (to-tom-v2 §2), the kèm ù (§1) and the ù
vọng (§3) happen in seeded self-play games between the computer players.

    .venv/bin/python host_tools/bench/to_tom_takes_freq.py [--games 1000] [--out FILE]

The games are `tet totom selfplay`'s seeds 0.. (four players every fifth seed, five otherwise),
the 1,000 that `make test` replays with the independent rule checker
(tests/test_to_tom_selfplay.py). Each form is counted from the records' §9 keys. Writes
to_tom_takes_freq.md next to this file (the table BENCHMARKS.md copies).
"""

import argparse
import os
import time
from multiprocessing import Pool

from tetcli.to_tom_selfplay import selfplay

HERE = os.path.dirname(os.path.abspath(__file__))

# (the record's key on a take, what a person calls it)
FORMS = (("laid_onto", "eat onto a laid entry (E2, 326)"),
         ("shared", "kèm eat: a fixed entry lends its card (E3, 302)"),
         ("khan_up", "ăn phu dậy khàn (E4, 322)"),
         ("laid_from", "phỗng with a laid copy (304-305)"),
         ("also", "treo tranh with an extra phu (286)"))


def count(seed):
    """{key: takes of that form, "eat"/"phong": all eats and phỗng, "kem_u": 1 for a kèm ù,
    "win": 1 for a win} of the game of `seed`."""
    record = selfplay(seed, 4 if seed % 5 == 0 else 5)
    out = dict.fromkeys([key for key, _ in FORMS] + ["eat", "phong", "kem_u", "win", "joined",
                                                     "nam_binh", "vong"], 0)
    for action in record["actions"]:
        if action["action"] in ("eat", "phong"):
            out[action["action"]] += 1
            for key, _ in FORMS:
                out[key] += key in action
            copies = (action["phu"] or []).count(action["card"])
            if action["action"] == "eat" and copies >= 2 and "laid_onto" not in action:
                out["joined"] += 1              # treo tranh inside the take's bí or lưng group
                out["nam_binh"] += copies >= 3

    result = record["result"]
    out["win"] = 0 if result["draw"] else 1
    out["kem_u"] = 1 if result.get("kem") else 0
    out["vong"] = 1 if "vong_from" in record["actions"][-1] else 0
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--out", default=os.path.join(HERE, "to_tom_takes_freq.md"))
    args = ap.parse_args()
    start = time.time()
    with Pool() as pool:
        games = pool.map(count, range(args.games), chunksize=10)
    total = {key: sum(g[key] for g in games) for key in games[0]}
    per = 100.0 / args.games
    lines = ["%d seeded self-play games (`tet totom selfplay` seeds 0-%d, four players every "
             "fifth; %d s): %.1f eats and %.1f phỗng per game, %d wins." % (
                 args.games, args.games - 1, time.time() - start, total["eat"] / args.games,
                 total["phong"] / args.games, total["win"]), "",
             "| per 100 games | takes |", "|---|---:|"]
    for key, name in FORMS:
        lines.append("| %s | %.1f |" % (name, total[key] * per))
    lines.append("| treo tranh in the eaten bí or lưng group (the concealed copies join it) | "
                 "%.1f |" % (total["joined"] * per))
    lines.append("| of them năm binh (three copies of the card in the bí, 306-313) | %.1f |"
                 % (total["nam_binh"] * per))
    lines.append("| a kèm ù: a fixed entry lends a card at the win (§1, 522) | %.1f |"
                 % (total["kem_u"] * per))
    lines.append("| an ù vọng on a thiên khai right after the dealer's first discard (§3, 406) | "
                 "%.1f |" % (total["vong"] * per))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
