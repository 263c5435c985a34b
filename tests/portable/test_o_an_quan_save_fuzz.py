"""Mutated Ô Ăn Quan saves (valid checksum, wrong content: type swaps, nulls, huge numbers, deep
nesting, wrong lengths, missing keys, off-by-one counts) opened through the real path: the save
written with app.save_game, a reboot, the launcher, "Tiếp tục ván trước". Never a crash: either
the game resumes (and plays on) or "Không đọc được ván đã lưu" and a fresh start. Seeded."""

import os
import sys

from fake_hw import TWO, new_app, open_game, press, run

from save_fuzz import lane_count

from tet.core.rng import Rng
from tet.games.o_an_quan.engine import Game

SAVE = "o_an_quan"
UNREADABLE = "Không đọc được ván đã lưu. Bắt đầu ván mới."
# the full count in the MicroPython lane, a third on CPython, where a fifth shows no resumed save (save_fuzz.lane_count)
COUNT = int(os.getenv("OAQ_FUZZ", "0")) or lane_count(300, 2)
# a reboot and the launcher for one mutant in REBOOT_EVERY; for the others the game's set-up
# screen is opened again (what the launcher pushes), so the game's modules stay imported
REBOOT_EVERY = 20


def base_saves():
    """Real saves: 2, 3 and 4 players, both house rules, every mode, with and without undo."""
    rng = Rng(31)
    out = []
    for players, qv, qn, seats, plies in ((2, 10, False, [0, 1], 6), (3, 5, True, [0, 1, 1], 9),
                                          (4, 10, True, [0, 0, 0, 0], 13), (2, 5, False, [1, 1], 30)):
        game = Game(players, qv, qn)
        undo = None
        for _ in range(plies):
            if game.over:
                break
            undo = list(game.state)
            game.play(*rng.choice(game.legal_moves()))
        if game.over:
            continue
        out.append({"game": game.to_dict(), "seats": seats, "level": rng.below(3),
                    "undo": undo if seats == [0] + [1] * (players - 1) and game.turn == 0 else None})
    return out


def copy(obj):
    if isinstance(obj, dict):
        return {k: copy(obj[k]) for k in obj}
    if isinstance(obj, list):
        return [copy(v) for v in obj]
    return obj


def slots(obj, out):
    """Every (container, key) pair in `obj`, depth first."""
    if isinstance(obj, dict):
        for k in obj:
            out.append((obj, k))
            slots(obj[k], out)
    elif isinstance(obj, list):
        for i in range(len(obj)):
            out.append((obj, i))
            slots(obj[i], out)
    return out


def nested(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def replacement(rng, old):
    """A value of the wrong type, size or range in place of `old`."""
    kind = rng.below(12)
    if kind == 0:
        return None
    if kind == 1:
        return str(old)
    if kind == 2:
        return [old]
    if kind == 3:
        return {"x": old}
    if kind == 4:
        return (10 ** 12, -10 ** 9, 2 ** 31, 2 ** 30, -1, 256)[rng.below(6)]
    if kind == 5:
        return nested(5 + rng.below(20))
    if kind == 6:
        return 1.5
    if kind == 7:
        return not old
    if kind == 8 and isinstance(old, list):
        return old[:rng.below(len(old) + 1)]
    if kind == 9 and isinstance(old, list):
        return old + [rng.below(6)] * (1 + rng.below(3))
    if isinstance(old, int) and not isinstance(old, bool):
        return old + (1, -1, 5, -5)[rng.below(4)]
    return ""


def mutant(rng, bases):
    save = copy(bases[rng.below(len(bases))])
    for _ in range(1 + rng.below(3)):
        places = slots(save, [])
        if rng.below(2):
            # half the time a field of the save or of its game, not one of the many state bytes
            places = [(w, k) for (w, k) in places if isinstance(w, dict)]
        where, key = places[rng.below(len(places))]
        if isinstance(where, dict) and rng.below(8) == 0:
            del where[key]
        else:
            where[key] = replacement(rng, where[key])
    if rng.below(40) == 0:
        return replacement(rng, save)
    return save


def open_saved(app, launcher=True):
    """Open Ô Ăn Quan (from the launcher, or in place of the game's screens) and answer
    "Tiếp tục ván trước"; return what shows."""
    nxt, ok = TWO[app.hw.name]
    if launcher:
        open_game(app, "oaq")
    else:
        while len(app.stack) > 2:
            app.stack.pop()
        app.replace(sys.modules["tet.games.o_an_quan.setup"].start(app))
        run(app, 20)
    if app.screen.title == "Thông báo":
        # the app refused the save before the game saw it (not a save of this format): it says
        # so over the setup menu, which starts a fresh game
        assert "Bản lưu" in app.hw.display.shown_text()
        press(app, ok)
        assert getattr(app.screen, "selected", "") == "Bắt đầu"
        return "refused"
    if app.screen.title == "Ô Ăn Quan" and getattr(app.screen, "selected", "") == "Bắt đầu":
        return "fresh"
    lines = app.hw.display.shown_text().split("\n")
    # the two choices, in order (the button hints follow them)
    assert "Tiếp tục ván trước" in lines
    assert lines[lines.index("Tiếp tục ván trước") + 1] == "Ván mới"
    press(app, ok)
    if type(app.screen).__name__ == "Board":
        board = app.screen
        game = board.game
        assert sum(game.board()) + sum(game.captured()) == 25 * game.players
        run(app, 300)          # it plays on: a redraw, a computer turn
        assert app.screen.title in ("Ô Ăn Quan", "Kết quả")
        return "resumed"
    assert app.screen.title == "Ô Ăn Quan"
    assert UNREADABLE in " ".join(app.hw.display.shown_text().split("\n"))
    assert app.load_game(SAVE) is None
    press(app, ok)
    assert getattr(app.screen, "selected", "") == "Bắt đầu"
    return "refused"


def test_mutated_saves_never_crash_the_game():
    if sys.implementation.name == "micropython":
        fuzz()
        return
    # CPython's full collection costs ~50 ms in a test process (the device's heap is what
    # the collections are for): a generation-0 one keeps 1,000 mutants within seconds
    import gc

    collect = gc.collect
    gc.collect = lambda generation=0: collect(0)
    try:
        fuzz()
    finally:
        gc.collect = collect


def fuzz():
    rng = Rng(2026)
    bases = base_saves()
    assert len(bases) >= 3
    board = "devkit_ssd1306"   # the smallest frame: the least drawing per mutant
    app = new_app(board)
    seen = {"fresh": 0, "resumed": 0, "refused": 0}
    for i in range(COUNT):
        app.save_game(SAVE, mutant(rng, bases))
        reboot = i % REBOOT_EVERY == 0
        if reboot:
            app = new_app(board, keep_storage=True)
        seen[open_saved(app, reboot)] += 1
        app.forget_game(SAVE)
    # most mutants are refused, some are still a real game (e.g. a level changed)
    assert seen["refused"] > COUNT // 2 and seen["resumed"] > 0, seen


def test_the_unmutated_saves_all_resume():
    app = new_app("devkit_ssd1306")
    for save in base_saves():
        app.save_game(SAVE, save)
        assert open_saved(app) == "resumed"
        app.forget_game(SAVE)
        app.home()
        run(app, 20)
