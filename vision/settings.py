"""The table watcher's settings: one validated object, like a source's `SourceConfig`.

Strict, so a typo in a setting is an error naming it rather than a silent default, and every
number has a name and a range. `TableWatcher(..., settings=WatcherSettings(...))`, or the
same fields as keyword options: `TableWatcher(source, "musee", 2, preview_width=0)`.
"""

from __future__ import annotations

import os
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.errors import CompanionError


class SettingsError(CompanionError):
    """A watcher setting that does not exist or is out of its range."""


class WatcherSettings(BaseModel):
    """How the watcher decodes, previews and waits; see vision/README.md ("Watching")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # The dashboard's picture: shrunk to this width (0: no preview), at most this often in
    # frame time (about ten a second from a 30 fps camera; each costs ~3 ms of the frame).
    preview_width: int = Field(960, ge=0, le=7680)
    preview_every_s: float = Field(0.095, ge=0, le=60)
    # Threads sharing a frame's partial decode; None: two from four cores up (on two, the
    # camera's thread and the periodic whole decode need the other core).
    workers: int | None = Field(None, ge=1, le=64)
    # The longest step() waits for a live camera's next frame.
    frame_wait_s: float = Field(0.1, gt=0, le=10)
    # Grey levels a cell of the 8x smaller thumbnail must change by to count as changed
    # (sensor noise averages out there; a hand or a card changes it by far more).
    change_threshold: int = Field(14, ge=1, le=255)
    # A frame changed over more than this share of its thumbnail is decoded whole.
    partial_share: float = Field(0.35, gt=0, le=1)
    # The whole frame is decoded at least every this many frames, even when still...
    full_decode_every: int = Field(30, ge=1, le=100_000)
    # ...but, in line, it waits up to this many times as long for a frame without motion.
    full_decode_wait: int = Field(3, ge=1, le=1000)
    # The periodic whole decode beside the frames (None: from a live camera only), in a
    # process of its own where one can be used (else on a thread).
    refresh_beside: bool | None = None
    refresh_in_process: bool = True
    # The card reader's symbol sizes (px) when no reader is given (21 modules: under 8 px
    # no module is a pixel across).
    min_symbol_px: float = Field(36.0, ge=8, le=4000)
    max_symbol_px: float = Field(520.0, ge=8, le=8000)

    @model_validator(mode="after")
    def _symbol_sizes_in_order(self) -> WatcherSettings:
        if self.min_symbol_px >= self.max_symbol_px:
            raise ValueError(
                f"min_symbol_px ({self.min_symbol_px}) must be below max_symbol_px "
                f"({self.max_symbol_px})"
            )
        return self

    @classmethod
    def make(cls, base: WatcherSettings | None = None, **changes: Any) -> WatcherSettings:
        """`base` (the defaults if None) with `changes`, checked; a SettingsError names the
        first setting that does not exist or is out of range."""
        data = base.model_dump(exclude_unset=True) if base is not None else {}
        try:
            return cls(**(data | changes))
        except ValidationError as exc:
            raise SettingsError(_first_problem(exc)) from None

    def decode_workers(self) -> int:
        return (
            self.workers if self.workers is not None else (2 if (os.cpu_count() or 1) >= 4 else 1)
        )


def _first_problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    name = ".".join(map(str, first["loc"]))
    if first["type"] == "extra_forbidden":
        known = ", ".join(WatcherSettings.model_fields)
        return f"unknown watcher setting {name!r} (the settings are: {known})"
    if not name:  # a check across settings
        return f"watcher settings: {first['msg'].removeprefix('Value error, ')}"
    return f"watcher setting {name}: {first['msg']} (got {first['input']!r})"
