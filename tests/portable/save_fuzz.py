"""Mutated saves and settings for fuzz tests, the same on CPython and MicroPython (seeded).

`mutants(obj, seed, count)` yields `count` copies of a JSON value, each with one to three random
mutations: a value swapped for one of another type, null, a huge or negative number, a long
string, a deeply nested list, a key or item dropped, one added, a list blown up. The envelope's
"version" is an ordinary field and gets mutated too. `boot_with(name, obj)` leaves `obj` as save
`name` and boots the launcher on it; `open_each_game(app)` opens every game from the launcher
(resuming a save when one is offered) and plays a few frames.

A per-game save fuzz plugs in as:

    for data in mutants(a_real_save, seed, n):
        app = boot_with("to_tom", {"version": 1, "data": data})
        open_and_play(app, "totom")   # a registry id; must never raise
"""

import sys

from fake_hw import TWO, FakeHardware, Restarted, clear_storage, new_app, open_game, press, reboot, run

from tet.core.rng import Rng
from tet.core.storage import Storage

_DEEP = 40


def lane_count(count, share=5):
    """How many mutants a fuzz test runs here: `count` under MicroPython (the device's runtime,
    where `make test` meets the fuzz counts), one `share`-th of them (the same first ones: the
    seeds are shared) under CPython, whose pure-Python framebuf makes each boot several times
    slower (a test whose outcomes need more of its mutants to show both asks for a larger
    share)."""
    return count if sys.implementation.name == "micropython" else count // share


def _deep(n):
    v = [1]
    for _ in range(n):
        v = [v]
    return v


# values a field may be swapped for (functions, so that each mutant gets fresh lists and dicts)
_ODD = (
    lambda: None, lambda: "x", lambda: "", lambda: [1], lambda: [], lambda: {}, lambda: True,
    lambda: False, lambda: 0, lambda: -1, lambda: 1.5, lambda: 10 ** 9, lambda: -10 ** 9,
    lambda: 10 ** 30, lambda: "x" * 300, lambda: _deep(_DEEP), lambda: {"a": {"b": None}},
    lambda: [None, "x", [2]], lambda: 999, lambda: "1",
)


def copy(obj):
    """A deep copy of a JSON value (MicroPython has no copy module)."""
    if type(obj) is dict:
        return {k: copy(v) for k, v in obj.items()}
    if type(obj) is list:
        return [copy(v) for v in obj]
    return obj


def _swap(v, rng):
    """The value `v` as another type: 3 -> "3", [a] -> {"0": a}, "ab" -> ["a", "b"], ..."""
    if type(v) is int or type(v) is bool:
        return (str(v), [v], float(v), -v - 1, v * 1000003)[rng.below(5)]
    if type(v) is str:
        return (list(v), len(v), None)[rng.below(3)]
    if type(v) is list:
        return ({str(i): x for i, x in enumerate(v)}, v * 50, v[:1], v[1:])[rng.below(4)]
    if type(v) is dict:
        return (list(v.values()), list(v), None)[rng.below(3)]
    return rng.choice(_ODD)()


def _pick(holder, rng):
    """Walk from holder[0] to a random node; return (container, key) of the node."""
    parent, key = holder, 0
    while True:
        node = parent[key]
        keys = sorted(node) if type(node) is dict else range(len(node)) if type(node) is list else ()
        if not keys or rng.below(3) == 0:
            return parent, key
        parent, key = node, rng.choice(list(keys))


def _mutate_once(holder, rng):
    parent, key = _pick(holder, rng)
    node = parent[key]
    op = rng.below(6)
    if op == 0:
        parent[key] = rng.choice(_ODD)()
    elif op == 1:
        parent[key] = _swap(node, rng)
    elif op == 2 and parent is not holder:
        del parent[key]                        # a missing key or item
    elif op == 3 and type(node) is dict:
        node["extra%d" % rng.below(9)] = rng.choice(_ODD)()
    elif op == 4 and type(node) is list:
        node.append(rng.choice(_ODD)())
    elif op == 5 and type(node) is int and type(node) is not bool:
        parent[key] = (10 ** 9, -(10 ** 9), 10 ** 30, node + 1, node - 1)[rng.below(5)]
    else:
        parent[key] = None


def mutate(obj, rng):
    """A copy of JSON value `obj` with one to three random mutations drawn from `rng`."""
    holder = [copy(obj)]
    for _ in range(1 + rng.below(3)):
        _mutate_once(holder, rng)
    return holder[0]


def mutants(obj, seed, count):
    """Yield `count` mutated copies of `obj`, the same sequence for the same seed everywhere."""
    rng = Rng(seed)
    for _ in range(count):
        yield mutate(obj, rng)


def boot_with(name, obj, board="ttgo_tdisplay"):
    """Leave `obj` as save `name` (written as the firmware writes it) and boot the launcher."""
    hw = FakeHardware(board)
    clear_storage(hw)
    Storage(hw.storage).save(name, obj)
    return new_app(board, keep_storage=True)


def dismiss_notices(app):
    """Close any message shown over the launcher at boot."""
    ok = TWO[app.hw.name][1]
    guard = 0
    while app.screen is not app.stack[0]:
        press(app, ok)
        guard += 1
        assert guard < 5, app.screen.title


def open_and_play(app, game_id):
    """Open game `game_id` from the launcher and its first entry (resume if offered, else a new
    game), play a few frames, and go back to the launcher. Returns the app: after another game
    the board restarts into this one (fake_hw.reboot), a new app with the same storage."""
    ok = TWO[app.hw.name][1]
    try:
        open_game(app, game_id)
    except Restarted:
        app = reboot(app)
    launcher = app.stack[0]
    assert app.screen is not launcher
    press(app, ok)
    run(app, 300)
    app.home()
    run(app, 30)
    assert app.screen is launcher
    return app


def open_each_game(app):
    """Open every game of the registry from the launcher in turn (see open_and_play)."""
    from tet.registry import GAMES, ID

    for entry in GAMES:
        app = open_and_play(app, entry[ID])
