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
OUT = os.path.join(ROOT, "docs", "img")
BOARDS = {"ttgo_tdisplay": "ttgo", "devkit_ssd1306": "oled"}

# picture name -> script: from boot, NEXT moves down the menu and SELECT picks
SCRIPTS = {
    "menu": "wait 800\nshot menu\n",
    "oaq": "wait 300\npress SELECT\nwait 300\npress SELECT\nwait 500\npress SELECT\n"
           "press SELECT\nwait 1500\nshot oaq\n",
    "xh": "wait 300\npress NEXT\npress SELECT\nwait 300\npress SELECT\nwait 300\n"
          "press SELECT\nwait 3000\nshot xh\n",
    "totom": "wait 300\npress NEXT\npress NEXT\npress SELECT\nwait 300\npress SELECT\n"
             "wait 1500\nshot totom\n",
    "xs": "wait 300\npress NEXT\npress NEXT\npress NEXT\npress SELECT\nwait 300\n"
          "press SELECT\nwait 1500\nshot xs\n",
    # Ô Ăn Quan's "Chơi chung": the table code a family reads out
    "together": "wait 300\npress SELECT\nwait 300\npress NEXT\npress NEXT\npress NEXT\n"
                "press NEXT\npress SELECT\nwait 800\nshot together\n",
}


def main(names=None):
    """Remake every picture, or those of the scripts in `names`."""
    os.makedirs(OUT, exist_ok=True)
    for board, suffix in BOARDS.items():
        for name, script in SCRIPTS.items():
            if names and name not in names:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name + ".txt")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(script)
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
