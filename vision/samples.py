"""Generates sample_images/musee-2p/: a whole 2-player Musée game as rendered camera frames.

    python -m vision.samples [--out sample_images/musee-2p] [--seed 7]

The game is played by the Musée engine with real hands (5 cards each, a shuffled deck):
each turn the player places a random legal card from hand, or declares they cannot play.
Every placement becomes a few frames at FPS frames per second: a hand reaching over the
museum with the card, then the card lying in its space. One turn also has the hand resting
over the cards for two seconds. Each frame NNNN.jpg has NNNN.json with the expected state:
cards by region and slot, tokens, which cards the hand hides, and the moves made so far
(placements and "cannot play" declarations, which players make on the dashboard).
After regenerating, refresh the dashboard's replay inputs with
`python tools/make_recording_inputs.py` (it reads these sidecars into inputs.json).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import cv2

from companion.games import find_game
from companion.model import Move, Setup

from .hands import Hand
from .render import Camera, Degradation, layout_scene, render_scene

FPS = 4.0  # frame rate the sequence is meant to be played at
SETTLE_FRAMES = 3  # frames with the new card in plain view (tracker: 3 of 5)
JPEG_QUALITY = 50
# The print kit's camera for this mat: a 1080p webcam at the height the kit recommends
# (calibration/kit/camera.py: the mat plus 5 % fills the picture, 1.81 px/mm), its arm a
# little off vertical (tilt 0.05) and a slight barrel. The calibrator then reads about
# 3.2 px per QR module at the mat's far edge, above its own 3 px warning (the first
# samples, at tilt 0.14 and 1.75 px/mm, read 2.54: issue 23, item 9).
CAMERA = Camera(px_per_mm=1.81, tilt=0.05, k1=-0.02)
LOOK = Degradation(blur_sigma=0.9, noise_sigma=1.0, light=0.15, glare=0.15)


def play_game(seed: int) -> list[Move]:
    """A legal 2-player game with hidden hands, ending when nobody can place."""
    game = find_game("musee")
    rng = random.Random(seed)
    state = game.new_game(Setup(2))
    deck = list(range(1, 51))
    rng.shuffle(deck)
    hands = [{deck.pop() for _ in range(5)} for _ in range(2)]
    moves: list[Move] = []
    while not game.is_over(state):
        seat = game.current_players(state)[0]
        legal = [
            m
            for m in game.legal_moves(state)
            if m.kind == "place" and m.player == seat and int(m["card"][2:]) in hands[seat]
        ]
        move = rng.choice(legal) if legal else Move("cannot_play", seat)
        state = game.apply(state, move)
        moves.append(move)
        if move.kind == "place":
            hands[seat].discard(int(move["card"][2:]))
            if deck and state.deck > 0:
                hands[seat].add(deck.pop())
    return moves


def staircase_tokens(game, players: int = 2) -> list[tuple[str, str, list[int]]]:
    """Both museums' token rows with the first-game staircase arrangement."""
    state = game.new_game(Setup(players))
    tokens, index = [], 1
    for museum in range(len(state.museums)):
        for row in range(2):
            for column in range(6):
                side = "S" if column in state.staircases[row] else "C"
                tokens.append((f"MUT{index:02d}{side}", f"museum{museum}-tokens", [row, column]))
                index += 1
    return tokens


def generate(out: Path, seed: int = 7) -> int:
    game = find_game("musee")
    moves = play_game(seed)
    tokens = staircase_tokens(game)
    _clear_frames(out)
    rng = random.Random(seed + 1)
    placed: list[tuple[str, str, list[int]]] = []
    done: list[dict] = []
    frame = 0

    def emit(hands: list[Hand], note: str) -> None:
        nonlocal frame
        scene = layout_scene("musee", 2, placed, tokens, hands, seed=1000 + len(placed))
        rendered = render_scene(
            scene, seed=seed * 7919 + frame, camera=CAMERA, degradation=LOOK, light_seed=seed
        )
        # Any part of a code under the hand: the watcher may miss it in that frame (a hand
        # moving over a finder pattern leaves it to a later frame's full decode) and the
        # tracker keeps the card; the sidecar says what must be read, so it counts as hidden.
        hidden = sorted(t.payload for t in rendered.truth if t.covered > 0)
        cv2.imwrite(
            str(out / f"{frame:04d}.jpg"),
            rendered.image,  # optimized: the repo stays small
            [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY, cv2.IMWRITE_JPEG_OPTIMIZE, 1],
        )
        expected = {
            "frame": frame,
            "t": round(frame / FPS, 3),
            "note": note,
            "hand": bool(hands),
            "cards": [{"payload": p, "region": r, "slot": s} for p, r, s in placed],
            "tokens": [{"payload": p, "region": r, "slot": s} for p, r, s in tokens],
            "hidden": hidden,
            "moves": list(done),
        }
        (out / f"{frame:04d}.json").write_text(json.dumps(expected) + "\n")
        frame += 1

    for _ in range(SETTLE_FRAMES + 1):
        emit([], "set-up: empty museums, staircase tokens laid out")
    for number, move in enumerate(moves):
        if move.kind != "place":
            done.append(move.to_dict())
            continue
        region = f"museum{move['museum']}"
        slot = [move["gallery"], move["space"]]
        x, y = _slot_centre(region, slot)
        # The hand comes from the player's side of the table (museum 0 bottom, 1 top).
        angle = -90 + rng.uniform(-25, 25) if move["museum"] == 0 else 90 + rng.uniform(-25, 25)
        reach = Hand(x + rng.uniform(-20, 20), y + rng.uniform(-30, 30), angle, 1.25)
        emit([reach], f"hand brings {move['card']}")
        placed.append((move["card"], region, slot))
        done.append(move.to_dict())
        resting = number == len(moves) // 2
        if resting:  # a hand resting over the cards for two seconds: nothing may change
            for _ in range(int(2 * FPS)):
                emit([reach], f"hand rests over the museum after placing {move['card']}")
        for _ in range(SETTLE_FRAMES):
            emit([], f"{move['card']} in {region} gallery {slot[0]} space {slot[1]}")
    return frame


def _clear_frames(out: Path) -> None:
    """An empty folder for the frames; its other files stay (inputs.json: the dashboard's
    replay inputs)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("[0-9]*.jpg")) + list(out.glob("[0-9]*.json")):
        old.unlink()


def _slot_centre(region: str, slot: list[int]) -> tuple[float, float]:
    from calibration.layouts import load_layout

    return load_layout("musee", 2).region(region).slot(slot).center_mm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="sample_images/musee-2p")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    count = generate(Path(args.out), args.seed)
    size = sum(p.stat().st_size for p in Path(args.out).iterdir()) / 1e6
    print(
        f"wrote {count} frames to {args.out} ({size:.1f} MB); now run "
        f"python tools/make_recording_inputs.py to refresh inputs.json"
    )


if __name__ == "__main__":
    main()
