"""Capture settings (`SourceConfig`), the error a source raises, and the orientation every
source applies to its images."""

from __future__ import annotations

from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from companion.errors import CompanionError

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"}


class SourceError(CompanionError):
    """A source spec or file that cannot be opened."""


class SourceConfig(BaseModel):
    """Capture settings, strict so a typo in a config file is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid")
    width: int | None = Field(None, gt=0, description="requested capture width")
    height: int | None = Field(None, gt=0, description="requested capture height")
    fps: float | None = Field(None, gt=0, description="camera: requested rate; files: pacing")
    flip: Literal["none", "horizontal", "vertical", "both"] = "none"
    rotation: Literal[0, 90, 180, 270] = 0
    loop: bool = False
    # Image folders: after the last picture, hand it out this many times more (frame time
    # going on). A recording ends when the players stop it, but the table stays as its last
    # frame shows it: held, the reader settles the cards laid just before the end.
    hold_last: int = Field(0, ge=0, le=10_000)
    # Watchdog: no new frame (or the very same image) for this long means the camera is gone;
    # checked every quarter second, so the dashboard says so within 2 s.
    stale_after_s: float = Field(1.5, gt=0)
    # Network cameras: the longest an open or a read may block inside FFmpeg.
    network_timeout_s: float = Field(5.0, gt=0)
    reconnect_min_s: float = Field(0.5, gt=0)
    reconnect_max_s: float = Field(10.0, gt=0)


def orient(image: np.ndarray, config: SourceConfig) -> np.ndarray:
    """Apply the configured flip and rotation (a camera mounted upside down, a mirror)."""
    import cv2

    if config.flip != "none":
        image = cv2.flip(image, {"horizontal": 1, "vertical": 0, "both": -1}[config.flip])
    if config.rotation:
        image = cv2.rotate(
            image,
            {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}[
                config.rotation
            ],
        )
    return image
