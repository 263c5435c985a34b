"""Stranger's saves: seeded mutations of real Tổ Tôm saves (wrong types, out of range, huge sizes,
missing fields, lists cut or grown), each with a valid checksum, opened through the launcher and
the resume question as a player would. Every one either resumes a playable table or says
"Không đọc được ván đã lưu" and starts afresh: no crash. 300 per run under MicroPython (with the other games, 1,200 each), the first 60 on CPython.
"""

import sys

from fake_hw import TWO, new_app, open_game, press, run

from save_fuzz import lane_count

from tet.core.rng import Rng

# the full count in the MicroPython lane, a fifth on CPython (save_fuzz.lane_count)
COUNT = lane_count(300)
# every 50th save is opened from the launcher, every 10th from the game's entry (ui.start), the
# rest from its setup screen, whose first appearance asks the resume question
LAUNCHER_EVERY = 50
START_EVERY = 10
BAD = "Không đọc được ván đã lưu. Bắt đầu ván mới."
VALUES = (None, -1, 0, 1, 4, 5, 29, 30, 10 ** 9, -10 ** 9, "x", "", "Z" * 200, [], {}, True,
          False, 3.5, [0] * 31, [4] * 30, [[1, 2]], "9" * 30, [None])


def real_saves(app):
    """Saves of a hội in progress at a few points of one game (and the same in the lists of
    version 1)."""
    open_game(app, "totom")
    nxt, ok = TWO[app.hw.name]
    press(app, ok)
    table = app.screen
    out = [table.save_data()]
    for _ in range(3):
        run(app, 2500)
        if table.game.to_move() == 0:
            press(app, ok)
        if app.screen is table:
            out.append(table.save_data())
    old = dict(out[-1])
    game = dict(old["game"])
    for key in ("hands", "banned", "passed", "khan"):
        game[key] = [[ALPHA.find(c) for c in s] for s in game[key]]
    for key in ("stock", "pile", "pile_door", "tp"):
        game[key] = [ALPHA.find(c) for c in game[key]]
    game["laid"] = [[[ALPHA.find(c) for c in phu] for phu in lp] for lp in game["laid"]]
    del game["v"]
    old["game"] = game
    out.append(old)
    app.home()
    return out


ALPHA = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def copy(x):
    if isinstance(x, dict):
        return {k: copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy(v) for v in x]
    return x


def containers(x, out):
    """Every dict and list inside x (x included)."""
    if isinstance(x, (dict, list)):
        out.append(x)
        for v in (x.values() if isinstance(x, dict) else x):
            containers(v, out)
    return out


def mutate(save, rng):
    """One to three random changes somewhere in the save."""
    save = copy(save)
    for _ in range(1 + rng.below(3)):
        nodes = containers(save, [])
        node = nodes[rng.below(len(nodes))]
        keys = sorted(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        how = rng.below(6)
        if not keys or how == 5:
            if isinstance(node, list):
                node.append(VALUES[rng.below(len(VALUES))])
            continue
        key = keys[rng.below(len(keys))]
        if how <= 2:
            node[key] = copy(VALUES[rng.below(len(VALUES))])
        elif how == 3:
            del node[key]
        elif isinstance(node[key], int) and not isinstance(node[key], bool):
            node[key] += rng.randint(-3, 3)
        elif isinstance(node[key], str) and node[key]:
            s = node[key]
            i = rng.below(len(s))
            node[key] = s[:i] + ALPHA[rng.below(len(ALPHA))] + s[i + 1:]
        elif isinstance(node[key], list) and node[key]:
            node[key].pop()
    return save


def test_mutated_saves_never_crash_the_game_open():
    app = new_app("devkit_ssd1306")
    saves = real_saves(app)
    rng = Rng(20261201)
    nxt, ok = TWO[app.hw.name]
    resumed = refused = 0
    for i in range(COUNT):
        app.save_game("to_tom", mutate(saves[i % len(saves)], rng))
        if not i % LAUNCHER_EVERY:
            open_game(app, "totom")
        elif not i % START_EVERY:
            from tet.games.to_tom.setup import start

            app.push(start(app))
            run(app, 20)
        else:
            from tet.games.to_tom.setup import Setup

            app.push(Setup(app))
            run(app, 20)
        assert "Tiếp tục ván trước" in app.hw.display.shown_text()
        press(app, ok)
        if hasattr(app.screen, "game"):
            resumed += 1
            press(app, ok)
            press(app, nxt)
        else:
            refused += 1
            assert BAD in " ".join(app.screen.body.split()) or app.screen.title == "Tổ Tôm"
            run(app, 30)
        if not i % LAUNCHER_EVERY:
            app.home()              # leaving unloads the game, as on the device
        else:
            del app.stack[1:]       # back to the launcher, the game kept loaded (faster)
        app.forget_game("to_tom")
    assert resumed > 0 and refused > COUNT // 2, (resumed, refused)
