"""Entry point of the `tet` command: one subcommand per game of the registry
(tet.games.registry), implemented by the module tetcli.<package> named after the game's package;
its docstring's first line is the subcommand's help."""

import importlib
import sys

from tetcli.common import CliError, OneLineParser, one_line
from tet.games.registry import CLI, GAMES as REGISTRY, PACKAGE


def _games():
    """(subcommand, module name) of every game, in menu order, then `net` (playing together)."""
    return [(entry[CLI], "tetcli." + entry[PACKAGE]) for entry in REGISTRY] + [("net", "tetcli.net")]


def build_parser():
    """Build the top-level parser with every available game subcommand."""
    parser = OneLineParser(prog="tet", description="The Tết gadget's games on the desktop.")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    subs.required = True
    for name, modname in _games():
        try:
            mod = importlib.import_module(modname)
        except ModuleNotFoundError as e:
            if e.name != modname:
                raise
            continue
        helptext = (mod.__doc__ or "").strip().splitlines()[0].split(": ", 1)[-1]
        mod.register(subs.add_parser(name, help=helptext, description=helptext))
    return parser


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
