"""Regenerate the README's pictures (docs/img/) with the headless simulator (`make screenshots`).

Each picture is one fresh boot of the simulator replaying a short script (sim/README.md format).
`python host_tools/readme_shots.py [NAME ...]` remakes only the pictures named.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import sim  # noqa: E402

sim.install_fakes()

from tet.registry import GAMES, ID  # noqa: E402

OUT = os.path.join(ROOT, "docs", "img")
BOARDS = {"ttgo_tdisplay": "ttgo", "devkit_ssd1306": "oled"}

# picture name -> (the registry id of the game opened first, or None for the launcher; the script
# from its first screen): SELECT picks, NEXT moves down a menu
SCRIPTS = {
    "menu": (None, "wait 800\nshot menu\n"),
    "oaq": ("oaq", "wait 300\npress SELECT\nwait 500\npress SELECT\npress SELECT\nwait 1500\n"
                   "shot oaq\n"),
    "xh": ("xh", "wait 300\npress SELECT\nwait 300\npress SELECT\nwait 3000\nshot xh\n"),
    "totom": ("totom", "wait 300\npress SELECT\nwait 1500\nshot totom\n"),
    "xs": ("xs", "wait 300\npress SELECT\nwait 1500\nshot xs\n"),
    # Ô Ăn Quan's "Chơi chung": the table code a family reads out
    "together": ("oaq", "wait 300\npress NEXT\npress NEXT\npress NEXT\npress NEXT\n"
                        "press SELECT\nwait 800\nshot together\n"),
}


def script(game_id, rest):
    """The whole script of a picture: from boot, down the launcher to registry game `game_id`
    (its place in the menu is its place in the registry) and into it, then `rest`."""
    if game_id is None:
        return rest
    index = [entry[ID] for entry in GAMES].index(game_id)
    return "wait 300\n" + "press NEXT\n" * index + "press SELECT\n" + rest


def main(names=None):
    """Remake every picture, or those of the scripts in `names`."""
    os.makedirs(OUT, exist_ok=True)
    for board, suffix in BOARDS.items():
        for name, (game_id, rest) in SCRIPTS.items():
            if names and name not in names:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name + ".txt")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(script(game_id, rest))
                subprocess.run([sys.executable, "-m", "sim", "--board", board, "--headless",
                                "--script", path, "--screenshot", tmp,
                                "--storage", os.path.join(tmp, "saves"), "--scale", "2",
                                "--seed", "2"],
                               check=True, cwd=ROOT, capture_output=True)
                target = os.path.join(OUT, "%s_%s.png" % (name, suffix))
                shutil.copyfile(os.path.join(tmp, name + ".png"), target)
                print("wrote", os.path.relpath(target, ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
