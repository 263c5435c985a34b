"""host_tools/build.py: the deployable tree of each board, and the boards' mip/manifest files."""

import ast
import json
import os
import subprocess
import sys

import pytest

from mp_lane import ROOT

import build

DRIVERS = {
    "ttgo_tdisplay": {"__init__", "hardware", "st7789", "changes", "espnow_radio"},
    "m5stickc_plus": {"__init__", "hardware", "st7789", "changes", "axp192", "mpu6886", "buzzer", "espnow_radio"},
    "devkit_ssd1306": {"__init__", "hardware", "ssd1306", "changes", "mpu6050", "mpu6886", "buzzer", "espnow_radio"},
}
XTENSAWIN = 10  # mpy header: architecture number in the top six bits of byte 2


def firmware_sources():
    out = set()
    for dirpath, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        if "__pycache__" in dirpath:
            continue
        for f in files:
            if f.endswith(".py"):
                out.add(os.path.relpath(os.path.join(dirpath, f), os.path.join(ROOT, "firmware")))
    return out


# Written for the device, but no device module loads them yet (issue 37 puts to-tom-v2's
# evaluator into play): in firmware/, compiled by the tests, not shipped.
def device_sources():
    """The firmware files a gadget can load, walked here from main.py and each registry game's
    entry point and house rules: every import, and every string that names a module (the parts
    a game opens by name)."""
    files = {p[:-3].replace(os.sep, ".").replace(".__init__", ""): p
             for p in firmware_sources() if p != "main.py"}

    def loads(rel):
        with open(os.path.join(ROOT, "firmware", rel), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        # a module of the file's own package may be named by its name alone (engine._module)
        package = os.path.dirname(rel).replace(os.sep, ".")
        named = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                named |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                named |= {node.module} | {node.module + "." + a.name for a in node.names}
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                named |= {node.value, package + "." + node.value}
        return {".".join(n.split(".")[:i]) for n in named for i in range(1, n.count(".") + 2)}

    from tet.registry import GAMES, PACKAGE

    todo = loads("main.py") | {"tet.registry", "tet.games"}
    for entry in GAMES:
        package = "tet.games." + entry[PACKAGE]
        todo |= {package, package + ".setup", package + ".options"}
    seen = set()
    while todo:
        name = todo.pop()
        if name in files and name not in seen:
            seen.add(name)
            todo |= loads(files[name])
    return {files[name] for name in seen}


def test_the_build_ships_what_a_gadget_loads_and_no_more():
    shipped = set(build.firmware_modules())
    assert shipped == device_sources()
    assert firmware_sources() - shipped == {"main.py"}
    # host-only code is not under firmware/ at all
    assert "tet/games/to_tom/card_names.py" not in firmware_sources()


def tree(path):
    out = set()
    for dirpath, _dirs, files in os.walk(path):
        for f in files:
            out.add(os.path.relpath(os.path.join(dirpath, f), path))
    return out


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_build_tree(board, tmp_path):
    out = tmp_path / "build"
    res = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "build.py"),
                          "--board", board, "--out", str(out)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    files = tree(out)
    expected = {p[:-3] + ".mpy" for p in device_sources()}
    expected |= {"tet/data/font_small.bin", "tet/data/font_large.bin"}  # resources, as they are
    expected |= {"drivers/%s.mpy" % d for d in DRIVERS[board]}
    expected |= {"main.py", "board.py", build.MARKER}
    assert files == expected
    with open(out / "board.py") as f, open(os.path.join(ROOT, "boards", board, "board.py")) as g:
        assert f.read() == g.read()
    with open(out / "main.py") as f, open(os.path.join(ROOT, "firmware", "main.py")) as g:
        assert f.read() == g.read()
    for name in files:
        if name.endswith(".mpy"):
            head = (out / name).read_bytes()[:4]
            assert head[:2] == b"M\x06", name  # MicroPython .mpy version 6 (1.22 and later)
    if board != "devkit_ssd1306":
        # the viper row conversion is native code: compiled for the ESP32's Xtensa core
        assert (out / "drivers" / "st7789.mpy").read_bytes()[2] >> 2 == XTENSAWIN


def test_rebuild_replaces_only_an_earlier_build(tmp_path):
    out = tmp_path / "b"
    assert build.main(["--board", "ttgo_tdisplay", "--out", str(out)]) == 0
    (out / "stale.mpy").write_bytes(b"old")
    assert build.main(["--board", "ttgo_tdisplay", "--out", str(out)]) == 0
    assert not (out / "stale.mpy").exists()
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    assert build.main(["--board", "ttgo_tdisplay", "--out", str(precious)]) == 1
    assert (precious / "notes.txt").read_text() == "keep me"


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_package_json_is_current_and_every_url_exists(board):
    path = os.path.join(ROOT, "boards", board, "package.json")
    with open(path) as f:
        package = json.load(f)
    assert package == build.package_json(board), \
        "stale: run .venv/bin/python host_tools/build.py --package-json"
    targets = {t for t, _u in package["urls"]}
    assert "main.py" in targets and "board.py" in targets
    assert {t for t in targets if t.startswith("tet/") and t.endswith(".py")} == device_sources()
    assert {t[len("drivers/"):-3] for t in targets if t.startswith("drivers/")} == DRIVERS[board]
    for _target, url in package["urls"]:
        assert os.path.exists(os.path.join(os.path.dirname(path), url)), url


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_mip_installs_the_tree_make_build_produces(board, tmp_path):
    """The same files, module for module (mip fetches the .py sources, which the device
    compiles on import; `make deploy` copies them compiled), and the same resources."""
    out = tmp_path / "build"
    assert build.main(["--board", board, "--out", str(out)]) == 0
    built = tree(out) - {build.MARKER}
    with open(os.path.join(ROOT, "boards", board, "package.json")) as f:
        targets = [t for t, _u in json.load(f)["urls"]]
    assert len(targets) == len(set(targets))
    as_built = {t[:-3] + ".mpy" if t.endswith(".py") and t not in ("main.py", "board.py") else t
                for t in targets}
    assert as_built == built


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_manifest_freezes_the_same_files(board):
    """Evaluate manifest.py with recording stand-ins for MicroPython's manifest functions."""
    here = os.path.join(ROOT, "boards", board)
    frozen = set()

    def package(name, files=None, base_path="."):
        base = os.path.normpath(os.path.join(here, base_path, name))
        if files is None:
            for dirpath, _dirs, names in os.walk(base):
                frozen.update(os.path.join(dirpath, n) for n in names if n.endswith(".py"))
        else:
            frozen.update(os.path.join(base, n) for n in files)

    def module(name, base_path="."):
        frozen.add(os.path.normpath(os.path.join(here, base_path, name)))

    included = []
    with open(os.path.join(here, "manifest.py")) as f:
        source = f.read()
    ast.parse(source)
    exec(compile(source, "manifest.py", "exec"),
         {"include": included.append, "package": package, "module": module})
    assert included == ["$(PORT_DIR)/boards/manifest.py"]
    frozen = {os.path.relpath(p, ROOT) for p in frozen if "__pycache__" not in p}
    expected = {os.path.join("firmware", p) for p in firmware_sources()}
    expected |= {"boards/%s/board.py" % board}
    expected |= {"boards/drivers/%s.py" % d for d in DRIVERS[board]}
    assert frozen == expected


def test_generated_files_record_the_inputs_they_were_made_from():
    # `make data` regenerates only when these hashes differ, so they must match the inputs now
    import importlib

    import gen_all

    stamps = json.load(open(gen_all.STAMPS))
    for name in gen_all.GENERATORS:
        assert stamps[name] == gen_all.inputs_hash(importlib.import_module(name)), \
            name + " is stale: run `make data`"


def test_the_web_site_holds_the_page_the_port_and_every_module_as_portable_bytecode(tmp_path):
    import base64
    import re

    import web_page

    out = tmp_path / "web"
    web_page.build(str(out))
    names = set(os.listdir(str(out)))
    assert {"index.html", "gadget.js", "style.css", "micropython.mjs", "micropython.wasm",
            "firmware.json"} <= names
    with open(str(out / "firmware.json")) as f:
        files = {path: base64.b64decode(data) for path, data in json.load(f)["files"].items()}
    expected = {rel[:-3] + ".mpy" for rel in build.firmware_modules()}
    expected |= set(build.firmware_resources())
    expected |= {"board.mpy"} | {rel[:-3] + ".mpy" for rel in build.board_drivers("web")}
    assert "drivers/hardware.mpy" in expected
    assert set(files) == expected
    for path, data in files.items():
        if path.endswith(".mpy"):
            # MicroPython's .mpy header: "M", version 6, and no native architecture (bytecode
            # that the WebAssembly port runs)
            assert data[:2] == b"M\x06" and data[2] >> 2 == 0, path
    # nothing is fetched from elsewhere: the page names only its own files
    for name in ("index.html", "gadget.js", "style.css"):
        with open(str(out / name), encoding="utf-8") as f:
            assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", f.read()), name
    # a directory that is not an earlier build is never replaced
    other = tmp_path / "mine"
    other.mkdir()
    (other / "keep.txt").write_text("x")
    with pytest.raises(build.BuildError):
        web_page.build(str(other))
    web_page.build(str(out))        # an earlier build is
