"""A Tổ Tôm win's score from the table's game (engine.ToTom._win): what the win brings (the
winning card, the streak, the Chi Chi's door), scored by scoring.py or, with laid entries, khàn
or a bất thực, by laid_score.py. Loaded for the win only, with them, and forgotten after."""

from tet.games.to_tom.scoring import score_win
from tet.games.to_tom.state import P_U, SRC_DRAW


def game_win(game, p, card, single):
    """The score of player p's win in `game` (an engine.ToTom) on `card` (-1: thiên ù, the
    hand scored with the dealer's extra card and without what a winning card brings):
    score_win, or with laid entries, khàn or an unsettled bất thực laid_score's score_hand
    (to-tom-v2 §1: the best setting of the laid entries and khàn; §4: the xướng opens with each
    bất thực). `single`: the card was p's only wait (Bạch thủ, Chi Chi nảy). Chi Chi nảy also
    wants the Chi Chi turned up at another player's door (§8, 431: "không được tự bốc nọc"):
    drawn by the winner, it is a plain Lèo."""
    counts = bytearray(game.hands[p])
    scored = card
    if card < 0:
        card, scored = game.extra, None
    else:
        counts[card] += 1
    ctx = {"from_stock": game.src == SRC_DRAW and game.phase == P_U and game.door != p,
           "streak": game.streak if game.streak_player == p else 0, "players": game.n,
           "thap_hong_or_more": game.thap_hong_or_more, "single": single}
    bat = game.bat_thuc(p)
    if game.laid[p] or card in game.khan[p] or bat:
        from tet.games.to_tom.laid_score import score_hand

        if bat:
            from tet.games.to_tom.bat_thuc import flagged

            ctx["four"], ctx["discarded"] = flagged(game, p)
        return score_hand(counts, game.laid[p], game.khan[p], scored, ctx, bat)
    return score_win(counts, game.exposed(p), scored, ctx)
