"""What the renderer draws (`vision.render`): a `Scene` of `Placed` pieces and hands, the
`Camera` that sees it and the `Degradation` of its picture, and what came out (`Rendered`,
with the `Truth` of where every code ended up)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .hands import Hand


@dataclass(frozen=True)
class Placed:
    """One piece on the table: centre in mat mm, rotation in degrees (clockwise)."""

    payload: str
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    kind: str = "card"  # "card", "back" or "token"
    marker: int | None = None
    slide_mm: float = 0.0  # a card sliding while the shutter is open: how far it moves (mm)
    slide_angle_deg: float = 0.0  # and which way (mat axes; 0 = +x, 90 = +y)


@dataclass(frozen=True)
class Camera:
    """Where the camera looks from: tilt makes the far edge smaller (perspective)."""

    width: int = 1920
    height: int = 1080
    px_per_mm: float = 2.0  # at the mat centre
    tilt: float = 0.15  # 0 = straight down; relative shrink of the far edge
    yaw_deg: float = 0.0
    offset_px: tuple[float, float] = (0.0, 0.0)
    k1: float = -0.04  # radial (barrel) lens distortion
    k2: float = 0.0  # fourth-order radial term (wide-angle webcams)
    p1: float = 0.0  # tangential distortion (a lens not quite parallel to the sensor)
    p2: float = 0.0

    @property
    def distorted(self) -> bool:
        return bool(self.k1 or self.k2 or self.p1 or self.p2)


@dataclass(frozen=True)
class Degradation:
    blur_sigma: float = 0.0
    noise_sigma: float = 0.0
    jpeg_quality: int | None = None
    light: float = 0.0  # strength of uneven light (0-0.6)
    shadow: float = 0.0  # darkness of a soft shadow across the table (0-0.6)
    glare: float = 0.0  # strength of a specular spot (0-1)
    motion_px: float = 0.0  # length of a motion smear (a bumped table, a wobbly arm)
    motion_angle_deg: float = 0.0  # its direction (0 = horizontal)
    vignette: float = 0.0  # darkening towards the corners (0-0.7)
    exposure: float = 1.0  # overall gain (auto-exposure swinging between frames)
    colour_cast: tuple[float, float, float] = (1.0, 1.0, 1.0)  # B, G, R gains (warm/cool light)
    specular: float = 0.0  # small saturated highlights on sleeves/laminate over codes (0-1)
    card_bend: float = 0.0  # cards bowed in their sleeves: sag as a fraction of card width
    rolling_shutter_px: float = 0.0  # horizontal shift of the last row vs the first

    @property
    def label(self) -> str:
        parts = []
        if self.blur_sigma:
            parts.append(f"blur{self.blur_sigma:g}")
        if self.noise_sigma:
            parts.append(f"noise{self.noise_sigma:g}")
        if self.jpeg_quality:
            parts.append(f"jpeg{self.jpeg_quality}")
        if self.light:
            parts.append("light")
        if self.shadow:
            parts.append("shadow")
        if self.glare:
            parts.append("glare")
        if self.motion_px:
            parts.append(f"motion{self.motion_px:g}")
        for name in ("vignette", "specular", "card_bend", "rolling_shutter_px"):
            if getattr(self, name):
                parts.append(f"{name}{getattr(self, name):g}")
        if self.exposure != 1.0:
            parts.append(f"exposure{self.exposure:g}")
        if self.colour_cast != (1.0, 1.0, 1.0):
            parts.append("cast")
        return "+".join(parts) or "clean"


@dataclass
class Scene:
    game: str
    players: int
    pieces: list[Placed] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    mat_size_mm: tuple[float, float] | None = None  # None: pieces on a bare table
    draw_mat: bool = True
    card_size_mm: tuple[float, float] = (63.0, 88.0)


@dataclass
class Truth:
    payload: str
    kind: str
    quad_px: np.ndarray  # the code's corners in the final frame
    center_mm: tuple[float, float]
    occluded: bool  # a hand covers more than 2 % of its code (the benchmarks' rule)
    covered: float = 0.0  # the share of its code under a hand (0 to 1)


@dataclass
class Rendered:
    image: np.ndarray
    mat_to_px: np.ndarray  # homography mat mm -> frame px (before lens distortion)
    truth: list[Truth]
    camera: Camera
