"""The table state in one still image (the `companion recognize` command): what a
`TableWatcher` sees in it, as cards by region and slot, tokens and warnings."""

from __future__ import annotations

from typing import Any

import numpy as np

from .pipeline import TableWatcher


def recognize(image: np.ndarray, game: str, players: int, calibration: Any = None) -> dict:
    """The table state in one image: cards by region and slot, tokens, warnings."""
    watcher = TableWatcher(None, game, players, calibration, preview_width=0)
    seen = watcher.see(image)
    warnings: list[str] = []
    if watcher.homography is None:
        warnings.append("not calibrated: no mat markers found in the image")
    cards, tokens, placed = [], [], {}
    for detection in seen.detections:
        piece = watcher.catalogue.get(detection.payload)
        if piece is None:
            warnings.append(f"unknown code {detection.payload}: not a {watcher.game} card")
            continue
        entry = {
            "payload": detection.payload,
            "region": detection.region,
            "slot": list(detection.slot) if detection.slot is not None else None,
            "x_mm": round(detection.x_mm, 1),
            "y_mm": round(detection.y_mm, 1),
        }
        if piece.kind == "token":
            tokens.append(entry)
            continue
        entry["face_down"] = piece.kind == "back"
        if detection.payload in placed and piece.kind != "back":
            warnings.append(f"duplicate print: {detection.payload} appears twice")
            continue
        placed[detection.payload] = entry
        cards.append(entry)
    for code in seen.codes:
        if watcher.homography is None:
            cards.append({"payload": code.text, "region": None, "slot": None})
    key = lambda e: (e["region"] or "~", e["slot"] or [], e["payload"])  # noqa: E731
    return {
        "game": watcher.game,
        "players": players,
        "calibrated": watcher.calibrated,
        "reprojection_error_mm": watcher.reprojection_error_mm,
        "cards": sorted(cards, key=key),
        "tokens": sorted(tokens, key=key),
        "warnings": warnings,
    }
