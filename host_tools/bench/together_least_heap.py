"""Tables of gadgets (issue 35): per game, role and install, the least free heap of a table
played at 160K and the least heap at which that role still plays the table to its end.

    .venv/bin/python host_tools/bench/together_least_heap.py [--games oaq,xh,totom,xs]
        [--installs files,romfs] [--step 2] [--out FILE]

Each table is host_tools/udp_table.py's: one `micropython` process per gadget, the three boards
mixed (the host a TTGO; Tổ Tôm's a DevKit too, whose table a colour board cannot host yet), a
fifth of the frames lost, one game. One role's least heap is found with the other role at 160K:
from where the 160K table's least free heap says it should lie, in steps of `--step` KB, down
while the table plays to its end and up while it does not (each step one table, so a figure can
move by a step between runs: the gadgets' processes run side by side and the loss hits other
frames). Writes together_least_heap.md next to this file (copied into BENCHMARKS.md by
`make bench`: too long to run there, 20-30 minutes).
"""

import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

from build import install_firmware  # noqa: E402
from romfs import build_image  # noqa: E402
from udp_table import play_table  # noqa: E402

TABLES = {"oaq": ("Ô Ăn Quan", 4), "xh": ("Xăm Hường", 6), "totom": ("Tổ Tôm", 5),
          "xs": ("Xấp Sắc", 4)}
DEVICE_KB = 160
MARGIN_KB = 148     # issue 35's margin: every role passes here too
CEILING_KB = 200    # a role that needs more is reported as short of it
HOSTS = {"ttgo_tdisplay": "TTGO", "devkit_ssd1306": "DevKit"}


def table(install, game_id, role, kb, host_board):
    """Play one table with `role`'s gadgets at `kb` KB and the others at DEVICE_KB: (every
    gadget played to the end, {role: the least free heap of its gadgets})."""
    gadgets = TABLES[game_id][1]
    host_kb, guest_kb = (kb, DEVICE_KB) if role == "host" else (DEVICE_KB, kb)
    outs = play_table(install, game_id, gadgets, 1, 0.2, firmware_kb=host_kb,
                      host_board=host_board, guest_kb=guest_kb)
    ended = all(status == 0 for status, _lines, _text in outs.values())
    seats = {"host": [outs[1]], "guest": [outs[n] for n in range(2, gadgets + 1)]}
    least = {r: min(int(o[1].get("low", 0)) for o in seats[r]) for r in seats}
    return ended, least


def least_heap(install, game_id, role, host_board, free_at_device, step):
    """The least KB (to `step`) at which `role` plays the table to its end, looked for from
    where `free_at_device` (its least free heap at DEVICE_KB, 0 if it ran out there) puts it;
    None above CEILING_KB."""
    kb = DEVICE_KB - free_at_device // 1024 // step * step
    ok = table(install, game_id, role, kb, host_board)[0]
    best, direction = (kb, -step) if ok else (None, step)
    while step <= kb + direction <= CEILING_KB:
        kb += direction
        ok = table(install, game_id, role, kb, host_board)[0]
        if ok and direction > 0:
            return kb           # going up: the first that passes
        if not ok and direction < 0:
            return best         # going down: the one before the first that fails
        best = kb if ok else best
    return best


def rows(install, name, game_id, host_board, step):
    """The table's rows for one install and host board: the host's, and the guests' (unless the
    host runs out at DEVICE_KB: the guests are measured at a table that ends)."""
    game, gadgets = TABLES[game_id]
    ended, least = table(install, game_id, "host", DEVICE_KB, host_board)
    out = []
    for role in ("host", "guest") if ended else ("host",):
        free = least[role] if ended else 0
        need = least_heap(install, game_id, role, host_board, free, step)
        out.append("| %s | %d | %s | %s | %s | %s | %s |" % (
            game, gadgets, name, "%s host" % HOSTS[host_board] if role == "host" else "guests",
            "%d B" % free if ended else "runs out",
            "%d KB" % need if need else "> %d KB" % CEILING_KB,
            "yes" if need and need <= MARGIN_KB else "no"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", default="oaq,xh,totom,xs")
    ap.add_argument("--installs", default="files,romfs")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(HERE, "together_least_heap.md"))
    args = ap.parse_args()
    start = time.time()
    lines = ["| game | gadgets | install | role | least free at 160K | least heap that passes "
             "| passes at %dK |" % MARGIN_KB, "|---|---:|---|---|---:|---:|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        installs = {}
        if "files" in args.installs:
            installs[".mpy files"] = os.path.join(tmp, "install")
            install_firmware(installs[".mpy files"])
        if "romfs" in args.installs:
            installs["ROMFS"] = os.path.join(tmp, "tet.romfs")
            build_image(installs["ROMFS"])
        for name, install in installs.items():
            for game_id in args.games.split(","):
                hosts = ["ttgo_tdisplay"] + (["devkit_ssd1306"] if game_id == "totom" else [])
                for host_board in hosts:
                    lines += rows(install, name, game_id, host_board, args.step)
                    print("\n".join(lines[-2:]), file=sys.stderr)
    lines += ["", "Guests: TTGO, DevKit + SSD1306 and M5StickC mixed; one game per table, a "
              "fifth of the frames lost; %d-KB steps, one table each (%d s in all)."
              % (args.step, time.time() - start)]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
