"""Generates sample_images/masterpiece-4p/: the hand-checked 4-player golden game as camera frames.

    python tools/make_masterpiece_samples.py [--out sample_images/masterpiece-4p]

The game is tests/golden/masterpiece/four-players-refusals-and-fines.json (cash, auctions and
final wealth worked out by hand in its "notes", refused bids and fines included), rendered on
the masterpiece 4-player mat by vision.render. What the camera sees:
- pawns (ArUco tokens MPPAWN1-4) on the ring spaces, each seat in its own corner of a space so
  four pawns fit on one; one frame per pawn move;
- paintings (QR cards) in the player areas (turned sideways, a 2 x 3 grid per area, each
  painting keeping its cell while it stays with the owner) and on the easel.
From these the engine itself makes the moves `deal`, `place_pawn`, `easel`, `pick`,
`inherit` and `buy` (CAMERA_KINDS). The pipeline has no die reader for this game's roll area
(vision/dice.py reads the coloured servant dice of Crypt only, and TableWatcher does not call
it), so the golden game's die read is entered as a `roll` on the dashboard like every other
roll. One wrong pawn placement of the golden game (Ben's pawn on space 9 instead of 8, then
moved) is shown as it happened, so the camera's refusal is part of the recording.

Everything else is typed on the dashboard: rolls, value cards drawn (their codes), bids,
refused bids, equal bids called at once, overbids, the hammer, no sale, cash or value card,
sell, pass, start. The last frame's JSON has "script": the whole game in order, each entry
{"by": "camera" | "dashboard", "move" or "event", "refused": rule code or null,
"after_frame": n}. A dashboard entry is due once frame n has been processed and every camera
move before it has been accepted (web/demo.py's rule for Musée, plus the frame so a table
change that comes with a move, e.g. the painting leaving the easel at the hammer, has
settled first). Every frame's JSON also lists the pieces by region and slot (player areas
have no slots: slot null), the phase, each player's cash and the moves accepted so far.

A piece that changes place is held 3 frames first (the tracker settles 3 of 5 frames), so
settled events come in the game's order. Frames are meant to be played at FPS = 1
(`images:DIR?fps=1`): the tracker's vanish timeout is measured in frame time.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
# The repository (for its packages) and tools/ (for sample_run, when this file is
# loaded by a test rather than run as a script).
for _folder in (ROOT, ROOT / "tools"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from sample_run import run_generator  # noqa: E402

from calibration.kit.camera import camera_view  # noqa: E402
from calibration.layouts import load_layout  # noqa: E402
from companion.catalogue import load_catalogue  # noqa: E402
from companion.model import Move  # noqa: E402
from companion.record import load_record  # noqa: E402
from companion.session import Session  # noqa: E402
from vision.render import Camera, Degradation, Placed, Scene, render_scene  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "masterpiece" / "four-players-refusals-and-fines.json"
OUT = ROOT / "sample_images" / "masterpiece-4p"
FPS = 1.0
CAMERA_KINDS = ("deal", "place_pawn", "easel", "pick", "inherit", "buy")
SETTLE = 3  # frames a piece must show in one place before it may change again
JPEG_QUALITY = 35
# The print kit's camera for this mat (calibration/kit/camera.py): a 1080p webcam at the
# height the kit recommends (the mat plus 5 % fills the picture, 1.64 px/mm), its arm a little
# off vertical and a slight barrel. The calibrator reads about 3.1 px per QR module at the
# mat's far edge, above its 3 px warning (the first frames, at 1.6 px/mm and tilt 0.07, read
# 2.75: issue 23, item 9).
CAMERA = Camera(
    px_per_mm=round(camera_view(load_layout("masterpiece", 4).mat_size_mm).px_per_mm, 2),
    tilt=0.03,
    k1=-0.02,
)
LOOK = Degradation(blur_sigma=0.8, noise_sigma=0.3, light=0.12, glare=0.1)
PAWN_OFFSETS_MM = ((-14, -14), (14, -14), (-14, 14), (14, 14))  # seat -> corner of a space
AREA_CELLS = 6  # paintings per player area: 2 columns x 3 rows of sideways cards


class Table:
    """Where each physical piece lies, derived from the engine state after every move."""

    def __init__(self, layout, pawns: tuple[str, ...]):
        self.layout = layout
        self.pawns = pawns
        self.cells: dict[str, tuple[int, int]] = {}  # painting -> (seat, cell) while owned
        self.pawn_override: dict[str, int] = {}  # pawn -> space while the camera saw it elsewhere

    def pieces(self, state) -> dict[str, tuple[str, tuple | None, float, float, float]]:
        """payload -> (region, slot, x_mm, y_mm, angle)."""
        out = {}
        for seat, position in enumerate(state.positions):
            pawn = self.pawns[seat]
            space = self.pawn_override.get(pawn, position)
            if space is None:
                continue
            cx, cy = self.layout.region("ring").slot([space]).center_mm
            dx, dy = PAWN_OFFSETS_MM[seat]
            out[pawn] = ("ring", (space,), cx + dx, cy + dy, 0.0)
        owned = {h.painting: seat for seat, hs in enumerate(state.holdings) for h in hs}
        for painting in list(self.cells):
            if owned.get(painting) != self.cells[painting][0]:
                del self.cells[painting]
        for painting, seat in sorted(owned.items()):
            if painting not in self.cells:
                used = {cell for s, cell in self.cells.values() if s == seat}
                free = [c for c in range(AREA_CELLS) if c not in used]
                assert free, f"player{seat} holds more than {AREA_CELLS} paintings"
                self.cells[painting] = (seat, free[0])
            seat, cell = self.cells[painting]
            x, y, _, _ = self.layout.region(f"player{seat}").rect_mm
            col, row = cell % 2, cell // 2
            out[painting] = (f"player{seat}", None, x + 44 + 88 * col, y + 37.5 + 75 * row, 90.0)
        if state.auction is not None:
            cx, cy = self.layout.region("easel").slot([0]).center_mm
            out[state.auction.painting] = ("easel", (0,), cx, cy, 0.0)
        return out


def generate(out: Path = OUT, golden: Path = GOLDEN) -> int:
    record = load_record(golden)
    records = list(record.records())
    refused = {r["entry"]: r["codes"][0] for r in record.expected["rejections"]}
    session = Session.replay(records[:1])
    game = session.game
    players = session.setup.players
    layout = load_layout("masterpiece", players)
    catalogue = load_catalogue("masterpiece")
    table = Table(layout, session.state.pawns)
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("*.jpg")) + list(out.glob("[0-9]*.json")):
        old.unlink()

    shown: dict[str, tuple] = {}  # what the last frame showed
    changed_at: dict[str, int] = {}  # payload -> frame it last changed place
    done: list[dict] = []
    script: list[dict] = []
    frame = 0

    def emit(pieces: dict, note: str) -> None:
        nonlocal frame
        placed = []
        for payload, (region, slot, x, y, angle) in sorted(pieces.items()):
            jitter = (
                zlib.crc32(f"{payload}{region}{slot}".encode()) % 7 - 3
            ) * 0.4  # steady while it stays
            piece = catalogue.piece(payload)
            if piece.kind == "token":
                placed.append(Placed(payload, x, y, jitter * 2, "token", piece.marker))
            else:
                placed.append(Placed(payload, x + jitter, y - jitter, angle + jitter, "card"))
        scene = Scene(
            "masterpiece",
            players,
            placed,
            [],
            layout.mat_size_mm,
            True,
            tuple(catalogue.card_size_mm),
        )
        rendered = render_scene(
            scene, seed=31 * frame + 5, camera=CAMERA, degradation=LOOK, light_seed=13
        )
        name = f"{frame:04d}"
        cv2.imwrite(
            str(out / f"{name}.jpg"),
            rendered.image,
            [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY, cv2.IMWRITE_JPEG_OPTIMIZE, 1],
        )
        state = session.state

        def listed(kind: str) -> list[dict]:
            return [
                {"payload": p, "region": r, "slot": list(s) if s is not None else None}
                for p, (r, s, *_rest) in sorted(pieces.items())
                if (catalogue.piece(p).kind == "token") == (kind == "token")
            ]

        expected = {
            "frame": frame,
            "t": round(frame / FPS, 3),
            "note": note,
            "hand": False,
            "cards": listed("card"),
            "tokens": listed("token"),
            "hidden": [],
            "phase": state.phase,
            "turn": state.turns,
            "cash_k": list(state.cash),
            "camera_kinds": list(CAMERA_KINDS),
            "moves": list(done),
        }
        (out / f"{name}.json").write_text(json.dumps(expected) + "\n")
        frame += 1

    def settled() -> int:
        """The frame after which every change shown so far has settled."""
        return max(changed_at.values(), default=0) + SETTLE - 1

    def show(note: str) -> None:
        """Emit the table as the state has it, holding first whatever must settle."""
        pieces = table.pieces(session.state)
        moving = [p for p in set(pieces) | set(shown) if pieces.get(p) != shown.get(p)]
        if not moving:
            return
        ready = max((changed_at.get(p, -SETTLE) + SETTLE for p in moving), default=frame)
        while frame < ready:
            emit(shown, "the table settles")
        for p in moving:
            changed_at[p] = frame
        shown.clear()
        shown.update(pieces)
        emit(pieces, note)

    log = records[1:]
    for number, entry in enumerate(log, start=1):
        code = refused.get(number)
        if entry["type"] == "event":
            event = entry["event"]
            if event.get("kind") == "die":
                # No die reader for this game: the number is typed on the dashboard.
                move = {"kind": "roll", "player": session.state.active, "value": event["value"]}
                verdict = session.play(Move.from_dict(move), source="manual")
                assert verdict.accepted
                script.append(
                    {"by": "dashboard", "move": move, "refused": None, "after_frame": settled()}
                )
                done.append(move)
                # The camera saw the pawn land wrongly first: keep it where it was for now.
                following = log[number] if number < len(log) else {}
                pawn = (following.get("event") or {}).get("payload")
                if pawn in table.pawns:
                    start = session.state.positions[table.pawns.index(pawn)] - event["value"]
                    table.pawn_override[pawn] = start % len(game.spaces)
                continue
            pawn, space = event["payload"], event["where"]["slot"][0]
            assert pawn in table.pawns, event
            if code:
                table.pawn_override[pawn] = space
            else:
                table.pawn_override.pop(pawn, None)
                assert session.state.positions[table.pawns.index(pawn)] == space
            script.append({"by": "camera", "event": event, "refused": code})
            show(f"{pawn} on space {space}" + (" (the wrong space)" if code else ""))
            continue
        move = entry["move"]
        camera = move["kind"] in CAMERA_KINDS and not code
        verdict = session.play(Move.from_dict(move), source="camera" if camera else "manual")
        assert verdict.accepted == (code is None), (number, verdict.to_dict())
        item = {"by": "camera" if camera else "dashboard", "move": move, "refused": code}
        if not camera:
            item["after_frame"] = settled()
        script.append(item)
        if code:
            continue
        done.append(move)
        who = session.state.names[move["player"]] if move.get("player") is not None else ""
        params = {k: v for k, v in move.items() if k not in ("kind", "player")}
        show(f"{who} {move['kind']} {json.dumps(params)}")
    for _ in range(SETTLE - 1):
        emit(shown, "game over: the table as it ends")
    assert session.state.phase == "over"
    assert {s.side: s.total for s in game.score(session.state)} == record.expected["scores"]
    last = sorted(out.glob("[0-9]*.json"))[-1]
    data = json.loads(last.read_text())
    data["final_moves"] = done
    data["script"] = script
    last.write_text(json.dumps(data) + "\n")
    return frame


def main() -> None:
    run_generator(generate, OUT, __doc__.splitlines()[0], "masterpiece-4p")


if __name__ == "__main__":
    main()
