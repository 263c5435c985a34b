"""The direction of dependencies, read from the source with `ast` (every import, nested ones too):
no cycles between modules, tet.core imports nothing above it, the shell (tet.ui, which reads the
list of games, tet.registry) imports no game, engines import no screens, no game imports another
game, and nothing under firmware/ imports `machine`. Outside the test harness nothing touches
sys.path but the three places that set up a run of device code."""

import ast
import os

import pytest

from mp_lane import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "boards")
# game modules that must stay pure: no screens, no drawing, no input
ENGINE_ROLES = ("engine", "ai", "rules", "hand", "cards", "options", "rolls", "state",
                "scoring", "restore", "laid", "laid_bat_thuc", "laid_score", "wait_scan",
                "bat_thuc", "win")
SHELL_AND_SCREENS = ("tet.ui", "tet.core.app", "tet.core.gfx", "tet.core.input", "tet.core.sound")
# The only code outside tests/ that may touch sys.path: the simulator's one entry point for
# device code on CPython (sim.install_fakes), the MicroPython lane's prelude and the simulator's
# device side, which set up a micropython process. The host tools are an installed package
# (pyproject.toml): sim/ and host_tools/ import each other as such.
PATH_SETTERS = ("host_tools/sim/__init__.py", "host_tools/mp_prelude.py",
                "host_tools/sim/device.py")


def _modules(base):
    """{dotted module name: path} of every .py file under `base`."""
    found = {}
    for dirpath, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name), base)[:-3].replace(os.sep, ".")
                if rel.endswith(".__init__"):
                    rel = rel[:-len(".__init__")]
                found[rel] = os.path.join(dirpath, name)
    return found


MODULES = dict(_modules(FIRMWARE), **_modules(BOARDS))


def _imports(path):
    """Every module name the file imports (absolute imports; `from a import b` counts a.b when b
    is a module)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            for alias in node.names:
                if node.module + "." + alias.name in MODULES:
                    names.add(node.module + "." + alias.name)
    return names


GRAPH = {name: sorted(n for n in _imports(path) if n in MODULES) for name, path in MODULES.items()}
ALL_IMPORTS = {name: _imports(path) for name, path in MODULES.items()}


def _under(name, prefix):
    return name == prefix or name.startswith(prefix + ".")


def _cycles(graph):
    """Every strongly connected group of two or more modules (Tarjan's algorithm)."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_the_reader_finds_the_imports_it_judges():
    # the checks below mean something only if the graph sees real edges of each kind
    assert "tet.games.to_tom.hand" in GRAPH["tet.games.to_tom.engine"]
    assert "tet.ui.game_screen" in GRAPH["tet.games.o_an_quan.play"]
    assert "tet.ui.widgets" in GRAPH["tet.ui.launcher"]
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert _cycles(GRAPH) == []


def test_core_imports_nothing_above_it():
    for name, deps in GRAPH.items():
        if _under(name, "tet.core"):
            above = [d for d in deps if not (_under(d, "tet.core") or _under(d, "tet.data"))]
            assert above == [], name


def test_the_shell_imports_no_game():
    # the launcher and Cài đặt reach a game by the registry's package name, at run time
    for name, deps in GRAPH.items():
        if _under(name, "tet.ui"):
            assert [d for d in deps if _under(d, "tet.games")] == [], name


@pytest.mark.parametrize("role", ENGINE_ROLES)
def test_engines_import_no_screens(role):
    for name, deps in GRAPH.items():
        if name.startswith("tet.games.") and name.rsplit(".", 1)[1] == role:
            package = name.rsplit(".", 1)[0]
            screens = [d for d in deps if any(_under(d, s) for s in SHELL_AND_SCREENS)
                       or (_under(d, package) and d != package
                           and d.rsplit(".", 1)[1] not in ENGINE_ROLES)]
            assert screens == [], name


def test_no_game_imports_another_game():
    for name, deps in GRAPH.items():
        parts = name.split(".")
        if len(parts) > 3 and parts[:2] == ["tet", "games"]:
            own = ".".join(parts[:3])
            other = [d for d in deps if len(d.split(".")) > 3 and d.startswith("tet.games.")
                     and not _under(d, own)]
            assert other == [], name


def test_firmware_never_imports_machine():
    for name, path in MODULES.items():
        if path.startswith(FIRMWARE + os.sep):
            assert not any(_under(n, "machine") for n in ALL_IMPORTS[name]), name


def _touches_sys_path(source):
    """True when the code reads or edits sys.path (sys.path itself, or `from sys import path`)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "path" and \
                isinstance(node.value, ast.Name) and node.value.id == "sys":
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "sys" and \
                any(alias.name == "path" for alias in node.names):
            return True
    return False


def test_the_path_reader_finds_an_edit():
    assert _touches_sys_path("import sys\nsys.path.insert(0, 'x')\n")
    assert _touches_sys_path("import sys\nsys.path[:0] = ['x']\n")
    assert _touches_sys_path("def f():\n    from sys import path\n    path.append('x')\n")
    assert not _touches_sys_path('"""sys.path is set up by sim.install_fakes"""\nimport os.path\n')


def test_no_sys_path_edits_outside_the_harness():
    found = []
    for top in ("firmware", "boards", "host_tools"):
        for path in _modules(os.path.join(ROOT, top)).values():
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                if _touches_sys_path(f.read()) and rel not in PATH_SETTERS:
                    found.append(rel)
    assert found == []
    for rel in PATH_SETTERS:        # each still needs its exception
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            assert _touches_sys_path(f.read()), rel
