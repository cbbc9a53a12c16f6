"""Every bad option or value of every command is one line `error: ...` and exit status 2, as
the README promises (never click's usage block, never `Error: ...`, never a traceback).

The commands are enumerated from the `companion` group itself, so a command added later is
covered without listing it here."""

from __future__ import annotations

import click
import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from companion_cli import main


def commands(group: click.Group = main, path: tuple[str, ...] = ()):
    """(path, command) of every runnable command, subcommands of groups included."""
    ctx = click.Context(group, info_name="companion")
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
            if path == () and name == "calibrate":
                yield (name,), command  # `calibrate IMAGE ...` is the group itself
        else:
            yield (*path, name), command


COMMANDS = sorted(commands(), key=lambda pc: pc[0])


def bad_invocations():
    """An unknown option for every command; for every option taking a value, the option
    without its value, and a value of the wrong type or outside the choices."""
    for path, command in COMMANDS:
        yield [*path, "--no-such-option"]
        for param in command.params:
            if not isinstance(param, click.Option) or param.is_flag or param.count:
                continue
            option = max(param.opts, key=len)
            yield [*path, option]  # the value is missing
            if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
                yield [*path, option, "lots"]
            elif isinstance(param.type, click.Choice):
                yield [*path, option, "no-such-choice"]


def one_line_error(result) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_every_command_is_enumerated():
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"serve", "demo", "cafe", "decode", "recognize", "print cards", "bench vision"} <= names
    assert {"calibrate", "calibrate lens", "score", "replay", "games", "layout"} <= names


@pytest.mark.parametrize("args", list(bad_invocations()), ids=" ".join)
def test_a_bad_option_is_one_line(args):
    one_line_error(CliRunner().invoke(main, args))


@pytest.mark.parametrize(
    "args, says",
    [
        (["serve", "--port", "-1"], "-1 is not a port"),
        (["serve", "--port", "99999"], "99999 is not a port"),
        (["serve", "--names", "A,B,C", "--players", "2"], "3 names for 2 players"),
        (["demo", "--port", "70000"], "70000 is not a port"),
        (["demo", "--pace", "0"], "--pace"),
        (["no-such-command"], "No such command"),
        (["--no-such-option"], "No such option"),
    ],
)
def test_a_bad_value_is_one_line_saying_what_is_wrong(args, says):
    assert says in one_line_error(CliRunner().invoke(main, args))


@pytest.mark.parametrize("command", ["decode", "recognize"])
def test_an_unreadable_image_is_one_line_error(command, tmp_path):
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8 not really a jpeg")
    extra = ["--game", "musee", "--players", "2"] if command == "recognize" else []
    result = CliRunner().invoke(main, [command, str(broken), *extra])
    assert result.exit_code == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: ") and "broken.jpg" in errors[0]


def test_a_readable_image_still_decodes(tmp_path):
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((40, 40, 3), 255, np.uint8))
    result = CliRunner().invoke(main, ["decode", str(blank)])
    assert result.exit_code == 0 and result.stderr == ""
