"""Free heap of a gadget hosting a shared table (run under micropython, see hostbench_together).

Args: GAME (a registry id). Boots the TTGO on fake hardware, opens the game, hosts a table
through the keys ("Chơi chung"), starts it with nobody joined (every other seat a computer
player) and plays on for TURNS presses of OK. Prints `menu N`, `setup N`, `lobby N`, `table N`
(gc.mem_free() after gc.collect() at each point) and `screen <title>` (the top screen at the
end: the game's title while it plays on, "Thông báo" when it ran out of heap).

The board does not restart (new_app's `restarts=False`): the lobby opens over the setup menu and
the table on a heap of its own in the same boot, as on a board without `hw.restart`, so the three
figures come from one process. A stock board restarts into each (tet.ui.restart): its tables are
hostbench_together's `.mpy` tables, every boot a process of its own.
"""

import gc

from fake_hw import TWO, new_app, open_game, press, run, walk_to  # the harness, not firmware

TURNS = 300     # OK presses, 400 ms apart: two minutes of play, a whole game of most


def free():
    gc.collect()
    return gc.mem_free()


def main(args):
    game_id = args[0]

    app = new_app("ttgo_tdisplay", address=9, restarts=False)
    nxt, ok = TWO[app.hw.name]
    print("menu", free())
    open_game(app, game_id)
    print("setup", free())
    walk_to(app, "Chơi chung")
    press(app, ok)
    print("lobby", free())
    press(app, ok)                              # Bắt đầu: nobody joined
    print("table", free())
    for _ in range(TURNS):                      # the host's own turns: OK takes the first choice
        press(app, ok)
        run(app, 400)
    print("screen", app.screen.title)
