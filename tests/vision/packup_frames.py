"""Rendered frames for the pack-up check: a game's whole kit laid out face up in rows on a
bare table, some cards taken away and cards of other games added among them (the renderer
draws one game's cards per scene, so each stray is rendered in its own scene with the same
camera and table area and pasted in over its outline, on top as if laid last)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.catalogue import load_catalogue
from vision.render import render_scene, scene_area_mm
from vision.scene import Camera, Degradation, Placed, Scene
from vision.sprites import qr_module_mm

MODULE_PX = 4.0  # pixels per QR module at the frame's centre: codes read, frames stay small
# each row tucked under the next by a fifth of a card: the printed code (23-65 mm down an
# 88 mm card, quiet zone to 69 mm) stays visible, as players overlap rows to save table room


def kit_frame(
    game: str,
    removed: set[str],
    strays: list[tuple[str, str]],  # (game, payload) laid in the cells after the kit's last
    columns: int = 10,
    seed: int = 3,
    overlap: float = 0.2,
    degradation: Degradation | None = None,
    module_px: float = MODULE_PX,
) -> np.ndarray:
    from vision.render import grid_scene

    cards = [p.payload for p in load_catalogue(game).cards]
    size = load_catalogue(game).card_size_mm
    # the full grid (kit then strays) fixes every cell, so the area is the same in every scene
    full = grid_scene(cards + [p for _, p in strays], game, seed, columns, 6.0, size, overlap)
    area = scene_area_mm(full)
    px_per_mm = module_px / qr_module_mm(game)
    width, height = (int(side * px_per_mm * 1.08) for side in area)
    camera = Camera(width, height, px_per_mm, tilt=0.05, k1=0.0)
    kept = [p for p in full.pieces[: len(cards)] if p.payload not in removed]
    scene = Scene(game, 0, kept, [], area, False, size)
    frame = render_scene(scene, seed, camera).image
    for (stray_game, _), piece in zip(strays, full.pieces[len(cards) :]):
        stray_size = load_catalogue(stray_game).card_size_mm
        one = Scene(stray_game, 0, [piece], [], area, False, stray_size)
        rendered = render_scene(one, seed, camera)
        mask = np.zeros(frame.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, _outline_px(piece, stray_size, rendered.mat_to_px), 255)
        frame[mask > 0] = rendered.image[mask > 0]
    if degradation is not None:  # the camera's blur, noise and JPEG over the whole layout
        frame = degrade(frame, degradation, seed)
    return frame


def _outline_px(piece: Placed, size_mm, mat_to_px) -> np.ndarray:
    w, h = size_mm
    angle = np.deg2rad(piece.angle_deg)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    mm = corners @ rotation.T + [piece.x_mm, piece.y_mm]
    px = cv2.perspectiveTransform(mm.reshape(-1, 1, 2), mat_to_px).reshape(4, 2)
    return np.round(px).astype(np.int32)


def degrade(frame: np.ndarray, d: Degradation, seed: int) -> np.ndarray:
    """A webcam's blur, sensor noise and JPEG over the composed frame (the strays included)."""
    if d.blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), d.blur_sigma)
    if d.noise_sigma > 0:
        noise = np.random.default_rng(seed).normal(0, d.noise_sigma, frame.shape)
        frame = np.clip(frame + noise, 0, 255).astype(np.uint8)
    if d.jpeg_quality:
        ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, d.jpeg_quality])
        frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return frame
