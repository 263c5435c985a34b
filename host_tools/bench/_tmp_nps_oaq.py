import sys, time, gc
from tet.ai.o_an_quan_ai import Searcher
from tet.games.o_an_quan import Game
from tet.core.rng import Rng
def main(args):
    N = int(args[0]) if args else 2
    nodes_budget = int(args[1]) if len(args)>1 else 2000
    s = Searcher(N, 10, False)
    rng = Rng(5)
    tot_nodes = 0; tot_us = 0; depths=[]
    for g in range(6):
        game = Game(N)
        while not game.over:
            if game.turn == 0:
                t = time.ticks_us() if hasattr(time,'ticks_us') else int(time.perf_counter()*1e6)
                sq, st, v = s.search(game.state, nodes_budget)
                t2 = time.ticks_us() if hasattr(time,'ticks_us') else int(time.perf_counter()*1e6)
                tot_us += t2-t; tot_nodes += s.nodes; depths.append(s.depth_reached)
            else:
                sq, st = rng.choice(game.legal_moves())
            game.play(sq, st)
    print("nodes/s", tot_nodes*1e6/tot_us, "mean depth", sum(depths)/len(depths), "moves", len(depths))
    gc.collect()
    try: print("mem", gc.mem_alloc())
    except: pass
