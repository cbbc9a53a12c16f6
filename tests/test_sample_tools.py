"""The sample generators (tools/make_<game>_samples.py) write everything a recording needs into
the folder --out names: the frames and, where players typed moves, its inputs.json. The
rendering is stood in for by copying the shipped sample's frame sidecars (it takes minutes),
so what is checked is the generator's command line and where its files go."""

from __future__ import annotations

import hashlib
import importlib
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_images"


def digest(folder: Path) -> str:
    return hashlib.sha256(
        b"".join(p.read_bytes() for p in sorted(folder.glob("*.json")))
    ).hexdigest()


@pytest.mark.parametrize(
    ("game", "sample"), [("mythe", "mythe-3p"), ("masterpiece", "masterpiece-4p")]
)
def test_a_generator_writes_inputs_json_into_its_out_folder(
    tmp_path, monkeypatch, capsys, game, sample
):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    script = importlib.import_module(f"make_{game}_samples")
    shipped = SAMPLES / sample
    before = digest(shipped)

    def rendered(out: Path) -> int:  # the frames' sidecars as the renderer leaves them
        out.mkdir(parents=True, exist_ok=True)
        for sidecar in shipped.glob("[0-9]*.json"):
            shutil.copy(sidecar, out)
        return len(list(out.glob("[0-9]*.json")))

    out = tmp_path / "out"
    monkeypatch.setattr(script, "generate", rendered)
    monkeypatch.setattr(sys, "argv", [f"make_{game}_samples.py", "--out", str(out)])
    script.main()
    assert (out / "inputs.json").read_text(encoding="utf-8") == (shipped / "inputs.json").read_text(
        encoding="utf-8"
    ), "the same inputs, written beside the new frames"
    assert digest(shipped) == before, "the shipped sample is left alone"
    assert f"frames to {out}" in capsys.readouterr().out
