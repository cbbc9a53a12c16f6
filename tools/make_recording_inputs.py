"""Writes inputs.json for each recorded sample game in sample_images/ (see web/recording.py).

Each game's sample generator left the dashboard inputs in its own frame sidecars; this puts
them in the one format the dashboard replays. Which moves were accepted is worked out by
replaying them through a Session, so `after_moves` counts exactly what the camera and the
players will have had accepted by then.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.model import Move, Setup  # noqa: E402
from companion.session import Session  # noqa: E402
from web.recording import write_recording  # noqa: E402

SAMPLES = ROOT / "sample_images"


def sidecars(folder: Path) -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("[0-9]*.json"))]


def first_listing(frames: list[dict]) -> dict[int, int]:
    """For each move (by its place in the game), the first frame whose sidecar lists it."""
    first: dict[int, int] = {}
    for index, frame in enumerate(frames):
        for number in range(len(frame["moves"])):
            first.setdefault(number, index)
    return first


def build(game: str, setup: Setup, steps: list[tuple[dict, bool, int]], fps: float) -> dict:
    """steps: (move, typed on the dashboard?, frame it follows) in the order they happened."""
    session = Session(game, setup)
    inputs = []
    for move_data, typed, after_frame in steps:
        accepted_before = len(session.moves)
        verdict = session.play(Move.from_dict(move_data))
        if typed:
            entry = {"after_frame": after_frame, "after_moves": accepted_before, "move": move_data}
            if not verdict.accepted:
                entry["refused"] = True
            inputs.append(entry)
    return {
        "game": game,
        "setup": setup.to_dict(),
        "fps": fps,
        "inputs": inputs,
        "over": session.game.is_over(session.state),
    }


def musee(folder: Path) -> dict:
    frames = sidecars(folder)
    moves = frames[-1].get("final_moves") or frames[-1]["moves"]
    first_frame = first_listing(frames)
    setup = Setup(2, ("Amy", "Ben"))
    steps = [
        (m, m["kind"] != "place", max(first_frame.get(i, len(frames)) - 1, 0))
        for i, m in enumerate(moves)
    ]
    # The recording stops when the players to move hold no card that fits: they say so.
    session = Session("musee", setup)
    for move, _, _ in steps:
        session.play(Move.from_dict(move))
    while not session.game.is_over(session.state):
        seat = session.state.turn
        declaration = {"kind": "cannot_play", "player": seat}
        session.play(Move.from_dict(declaration))
        steps.append((declaration, True, len(frames) - 1))
    return build("musee", setup, steps, fps=4)


def mythe(folder: Path) -> dict:
    frames = sidecars(folder)
    record = json.loads((ROOT / "tests/golden/mythe/three-players-camera.json").read_text())
    moves = frames[-1]["moves"]
    first_frame = first_listing(frames)
    setup = Setup.from_dict(record["setup"])
    steps = [(m, m["kind"] in {"stop", "share"}, first_frame[i] - 1) for i, m in enumerate(moves)]
    return build("mythe", setup, steps, fps=4)


def masterpiece(folder: Path) -> dict:
    frames = sidecars(folder)
    record = json.loads(
        (ROOT / "tests/golden/masterpiece/four-players-refusals-and-fines.json").read_text()
    )
    script = frames[-1]["script"]
    setup = Setup.from_dict(record["setup"])
    steps = [
        (entry["move"], entry["by"] != "camera", entry.get("after_frame", 0))
        for entry in script
        if "move" in entry
    ]
    return build("masterpiece", setup, steps, fps=1)


BUILDERS = {"musee-2p": musee, "mythe-3p": mythe, "masterpiece-4p": masterpiece}


def refresh(name: str, folder: Path | None = None) -> None:
    """Write inputs.json of sample `name` (a key of BUILDERS) into `folder`, by default its
    folder in sample_images/ (a generator run with --out passes the folder it wrote)."""
    folder = SAMPLES / name if folder is None else folder
    data = BUILDERS[name](folder)
    write_recording(folder, data["game"], data["setup"], data["fps"], data["inputs"])
    print(f"{name}: {len(data['inputs'])} dashboard inputs, game over at the end: {data['over']}")


def main(names: list[str]) -> None:
    """Refresh inputs.json of the named sample folders (all three when none is named)."""
    for name in names or list(BUILDERS):
        refresh(name)


if __name__ == "__main__":
    main(sys.argv[1:])
