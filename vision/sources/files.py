"""Sources read from files or drawn: an image folder, a video file, a rendered scene, paced
"as if from a camera" when asked."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..contract import Frame, SourceStatus
from ..images import ImageError, read_image
from .config import IMAGE_SUFFIXES, SourceConfig, SourceError, orient

# Every source logs under the package's name, the one the dashboard shows their problems under.
log = logging.getLogger(__package__)


class _Pacer:
    """Hands out frame numbers at a fixed rate "as if from a camera", or as fast as asked."""

    def __init__(self, fps: float | None, clock: Callable[[], float]):
        self.fps = fps
        self.clock = clock
        self.started: float | None = None
        self.next_index = 0

    def due(self) -> bool:
        if not self.fps:
            return True
        now = self.clock()
        if self.started is None:
            self.started = now
        return now - self.started >= self.next_index / self.fps


class ImageFolderSource:
    """Sorted image files of one folder, one frame each; `t` is index / fps (frame time), or
    the frame's own time from `times` (a recording's, from its first frame on) where given."""

    def __init__(
        self,
        folder: str | Path,
        config: SourceConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
        times: Sequence[float] | None = None,
    ):
        self.folder = Path(folder)
        self.config = config or SourceConfig()
        if not self.folder.is_dir():
            raise SourceError(f"image folder {self.folder} does not exist")
        self.files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise SourceError(
                f"image folder {self.folder} holds no images ({', '.join(sorted(IMAGE_SUFFIXES))})"
            )
        self._pacer = _Pacer(self.config.fps, clock)
        self._position = 0
        self._frame_number = 0  # files taken, readable or not: frame time and index
        self._frames_read = 0  # readable pictures handed out
        self._finished = False
        self._reason = ""
        self._closed = False
        self._last: tuple[np.ndarray, str] | None = None  # the last picture, for hold_last
        self._held = 0
        self._times = [float(t) - float(times[0]) for t in times] if times else []

    @property
    def frame_period_s(self) -> float:
        return 1.0 / (self.config.fps or 10.0)

    def read(self) -> Frame | None:
        if self._closed or self._finished or not self._pacer.due():
            return None
        for _ in range(len(self.files) + 1):  # at most one round of unreadable files
            if self._position >= len(self.files):
                if not self.config.loop and self._last and self._held < self.config.hold_last:
                    return self._hold()
                if not self.config.loop or not self._frames_read:
                    self._finished = True
                    self._reason = (
                        "end of image folder"
                        if self._frames_read
                        else "no readable image in the folder"
                    )
                    return None
                self._position = 0
            path = self.files[self._position]
            self._position += 1
            self._pacer.next_index += 1
            index = self._frame_number
            self._frame_number += 1
            try:
                image = read_image(path)
            except ImageError as exc:
                # Skipped like a dropped frame (its time passes) and logged, which puts it on
                # the dashboard; the folder goes on with the next picture (at once when not
                # paced).
                log.warning("image folder %s: skipped a picture: %s", self.folder, exc)
                if self.config.fps:
                    return None
                continue
            self._frames_read += 1
            image = orient(image, self.config)
            self._last = (image, path.name)
            return Frame(image, self._time(index), index, path.name)
        return None

    def _time(self, index: int) -> float:
        if index < len(self._times):
            return self._times[index]
        if self._times:  # held or beyond the list: on at the pace from its last time
            return self._times[-1] + (index - len(self._times) + 1) * self.frame_period_s
        return index * self.frame_period_s

    def _hold(self) -> Frame:
        """The last picture once more, at the next frame time (see SourceConfig.hold_last)."""
        assert self._last is not None
        self._held += 1
        self._pacer.next_index += 1
        index = self._frame_number
        self._frame_number += 1
        image, name = self._last
        return Frame(image.copy(), self._time(index), index, name)

    def status(self) -> SourceStatus:
        online = not self._closed and not self._finished
        return SourceStatus(
            online,
            self._reason if not online else "",
            0.0 if self._frames_read else None,
            self._frame_number - self._held,  # the folder's pictures: a held one is no new
            self._finished,
            code="" if online else ("finished" if self._finished else "closed"),
        )

    def close(self) -> None:
        self._closed = True
        self._reason = "closed"


class VideoSource:
    """A video file; `t` is the frame's position in the file."""

    def __init__(
        self,
        path: str | Path,
        config: SourceConfig | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        import cv2

        self.path = Path(path)
        self.config = config or SourceConfig()
        if not self.path.is_file():
            raise SourceError(f"video file {self.path} does not exist")
        self._capture: cv2.VideoCapture | None = cv2.VideoCapture(str(self.path))
        if not self._capture.isOpened():
            raise SourceError(f"cannot open video {self.path} (unsupported format?)")
        self._file_fps = self._capture.get(cv2.CAP_PROP_FPS) or 30.0
        self._pacer = _Pacer(self.config.fps, clock)
        self._frames_read = 0
        self._finished = False
        self._reason = ""

    def read(self) -> Frame | None:
        import cv2

        if self._finished or self._capture is None or not self._pacer.due():
            return None
        ok, image = self._capture.read()
        if not ok and self.config.loop and self._frames_read:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._capture.read()
        if not ok:
            self._finished = True
            self._reason = "end of video"
            return None
        self._pacer.next_index += 1
        frame = Frame(
            orient(image, self.config),
            self._frames_read / self._file_fps,
            self._frames_read,
            self.path.name,
        )
        self._frames_read += 1
        return frame

    def status(self) -> SourceStatus:
        online = self._capture is not None and not self._finished
        return SourceStatus(
            online,
            "" if online else self._reason,
            0.0 if self._frames_read else None,
            self._frames_read,
            self._finished,
            code="" if online else ("finished" if self._finished else "closed"),
        )

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
            self._reason = "closed"


class SceneSource:
    """Rendered frames of a synthetic table (vision.render): a virtual camera for development.

    The table is rendered once; each frame adds fresh sensor noise (cheap), so it runs at
    camera speed. `frames` limits the count.
    """

    def __init__(
        self,
        game: str = "musee",
        players: int = 2,
        seed: int = 0,
        cards: int = 12,
        frames: int | None = None,
        config: SourceConfig | None = None,
    ):
        from ..render import random_scene, render_scene

        self.config = config or SourceConfig()
        self.scene = random_scene(game, players, cards=cards, seed=seed)
        self.seed = seed
        self.frames = frames
        self._frames_read = 0
        self._closed = False
        self._base = render_scene(self.scene, seed=seed).image
        self._rng = np.random.default_rng(seed)

    def read(self) -> Frame | None:
        if self._closed or (self.frames is not None and self._frames_read >= self.frames):
            return None
        noise = self._rng.normal(0, 2.0, self._base.shape).astype(np.float32)
        image = np.clip(self._base + noise, 0, 255).astype(np.uint8)
        frame = Frame(
            orient(image, self.config),
            self._frames_read / (self.config.fps or 10.0),
            self._frames_read,
            f"scene-{self._frames_read:05d}",
        )
        self._frames_read += 1
        return frame

    def status(self) -> SourceStatus:
        finished = self.frames is not None and self._frames_read >= self.frames
        online = not self._closed and not finished
        return SourceStatus(
            online,
            "" if online else ("end of scene" if finished else "closed"),
            0.0 if self._frames_read else None,
            self._frames_read,
            finished,
            code="" if online else ("finished" if finished else "closed"),
        )

    def close(self) -> None:
        self._closed = True
