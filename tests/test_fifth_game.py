"""A throwaway fifth game, added the way firmware/tet/ui/GUIDE.md ("Adding a game") says: one
package under tet/games/ and one line in tet/registry.py, in a copy of the tree. Everything that
lists the games reads the registry, so each finds it with nothing else changed: the launcher
opens it (the tests' open_game walks there), Cài đặt lists its house rules, `tet` has its
subcommand and `tet net play` its --game, the README's pictures open it by its id, and the
build compiles and ships its modules."""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = ("firmware", "boards", "host_tools", "tests/portable")

# The game: one package (an entry point whose first screen is a message, one house rule) ...
PACKAGE = {
    "__init__.py": '"""Trò thử: a game that exists for tests/test_fifth_game.py only."""\n',
    "setup.py": '''"""Trò thử's entry point (its setup menu, were it to have one)."""

from tet.ui.widgets import Message


def start(app):
    """The first screen."""
    return Message(app, "Trò thử", "Một trò chơi mới.")
''',
    "options.py": '''"""Trò thử's house rules."""

OPTIONS = (("muc", "Mức", ((1, "Một"), (2, "Hai"))),)
''',
}
# ... and one line of the registry
LINE = '    ("tt5", "Trò thử", "tro_thu", "tt5"),\n'

# Run in the copy: what each reader of the registry finds of the game.
CHECKS = r'''
import json, os, sys, tempfile
root = os.getcwd()
sys.path[:0] = [root + "/tests/portable", root + "/host_tools"]
import sim
sim.install_fakes()
sys.path[:0] = [root + "/firmware", root + "/boards"]
from fake_hw import new_app, open_game
found = {}
app = new_app("ttgo_tdisplay")
found["launcher"] = [app.screen.label(i) for i in range(len(app.screen.items))]
open_game(app, "tt5")
found["opened"] = app.screen.title
from tet.ui.house_rules import all_rules
found["rules"] = [list(rule[:3]) for rule in all_rules() if rule[0] == "tt5"]
from tetcli.main import build_parser, main
found["tet"] = sorted(build_parser()._subparsers._group_actions[0].choices)
found["tet tt5"] = main(["tt5"])
from tetcli.net_play import GAMES
found["net games"] = list(GAMES)
found["net play"] = main(["net", "play", "--game", "tt5", "--gadgets", "2", "--seed", "1"])
from readme_shots import script
found["shot"] = script("tt5", "shot x\n")
import build
found["modules"] = [m for m in build.firmware_modules() if "tro_thu" in m]
out = tempfile.mkdtemp()
found["compiled"] = sorted(os.path.relpath(build.compile_mpy(build.FIRMWARE, m, out), out)
                           for m in found["modules"])
found["package.json"] = [u[0] for u in build.package_json("devkit_ssd1306")["urls"]
                         if "tro_thu" in u[0]]
print("FOUND " + json.dumps(found, ensure_ascii=False))
'''


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    tree = tmp_path_factory.mktemp("fifth")
    for sub in COPIED:
        shutil.copytree(os.path.join(ROOT, sub), str(tree / sub),
                        ignore=shutil.ignore_patterns("__pycache__", "*.mpy"))
    game = tree / "firmware" / "tet" / "games" / "tro_thu"
    game.mkdir()
    for name, text in PACKAGE.items():
        (game / name).write_text(text, encoding="utf-8")
    registry = tree / "firmware" / "tet" / "registry.py"
    text = registry.read_text(encoding="utf-8")
    end = text.index("\n)\n", text.index("GAMES = ("))
    registry.write_text(text[:end + 1] + LINE + text[end + 1:], encoding="utf-8")
    res = subprocess.run([sys.executable, "-c", CHECKS], cwd=str(tree), capture_output=True,
                         text=True, timeout=300)
    line = [ln for ln in res.stdout.splitlines() if ln.startswith("FOUND ")]
    assert res.returncode == 0 and line, res.stdout[-3000:] + res.stderr[-3000:]
    import json

    return json.loads(line[0][len("FOUND "):]), res.stderr


def test_the_launcher_lists_it_last_and_opens_it(found):
    assert found[0]["launcher"] == ["Ô Ăn Quan", "Xăm Hường", "Tổ Tôm", "Xấp Sắc", "Trò thử",
                                    "Cài đặt"]
    assert found[0]["opened"] == "Trò thử"


def test_cai_dat_has_its_house_rules(found):
    # the house rules Cài đặt lists and the settings file keeps (tet.ui.house_rules)
    assert found[0]["rules"] == [["tt5", "muc", "Trò thử: Mức"]]


def test_tet_has_its_subcommand_which_says_it_has_no_commands_yet(found):
    assert "tt5" in found[0]["tet"] and "net" in found[0]["tet"]
    assert found[0]["tet tt5"] == 2
    assert "tt5 has no desktop commands yet (host_tools/tetcli/tro_thu.py)" in found[1]


def test_the_network_harness_knows_it_cannot_play_it_together_yet(found):
    assert found[0]["net games"] == ["oaq", "xh", "totom", "xs", "tt5"]
    assert found[0]["net play"] == 2
    assert "--game tt5 cannot be played together yet" in found[1]


def test_the_readme_pictures_open_it_by_its_id(found):
    assert found[0]["shot"] == "wait 300\n" + "press NEXT\n" * 4 + "press SELECT\nshot x\n"


def test_the_build_compiles_and_ships_it(found):
    modules = ["tet/games/tro_thu/__init__.py", "tet/games/tro_thu/options.py",
               "tet/games/tro_thu/setup.py"]
    assert found[0]["modules"] == modules
    assert found[0]["compiled"] == [m[:-3] + ".mpy" for m in modules]
    assert found[0]["package.json"] == modules
