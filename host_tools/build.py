"""Build the deployable tree for one board, or refresh the boards' mip package.json files.

    python host_tools/build.py --board ttgo_tdisplay --out build
        compiles firmware/**/*.py (except main.py) and the drivers the board imports with
        `mpy-cross -march=xtensawin` into OUT/ as .mpy files, copies the resource files (fonts,
        firmware/**/*.bin) as they are, and firmware/main.py and the board's board.py as sources
        (`make deploy` then copies OUT/ to the device with mpremote).
    python host_tools/build.py --package-json
        rewrites boards/*/package.json so `mpremote mip install` fetches the current file list.
"""

import argparse
import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
BOARD_IDS = ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306")
MARKER = ".tet_build"  # marks a directory this script may replace
ARCH = "xtensawin"  # ESP32 (Xtensa LX6 with windowed registers): needed for the viper code
# no line-number tables: from .mpy files they are heap (about 4% of a game's loaded modules);
# a traceback on the device names the function, the simulator runs the sources with line numbers
OPTIMISE = "-O3"
RESOURCES = (".bin",)  # data files read at run time (fonts), shipped as they are


class BuildError(Exception):
    """A build that cannot go on (the message is one line)."""


def _firmware_files(suffixes):
    """Paths under firmware/ (relative, '/'-separated, sorted) of files ending in `suffixes`."""
    found = []
    for dirpath, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(suffixes):
                found.append(os.path.relpath(os.path.join(dirpath, name), FIRMWARE).replace(os.sep, "/"))
    return found


def _registry():
    """firmware/tet/registry.py, read as the module it is (it imports nothing)."""
    spec = importlib.util.spec_from_file_location("registry",
                                                  os.path.join(FIRMWARE, "tet", "registry.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _device_edges(path, names):
    """The modules of `names` the file at `path` may load: its imports (with the packages above
    them), and every string that names one, in full (the parts a game opens by name,
    App.open_part) or by its name in the file's own package (the Tổ Tôm engine's modules of the
    rules it loads now and then, engine._module)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = source_name(os.path.relpath(path, FIRMWARE).replace(os.sep, "/"))
    if not path.endswith("__init__.py"):
        package = package.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(node.module + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
            if node.value.isidentifier() and package:
                found.add(package + "." + node.value)
    edges = set()
    for name in found:
        parts = name.split(".")
        edges.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return edges & names


def firmware_modules():
    """Paths under firmware/ (relative, '/'-separated, sorted) of the modules a gadget loads, the
    ones to compile and ship: what main.py and each game of the registry (its `ui` entry point
    and its `options`, which the launcher and Cài đặt import by the package's name) import,
    and so on. The rest of firmware/ (code written for the device that nothing loads yet) and
    host_tools/ stay on the desktop."""
    registry = _registry()
    paths = {source_name(rel): rel for rel in _firmware_files((".py",)) if rel != "main.py"}
    names = set(paths)
    todo = set(_device_edges(os.path.join(FIRMWARE, "main.py"), names)) | {"tet.registry"}
    for entry in registry.GAMES:
        # its entry point and house rules, and their packages (a game listed before its package
        # is written shows "Sắp có" at the launcher)
        package = "tet.games." + entry[registry.PACKAGE]
        todo |= {"tet.games", package, package + ".setup", package + ".options"} & names
    seen = set()
    while todo:
        name = todo.pop()
        seen.add(name)
        todo |= _device_edges(os.path.join(FIRMWARE, paths[name]), names) - seen
    return sorted(paths[name] for name in seen)


def firmware_resources():
    """Paths under firmware/ of the resource files the firmware opens at run time (fonts)."""
    return _firmware_files(RESOURCES)


def install_firmware(out_dir, arch=ARCH):
    """Compile every firmware module into `out_dir` and copy the resources: the tet package as
    a stock board holds it (the micropython lane imports it from such a directory). `arch`
    None: bytecode for any port (the web page's WebAssembly)."""
    written = [compile_mpy(FIRMWARE, rel, out_dir, arch) for rel in firmware_modules()]
    for rel in firmware_resources():
        dest = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(FIRMWARE, rel), dest)
        written.append(dest)
    return written


def _driver_imports(path):
    """Names of the drivers.* modules that the file at `path` imports."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("drivers."):
            names.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("drivers."):
                    names.add(alias.name.split(".")[1])
    return names


def board_drivers(board):
    """Driver files (relative to boards/) the board needs, following imports between drivers."""
    todo = sorted(_driver_imports(os.path.join(BOARDS, board, "board.py")))
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = os.path.join(BOARDS, "drivers", name + ".py")
        if not os.path.exists(path):
            raise BuildError("%s/board.py needs drivers/%s.py, which does not exist" % (board, name))
        seen.add(name)
        todo += sorted(_driver_imports(path) - seen)
    return ["drivers/__init__.py"] + ["drivers/%s.py" % n for n in sorted(seen)]


def source_name(rel):
    """The name a compiled module gives its tracebacks: its dotted module name ("tet.core.app"
    for tet/core/app.py). The interpreter interns it as it loads the module, which interns
    that name anyway, so each module costs one name fewer on the heap than with its path."""
    name = rel[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def compile_mpy(src_root, rel, out_dir, arch=ARCH):
    """mpy-cross `src_root/rel` to `out_dir/rel` with .mpy (named for tracebacks by
    source_name, line numbers dropped: OPTIMISE) for `arch` (None: bytecode only)."""
    dest = os.path.join(out_dir, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    march = ["-march=" + arch] if arch else []
    res = subprocess.run([sys.executable, "-m", "mpy_cross"] + march + [OPTIMISE,
                          "-s", source_name(rel), "-o", dest, rel],
                         cwd=src_root, capture_output=True, text=True)
    if res.returncode != 0:
        raise BuildError("mpy-cross failed on %s: %s" % (rel, res.stderr.strip().splitlines()[-1]
                                                          if res.stderr.strip() else "error"))
    return dest


def fresh_output(out_dir):
    """Make `out_dir` an empty directory, removing an earlier build there (one with MARKER:
    anything else is refused, BuildError); return its absolute path."""
    out_dir = os.path.abspath(out_dir)
    if os.path.isdir(out_dir) and os.listdir(out_dir):
        if not os.path.exists(os.path.join(out_dir, MARKER)):
            raise BuildError("refusing to replace %s: not an earlier build (no %s)"
                             % (out_dir, MARKER))
        shutil.rmtree(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    return out_dir


def build(board, out_dir):
    """Write the deployable tree for `board` into `out_dir` (replacing it); return its files."""
    if board not in BOARD_IDS:
        raise BuildError("unknown board %r (one of: %s)" % (board, ", ".join(BOARD_IDS)))
    out_dir = fresh_output(out_dir)
    written = install_firmware(out_dir)
    written += [compile_mpy(BOARDS, rel, out_dir) for rel in board_drivers(board)]
    for src, name in ((os.path.join(FIRMWARE, "main.py"), "main.py"),
                      (os.path.join(BOARDS, board, "board.py"), "board.py")):
        if not os.path.exists(src):
            raise BuildError("missing %s" % os.path.relpath(src, ROOT))
        shutil.copyfile(src, os.path.join(out_dir, name))
        written.append(os.path.join(out_dir, name))
    with open(os.path.join(out_dir, MARKER), "w") as f:
        f.write(board + "\n")
    return written


def package_json(board):
    """The mip package description of `board`: every file, with URLs relative to the board's
    folder, installed under the target directory (use `--target /` so main.py runs at boot)."""
    urls = [["main.py", "../../firmware/main.py"], ["board.py", "board.py"]]
    urls += [[rel, "../../firmware/" + rel] for rel in firmware_modules() + firmware_resources()]
    urls += [[rel, "../" + rel] for rel in board_drivers(board)]
    return {"urls": urls, "deps": [], "version": "0.1.0"}


def format_package_json(package):
    """JSON text with one [target, url] pair per line (readable diffs)."""
    pairs = ",\n".join("    " + json.dumps(pair) for pair in package["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        pairs, json.dumps(package["deps"]), json.dumps(package["version"]))


def write_package_json():
    """Rewrite boards/*/package.json from the current files; return the paths written."""
    paths = []
    for board in BOARD_IDS:
        path = os.path.join(BOARDS, board, "package.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(format_package_json(package_json(board)))
        paths.append(path)
    return paths


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    p.add_argument("--board", choices=BOARD_IDS)
    p.add_argument("--out", default="build")
    p.add_argument("--package-json", action="store_true",
                   help="rewrite boards/*/package.json instead of building")
    args = p.parse_args(argv)
    try:
        if args.package_json:
            for path in write_package_json():
                print("wrote", os.path.relpath(path, ROOT))
            return 0
        if not args.board:
            p.error("--board is required (or --package-json)")
        files = build(args.board, args.out)
    except BuildError as e:
        print("build: %s" % e, file=sys.stderr)
        return 1
    size = sum(os.path.getsize(f) for f in files)
    print("build: %s -> %s: %d files, %d bytes (deploy: make deploy BOARD=%s PORT=...)"
          % (args.board, args.out, len(files), size, args.board))
    return 0


if __name__ == "__main__":
    sys.exit(main())
