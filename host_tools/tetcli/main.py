"""Entry point of the `tet` command: one subcommand per game of the registry (tet.registry),
implemented by the module tetcli.<package> named after the game's package (its docstring's first
line is the subcommand's help), then `net` (playing together). A game without such a module still
has its subcommand, which says so."""

import importlib
import sys

from tetcli.common import CliError, OneLineParser, game_module, one_line
from tet.registry import CLI, GAMES as REGISTRY, PACKAGE, TITLE


def _no_commands(entry):
    """The `run` of a game's subcommand when the game has no tetcli module yet."""
    def run(_args):
        raise CliError("%s has no desktop commands yet (host_tools/tetcli/%s.py)"
                       % (entry[CLI], entry[PACKAGE]))
    return run


def build_parser():
    """Build the top-level parser: a subcommand for every game of the registry, then `net`."""
    parser = OneLineParser(prog="tet", description="The Tết gadget's games on the desktop.")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    subs.required = True
    for entry in REGISTRY:
        mod = game_module("tetcli." + entry[PACKAGE])
        if mod is None:
            helptext = "%s: no commands yet" % entry[TITLE]
            subs.add_parser(entry[CLI], help=helptext, description=helptext).set_defaults(
                run=_no_commands(entry))
        else:
            _add(subs, entry[CLI], mod)
    _add(subs, "net", importlib.import_module("tetcli.net"))
    return parser


def _add(subs, name, mod):
    helptext = (mod.__doc__ or "").strip().splitlines()[0].split(": ", 1)[-1]
    mod.register(subs.add_parser(name, help=helptext, description=helptext))


def main(argv=None):
    """Run `tet`; return the exit status (0 ok, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except CliError as e:
        sys.stderr.write("tet: error: %s\n" % one_line(e))
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
