"""Opening what watches the table: a real camera pipeline, or the demo's scripted stand-in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.errors import CompanionError

# The rendered 2-player Musée game shipped with the repository.
SAMPLE_GAME = Path(__file__).resolve().parent.parent / "sample_images" / "musee-2p"
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png"}


class CameraUnavailableError(CompanionError):
    pass


def open_watcher(spec: str, game: str, players: int, **options: Any):
    """`camera:0`, `video:PATH` or `images:DIR` through vision.sources and vision.pipeline."""
    try:
        from vision.sources import open_source
    except ImportError as exc:
        raise CameraUnavailableError(f"the camera side is not installed ({exc})") from None
    try:
        from vision.pipeline import TableWatcher
    except ImportError as exc:
        raise CameraUnavailableError(
            f"the camera pipeline is not available ({exc}); run without --source and "
            "correct the table by hand on the dashboard") from None
    source = open_source(spec)
    return TableWatcher(source, game, players, **options)


def sample_frames_available() -> bool:
    return SAMPLE_GAME.is_dir() and any(p.suffix.lower() in IMAGE_SUFFIXES
                                        for p in SAMPLE_GAME.iterdir())


def pipeline_available() -> bool:
    try:
        import vision.pipeline  # noqa: F401
        import vision.sources  # noqa: F401
    except ImportError:
        return False
    return True
