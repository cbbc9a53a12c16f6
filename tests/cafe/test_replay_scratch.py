"""`companion bench cafe` reads each recording once through a runtime whose log lives in a
temporary folder: the folder is gone once the log is read (they used to pile up in /tmp)."""

import shutil
import tempfile
from pathlib import Path

import pytest

from cafe.replay import record_log
from web.camera import pipeline_available

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images" / "musee-2p"


@pytest.mark.skipif(
    not (SAMPLES.is_dir() and pipeline_available()), reason="needs sample_images/musee-2p"
)
def test_reading_a_recording_leaves_no_temporary_folder(tmp_path, monkeypatch):
    recording = tmp_path / "musee-2p"
    recording.mkdir()
    shutil.copy(SAMPLES / "inputs.json", recording)
    for frame in sorted(SAMPLES.glob("*.jpg"))[:8]:  # the set-up and the first placement
        shutil.copy(frame, recording)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))

    log = record_log(recording)

    assert log["records"], log  # the first placement was read
    assert list(scratch.iterdir()) == []
