"""The `companion` command: the composition root that puts the layers together.

It sits outside the rules core (`companion/`) on purpose: commands here import the camera
(`vision`), the print kit and calibration (`calibration`), the dashboard (`web`) and the café
hub (`cafe`), none of which the core may import (tests/test_layering.py). Subcommands live
in their own modules and are imported only when run, so that `companion games` never loads
OpenCV or Flask. Every CompanionError (bad input) and every bad option or value ends as one
line `error: ...` and exit status 2, never a traceback nor click's three-line usage block.
"""

from __future__ import annotations

import importlib
import sys
from typing import NoReturn

import click

from companion.errors import CompanionError

# command name -> "module:attribute" (relative to companion_cli)
COMMANDS = {
    "games": "rules_cmds:games",
    "score": "rules_cmds:score",
    "replay": "rules_cmds:replay",
    "print": "kit_cmds:print_group",
    "layout": "kit_cmds:layout",
    "calibrate": "lens_cmds:calibrate",  # the mat (kit_cmds) and `calibrate lens`
    "calibrate-lens": "lens_cmds:calibrate_lens",  # the older spelling of `calibrate lens`
    "decode": "vision_cmds:decode",
    "recognize": "vision_cmds:recognize",
    "bench": "bench_cmds:bench",
    "serve": "web_cmds:serve",
    "demo": "web_cmds:demo",
    "record": "record_cmds:record",
    "cafe": "cafe_cmds:cafe",
    "packup": "packup_cmds:packup",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(__name__):
                return _unavailable(name, "this command is not built yet")
            return _unavailable(
                name, f"it needs the Python module {exc.name!r}; reinstall with: pip install -e ."
            )
        return getattr(module, attribute)

    def make_context(self, info_name, args, parent=None, **extra):
        # the top level's own options are parsed here
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.ClickException as exc:
            _one_line(exc)

    def invoke(self, ctx):
        # the command is found, its options (and a subcommand's) parsed and it runs in here
        try:
            return super().invoke(ctx)
        except CompanionError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            _one_line(exc)


def _one_line(exc: click.ClickException) -> NoReturn:
    """A bad option or value in one line, `error: ...`, like every other bad input (click's
    own usage block buries it); a group called without its subcommand still shows its help."""
    # click 8.2 and later signal "no subcommand given: show the help" with this usage error
    if isinstance(exc, getattr(click.exceptions, "NoArgsIsHelpError", ())):
        raise exc
    message = " ".join(exc.format_message().split())
    click.echo(f"error: {message}", err=True)
    sys.exit(2 if isinstance(exc, click.UsageError) else exc.exit_code)


def _unavailable(name: str, why: str) -> click.Command:
    @click.command(name, context_settings={"ignore_unknown_options": True})
    @click.argument("args", nargs=-1, type=click.UNPROCESSED)
    def command(args):
        raise click.ClickException(f"'companion {name}' is unavailable: {why}")

    return command


@click.group(cls=LazyGroup)
@click.version_option(package_name="table-companion")
def main():
    """Table companion: watches a tabletop game, enforces its rules and keeps score."""


if __name__ == "__main__":  # pragma: no cover
    main()
