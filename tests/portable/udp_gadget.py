"""One gadget of a shared table of any game, in a micropython process of its own with
the device's heap, its radio on local UDP (sim.udp_air); run by tests/test_play_over_udp.py.

Args: ROLE GAME N GADGETS BASE_PORT SECONDS GAMES [LOSS].
- ROLE `host` (gadget 1, a TTGO) opens GAME (its id in the registry), sets the number of
  players to GADGETS where the game asks, picks "Chơi chung", waits for
  GADGETS - 1 people to join and starts; after each result but the last it closes the result
  (Tổ Tôm: the next deal).
- ROLE `guest` (gadget N) picks "Vào bàn", joins the table it hears and closes each result it
  is shown.
Each gadget runs on the board udp_table gives it (TET_BOARD: its framebuffer is that board's).
Each gadget's person plays their own turns with the keys: the first option offered or the first
card they may discard (Tổ Tôm), the first legal play or "Đi" (Xấp Sắc), the highlighted square
sown forward (Ô Ăn Quan), a roll or a shake (Xăm Hường); a round's scores are
read and closed, and a host asked about a gadget slow to answer waits for it ("Chờ thêm"). The
virtual clock is held to the real one (SPEED times faster), since the gadgets' processes run
side by side.

A board restarts MicroPython into the table (the host's, opened from its save; a guest's, asking
for its seat): that boot's process ends with fake_hw.RESTARTED after printing `low N` (its least
free heap after gc.collect(), sampled every second), and udp_table starts the next boot, which
goes on at the table.

Prints, at the end of GAMES games: `low N` (the same, for the boot at the table), `result TITLE` (the last result's title), `state VERSION
DIGEST` (the last public state: its version and SHA-256), `radio SENT LOST`. On a failure: one
line `no table: <the screen's text>`, `timeout: …` or `left the table: …`, exit status 1.
"""

import binascii
import gc
import hashlib
import sys
import time

from fake_hw import (PROCESS_BOARD, TWO, Restarted, boot_number, hold, new_app, open_game, press,
                     run, set_air, shake, walk_to)
from sim.udp_air import UdpAir  # the radio's stand-in: harness, as the fake hardware

SAMPLE_MS = 1000
SPEED = 8           # virtual ms per real ms: the people are quick, the gadgets mostly wait (at 3 the
                    # stock tables took 10-68 s each; the virtual clock is what a timeout reads)
SETTLE_MS = 3000
BOOT_MS = 2000      # by then a boot has opened what its note asked for    # the host serves on after the last result, then until every guest has it


def held_to_real_time(hw):
    """Make the fake's sleep_ms wait until the real clock (SPEED times faster) catches up with
    the virtual one."""
    start, virtual = time.ticks_ms(), hw.now

    def sleep_ms(ms):
        hw.now += ms
        ahead = (hw.now - virtual) // SPEED - time.ticks_diff(time.ticks_ms(), start)
        if ahead > 0:
            time.sleep_ms(ahead)

    hw.sleep_ms = sleep_ms


def to_tom_turn(app, table):
    """A Tổ Tôm player's turn, if it is theirs: the first option, or the first card they may
    discard."""
    nxt, ok = TWO[app.hw.name]
    if app.screen is not table or table.game.to_move() != table.me or \
            table.event == "Đã gửi, chờ bàn…":
        return
    if table.discard_mode:
        for _ in range(len(table.hand) + 1):
            if table.cursor < len(table.hand) and \
                    table.hand[table.cursor] in table.game.discards(table.me):
                break
            press(app, nxt)
    elif not table.options:
        return
    press(app, ok)


def _press_on(app, table, label, game):
    """NEXT until `label` (an item of the row) is under the cursor and not picked, then OK;
    False (nothing pressed) when a state from the host replaced the game meanwhile."""
    nxt, ok = TWO[app.hw.name]
    for _ in range(len(table.row) + 1):
        if table.game is not game:
            return False
        if table.row[table.cursor] == label and table.cursor not in table.picked:
            break
        press(app, nxt)
    if table.game is not game or table.row[table.cursor] != label:
        return False
    press(app, ok)
    return True


def xap_sac_turn(app, table):
    """A Xấp Sắc player's turn, if it is theirs: the first legal play (its cards, "Đặt", the
    first place), or "Đi" when there is none. A turn a new state interrupts is begun again
    from the hand (BACK leaves the places or the view of the table)."""
    game = table.game
    guest = getattr(table, "guest", None)
    if app.screen is not table or game.phase != 0 or game.turn != table.own or \
            (guest is not None and table.sent == guest.version):
        return      # 0: the engine's PLAYING
    if table.mode != 0 or table.picked:                  # 0: the screen's HAND
        hold(app, TWO[app.hw.name][1])
        while table.picked and table.mode == 0 and table.game is game:
            _press_on(app, table, table.row[table.picked[-1]], game)
        return
    if not table.plays:
        _press_on(app, table, "Đi", game)
        return
    for card in sorted(sys.modules["tet.games.xap_sac.engine"].play_cards(table.plays[0])):
        if not _press_on(app, table, card, game):
            return
    if table.game is game and _press_on(app, table, "Đặt", game):
        press(app, TWO[app.hw.name][1])                  # the first place


def o_an_quan_turn(app, board):
    """An Ô Ăn Quan player's turn, if it is theirs: the highlighted square, sown forward."""
    if app.screen is board and not board.animating and board.items and \
            board.seats[board.game.turn] == 0:
        press(app, TWO[app.hw.name][1])
        press(app, TWO[app.hw.name][1])


def xam_huong_turn(app, bowl):
    """A Xăm Hường player's roll, if it is theirs: OK, or a shake of a gadget that has a motion
    sensor (the M5StickC)."""
    guest = getattr(bowl, "guest", None)
    if app.screen is not bowl or bowl.rolling_since is not None or not bowl._mine() or \
            bowl.pending is not None or (guest is not None and bowl.sent == guest.version):
        return
    if app.hw.name == "m5stickc_plus":
        shake(app)
    else:
        press(app, TWO[app.hw.name][1])


def set_players(app, gadgets):
    """The host's setup menu: its "Số người: N" entry set to `gadgets` (OK cycles it, or asks
    in a list "N người", as the game does)."""
    ok = TWO[app.hw.name][1]
    menu = app.screen
    for _ in range(4):
        text = [menu.label(i) for i in range(len(menu.items))
                if menu.label(i).startswith("Số người: ")][0]
        if text.endswith(" %d" % gadgets):
            return
        walk_to(app, text)
        press(app, ok)
        if app.screen.title == "Số người":
            walk_to(app, "%d người" % gadgets)
            press(app, ok)


# GAME: (its turn, the titles that end a game, the starts of the titles read and closed)
GAMES = {"totom": (to_tom_turn, ("Ù!", "Hoà"), ()),
         "xs": (xap_sac_turn, ("Kết quả",), ("Hết ván", "Điểm")),
         "oaq": (o_an_quan_turn, ("Kết quả",), ()),
         "xh": (xam_huong_turn, ("Kết quả",), ())}


def wait_for(app, done, deadline):
    """Run the app until `done()`; False at the deadline (ticks_ms), or at once when the gadget
    ran out of heap (its notice is on the panel: nothing it waits for will come)."""
    while not done():
        if time.ticks_diff(time.ticks_ms(), deadline) > 0 or app.screen.title == "Thông báo":
            return False
        run(app, 100)
        sample(app)
    return True


def at_table(app):
    """True once the game's table screen is up (a host's or a guest's)."""
    return (hasattr(app.screen, "host") or hasattr(app.screen, "guest")) and \
        app.screen.title not in ("Chơi chung", "Vào bàn")


def to_the_table(app, host, gadgets, deadline):
    """From the game's setup menu, or from wherever a boot after a restart opened (the host's
    lobby, a guest's table asking for its seat), on to the table: the host sets the players
    and opens "Chơi chung", waits there for every gadget, starts; a guest picks "Vào bàn" and
    the first table heard. Pressing on may restart the board (Restarted goes up: the next
    boot goes on from where it opens). False when the table was not reached by the
    deadline."""
    ok = TWO[app.hw.name][1]
    wanted = "Đã vào: %d/" % gadgets
    while not at_table(app):
        title = app.screen.title
        if time.ticks_diff(time.ticks_ms(), deadline) > 0 or title == "Thông báo" or \
                app.screen is app.stack[0] and app.hw.now > BOOT_MS:
            return False        # (the launcher: a part the boot opened ran out of heap)
        shown = app.hw.display.shown_text()
        if host and title == "Chơi chung":
            if wanted in shown:
                press(app, ok)                           # Bắt đầu
        elif not host and title == "Vào bàn" and hasattr(app.screen, "tables"):
            if app.screen.tables:
                press(app, ok)                           # the first table heard
        elif hasattr(app.screen, "label") and "Chơi chung" in \
                [app.screen.label(i) for i in range(len(app.screen.items))]:
            if host:
                set_players(app, gadgets)
            walk_to(app, "Chơi chung" if host else "Vào bàn")
            press(app, ok)
        run(app, 100)
        sample(app)
    return True


def free():
    gc.collect()
    return gc.mem_free()


LOW = [1 << 30, 0]      # the least free heap seen, the virtual time of the next sample


def sample(app):
    """Every SAMPLE_MS of the gadget's clock: keep the least free heap (after a collection)."""
    if app.hw.now >= LOW[1]:
        LOW[1] = app.hw.now + SAMPLE_MS
        LOW[0] = min(LOW[0], free())


def fail(app, why):
    print(why + ":", app.hw.display.shown_text().replace("\n", " / "))
    sys.exit(1)


def play(app, game_id, table, games, deadline):
    """Play `games` games at `table` (sampling the heap, see sample)."""
    turn, ends, pause = GAMES[game_id]
    ok = TWO[app.hw.name][1]
    seen = 0
    while True:
        if time.ticks_diff(time.ticks_ms(), deadline) > 0:
            fail(app, "timeout")
        title = app.screen.title
        if title in ends:
            seen += 1
            if seen == games:
                return
            press(app, ok)                          # close the result: the next deal
            if not wait_for(app, lambda: app.screen is table and
                            app.screen.game.phase != 5, deadline):   # Tổ Tôm's P_OVER
                fail(app, "timeout")
            continue
        if title.startswith(pause) or title.endswith(" vắng lâu"):
            press(app, ok)      # read the scores; a gadget slow to answer: "Chờ thêm"
            continue
        if app.screen is not table:
            fail(app, "left the table")
        turn(app, table)
        run(app, 100)
        sample(app)


def main(args):
    role = args[0]
    game_id = args[1]
    n, gadgets, base, seconds, games = [int(a) for a in args[2:7]]
    loss = float(args[7]) if len(args) > 7 else 0.0
    air = UdpAir(gadgets, base, loss, seed=n)
    set_air(air)
    host = role == "host"
    deadline = time.ticks_add(time.ticks_ms(), seconds * 1000)
    # after a restart, the note the last boot left opens the lobby or the table
    boot = boot_number()
    app = new_app(PROCESS_BOARD, keep_storage=boot > 0, address=n)
    held_to_real_time(app.hw)
    if not boot:
        open_game(app, game_id)
    sample(app)
    try:
        if not to_the_table(app, host, gadgets, deadline):
            fail(app, "no table")
    except Restarted:
        print("low", LOW[0])        # this boot's
        raise
    table = app.screen
    play(app, game_id, table, games, deadline)
    title = app.screen.title
    if host:
        run(app, SETTLE_MS)
        link = table.host.link
        # a guest that has the result leaves (its pending messages stay): at most 15 s more
        wait_for(app, lambda: not [a for a in table.host.seats
                                   if isinstance(a, bytes) and link.waiting(a)],
                 time.ticks_add(time.ticks_ms(), 15000))
        public, version = table.host.adapter.public(), table.host.version
    else:
        public, version = table.guest.state, table.guest.version
    print("low", min(LOW[0], free()))
    print("result", title)
    print("state", version, binascii.hexlify(hashlib.sha256(public).digest()).decode())
    print("radio", air.sent, air.lost)
    # the game's modules this boot loaded (a Tổ Tôm guest's has no rules: tet.games.to_tom.seen)
    print("modules", " ".join(sorted(m for m in sys.modules if m.startswith("tet.games."))))
