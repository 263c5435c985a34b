"""The games on the gadget, in menu order: the one list the launcher, Cài đặt, the `tet` command,
the simulator tests and the benchmarks read. Adding a game is one line here (see tet/ui/GUIDE.md).

Each entry: (id, Vietnamese title, package under tet.games, `tet` subcommand). The id keys the
game's house rules in the settings; the package holds `ui.start(app)` and, when the game has house
rules, `options.OPTIONS`.
"""

GAMES = (
    ("oaq", "Ô Ăn Quan", "o_an_quan", "oaq"),
    ("xh", "Xăm Hường", "xam_huong", "xh"),
    ("totom", "Tổ Tôm", "to_tom", "totom"),
    ("xs", "Xấp Sắc", "xap_sac", "xs"),
)
ID, TITLE, PACKAGE, CLI = 0, 1, 2, 3

