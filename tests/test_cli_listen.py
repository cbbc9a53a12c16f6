"""Every command that serves pages (`serve`, `demo`, `record`, `cafe`) takes --host, --port
and --token the same way, from one definition (companion_cli/_shared.listen_options), and
says in its --help that binding wider than localhost needs the token."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from companion_cli import main


@pytest.mark.parametrize(
    ("command", "port"), [("serve", 8765), ("demo", 8765), ("record", 8765), ("cafe", 8780)]
)
def test_every_serving_command_listens_the_same_way(command, port):
    answer = CliRunner().invoke(main, [command, "--help"], terminal_width=200)
    assert answer.exit_code == 0, answer.output
    said = " ".join(answer.output.split())
    assert "--host TEXT address to bind; anything but localhost needs an access token" in said
    assert f"--port INTEGER 0 picks a free port [default: {port}]" in said
    assert "--token TEXT access token (generated when binding wider)" in said
