"""The Xấp Sắc computer player: its probe is right, it goes out, keeps leads, beats random play."""

from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
from tet.core.rng import Rng
from tet.games.xap_sac import engine as X
from tetcli.xap_sac import play_game

from test_xap_sac_bruteforce import brute_force, random_positions


def test_probe_agrees_with_brute_force_over_the_unseen_cards():
    bot = HeuristicPlayer(1)
    checked = 0
    answered = 0
    for game, state in random_positions(50, 17):
        plays = game.legal_plays(every_order=False)
        if not plays:
            continue
        unseen = bot.unseen_masks(game, game.turn)
        play = plays[len(plays) // 2]
        got = bot.answerable(game, play, unseen)
        # the same question, asked of the brute force: all unseen cards as one hand, following
        # unseen = the cards in play for this deck, copies counted, less the table and the hand
        if state.get("deck", "1-14") == "1-14":
            low = X.LOWEST_NUMBER[game.players]
            unseen_codes = [X.card_code(c) for c in range(56) if X.NUMBER[c] >= low]
        else:
            one = [X.card_code(c) for c in range(56) if X.NUMBER[c] <= 7]
            unseen_codes = one if game.players == 2 else one + one
        for code in [c["code"] for c in state["table"]] + state["hands"][game.turn]:
            if code in unseen_codes:
                unseen_codes.remove(code)
        after = dict(state)
        after["table"] = state["table"] + [{"code": X.card_code(c), "x": X.key_x(k),
                                            "y": X.key_y(k)} for k, c in X.play_cells(play, game.table)]
        after["hands"] = [unseen_codes]
        after["turn"] = 0
        after["mode"] = "follow"
        after["last"] = dict(X.line_dict(X.play_line(play)), player=0)
        assert got == bool(brute_force(after)), state
        checked += 1
        answered += got
    assert checked >= 20 and 0 < answered < checked


def test_the_bot_goes_out_when_it_can():
    for seed in range(40):
        game = X.XapSac(3, seed)
        game.mode = X.LEAD
        plays = game.legal_plays(every_order=False)
        # leave the player to move only the cards of its biggest play
        biggest = max(plays, key=X.play_size)
        keep = X.play_cards(biggest)
        game.box += [c for c in game.hands[game.turn] if c not in keep]
        game.hands[game.turn] = sorted(keep)
        choice = HeuristicPlayer(1).choose(game)
        assert choice is not None and X.play_size(choice) == len(keep)


def test_the_bot_never_passes_a_lead_it_can_play():
    for game, _ in random_positions(40, 23):
        if game.mode == X.FOLLOW or not game.has_legal_play():
            continue
        assert HeuristicPlayer(1).choose(game) is not None


def test_the_bot_beats_random_players():
    for players, need in ((2, 0.75), (4, 0.45)):
        games = 60
        wins = 0
        for i in range(games):
            seat = i % players
            rng = Rng(900 + i)
            game = X.XapSac(players, 300 + i)
            agents = [HeuristicPlayer(1) if p == seat else RandomPlayer(rng)
                      for p in range(players)]
            play_game(game, agents)
            wins += game.winner() == seat
        assert wins >= need * games, (players, wins)


def usable_by_generation(game, play, left_cards):
    """The cards of `left_cards` that some play along the table's lines takes with `play` down
    (None: as the table is): every play generated, OPEN mode (no Tứ Sắc starts)."""
    table = dict(game.table)
    if play is not None:
        for k, c in X.play_cells(play, game.table):
            table[k] = c
    usable = set()
    for p in X.generate(table, X.hand_masks(left_cards), X.OPEN, 0, [], 0, False):
        usable.update(X.play_cards(p))
    return usable


def stranded_by_generation(game, play, hand):
    """stranded()'s count worked out the slow way: cards no generated play takes and no pair or
    straight of three numbers held could start from a Tứ Sắc."""
    left = list(hand)
    for c in X.play_cards(play) if play is not None else ():
        left.remove(c)
    usable = usable_by_generation(game, play, left)
    numbers = set(X.NUMBER[c] for c in left)
    count = 0
    for c in left:
        n = X.NUMBER[c]
        same = sum(1 for d in left if d == c or X.NUMBER[d] == n)
        straight = ((n - 1 in numbers and (n + 1 in numbers or n - 2 in numbers))
                    or (n + 1 in numbers and n + 2 in numbers))
        if c not in usable and same < 2 and not straight:
            count += 1
    return count


def test_stranded_cards_from_window_needs_agree_with_generating_every_play():
    bot = HeuristicPlayer(1)
    checked = stranded = 0
    for game, _ in random_positions(60, 31):
        hand = game.hands[game.turn]
        bot.table_needs(game)
        before = dict(game.table)
        for play in [None] + game.legal_plays(every_order=False)[:60]:
            got = bot.stranded(game, play, hand)[0]
            assert got == stranded_by_generation(game, play, hand), (game.to_dict(), play)
            checked += 1
            stranded += got > 0
        assert game.table == before
    assert checked > 500 and 0 < stranded < checked
