"""The engine workloads whose device time and allocation hostbench_device.py measures.

Runs under MicroPython (the unix binary, with or without callgrind, and the 32-bit WebAssembly
lane); not a benchmark module itself. Usage (by hostbench_device.py):

    main([MODE, WORKLOAD, COUNT, ...])

MODE  `icount`: benchlib.mark() before the first item and after each, nothing else in between,
            so icount.regions() gives one exact instruction count per item;
      `wall`:   microseconds per item (the unstable secondary figure);
      `alloc`:  bytes allocated per item with the collector off (gc.mem_alloc() delta, after one
            warm-up call), and whether the call allocates at all (micropython.heap_lock()).
      `poll`:   the gaps between the polls of `should_stop` (App.pump on the device, where BACK
            is read): each item runs twice under benchlib.mark() bounds. First with a
            should_stop that marks and answers False: its regions are the gaps (start to first
            poll, poll to poll, last poll to the end). Then with one that answers True from the
            middle poll on (as App.pump does while BACK waits), marking there and at the end:
            that region is the wind-down after a stop. The value printed is the number of polls
            of the first run (hostbench_poll_gaps.py splits the regions).
Prints one `ITEM <index> <units> <value>` line per item (units: search nodes, legal plays, or 1).

Module paths come from PATHS, the only place they are named, so the game packages can move.
"""

import gc
import sys
from array import array

import benchlib

PATHS = {
    "oaq_ai": "tet.games.o_an_quan.ai",
    "oaq_positions": "bench_o_an_quan",   # positions(count, players): greedy mid-game states
    "to_tom_waits": "tet.games.to_tom.wait_scan",
    "to_tom_hands": "bench_to_tom_hand",  # _dense_hands(rng, count): 24-card worst cases
    "to_tom": "tet.games.to_tom.engine",
    "to_tom_state": "tet.games.to_tom.state",
    "to_tom_ai": "tet.games.to_tom.ai",
    "to_tom_end": "tet.games.to_tom.end_game",
    "to_tom_checker": "tet.games.to_tom.checker",
    "xap_sac": "tet.games.xap_sac.engine",
    "xap_sac_ai": "tet.games.xap_sac.ai",
    "xap_sac_positions": "bench_xap_sac",  # busy_position(): 30+ cards on the table, as Dẫn
    "rng": "tet.core.rng",
    "app": "tet.core.app",
    "launcher": "tet.ui.launcher",
    "fake_hw": "fake_hw",                 # tests/portable: the boards' hardware, faked
    "air": "sim.air",                     # the radio channel's fake (plain Python)
    "net_link": "tet.net.link",
    "net_host": "tet.net.host",
    "net_guest": "tet.net.guest",
    "oaq_shared": "tet.games.o_an_quan.adapter",
    "oaq_engine": "tet.games.o_an_quan.engine",
    "xh_shared": "tet.games.xam_huong.adapter",
    "xh_engine": "tet.games.xam_huong.engine",
    "to_tom_shared": "tet.games.to_tom.adapter",
    "to_tom_seen": "tet.games.to_tom.seen",   # a guest's view of the table: no rules
    "to_tom_intents": "tet.games.to_tom.intents",
    "xs_shared": "tet.games.xap_sac.adapter",
}


# The should_stop the workloads pass on: None, except in `poll` mode.
POLL = [None]


def load(key):
    """The module PATHS[key] names."""
    name = PATHS[key]
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def oaq_search(count, players, level, pick=""):
    """Ô Ăn Quan: one search per position at a level's node budget; units = nodes searched.
    `pick` ("3,17,42") keeps only those of the `count` positions."""
    ai = load("oaq_ai")
    states = load("oaq_positions").positions(count, players)
    if pick:
        states = [states[int(i)] for i in pick.split(",")]
    searcher = ai.Searcher(players)
    budget = ai.level_nodes(level, players)

    def work(st):
        searcher.search(st, budget, should_stop=POLL[0])
        return searcher.nodes
    return states, work


def wait_scan(count, players=4):
    """Tổ Tôm: waits() on dense 24-card hands (three numbers and the yêu, many copies)."""
    scan = load("to_tom_waits")
    hands = load("to_tom_hands")._dense_hands(load("rng").Rng(2026), count)

    def work(counts):
        scan.waits(counts, (), players, POLL[0])
        return 1
    return hands, work


def wait_many(count):
    """Tổ Tôm: waits() on the dense hands of bench_to_tom_hand's worst-of figure (Rng(13),
    24 cards with four players and 20 with five in turn), made one at a time."""
    scan = load("to_tom_waits")
    hands = load("to_tom_hands").dense_mixed(load("rng").Rng(13), count)

    def work(item):
        scan.waits(item[0], (), item[1], POLL[0])
        return 1
    return hands, work


def hand_check(count, players=4):
    """Tổ Tôm: the hand checker's whole result (split, waits) for dense hands (24 cards with
    four players, 20 with five)."""
    checker = load("to_tom_checker")
    size = 24 if players == 4 else 20
    hands = load("to_tom_hands")._dense_hands(load("rng").Rng(7), count, size)

    def work(counts):
        checker.describe(counts, players, POLL[0])
        return 1
    return hands, work


def _to_tom_decisions(before_u=False):
    """Every decision of seeded five-player Tổ Tôm games between computer players, in order:
    (game, seat, move, bot) just before the move is applied (the generator applies it).
    `before_u`: a game is left before its ù, whose scoring is then never compiled here."""
    T = load("to_tom")
    ai = load("to_tom_ai")
    Rng = load("rng").Rng
    seed = 0
    while True:
        game = T.ToTom(5, seed % 5)
        game.deal(Rng(seed + 1))
        seed += 1
        rng = Rng(seed)
        while game.to_move() >= 0:
            p = game.to_move()
            bot = ai.Player("bot", rng)
            move = bot.choose(game, p)
            if before_u and move[0] == "u":
                break
            yield game, p, move, bot
            game.apply(p, move)


def to_tom_move(count):
    """Tổ Tôm: a computer player's decision, at the first `count` positions of seeded
    five-player games where the full search takes over 1,000 nodes; units = nodes."""
    T = load("to_tom")
    ai = load("to_tom_ai")
    Rng = load("rng").Rng
    positions = []
    for game, p, _move, bot in _to_tom_decisions():
        if bot.nodes > 1000:
            # a copy of the game now: restoring one from its save (about 50 ms on the
            # device) is no part of a decision, so it stays out of the measured work
            positions.append((T.ToTom.from_dict(game.to_dict()), p))
            if len(positions) == count:
                break

    def work(item):
        bot = ai.Player("bot", Rng(3))
        bot.choose(item[0], item[1], POLL[0])
        return bot.nodes
    return positions, work


def laid_wait(count):
    """Tổ Tôm: the table's wait scan of a seat with laid entries (to-tom-v2 §1: they regroup,
    lend and take a fourth; engine.ToTom.laid_waits), at the first `count` such seats of seeded
    five-player games between computer players, after each of their takes; units = 1. A game
    is left before its ù: a win's scoring is no part of this (nor compiled here)."""
    T = load("to_tom")
    positions = []
    for game, p, move, _bot in _to_tom_decisions(before_u=True):
        if move[0] == "discard" and game.laid[p]:
            positions.append((bytes(game.hands[p]), [tuple(e) for e in game.laid[p]],
                              list(game.khan[p])))
            if len(positions) == count:
                break
    table = T.ToTom(5, 0)

    def work(item):
        table.laid_waits(bytearray(item[0]), item[1], item[2])
        return 1
    return positions, work


def _warm(game):
    """`game` once it knows every seat's waits (ToTom.waits keeps them)."""
    for q in range(game.n):
        game.waits(q)
    return game


def to_tom_late(count):
    """Tổ Tôm's end game (to-tom-v2 §7): a card that appears with 7 or 6 cards left in the
    stock, offered to a computer player who may take it (every seat's take is checked to leave
    it chờ or thành), and that player's decision; units = 1. Items are the first `count` such
    positions of seeded five-player games, each as a copy made ahead (three of the first: the
    alloc mode works it three times), so restoring them is no part of the measured work. Each
    copy knows every seat's waits, as a table in play does (it asks each seat at every card
    and keeps the answer until the seat's hand changes): the mover's discard makes its own
    anew."""
    T = load("to_tom")
    ai = load("to_tom_ai")
    Rng = load("rng").Rng
    END_CHO = load("to_tom_state").END_CHO
    positions = []
    before = None       # (game, its save, seat, move) of the move that may make a late offer
    for game, p, move, _bot in _to_tom_decisions():
        if before is not None and before[0] is game and any(
                a[0] in ("eat", "phong") for a in game.legal(p)):
            copies = 3 if not positions else 1
            positions.append(([_warm(T.ToTom.from_dict(before[1])) for _ in range(copies)],
                              before[2], before[3]))
            if len(positions) == count:
                break
        before = None
        if game.left <= END_CHO and move[0] in ("discard", "draw", "pass"):
            before = (game, game.to_dict(), p, move)

    def work(item):
        game = item[0].pop()
        game.apply(item[1], item[2])
        ai.Player("bot", Rng(3)).choose(game, game.to_move(), POLL[0])
        return 1
    # loaded as a game in the end game has it (a win forgets it: the games above had some)
    load("to_tom_end")
    return positions, work


def xs_legal(count, every_order=True):
    """Xấp Sắc: legal-play generation on the busy position; units = plays generated."""
    game = load("xap_sac_positions").busy_position()

    def work(_):
        return len(game.legal_plays(None, None, 0, every_order))
    return list(range(count)), work


def xs_big_lead(count):
    """Xấp Sắc: one play per card set for a fresh 3-player deal handed to a leader (16 cards)."""
    xs = load("xap_sac")
    game = xs.XapSac(3, 2)
    game.mode = xs.LEAD

    def work(_):
        return len(game.legal_plays(None, None, 0, False))
    return list(range(count)), work


def xs_move(count, level=1):
    """Xấp Sắc: a computer move as leader on the busy position."""
    game = load("xap_sac_positions").busy_position()
    bot = load("xap_sac_ai").HeuristicPlayer(level)

    def work(_):
        bot.choose(game, POLL[0])
        return 1
    return list(range(count)), work


def menu_frame(count, board="ttgo_tdisplay"):
    """The launcher menu redrawn through the app loop (clear, Vietnamese text, show())."""
    fake = load("fake_hw")
    hw = fake.FakeHardware(board)
    fake.clear_storage(hw)
    app = load("app").App(hw)
    app.push(load("launcher").Launcher(app))
    app.step()

    def work(_):
        app.dirty = True
        app.step()
        return 1
    return list(range(count)), work


def _shared_table(game, gadgets):
    """A host and gadgets - 1 guests seated at a shared table on a clean channel; returns
    (step(now), host, guests, the intent of the person to move)."""
    air = load("air").Air(1)
    link, host_side, guest_side = load("net_link"), load("net_host"), load("net_guest")
    if game == "oaq":
        shared = load("oaq_shared")
        adapter = shared.Adapter(load("oaq_engine").Game(gadgets))

        def intent(view_game):
            return shared.intent(*view_game.legal_moves()[0])
    elif game == "totom":
        shared = load("to_tom_shared")
        adapter = shared.Adapter(load("to_tom").Hoi(gadgets), lambda: bytes(16))

        def intent(view_game):
            intents = load("to_tom_intents")
            if view_game.phase == load("to_tom").P_OVER:
                return intents.NEXT
            return intents.encode(view_game.legal(view_game.to_move())[0])
    elif game == "xs":
        shared = load("xs_shared")
        xs = load("xap_sac")
        adapter = shared.Adapter(shared.new_game(gadgets, xs.DECK_7X2, bytes(16)), bytes(16))

        def intent(view_game):
            if view_game.phase == xs.ROUND_OVER:
                return shared.NEXT
            plays = view_game.legal_plays(every_order=False, limit=1)
            return shared.play_intent(plays[0]) if plays else shared.PASS
    else:
        shared = load("xh_shared")
        adapter = shared.Adapter(load("xh_engine").XamHuong(gadgets),
                                 ["Người %d" % (p + 1) for p in range(gadgets)], b"bench")

        def intent(view_game):
            return shared.ROLL
    host = host_side.Host(link.Link(air.radio(b"host00"), 1), 1234, game, adapter, gadgets)
    guests = [guest_side.Guest(link.Link(air.radio(b"guest" + bytes((48 + i,))), 2 + i), 1234)
              for i in range(gadgets - 1)]
    clock = [0]

    def step():
        clock[0] += 10
        air.tick(clock[0])
        host.poll(clock[0])
        for guest in guests:
            guest.poll(clock[0])
    while any(g.seat is None or g.state is None for g in guests):
        step()
    return step, host, guests, intent, clock


def net_move(count, game="oaq", gadgets=4):
    """Playing together: one person's move at a shared table, from the guest's intent to the
    new state taken by every gadget (host and guests, all in this one process: the sum of their
    work, so an upper bound of the longest one) on a clean channel; units = 1. The card games'
    guests each open their own sealed part and build their view of the table."""
    step, host, guests, intent, clock = _shared_table(game, int(gadgets))
    views = {
        "oaq": lambda g: load("oaq_shared").view(g.options, g.state),
        "xh": lambda g: load("xh_shared").view(g.state),
        "totom": lambda g: load("to_tom_seen").view(g.state, g.private, g.seat),
        "xs": lambda g: load("xs_shared").View(g.state, g.private),
    }
    # each guest's screen shows the table it joined before anyone moves (GuestTable's start), so
    # the modules a view loads (compiled from source here, bytecode on a board) are in already
    for guest in guests:
        views[game](guest)

    def work(_):
        turn = host.adapter.to_move()
        target = host.version + 1
        if turn == 0:
            host.play(0, intent(host.adapter.game), clock[0])
        else:
            guest = [g for g in guests if g.seat == turn][0]
            guest.intend(intent(host.adapter.game), clock[0])
        while host.version < target or any(g.version < host.version for g in guests):
            step()
        for guest in guests:        # each gadget reads the state it was sent
            views[game](guest)
        return 1
    return list(range(count)), work


WORKLOADS = {
    "net": net_move,          # COUNT GAME GADGETS
    "frame": menu_frame,      # COUNT [BOARD]
    "oaq": oaq_search,        # COUNT PLAYERS LEVEL
    "wait": wait_scan,        # COUNT
    "wait_many": wait_many,   # COUNT
    "xs_legal": xs_legal,     # COUNT
    "xs_big_lead": xs_big_lead,
    "xs_move": xs_move,
    "to_tom_move": to_tom_move,  # COUNT
    "to_tom_late": to_tom_late,  # COUNT
    "laid_wait": laid_wait,      # COUNT
    "check": hand_check,       # COUNT [PLAYERS]
    "tap": "panel_probe",      # COUNT [BOARD [WHOLE]]
}


def _icount(items, work):
    # 4 bytes an item (a list takes 8 on 64-bit): 1,000 items fit beside the workload's heap
    units = array("i")
    benchlib.mark()
    for item in items:
        units.append(work(item))
        benchlib.mark()
    # pairs made as they are printed: a second list of every item may not fit the heap
    return ((u, 0) for u in units)


def _wall(items, work):
    # one pair at a time (printed before the next item): a list of 1,000 may not fit the heap
    for item in items:
        start = benchlib.now_us()
        u = work(item)
        yield u, benchlib.elapsed_us(start)


def _allocates(work, item):
    """True when work(item) allocates anything (the heap is locked while it runs)."""
    import micropython

    micropython.heap_lock()
    try:
        work(item)
    except MemoryError:
        return True
    finally:
        micropython.heap_unlock()
    return False


def _alloc(items, work):
    first = None
    for item in items:
        if first is None:
            first = item
            work(item)  # first-call costs (lazy buffers, interned names) are not per item
        gc.collect()
        gc.disable()
        try:
            before = gc.mem_alloc()  # type: ignore[attr-defined]
            u = work(item)
            after = gc.mem_alloc()  # type: ignore[attr-defined]
        finally:
            gc.enable()
        yield u, after - before     # printed between items, outside the measured window
    if first is not None:
        print("ALLOCATES", 1 if _allocates(work, first) else 0)


# a mode named by a module is that module's run(items, work, POLL), compiled only when used
MODES = {"icount": _icount, "wall": _wall, "alloc": _alloc, "poll": "poll_probe"}


def main(args):
    """Run WORKLOAD's COUNT items in MODE; print ITEM lines (see the module docstring)."""
    mode, name, count = args[0], args[1], int(args[2])
    params = [int(a) if a.isdigit() else a for a in args[3:]]
    workload = WORKLOADS[name]
    if isinstance(workload, str):
        # a workload of its own module (its code compiled only when used: this one must
        # leave the 160K heap to the games' modules)
        workload = __import__(workload).workload
    items, work = workload(count, *params)
    run = MODES[mode]
    if isinstance(run, str):
        found = __import__(run).run(items, work, POLL)
    else:
        found = run(items, work)
    for i, (units, value) in enumerate(found):
        print("ITEM", i, units, value)
    print("MAXSIZE", sys.maxsize)
