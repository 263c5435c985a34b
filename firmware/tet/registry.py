"""The games on the gadget, in menu order: the one list of them. The launcher, Cài đặt and the
boot notes (tet.ui) read it, and on the desktop the `tet` command (a subcommand per game), the
network harness (tetcli.net_play), the README's pictures, the build and the tests. It lies
beside tet.ui and tet.games, so the shell reads it without importing any game. Adding a game is
a package and one line here (tet/ui/GUIDE.md, "Adding a game").

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
