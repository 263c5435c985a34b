"""Xăm Hường saves from a stranger (issue 12): a save with a valid checksum but other content is
checked field by field; anything wrong says "Không đọc được ván đã lưu" and starts fresh, never
a crash. A seeded fuzz test mutates real saves and opens each through the boot and game-open path
a player takes, then presses a few keys."""

import json
import sys

from fake_hw import TWO, new_app, open_game, press

from save_fuzz import lane_count

from tet.core.rng import Rng

SAVE = "xam_huong"
UNREADABLE = "Không đọc được ván đã lưu"
# the full count in the MicroPython lane, a third on CPython, where a fifth shows no resumed save (save_fuzz.lane_count)
VARIANTS = lane_count(300, 3)
ODD_VALUES = (None, -1, 0, 1, 7, 255, 256, 10 ** 9, -(10 ** 9), "", "x", "zz", "00", [], {},
              [1], [0] * 6, True, False, 1.5, "Người 1", [[1]])


def said(app):
    """The shown frame's text as one line (a wrapped message reads whole)."""
    return " ".join(app.hw.display.shown_text().split("\n"))


def played_save(board, rolls, options=None):
    """The save data of a real game after `rolls` rolls (through the screens' own save)."""
    from tet.games.xam_huong.engine import XamHuong
    from tet.games.xam_huong.play import Play

    app = new_app(board)
    game = XamHuong(4, options)
    play = Play(app, game, ["Ông", "Bà", "Ba", "Má"], 0)
    app.push(play)
    rng = Rng(rolls + 11)
    for _ in range(rolls):
        play._apply(bytes(rng.randint(1, 6) for _ in range(6)), False)
        if game.over():
            break
    return json.loads(json.dumps(play.save_data()))


def boot_and_resume(board, data, app=None):
    """Save `data` as the game's save (with `app`, or a freshly booted one on `board`), reboot,
    open Xăm Hường, pick Tiếp tục; return the new app."""
    if app is None:
        app = new_app(board)
    app.save_game(SAVE, data)
    app = new_app(board, keep_storage=True)
    open_game(app, "xh")
    assert app.screen.selected == "Tiếp tục ván trước", app.hw.display.shown_text()
    press(app, TWO[board][1])
    return app


def test_a_good_save_resumes_with_its_last_roll_on_screen():
    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        data = played_save(board, 6)
        app = boot_and_resume(board, data)
        play = app.screen
        assert play.game.rolls == 6 and play.game.to_dict() == data["game"]
        shown = app.hw.display.shown_text()
        who, result = data["shown"][0], data["shown"][1]
        assert who == "Bà gieo lần 6:", who                  # the sixth roll: seat 2 of 4
        # the resumed screen names the roll on show and whose it was
        assert who in shown and result in shown, shown


def test_an_old_save_without_the_shown_roll_rebuilds_it_from_the_history():
    data = played_save("ttgo_tdisplay", 3)
    del data["shown"]
    app = boot_and_resume("ttgo_tdisplay", data)
    play = app.screen
    assert play.who == "Ba gieo lần 3:" and play.result     # the third roll: the third seat
    assert "Ba gieo lần 3:" in app.hw.display.shown_text()


def test_empty_dice_and_other_broken_fields_start_a_fresh_game():
    good = played_save("ttgo_tdisplay", 4)
    broken = []
    for key, value in (("dice", []), ("dice", [0, 1, 2, 3, 4, 5]), ("names", ["Ông"]),
                       ("scorer", "x"), ("shown", None)):
        d = json.loads(json.dumps(good))
        d[key] = value
        broken.append(d)
    for key, value in (("pool", ""), ("held", "00"), ("turn", 9), ("ledger", [0]),
                       ("history", "zz"), ("duel", None), ("pot", -5), ("players", 40),
                       ("rolls", "3"), ("options", {"ban_trang": 999})):
        d = json.loads(json.dumps(good))
        d["game"][key] = value
        broken.append(d)
    for d in broken:
        app = boot_and_resume("ttgo_tdisplay", d)
        assert UNREADABLE in said(app), d
        press(app, "B")
        assert app.screen.title == "Xăm Hường" and app.screen.selected == "Bắt đầu"
        assert app.load_game(SAVE) is None                 # the bad save is forgotten


def _paths(obj, prefix=()):
    """Every (container, key) inside a JSON tree, depth first."""
    out = []
    keys = sorted(obj) if isinstance(obj, dict) else range(len(obj))
    for k in keys:
        out.append((obj, k))
        if isinstance(obj[k], (dict, list)):
            out += _paths(obj[k])
    return out


def mutate(data, rng):
    """A copy of save `data` with one to three random changes (a value replaced by an odd one, a
    key removed, a list or string cut, grown or altered)."""
    d = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        container, key = rng.choice(_paths(d))
        value = container[key]
        how = rng.randint(0, 5)
        if how == 0 and isinstance(container, dict):
            del container[key]
        elif how == 1 and isinstance(value, (list, str)) and value:
            container[key] = value[:rng.below(len(value))]
        elif how == 2 and isinstance(value, (list, str)):
            container[key] = value + value[:1] * rng.randint(1, 3)
        elif how == 3 and isinstance(value, str) and value:
            at = rng.below(len(value))
            container[key] = value[:at] + rng.choice("0f9azĐ") + value[at + 1:]
        elif how == 4 and isinstance(value, int) and not isinstance(value, bool):
            container[key] = value + rng.choice((-1, 1, -100, 100, 10 ** 6))
        else:
            container[key] = rng.choice(ODD_VALUES)
    return d


def test_mutated_saves_never_crash_the_open_path():
    """VARIANTS mutations of real saves (seeded), each opened through boot, the launcher and
    Tiếp tục, then rolled, the table and history opened: no exception; every variant either
    resumes a playable game or says it cannot be read."""
    boards = ("ttgo_tdisplay", "devkit_ssd1306", "m5stickc_plus")
    bases = [played_save("ttgo_tdisplay", 0), played_save("ttgo_tdisplay", 9),
             played_save("devkit_ssd1306", 30, {"dau_the_roi": 2, "khong_lay_the": 1})]
    rng = Rng(20260101)
    resumed = refused = 0
    last = {}
    for n in range(VARIANTS):
        board = boards[n % 3]
        nxt, ok = TWO[board]
        data = mutate(bases[n % len(bases)], rng)
        try:
            # the app of the board's last variant writes the save, as a game would have
            app = boot_and_resume(board, data, last.get(board))
            last[board] = app
            if hasattr(app.screen, "game"):
                resumed += 1
                for key in (ok, ok, nxt, ok, ok):              # roll, land, table, close, roll
                    press(app, key, 30, 30)
            else:
                refused += 1
                assert UNREADABLE in said(app)
                press(app, ok, 30, 30)
                assert app.screen.selected == "Bắt đầu"
        except Exception as e:
            raise AssertionError("variant %d crashed: %r on %s" % (n, e, json.dumps(data)))
    # both outcomes happen: the fuzz reaches the checks and the resumed games
    assert resumed > VARIANTS // 40 and refused > VARIANTS // 3, (resumed, refused)
