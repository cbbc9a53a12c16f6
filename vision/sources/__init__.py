"""Frame sources behind one interface: webcam, video file, image folder, rendered scene.

`open_source("camera:0")`, `open_source("video:game.mp4")`, `open_source("images:DIR?fps=10")`,
`open_source("scene:musee?players=2&seed=3")`. Every source hands out the newest frame (or
None when nothing new arrived) and a `SourceStatus` the dashboard can show.

The camera source follows Frigate's shape: one capture thread keeps only the latest frame, a
watchdog thread notices when frames stop (a dead USB cable, a frozen driver returning the
same image) within 2 s and reconnects with exponential back-off, without restarting the
program. A blocked read cannot be interrupted in OpenCV, and releasing the capture under it
crashes the process, so the watchdog abandons that thread (its generation number goes stale;
it releases its own capture and exits when the read returns) and starts a new one.

The parts: `config` (SourceConfig, SourceError, orient), `camera` (CameraSource), `files`
(ImageFolderSource, VideoSource, SceneSource); everything is imported from here,
`vision.sources`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from pydantic import ValidationError

from ..contract import FrameSource
from .camera import MAX_ABANDONED_READS, CameraSource
from .config import IMAGE_SUFFIXES, SourceConfig, SourceError, orient
from .files import ImageFolderSource, SceneSource, VideoSource

__all__ = [
    "IMAGE_SUFFIXES",
    "MAX_ABANDONED_READS",
    "CameraSource",
    "ImageFolderSource",
    "SceneSource",
    "SourceConfig",
    "SourceError",
    "VideoSource",
    "open_source",
    "orient",
]


def _parse_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    kind, sep, rest = spec.partition(":")
    if not sep:
        raise SourceError(
            f"source {spec!r} must look like camera:0, video:PATH, images:DIR or scene:GAME"
        )
    options: dict[str, str] = {}
    # Options follow the last '?' unless the target is a URL carrying its own query string.
    if "?" in rest and not (kind == "camera" and "://" in rest):
        rest, _, query = rest.rpartition("?")
        options = dict(parse_qsl(query, keep_blank_values=True))
    return kind.lower(), rest, options


def open_source(spec: str, config: SourceConfig | None = None, **overrides: Any) -> FrameSource:
    """Open `camera:0`, `camera:rtsp://...`, `video:PATH`, `images:DIR` or `scene:GAME`.

    Options in the spec (`images:DIR?fps=10&loop=1`) or keyword overrides set SourceConfig
    fields; `scene:` also takes players, seed, cards and frames.
    """
    kind, target, options = _parse_spec(spec)
    scene_options = {
        k: options.pop(k) for k in ("players", "seed", "cards", "frames") if k in options
    }
    settings = config.model_dump() if config else {}
    settings.update(options)
    settings.update(overrides)
    try:
        config = SourceConfig.model_validate(settings)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SourceError(
            f"source option {'.'.join(map(str, first['loc']))}: {first['msg']}"
        ) from None
    if kind == "camera":
        return CameraSource(int(target) if target.isdigit() else target, config)
    if kind == "video":
        return VideoSource(target, config)
    if kind in ("images", "folder"):
        return ImageFolderSource(target, config)
    if kind == "scene":
        try:
            numbers = {k: int(v) for k, v in scene_options.items()}
        except ValueError:
            raise SourceError(f"scene options must be whole numbers: {scene_options}") from None
        return SceneSource(target or "musee", config=config, **numbers)
    raise SourceError(f"unknown source kind {kind!r}; use camera, video, images or scene")
