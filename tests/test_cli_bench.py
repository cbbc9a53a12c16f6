"""`companion bench ...`: every benchmark takes --json the same way and writes its results
there only when asked (companion_cli/bench_cmds.py's one option and one writer)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from companion_cli.bench_cmds import bench, write_results


@pytest.mark.parametrize("command", ["vision", "lens", "cafe"])
def test_every_benchmark_offers_to_write_its_results_as_json(command):
    answer = CliRunner().invoke(bench, [command, "--help"])
    assert answer.exit_code == 0, answer.output
    assert "--json PATH" in answer.output
    assert "also write the results to this JSON file" in answer.output


def test_results_are_written_only_when_a_file_is_named(tmp_path):
    target = tmp_path / "out.json"
    write_results({"fps": [1.5, 2]}, None)
    assert list(tmp_path.iterdir()) == []
    write_results({"fps": [1.5, 2]}, str(target))
    assert json.loads(target.read_text()) == {"fps": [1.5, 2]}
