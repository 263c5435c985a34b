"""Tổ Tôm's ù vọng (to-tom-v2 §3, seed 406-407): right after the dealer's first discard, before
that card is offered, a player who waits on the kind of someone's thiên khai may ù on it. Loaded
for that window of a game with a thiên khai (engine._vong_claims) and forgotten when it closes.
"""

from tet.games.to_tom import hand as H


def _thanh(game, p):
    hand = game.hands[p]
    if game.laid[p]:
        from tet.games.to_tom import laid as L

        return L.thanh(hand, game.laid[p], game.khan[p])
    return H.thanh(hand)


def claims(game):
    """Fill game.u_queue with who may ù vọng on the first thiên khai of game.vong: every player
    but its holder whose cards are not thành ("bài còn lẻ") and who waits on its kind, in ù đè
    order from the dealer's door (one who declined is bỏ ù: asked no more). A thiên khai nobody,
    or nobody left, may ù on is dropped; False when none is left."""
    while game.vong:
        holder, k = game.vong[0], game.vong[1]
        game.u_queue = []
        for i in range(game.n):
            q = (game.door + i) % game.n
            if q != holder and not game.bo_u[q] and k in game.waits(q) and not _thanh(game, q):
                game.u_queue.append(q)
        if game.u_queue:
            return True
        game.vong = game.vong[2:]
    return False
