"""Mutated Xấp Sắc saves through the real open path: save, reboot, open the game, Tiếp tục.

Every save is valid JSON with a good checksum but content from "another version" or a stranger:
fields deleted, retyped, out of range, cards duplicated or moved off the layout, a kẹt in mid
play. Each must resume (when it still is a possible position) or say "Không đọc được ván đã lưu"
and start fresh; never a crash. 300 saves on CPython and 300 under MicroPython (seeded).
"""

import sys

from fake_hw import TWO, new_app, open_game, press

from save_fuzz import lane_count

from tet.core.rng import Rng
from tet.games.xap_sac import engine as X
from tet.games.xap_sac.modes import SAVE

# the full count in the MicroPython lane, a fifth on CPython (save_fuzz.lane_count)
COUNT = lane_count(300)
VALUES = (None, True, False, 0, 1, -1, 3, 7, 99, 10 ** 9, -10 ** 9, "", "x", "R5", "TS", "R9",
          "W14", "follow", "lead", "pair", "1-14", "1-7x2", [], [0], ["R5"], {}, {"x": 1}, 1.5)


def base_saves():
    """A few real positions: fresh deals of both decks and games played some way in."""
    saves = []
    for players in (2, 3, 4):
        for deck in X.DECKS:
            game = X.XapSac(players, 10 + players, deck=deck)
            for step in range(3 * players):
                if game.phase != X.PLAYING:
                    break
                plays = game.legal_plays(every_order=False)
                if plays:
                    game.play(plays[step % len(plays)])
                else:
                    game.pass_turn()
            if game.phase == X.PLAYING:
                saves.append({"game": game.to_dict(), "level": 1, "note": "Máy 1: đi"})
    return saves


def copy(v):
    if isinstance(v, dict):
        return dict((k, copy(x)) for k, x in v.items())
    if isinstance(v, list):
        return [copy(x) for x in v]
    return v


def containers(v, out):
    """Every dict and list inside v (v included)."""
    if isinstance(v, (dict, list)):
        out.append(v)
        for x in (v.values() if isinstance(v, dict) else v):
            containers(x, out)
    return out


def mutate(save, rng):
    """One to three random changes somewhere in the save."""
    for _ in range(1 + rng.below(3)):
        spots = containers(save, [])
        spot = spots[rng.below(len(spots))]
        if isinstance(spot, dict):
            keys = list(spot)
            if not keys:
                continue
            k = keys[rng.below(len(keys))]
            if rng.below(5) == 0:
                del spot[k]
            else:
                spot[k] = copy(VALUES[rng.below(len(VALUES))])
        elif spot:
            i = rng.below(len(spot))
            roll = rng.below(4)
            if roll == 0:
                del spot[i]
            elif roll == 1:
                spot.append(copy(spot[i]))  # a duplicate card, a cell twice
            else:
                spot[i] = copy(VALUES[rng.below(len(VALUES))])
    return save


def test_mutated_saves_never_crash_the_game():
    rng = Rng(2026)
    bases = base_saves()
    board = "devkit_ssd1306"
    _nxt, ok = TWO[board]
    resumed = refused = 0
    app = new_app(board)
    for i in range(COUNT):
        save = mutate(copy(bases[i % len(bases)]), rng)
        app.save_game(SAVE, save)  # from the last boot: the reboot below reads it back
        app = new_app(board, keep_storage=True)
        open_game(app, "xs")
        while app.screen.title != "Xấp Sắc" or type(app.screen).__name__ == "Message":
            press(app, ok)  # a notice about a damaged file, if any
        if app.screen.selected == "Tiếp tục ván trước":
            press(app, ok)
        screen = app.screen
        if type(screen).__name__ == "Table":
            resumed += 1
            press(app, ok)  # play on a little: pick a card or hurry the computer
        else:
            text = app.hw.display.shown_text()
            assert "Không đọc được ván đã lưu" in text or "Bắt đầu" in text, text
            refused += 1
    assert resumed + refused == COUNT
    # both ways out are exercised (the exact split differs between runtimes: MicroPython's
    # dicts iterate in another order, so the same seed mutates other fields)
    assert resumed > COUNT // 50 and refused > COUNT // 4, (resumed, refused)
