"""A long Tổ Tôm evening at the device's heap: one hội of 40 games played to the end through the
table screen (every seat by the computer player, the table saving after every action, each
result shown and dismissed), with no MemoryError; the hội's save is read back after leaving.

Each game opens on a heap of its own (the launcher forgets the game's modules, the next table is
read from its save), so the free heap at the start of a game must not drift over the hội."""

import gc
import sys

from fake_hw import TWO, new_app, open_game, press

HEAP = "160K"
MEM_FREE = getattr(gc, "mem_free", None)     # MicroPython only
# forty under micropython, whose heap is the point; CPython, which has no fixed heap and draws
# through the simulator's framebuf in Python (some 4 s a game), plays four of them: a first
# game, the second that follows it, and two more to the end of the hội's save
GAMES = 40 if MEM_FREE else 4
# how far the free heap at a game's start may fall over the hội, from the third game on: the
# score sheet's history grows by an entry a game (a 2-item list read back from the save, about
# 100 B with its list's growth), and where the game's objects fall moves it by a few hundred
# bytes either way
DRIFT = 1024
PER_GAME = 128
# the free heap at each game's start: made with the harness (counted in its share), not grown
# a game at a time among the firmware's blocks
STARTS = [0] * (GAMES + 1)


def free_now():
    """Free heap after a collection (0 on CPython, which has no fixed heap)."""
    gc.collect()
    return MEM_FREE() if MEM_FREE else 0


def _games(app):
    """Games of the hội so far, as the table on screen counts them."""
    return app.screen.hoi.games


def _person_move(table):
    """The person's move, chosen by a computer player made from the table's own module (in a
    frame of its own: an ù lets that module go, and a frame still running must not hold it)."""
    return sys.modules["tet.games.to_tom.play"].new_player(table.rng).choose(table.game, 0)


def _act(app, ok):
    """One action of the evening: the person's move (by the computer player, from the table's
    own module), a computer's, or the result read and closed (returns True). Nothing of a game
    is kept here across its end: the next game's modules are imported anew, and a reference to
    the old ones (a table, a game, even a value left in a frame that is still running) would
    keep them beside those. So the test's own loop touches no game object."""
    top = app.screen
    if hasattr(top, "game"):
        if top.game.to_move() == 0:
            top._play(0, _person_move(top))
        else:
            top._bot_step()
        return False
    assert top.title in ("Ù!", "Hoà"), top.title
    assert top.title in app.hw.display.shown_text().split("\n")
    assert "Bảng điểm hội" in top.body
    top.handle(ok)
    return True


def _one_hoi(app):
    """Play GAMES games; the free heap at each game's start."""
    app.screen.hoi.target = 10000               # one hội that lasts the whole evening
    # firmware the gadget has loaded, imported once it has (the harness holds none of its own)
    ok = sys.modules["tet.core.input"].OK
    starts = STARTS
    starts[0] = free_now()
    results = 0
    for _ in range(200000):
        if results >= GAMES:
            break
        closed = _act(app, ok)
        app.step()
        if closed:                              # the next game has opened (App.open_part)
            results += 1
            assert _games(app) == results, (app.screen.title, results)
            starts[results] = free_now()
    assert results == GAMES and _games(app) == GAMES, (results, app.screen.title)
    return starts


def test_forty_games_of_one_hoi_at_160k():
    app = new_app("devkit_ssd1306")
    open_game(app, "totom")
    press(app, TWO["devkit_ssd1306"][1])        # Bắt đầu hội mới
    starts = _one_hoi(app)
    print("game starts free", " ".join(str(free) for free in starts))
    # the first game interns the win's names for good, the second the names of a draw or a win
    for game in range(3, len(starts)):
        assert starts[game] >= starts[2] - DRIFT - PER_GAME * (game - 2), starts
    # the save is read as a person finds it: after leaving the table (its heap given back)
    app.home()
    saved = app.load_game("to_tom")
    assert saved is not None and saved["hoi"]["games"] == GAMES
