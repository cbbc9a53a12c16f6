"""Generates sample_images/cardcassonne-3p/: the hand-checked 3-player golden game as camera frames.

    python tools/make_cardcassonne_samples.py [--out sample_images/cardcassonne-3p]

The game is tests/golden/cardcassonne/three-players-full.json (scores checked by hand, round by
round, in its "expected" notes), with the seats turned so its dealer, Cy, is seat 0: players
Cy, An, Bo (red, yellow and blue followers), as `companion serve --names Cy,An,Bo` sets up. Every move the camera can see (a set-up card turned up, a card
played face up or face down, a large follower placed) becomes one frame with that piece added
at the end of its row: face-down cards show the printed card back (CCBACK), followers their
ArUco token. The tracker settles a piece after 3 of 5 frames, so consecutive placements overlap
and still settle one by one, in order. At a round end the table is held for a few frames, then
tidied as players do it: claimed cards and followers leave, unclaimed cards are pushed back to
the board. The tidied table is held for more than the tracker's 3 s vanish time.

Frames are meant to be played at FPS = 1 frame per second (`images:DIR?fps=1`): frame times
are what the tracker's vanish timeout is measured in.

What no camera sees (a claimed face-down card turned up at scoring, the owner's choice for a
non-matching animal or building) is typed on the dashboard. The folder's inputs.json (the
recording format of web/recording.py) lists those inputs with the frame they follow and the
number of moves accepted before them, so `companion serve --source images:DIR` and
`companion demo --game cardcassonne` replay the whole game. Each frame's NNNN.json also has
"moves" (everything done so far, in order), "camera_kinds" (the move kinds the camera itself
produces) and, in the last frame, "final_moves" (the whole game).
"""

from __future__ import annotations

import json
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

from calibration.kit.camera import RESOLUTIONS, camera_view  # noqa: E402
from calibration.layouts import load_layout  # noqa: E402
from companion.record import load_record  # noqa: E402
from companion.session import Session  # noqa: E402
from vision.render import Camera, Degradation, layout_scene, render_scene  # noqa: E402
from web.recording import write_recording  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "cardcassonne" / "three-players-full.json"
OUT = ROOT / "sample_images" / "cardcassonne-3p"
FPS = 1.0
CAMERA_KINDS = ("reveal", "play_card", "place_follower")
HOLD_BEFORE_TIDY = (
    3  # the last piece needs 3 sightings (one missed read allowed) before the table changes
)
HOLD_TIDY = 4  # past the 3 s vanish time at 1 fps: a new back in a freed place is a new card
JPEG_QUALITY = 25
# The standard Cardcassonne mat is beyond a 1080p webcam: at the print kit's height (the mat
# plus 5 % fills the picture) it gets 3.08 px per QR module at the centre and under 3 at the
# far edge as soon as the arm leans. The kit's advice for this mat (calibration/README.md,
# "4K instead") is a 4K camera of the same view at the same height: 3.08 px/mm, about 5.8 px
# per module at the far edge. (The first frames, 1080p at 1.55 px/mm and tilt 0.12, read 2.40
# there: issue 23, item 9.)
KIT_VIEW = camera_view(load_layout("cardcassonne", 3).mat_size_mm, RESOLUTIONS["4K"])
CAMERA = Camera(*KIT_VIEW.resolution, px_per_mm=round(KIT_VIEW.px_per_mm, 2), tilt=0.03, k1=-0.02)
LOOK = Degradation(blur_sigma=1.2, noise_sigma=0.2, light=0.12, glare=0.1)
BACK = "CCBACK"


def physical_rows(game, state) -> list[tuple[str, str, list[int], str]]:
    """What lies in the rows of an engine state: (payload, region, slot, kind) per piece."""
    pieces = []
    for colour, row in zip(game.row_colours, state.rows):
        for position, slot in enumerate(row):
            if slot.kind == "follower":
                payload = game._follower_of_colour[state.colours[slot.seat]]
                pieces.append((payload, f"row-{colour}", [position], "token"))
            else:
                payload = BACK if slot.face_down else slot.card
                pieces.append((payload, f"row-{colour}", [position], "card"))
    return pieces


def dealer_first(records: list[dict]) -> list[dict]:
    """The same game with the seats turned so the dealer sits in seat 0.

    `companion serve` starts a game with the default dealer (seat 0) and names in seat order,
    so `--names Cy,An,Bo` replays these frames with nothing else to set.
    """
    setup = dict(records[0]["setup"])
    options = dict(setup.get("options") or {})
    dealer, players = options.pop("dealer", 0), setup["players"]
    names = list(setup["names"])
    setup.update(names=names[dealer:] + names[:dealer], options=options)
    turned = [dict(records[0], setup=setup)]
    for entry in records[1:]:
        move = dict(entry["move"])
        if move.get("player") is not None:
            move["player"] = (move["player"] - dealer) % players
        turned.append(dict(entry, move=move))
    return turned


def generate(out: Path = OUT, golden: Path = GOLDEN) -> int:
    record = load_record(golden)
    records = dealer_first(list(record.records()))
    session = Session.replay(records[:1])
    game = session.game
    players = session.setup.players
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("[0-9]*.jpg")) + list(out.glob("[0-9]*.json")):
        old.unlink()
    table: list[tuple[str, str, list[int], str]] = []
    done: list[dict] = []
    inputs: list[dict] = []  # what the players type on the dashboard (inputs.json)
    frame = 0

    def emit(note: str) -> None:
        nonlocal frame
        cards = [(p, r, s) for p, r, s, k in table if k == "card"]
        tokens = [(p, r, s) for p, r, s, k in table if k == "token"]
        scene = layout_scene("cardcassonne", players, cards, tokens, seed=500 + frame)
        rendered = render_scene(
            scene, seed=31 * frame + 3, camera=CAMERA, degradation=LOOK, light_seed=11
        )
        name = f"{frame:04d}"
        cv2.imwrite(
            str(out / f"{name}.jpg"),
            rendered.image,
            [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY, cv2.IMWRITE_JPEG_OPTIMIZE, 1],
        )
        state = session.state
        expected = {
            "frame": frame,
            "t": round(frame / FPS, 3),
            "note": note,
            "hand": False,
            "cards": [{"payload": p, "region": r, "slot": s} for p, r, s in cards],
            "tokens": [{"payload": p, "region": r, "slot": s} for p, r, s in tokens],
            "hidden": [],
            "setup": records[0]["setup"],
            "camera_kinds": list(CAMERA_KINDS),
            "moves": list(done),
            "round": state.round,
            "phase": state.phase,
            "round_points": [list(r) for r in state.round_points],
            "totals": [s.total for s in game.score(state)],
        }
        (out / f"{name}.json").write_text(json.dumps(expected) + "\n")
        frame += 1

    emit("set-up: the four scoring boards, no cards yet")
    log = records[1:]
    index = 0
    while index < len(log):
        move = log[index]["move"]
        before = session.state
        verdict = session.feed(log[index])[0]
        index += 1
        assert verdict.accepted, verdict.to_dict()
        done.append(move)
        if move["kind"] not in CAMERA_KINDS:
            continue
        colour = move["row"] if move.get("row") else game.face(move["card"])["colour"]
        position = len(game.row(before, colour))
        if move["kind"] == "place_follower":
            payload = game._follower_of_colour[before.colours[move["player"]]]
            table.append((payload, f"row-{colour}", [position], "token"))
            what = f"{before.names[move['player']]}'s follower"
        else:
            face_down = bool(move.get("face_down"))
            table.append((BACK if face_down else move["card"], f"row-{colour}", [position], "card"))
            what = "a face-down card" if face_down else move["card"]
        emit(f"{what} at the end of the {colour} row (place {position + 1})")
        seen_at = frame - 1
        after = session.state
        if before.phase == "play" and (after.phase != "play" or after.round != before.round):
            # The round ends with this piece: hold, then tidy up the table.
            for _ in range(HOLD_BEFORE_TIDY):
                emit(f"round {before.round} over: followers take their cards")
            # Declarations (turn-ups and choices) follow in the log before the next camera move.
            while index < len(log) and log[index]["move"]["kind"] not in CAMERA_KINDS:
                inputs.append(
                    {"after_frame": seen_at, "after_moves": len(done), "move": log[index]["move"]}
                )
                assert session.feed(log[index])[0].accepted
                done.append(log[index]["move"])
                index += 1
            table = [] if session.state.phase == "over" else physical_rows(game, session.state)
            for _ in range(HOLD_TIDY):
                emit(f"round {before.round} scored: claimed cards taken, the rest pushed back")
    assert len(done) == len(log) and session.state.phase == "over"
    last = sorted(out.glob("[0-9]*.json"))[-1]
    data = json.loads(last.read_text())
    data["final_moves"] = done
    last.write_text(json.dumps(data) + "\n")
    write_recording(out, "cardcassonne", records[0]["setup"], FPS, inputs)
    return frame


def main() -> None:
    run_generator(generate, OUT, __doc__.splitlines()[0])


if __name__ == "__main__":
    main()
