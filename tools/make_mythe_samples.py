"""Generates sample_images/mythe-3p/: a whole 3-player Mythe game as rendered camera frames.

    python tools/make_mythe_samples.py [--out sample_images/mythe-3p]
    python tools/make_mythe_samples.py --serve [--port 8765]   # play it on the dashboard

The game is the hand-checked transcript tests/golden/mythe/three-players-camera.json (Ann,
Bo, Cy; Bo reveals the sword and beats the dragon). Each of its table events becomes what a
camera sees on the mythe 3-player mat: hero tokens (ArUco markers) on the path spaces, the
dragon token on its lair, cards drawn this turn face up in the adventure area, a legendary
card in the reveal spot. A hand brings every card and moves every hero; then the piece lies
in plain view for SETTLE_FRAMES frames (the tracker settles after 3 of 5).

What the camera cannot see is recorded like the Musée demo's declarations: the frame JSON's
"moves" lists every accepted move so far, in order, including the "stop" (Ann presses "stop
drawing" before moving her hero) and the "share" hand-count confirmations, which players
enter on the dashboard. The engine is played alongside (a reference Session fed the same
events), so "moves", "positions" and "rejections" are what the rules say, not guesses.

Each frame NNNN.jpg (1920x1080, meant for 4 fps) has NNNN.json: frame, t, note, hand,
cards / tokens by region and slot, hidden (codes a hand covers), moves, positions (hero space
by seat), rejections (codes of camera moves refused so far, e.g. a hero put on the wrong
space), and in the last frame final = {positions, winner}.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
# The repository (for its packages) and tools/ (for sample_run, when this file is
# loaded by a test rather than run as a script).
for _folder in (ROOT, ROOT / "tools"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from sample_run import run_generator  # noqa: E402

from calibration.layouts import load_layout  # noqa: E402
from companion.catalogue import load_catalogue  # noqa: E402
from companion.events import event_from_dict  # noqa: E402
from companion.model import Move, Setup  # noqa: E402
from companion.session import Session  # noqa: E402
from vision.hands import Hand  # noqa: E402
from vision.render import Camera, Degradation, Placed, Scene, render_scene  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "mythe" / "three-players-camera.json"
OUT = ROOT / "sample_images" / "mythe-3p"
FPS = 4.0
SETTLE_FRAMES = 3  # frames with a new piece in plain view (tracker: 3 of 5)
VANISH_FRAMES = 13  # a card taken away is forgotten after 3 s: wait 3.25 s before reusing it
JPEG_QUALITY = 32  # with a little blur: the folder stays under 15 MB
CAMERA = Camera(px_per_mm=2.0, tilt=0.12, k1=-0.03)
LOOK = Degradation(blur_sigma=1.1, noise_sigma=0.3, light=0.15, glare=0.12)
STOP_SEATS = {0}  # Ann always presses "stop drawing" before she moves her hero
PLAYERS = 3


class Table:
    """Where every physical piece lies, in mat millimetres."""

    def __init__(self) -> None:
        self.layout = load_layout("mythe", PLAYERS)
        self.catalogue = load_catalogue("mythe")
        # payload -> x, y, angle and region (cards) or path space (tokens)
        self.cards: dict[str, tuple[float, float, float, str]] = {}
        self.tokens: dict[str, tuple[float, float, float, int]] = {}
        self.rng = random.Random(11)

    def hero_spot(self, payload: str, space: int) -> tuple[float, float]:
        cx, cy = self.layout.region("path").slot([space]).center_mm
        if space == 0:  # the Village holds every hero: side by side
            index = int(self.catalogue.piece(payload).face["hero"])
            return cx - 40 + 40 * index, cy
        if space == 19:  # the dragon token sits on the left of its lair
            return cx + 30, cy
        return cx, cy

    def put_token(self, payload: str, space: int) -> tuple[float, float]:
        if payload == "MYDRAGON":
            cx, cy = self.layout.region("path").slot([19]).center_mm
            x, y = cx - 30, cy
        else:
            x, y = self.hero_spot(payload, space)
        self.tokens[payload] = (
            x + self.rng.uniform(-3, 3),
            y + self.rng.uniform(-3, 3),
            self.rng.uniform(-10, 10),
            space,
        )
        return x, y

    def put_card(self, payload: str, region: str) -> tuple[float, float]:
        if region == "reveal":
            x, y = self.layout.region("reveal").slot([0]).center_mm
        else:  # the next free place, left to right, in the adventure area
            index = sum(1 for c in self.cards.values() if c[3] == "adventure")
            x, y = 96.0 + 72.0 * index, 344.0
        self.cards[payload] = (
            x + self.rng.uniform(-2, 2),
            y + self.rng.uniform(-2, 2),
            self.rng.uniform(-3, 3),
            region,
        )
        return x, y

    def scene(self, hands: list[Hand]) -> Scene:
        pieces = [Placed(p, x, y, a, "card") for p, (x, y, a, _) in self.cards.items()]
        pieces += [
            Placed(p, x, y, a, "token", self.catalogue.piece(p).marker)
            for p, (x, y, a, _) in self.tokens.items()
        ]
        return Scene(
            "mythe",
            PLAYERS,
            pieces,
            hands,
            self.layout.mat_size_mm,
            True,
            tuple(self.catalogue.card_size_mm),
        )

    def expected(self) -> tuple[list[dict], list[dict]]:
        cards = [
            {"payload": p, "region": r, "slot": [0] if r == "reveal" else None}
            for p, (_, _, _, r) in self.cards.items()
        ]
        tokens = [
            {"payload": p, "region": "path", "slot": [s]} for p, (_, _, _, s) in self.tokens.items()
        ]
        return cards, tokens


def generate(out: Path = OUT) -> int:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    setup = Setup.from_dict(record["setup"])
    engine = Session("mythe", setup)  # the reference: what the rules make of each step
    table = Table()
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("*.jpg")) + list(out.glob("[0-9]*.json")):
        old.unlink()
    frame = 0
    left_at: dict[str, int] = {}  # payload -> frame when it left the table
    rejections: list[list[str]] = []

    def emit(hands: list[Hand], note: str, final: bool = False) -> None:
        nonlocal frame
        rendered = render_scene(
            table.scene(hands), seed=frame * 7919 + 3, camera=CAMERA, degradation=LOOK, light_seed=5
        )
        cards, tokens = table.expected()
        data = {
            "frame": frame,
            "t": round(frame / FPS, 3),
            "note": note,
            "hand": bool(hands),
            "cards": cards,
            "tokens": tokens,
            "hidden": sorted(t.payload for t in rendered.truth if t.occluded),
            "moves": [m.to_dict() for m in engine.moves],
            "positions": list(engine.state.positions),
            "rejections": list(rejections),
        }
        if final:
            data["final"] = {
                "positions": list(engine.state.positions),
                "winner": engine.state.winner,
            }
        name = f"{frame:04d}"
        cv2.imwrite(
            str(out / f"{name}.jpg"),
            rendered.image,
            [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY, cv2.IMWRITE_JPEG_OPTIMIZE, 1],
        )
        (out / f"{name}.json").write_text(json.dumps(data) + "\n", encoding="utf-8")
        frame += 1

    def observe(entry: dict) -> None:
        for verdict in engine.observe(event_from_dict(entry["event"])):
            if not verdict.accepted:
                rejections.append([v.code for v in verdict.violations])

    def hand_at(x: float, y: float) -> Hand:
        # hands come from the players' side of the table (below the mat)
        return Hand(
            x + table.rng.uniform(-10, 10),
            y + table.rng.uniform(-5, 15),
            -90 + table.rng.uniform(-20, 20),
            1.2,
        )

    def clear_adventure(note: str) -> None:
        gone = [p for p, c in table.cards.items() if c[3] == "adventure"]
        if not gone:
            return
        emit([hand_at(250, 350), hand_at(400, 340)], note)
        for payload in gone:
            del table.cards[payload]
            left_at[payload] = frame

    # Set-up: heroes in the Village, the dragon on its lair.
    for payload in ("MYHRED", "MYHBLUE", "MYHGREEN"):
        table.put_token(payload, 0)
    table.put_token("MYDRAGON", 19)
    for _ in range(SETTLE_FRAMES + 1):
        emit([], "set-up: three heroes in the Village, the dragon on its lair")

    for entry in record["log"]:
        if entry["type"] == "move":  # a declaration on the dashboard: share confirmation
            clear_adventure("the drawn cards go into the hand")
            engine.play(Move.from_dict(entry["move"]), source="demo")
            continue
        event = entry["event"]
        kind, payload = event["type"], event["payload"]
        if kind == "card_added" and event["kind"] == "token":
            observe(entry)  # the set-up tokens, already on the table
            continue
        if kind == "card_removed":
            if payload in table.cards:
                clear_adventure("the drawn cards go into the hand")
            observe(entry)
            continue
        if kind == "card_added":
            region = event["where"]["region"]
            while payload in left_at and frame - left_at[payload] < VANISH_FRAMES:
                emit([], "players share cards out, face down")
            x, y = (
                table.layout.region("reveal").slot([0]).center_mm
                if region == "reveal"
                else (
                    96.0 + 72.0 * sum(1 for c in table.cards.values() if c[3] == "adventure"),
                    344.0,
                )
            )
            emit([hand_at(x, y)], f"hand brings {payload}")
            table.put_card(payload, region)
            observe(entry)
            for _ in range(SETTLE_FRAMES):
                emit([], f"{payload} face up in the {region} area")
            continue
        # card_moved: a hero token to another path space
        space = event["where"]["slot"][0]
        seat = list(engine.state.heroes).index(table.catalogue.piece(payload).face["colour"])
        if engine.state.phase == "adventure" and seat == engine.state.turn and seat in STOP_SEATS:
            engine.play(Move("stop", seat), source="demo")
        x, y, _, _ = table.tokens[payload]
        emit([hand_at(x, y)], f"hand picks up {payload}")
        table.put_token(payload, space)
        observe(entry)
        for _ in range(SETTLE_FRAMES):
            emit([], f"{payload} on space {space}")
    for _ in range(SETTLE_FRAMES):
        emit([], "the dragon is beaten")
    emit([], "game over", final=True)
    return frame


def main() -> None:
    run_generator(generate, OUT, __doc__.splitlines()[0], "mythe-3p")


if __name__ == "__main__":
    main()
