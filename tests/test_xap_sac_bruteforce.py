"""Legal-play generation against an independent brute force on random positions (CPython only).

Both decks: the default 1-7 x 2 (two copies of each card, so a hand may repeat a code and a pair
can be Xấp) and the house rule 1-14.

The brute force below knows nothing of the engine's windows or encodings: it tries every subset
of hand cards on every set of empty cells in one row or column near the table, reads the line
through them cell by cell, and checks it with its own simple line checker.
"""

import itertools

from tet.core.rng import Rng
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import saved as L

COLOURS = "RYGW"


def number(code):
    return int(code[1:])


def simple_line(codes):
    """(type, rank, xap) for a list of card codes along a line, or None when not valid."""
    nums = sorted(number(c) for c in codes)
    xap = len(set(c[0] for c in codes)) == 1
    if len(codes) in (2, 3, 4) and len(set(nums)) == 1:
        return ({2: "pair", 3: "triple", 4: "quad"}[len(codes)], nums[0], xap)
    if len(codes) in (3, 4) and nums == list(range(nums[0], nums[0] + len(codes))):
        return ("run%d" % len(codes), nums[-1], xap)
    return None


def brute_force(state):
    """Set of (axis, frozenset((x, y, code)), type, rank, xap) for the player to move."""
    table = {(c["x"], c["y"]): c["code"] for c in state["table"]}
    hand = state["hands"][state["turn"]]
    mode = state["mode"]
    last = state["last"]
    xs = [p[0] for p in table]
    ys = [p[1] for p in table]
    found = set()

    def numbered(cell, new):
        return cell in new or (cell in table and table[cell] != "TS")

    for axis, (dx, dy) in (("x", (1, 0)), ("y", (0, 1))):
        lines = range(min(ys) - 5, max(ys) + 6) if axis == "x" else range(min(xs) - 5, max(xs) + 6)
        along = range(min(xs) - 5, max(xs) + 6) if axis == "x" else range(min(ys) - 5, max(ys) + 6)
        for fixed in lines:
            empty = [v for v in along if ((v, fixed) if axis == "x" else (fixed, v)) not in table]
            for m in (1, 2, 3, 4):
                for pick in itertools.combinations(empty, m):
                    if pick[-1] - pick[0] > 3:
                        continue
                    cells = [(v, fixed) if axis == "x" else (fixed, v) for v in pick]
                    new = set(cells)
                    # walk the line through the first new cell
                    line = [cells[0]]
                    x, y = cells[0]
                    while numbered((x - dx, y - dy), new):
                        x, y = x - dx, y - dy
                        line.insert(0, (x, y))
                    x, y = cells[0]
                    while numbered((x + dx, y + dy), new):
                        x, y = x + dx, y + dy
                        line.append((x, y))
                    if not new <= set(line) or len(line) > 4:
                        continue
                    old = [c for c in line if c not in new]
                    if not old:
                        ends = [(line[0][0] - dx, line[0][1] - dy),
                                (line[-1][0] + dx, line[-1][1] + dy)]
                        if mode != "lead" or m < 2 or not any(table.get(e) == "TS" for e in ends):
                            continue
                    cross_ok = True
                    for (cx, cy) in cells:
                        n = 1
                        for sign in (1, -1):
                            px, py = cx + sign * dy, cy + sign * dx
                            while numbered((px, py), set()):
                                n += 1
                                px, py = px + sign * dy, py + sign * dx
                        if n > 4:
                            cross_ok = False
                    if not cross_ok:
                        continue
                    for subset in itertools.combinations(hand, m):
                        codes = [table[c] for c in old] + list(subset)
                        kind = simple_line(codes)
                        if kind is None:
                            continue
                        if mode == "follow" and (kind[0] != last["type"] or kind[1] < last["rank"]
                                                 or (last["xap"] and not kind[2])):
                            continue
                        for order in itertools.permutations(subset):
                            placed = frozenset((c[0], c[1], code) for c, code in zip(cells, order))
                            found.add((axis, placed) + kind)
    return found


def engine_plays(game):
    out = []
    for p in game.legal_plays():
        placed = frozenset((X.key_x(k), X.key_y(k), X.card_code(c)) for k, c in X.play_cells(p, game.table))
        line = X.line_dict(X.play_line(p))
        out.append(("y" if X.play_axis(p) else "x", placed, line["type"], line["rank"], line["xap"]))
    return out


def random_positions(count, seed):
    """Positions reached by random play, with the mode and last line sometimes rewritten."""
    rng = Rng(seed)
    made = 0
    game_seed = seed * 1000
    while made < count:
        game_seed += 1
        game = X.XapSac(2 + rng.below(3), game_seed, deck=X.DECKS[game_seed % 2])
        stop = rng.below(140)
        for _ in range(stop):
            if game.phase != X.PLAYING:
                break
            plays = game.legal_plays(every_order=False)
            if plays and (rng.below(4) or not game.may_pass()):
                game.play(rng.choice(plays))
            else:
                game.pass_turn()
        if game.phase != X.PLAYING:
            continue
        state = game.to_dict()
        twist = rng.below(4)
        if twist == 1:
            state["mode"] = "lead"
            state["last"] = None
        elif twist == 2:
            typ = rng.choice(X.TYPE_NAMES)
            state["mode"] = "follow"
            state["last"] = {"type": typ, "rank": rng.randint(1, 14),
                             "xap": typ in ("run3", "run4", "pair") and rng.below(3) == 0,
                             "player": 0}
        yield L.from_dict(state), state
        made += 1


def test_generation_matches_brute_force_on_random_positions():
    checked = 0
    nonempty = 0
    for game, state in random_positions(200, 5):
        mine = engine_plays(game)
        assert len(mine) == len(set(mine)), "duplicate plays"
        expected = brute_force(state)
        assert set(mine) == expected, (state, set(mine) ^ expected)
        checked += 1
        nonempty += bool(expected)
    assert checked == 200
    assert nonempty > 100


def test_xap_pairs_and_repeated_codes_are_covered():
    """The default deck's two copies: positions with a repeated code in hand, Xấp pairs found."""
    repeated = 0
    xap_pairs = 0
    for game, state in random_positions(200, 5):
        hand = state["hands"][state["turn"]]
        repeated += len(set(hand)) < len(hand)
        xap_pairs += any(e[2] == "pair" and e[4] for e in brute_force(state))
    assert repeated > 20 and xap_pairs > 5


def test_one_order_per_card_set_covers_the_same_card_and_cell_sets():
    for game, _ in random_positions(40, 9):
        every = engine_plays(game)
        once = game.legal_plays(every_order=False)
        assert len(once) == len(set(once))

        def shape(entry):
            return (entry[0], frozenset(p[:2] for p in entry[1]),
                    frozenset(p[2] for p in entry[1])) + entry[2:]
        assert set(shape(e) for e in every) == set(
            shape(("y" if X.play_axis(p) else "x",
                   frozenset((X.key_x(k), X.key_y(k), X.card_code(c))
                             for k, c in X.play_cells(p, game.table)),
                   X.line_dict(X.play_line(p))["type"], X.line_dict(X.play_line(p))["rank"],
                   X.line_dict(X.play_line(p))["xap"]))
            for p in once)
        assert len(once) == len(set(shape(e) for e in every))
