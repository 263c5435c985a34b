"""Free heap of a gadget hosting a shared table (run under micropython, see hostbench_together).

Args: GAME (a registry id). Boots the TTGO on fake hardware, opens the game, hosts a table
through the keys ("Chơi chung"), starts it with nobody joined (every other seat a computer
player) and plays on for TURNS presses of OK. Prints `menu N`, `setup N`, `lobby N`, `table N`
(gc.mem_free() after gc.collect() at each point) and `screen <title>` (the top screen at the
end: the game's title while it plays on, "Thông báo" when it ran out of heap), or `screen
ended` when the game ended and its table closed (the board restarting into the game's menu).

The board restarts as a stock board does (tet.ui.restart): "Chơi chung" into the lobby, "Bắt
đầu" into the table; each restart ends this process (fake_hw.RESTARTED) and hostbench_together
boots the next in a process of its own (TET_BOOT: 0 the menu, 1 the lobby, 2 the table), the
board's storage kept.
"""

import gc

# the harness, not firmware
from fake_hw import TWO, Restarted, boot_number, new_app, open_game, press, run, walk_to

TURNS = 300     # OK presses, 400 ms apart: two minutes of play, a whole game of most


def free():
    gc.collect()
    return gc.mem_free()


def main(args):
    game_id = args[0]
    boot = boot_number()
    app = new_app("ttgo_tdisplay", keep_storage=boot > 0, address=9)
    ok = TWO[app.hw.name][1]
    if boot == 0:
        print("menu", free())
        open_game(app, game_id)
        print("setup", free())
        walk_to(app, "Chơi chung")
        press(app, ok)                          # restarts into the lobby
    elif boot == 1:
        print("lobby", free())
        press(app, ok)                          # Bắt đầu, nobody joined: into the table
    print("table", free())
    try:
        for _ in range(TURNS):                  # the host's own turns: OK takes the first choice
            press(app, ok)
            run(app, 400)
    except Restarted:
        print("screen ended")   # the game ended and its table closed: the board restarts
        return
    print("screen", app.screen.title)
