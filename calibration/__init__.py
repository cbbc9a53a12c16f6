"""Print-and-play kit and table calibration.

- `calibration.layouts`: play-mat layouts (regions, slots, markers in mat millimetres).
- `calibration.kit`: card, token, sticker and mat images and printable sheets.
- `calibration.calibrate`: mat markers in a camera frame -> image <-> mat homography.

Importing this package loads nothing heavy; OpenCV is imported by `calibration.calibrate`.
"""

_EXPORTS = {
    "load_layout": "layouts",
    "Layout": "layouts",
    "Region": "layouts",
    "Slot": "layouts",
    "Marker": "layouts",
    "available_layouts": "layouts",
    "Calibrator": "calibrate",
    "CalibrationResult": "calibrate",
    "CalibrationError": "calibrate",
    "detect_markers": "calibrate",
    "render_card": "render",
    "render_token": "render",
    "render_mat": "render",
}


def __getattr__(name):  # lazy, so `import calibration` stays cheap
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'calibration' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
