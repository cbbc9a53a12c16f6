"""Table companion rules core.

Pure Python: the rules of each game, the event contract the camera feeds, sessions with
history and an append-only log. Nothing here imports cv2 or flask (tests/test_layering.py
proves it); the CLI imports them lazily inside the commands that need them.
"""

__version__ = "0.1.0"
