"""Playing together: the free heap of a gadget hosting each game's table, under `micropython`
with 160K of heap for the firmware (the device's budget; the harness's own heap is added, see
mp_lane.heap_without_harness) and the firmware in a ROMFS image, on the TTGO.

Runs on CPython: each game's each boot (the menu, the lobby, the table: a stock board restarts
into each) is a fresh micropython process (together_probe.py). "plays on"
is whether the table still played after 300 presses of the host's OK, 400 ms apart (two
minutes; the game's results and the next deals included); when it ran out of heap the app
closed the game with its out-of-memory message.

Then every seat a person on a gadget of their own (host_tools/udp_table.py: one micropython
process per gadget, each with the same heap, over local UDP): five at Tổ Tôm for two games, four
at Xấp Sắc for a whole game; the host's least free heap at the table (sampled every second).
Last, each game's table of stock boards: every gadget from `.mpy` files with 160K (issue 35),
the host a TTGO, and Tổ Tôm's hosted by a DevKit too.
"""

TITLE = "Playing together: heap of a host (160K for the firmware, ROMFS, TTGO)"

import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from benchlib import report  # noqa: E402
from build import install_firmware  # noqa: E402
from mp_lane import RESTARTED, heap_without_harness, run  # noqa: E402
from romfs import build_image  # noqa: E402
from udp_table import play_table  # noqa: E402

GAMES = (("oaq", "Ô Ăn Quan"), ("xh", "Xăm Hường"), ("totom", "Tổ Tôm"), ("xs", "Xấp Sắc"))
TITLES = {"oaq": "Ô Ăn Quan", "xh": "Xăm Hường", "totom": "Tổ Tôm", "xs": "Xấp Sắc"}


def probe(image, game_id):
    """{point: free bytes} and the top screen's title after the table played on: the menu's
    boot, the lobby's and the table's, each a process of its own (together_probe.py)."""
    heap = heap_without_harness(160, image, "together_probe")
    figures, screen = {}, "?"
    for boot in range(3):       # the board's storage (fake_hw's) stays from boot to boot
        res = run("run", "together_probe", ["--install", image, game_id], heap=heap,
                  env={"TET_BOOT": str(boot)})
        for line in res.stdout.splitlines():
            parts = line.split(" ", 1)
            if parts[0] in ("menu", "setup", "lobby", "table") and len(parts) == 2:
                figures[parts[0]] = int(parts[1])
            elif parts[0] == "screen" and len(parts) == 2:
                screen = parts[1]
        if res.returncode != RESTARTED:
            break
    if res.returncode != 0:
        screen = "crashed: " + ((res.stdout + res.stderr).strip().splitlines() or ["?"])[-1]
    return figures, screen


def main(args):
    with tempfile.TemporaryDirectory() as tmp:
        image = os.path.join(tmp, "tet.romfs")
        build_image(image)
        for game_id, name in GAMES:
            figures, screen = probe(image, game_id)
            for point, label in (("setup", "setup menu"), ("lobby", "lobby (Chơi chung)"),
                                 ("table", "host table at its start")):
                if point in figures:
                    report("%s: free heap, %s" % (name, label), figures[point], "B")
            plays = screen in (TITLES[game_id], "ended")
            report("%s: the hosted table plays on" % name, "yes" if plays else "no", "",
                   "the game ended, its table left" if screen == "ended" else
                   "" if plays else "ends on: " + screen)
        for game_id, gadgets, games, played in (("totom", 5, 2, "two games to the end"),
                                                ("xs", 4, 1, "a whole game")):
            outs = play_table(image, game_id, gadgets, games, 0.0)
            status, lines, text = outs[1]
            name = "%s, %d people on %d gadgets" % (TITLES[game_id], gadgets, gadgets)
            ended = all(o[0] == 0 for o in outs.values())
            if "low" in lines:
                report(name + ": least free heap of the host at the table", int(lines["low"]), "B",
                       played)
            report(name + ": every gadget played to the end", "yes" if ended else "no", "",
                   "" if ended else text.strip().splitlines()[-1])
        files = os.path.join(tmp, "install")
        install_firmware(files)
        for game_id, gadgets in (("oaq", 4), ("xh", 6), ("totom", 5), ("xs", 4)):
            stock_table(files, game_id, gadgets)
        # Tổ Tôm hosted by a DevKit (a 1 KB framebuffer; its guests load no rules)
        stock_table(files, "totom", 5, "devkit_ssd1306")


def stock_table(files, game_id, gadgets, host_board=None):
    """A table of stock boards (`.mpy` files, 160K each, a fifth of the frames lost; the host a
    TTGO unless `host_board` says): the host's least free heap and the guests' least, or which
    gadget ran out of heap."""
    outs = play_table(files, game_id, gadgets, 1, 0.2, host_board=host_board)
    name = "%s from .mpy files, %d gadgets" % (TITLES[game_id], gadgets)
    if host_board:
        name += ", hosted by a DevKit" if host_board == "devkit_ssd1306" else " on " + host_board
    # a gadget that failed exits 1 (the others are stopped then); one back at the launcher
    # after a boot ran out of heap opening what the boot asked for
    failed = [n for n, o in sorted(outs.items()) if o[0] == 1]
    short = [n for n in failed if "hết bộ nhớ" in outs[n][2] or
             "no table: Tết vui chơi" in outs[n][2]]
    if short:
        report(name + ": plays to the end", "no", "",
               "out of heap: gadget %s" % ", ".join(str(n) for n in short))
        return
    if failed:
        report(name + ": plays to the end", "no", "", outs[failed[0]][2].strip()[-80:])
        return
    report(name + ": least free heap, host", int(outs[1][1]["low"]), "B")
    report(name + ": least free heap, guests", min(int(outs[n][1]["low"])
                                                    for n in range(2, gadgets + 1)), "B")


if __name__ == "__main__":
    main(sys.argv[1:])
