"""Print-and-play kit and table calibration.

- `calibration.layouts`: play-mat layouts (regions, slots, markers in mat millimetres).
- `calibration.kit`: card, token, sticker and mat images and printable sheets.
- `calibration.calibrate`: mat markers in a camera frame -> image <-> mat homography.

Importing this package loads nothing heavy; OpenCV is imported by `calibration.calibrate`.
"""
