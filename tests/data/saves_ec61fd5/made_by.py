"""Run in a checkout of the firmware before issue 36: play a little of each game, keep its saves,
then resume them and record what the screen shows (text and a digest of the frame)."""
import binascii, json, os, shutil, sys
root = os.getcwd()
sys.path[:0] = [root + "/tests/portable", root + "/host_tools", root]
import sim
sim.install_fakes()
sys.path[:0] = [root + "/firmware", root + "/boards"]
from fake_hw import new_app, open_game, press, run, storage_path, hold

out = sys.argv[1]
PLAYS = {"oaq": "B" * 6, "xh": "B" * 5, "xs": "B" * 6, "totom": "B" * 4}
record = {}
for gid, keys in PLAYS.items():
    app = new_app("ttgo_tdisplay", restarts=False)
    open_game(app, gid)
    run(app, 300)
    for k in keys:
        press(app, k)
        run(app, 1500)
    store = storage_path(app.hw)
    saves = sorted(n for n in os.listdir(store) if n.endswith(".sav"))
    os.makedirs(out + "/" + gid, exist_ok=True)
    for n in saves:
        shutil.copyfile(store + "/" + n, out + "/" + gid + "/" + n)
    # resume on a fresh boot: what the player sees
    app = new_app("ttgo_tdisplay", keep_storage=True, restarts=False)
    open_game(app, gid)
    run(app, 300)
    offered = app.hw.display.shown_text()
    press(app, "B")
    run(app, 300)
    record[gid] = {"saves": saves, "offered": offered, "shown": app.hw.display.shown_text(),
                   "frame": binascii.crc32(bytes(app.hw.display.buf)), "screen": type(app.screen).__name__}
    print(gid, saves, record[gid]["screen"], repr(offered[:80]))
json.dump(record, open(out + "/record.json", "w"), ensure_ascii=False, indent=1)
