"""Opening what watches the table: a real camera pipeline, or the demo's scripted stand-in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.errors import CompanionError

SAMPLES = Path(__file__).resolve().parent.parent / "sample_images"
# The rendered 2-player Musée game shipped with the repository.
SAMPLE_GAME = SAMPLES / "musee-2p"
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png"}


class CameraUnavailableError(CompanionError):
    pass


def open_watcher(spec: str, game: str, players: int, layout: str | None = None, **options: Any):
    """`camera:0`, `video:PATH` or `images:DIR` through vision.sources and vision.pipeline;
    `layout` "compact" for the print kit's compact mat (default the standard one)."""
    mat = game if layout in (None, "standard") else f"{game}:{layout}"
    try:
        from vision.sources import open_source
    except ImportError as exc:
        raise CameraUnavailableError(f"the camera side is not installed ({exc})") from None
    try:
        from vision.pipeline import TableWatcher
    except ImportError as exc:
        raise CameraUnavailableError(
            f"the camera pipeline is not available ({exc}); run without --source and "
            "correct the table by hand on the dashboard"
        ) from None
    from .recording import RecordedInputs, has_recording, load_recording

    folder = recording_folder(spec)
    if folder is not None and has_recording(folder):
        # A recorded game: pace its frames at the recording's frame rate (the tracker's
        # timeouts are in frame time) and replay what its players typed on the dashboard.
        recording = load_recording(folder)
        if (recording.game, recording.players) != (game, players):
            raise CompanionError(
                f"{folder} records a {recording.game} game for {recording.players} players; "
                f"start with --game {recording.game} --players {recording.players}"
            )
        return RecordedInputs(
            TableWatcher(_recorded_source(folder, recording), mat, players, **options),
            recording,
        )
    return TableWatcher(open_source(spec), mat, players, **options)


def _recorded_source(folder: Path, recording: Any):
    """The frames stamped at their recorded frame times, else at the recording's frame rate
    (the tracker's timeouts are in frame time), but handed out as fast as asked: pacing
    wall-clock time is the runtime's job."""
    from vision.recorder import replay_hold_frames
    from vision.sources import ImageFolderSource, SourceConfig

    ticks = iter(range(0, 10**12, 3600))  # a clock that is always an hour later: never wait
    # The last frame held a little: the cards laid just before the recording ended settle.
    fps = recording.fps
    times = (recording.frames or {}).get("times")  # frames kept beyond the rate lie closer
    config = SourceConfig(fps=fps, hold_last=replay_hold_frames(fps))
    return ImageFolderSource(folder, config, clock=lambda: float(next(ticks)), times=times)


def recording_folder(spec: str) -> Path | None:
    """The folder of an `images:DIR[?options]` source, else None."""
    if not spec.startswith("images:"):
        return None
    return Path(spec[len("images:") :].split("?", 1)[0])


def sample_recordings() -> dict[str, Path]:
    """Bundled recorded games by game slug (sample_images/<game>-<n>p with an inputs.json)."""
    from .recording import has_recording, load_recording

    found: dict[str, Path] = {}
    for folder in sorted(SAMPLES.iterdir()) if SAMPLES.is_dir() else []:
        if folder.is_dir() and has_recording(folder):
            found.setdefault(load_recording(folder).game, folder)
    return found


def sample_frames_available() -> bool:
    return SAMPLE_GAME.is_dir() and any(
        p.suffix.lower() in IMAGE_SUFFIXES for p in SAMPLE_GAME.iterdir()
    )


def pipeline_available() -> bool:
    try:
        import vision.pipeline
        import vision.sources  # noqa: F401
    except ImportError:
        return False
    return True
