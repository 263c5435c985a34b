"""A long Tổ Tôm evening at the device's heap: one hội of 40 games played to the end through the
table screen (every seat by the computer player, the table saving after every action, each
result shown and dismissed), with no MemoryError; the hội's save is read back after leaving."""

import gc

from fake_hw import TWO, new_app, open_game, press

HEAP = "160K"
GAMES = 40
MEM_FREE = getattr(gc, "mem_free", lambda: 1)     # MicroPython only


def test_forty_games_of_one_hoi_at_160k():
    app = new_app("devkit_ssd1306")
    open_game(app, "totom")
    press(app, TWO["devkit_ssd1306"][1])        # Bắt đầu hội mới
    # firmware the gadget has loaded, imported once it has (the harness holds none of its own)
    from tet.core import input as inp
    from tet.games.to_tom.ai import Player
    from tet.games.to_tom.table import Table

    table = app.screen
    hoi = table.hoi
    hoi.target = 10000                          # one hội that lasts the whole evening
    me = Player("bot", table.rng)
    results = 0
    lowest = MEM_FREE()
    for _ in range(200000):
        if results >= GAMES:
            break
        top = app.screen
        if isinstance(top, Table):
            game = top.game
            if game.to_move() == 0:
                top._play(0, me.choose(game, 0))
            else:
                top._bot_step()
        else:
            assert top.title in ("Ù!", "Hoà"), top.title
            assert top.title in app.hw.display.shown_text().split("\n")
            assert "Bảng điểm hội" in top.body
            results += 1
            top.handle(inp.OK)
            lowest = min(lowest, MEM_FREE())
        app.step()
    assert hoi.games == GAMES and results == GAMES, (hoi.games, results, app.screen.title)
    # the save is read as a person finds it: after leaving the table (its heap given back)
    table = top = game = hoi = None
    app.home()
    gc.collect()
    saved = app.load_game("to_tom")
    assert saved is not None and saved["hoi"]["games"] == GAMES
    assert lowest > 0
