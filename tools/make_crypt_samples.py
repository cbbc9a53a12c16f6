"""Generates sample_images/crypt-2p/: the hand-checked 2-player Crypt golden game as camera frames.

    python tools/make_crypt_samples.py [--out sample_images/crypt-2p]

The game is tests/golden/crypt/two-players-full-with-illegal-attempts.json (Ann 37, Ben 31,
worked out by hand in its notes), played physically: treasure cards dealt into the crypt row
(face-down ones show their type's back), servant dice (Ann red, Ben blue; 13 mm d6 drawn by
vision/dice.py's die sprite) carried from each player's area onto the cards with the effort on
top, pushed-off dice handed back, exhaustion rolls made in the roll area and the dice then put
in the player's exhausted or ready area, claimed cards taken to the player's collection pile
(only the top card of a pile shows), the face-down ones shown face up at the end.

What the camera cannot see is typed on the dashboard (inputs.json, web/recording.py's format):
"End turn" after each claim (the dice of a turn wait as a pending claim), Recover, "no
re-roll" (end_collect) and the Idols A re-roll. Round 1 keeps the golden game's two refusals:
Ben's die showing 2 on Ann's 2 is refused when he ends his turn (push_not_higher: he then
turns it to 3), and Ann's Lights Out die on a second card is refused by the camera at once
(lights_out_one_card).

Frames are meant for FPS = 1 (`images:DIR?fps=1`): the trackers' 3 s vanish time is 3 frames.
Each NNNN.json has the frame's expected table ("cards", "dice" with their top faces), the
game phase and totals, and "moves" (everything accepted so far); the last adds "final_moves".
While generating, an idealised camera (the events the trackers should settle) drives a
Session through every step, so inputs.json's `after_moves` counts are exact and the game is
checked to end at the golden scores.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
# The repository (for its packages) and tools/ (for sample_run, when this file is
# loaded by a test rather than run as a script).
for _folder in (ROOT, ROOT / "tools"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from sample_run import run_generator  # noqa: E402

from calibration.layouts import load_layout  # noqa: E402
from companion.catalogue import load_catalogue  # noqa: E402
from companion.events import CardAdded, CardMoved, CardRemoved, Where  # noqa: E402
from companion.model import Move, Setup  # noqa: E402
from companion.record import load_record  # noqa: E402
from companion.session import Session  # noqa: E402
from vision.dice_render import die_sprite  # noqa: E402
from vision.render import (  # noqa: E402
    Camera,
    Degradation,
    Placed,
    Scene,
    _piece_matrix,
    _warp_into,
    render_scene,
)
from web.recording import write_recording  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "crypt" / "two-players-full-with-illegal-attempts.json"
OUT = ROOT / "sample_images" / "crypt-2p"
FPS = 1.0
HOLD = 3  # frames a change is held before the next input (3 sightings settle a piece)
HOLD_TIDY = 4  # past the 3 s vanish time at 1 fps
DIE_MM = 12.0
JPEG_QUALITY = 30
CAMERA = Camera(px_per_mm=1.95, tilt=0.1, k1=0.0)
LOOK = Degradation(blur_sigma=0.0, noise_sigma=0.0, light=0.12, glare=0.0)
BLUR, NOISE = 0.7, 1.2  # applied after the dice are drawn, to the whole frame
COLOURS = ("red", "blue")
CAMERA_KINDS = ("deal", "place_die", "roll", "identify")


@dataclass
class Die:
    ident: str
    seat: int
    value: int
    place: tuple  # ("player", spot) | ("exhausted", spot) | ("card", index, pos) | ("roll", spot)
    angle: float
    track: str  # the idealised camera's track id (a new one whenever the die changes place)


class Table:
    """The physical table, the idealised camera watching it, and the frames written."""

    def __init__(self, out: Path):
        self.out = out
        self.layout = load_layout("crypt", 2)
        self.catalogue = load_catalogue("crypt")
        self.rng = np.random.default_rng(7)
        self.crypt: dict[int, str] = {}  # index -> payload (face or back)
        self.piles: dict[int, str] = {}  # seat -> top card of the collection pile
        self.shown: dict[tuple[int, int], str] = {}  # (seat, spot) -> card shown at the end
        self.dice: list[Die] = []
        self.session = Session("crypt", Setup(2, ("Ann", "Ben")))
        self.frame = 0
        self.inputs: list[dict] = []
        self.card_tracks: dict[str, str] = {}  # place key -> track id (for backs)
        self._ids = 0
        self._roll_spot = 0
        self._used_positions: set[tuple[int, int]] = set()
        self.claimant: dict[int, int] = {}  # crypt index -> seat whose dice hold it now
        for seat in (0, 1):
            for spot in range(3):
                self.dice.append(
                    Die(
                        f"{COLOURS[seat]}{spot}",
                        seat,
                        int(self.rng.integers(1, 7)),
                        ("player", spot),
                        float(self.rng.uniform(0, 90)),
                        self._id(),
                    )
                )

    def _id(self) -> str:
        self._ids += 1
        return f"i{self._ids}"

    # -- where things are (mat mm) --------------------------------------------------------------
    def region_rect(self, name: str):
        return next(r for r in self.layout.regions if r.name == name).rect_mm

    def card_centre(self, index: int) -> tuple[float, float]:
        return self.layout.region("crypt").slot((index,)).center_mm

    def die_centre(self, die: Die) -> tuple[float, float]:
        kind = die.place[0]
        if kind == "card":
            cx, cy = self.card_centre(die.place[1])
            # three places in the card's lower print strip, three in the upper one (the QR
            # code between them stays readable)
            pos = die.place[2]
            return cx + (-19.0, 0.0, 19.0)[pos % 3], cy + (30.0 if pos < 3 else -31.0)
        if kind == "roll":
            x, y, w, h = self.region_rect("roll")
            col, row = die.place[1] % 3, die.place[1] // 3
            return x + 27 + 53 * col, y + 31 + 55 * row
        x, y, w, h = self.region_rect(f"{kind}{die.seat}")
        if kind == "player":
            return x + 36 + 40 * die.place[1], y + h / 2
        return x + w / 2, y + 25 + 33 * die.place[1]

    def where_of(self, die: Die) -> Where:
        kind = die.place[0]
        if kind == "card":
            return Where("crypt", (die.place[1],))
        if kind == "roll":
            return Where("roll", None)
        return Where(f"{kind}{die.seat}", None)

    # -- the idealised camera -----------------------------------------------------------------
    def see(self, event) -> list:
        return self.session.observe(event)

    def put_card(self, key: str, payload: str, where: Where) -> list:
        piece = self.catalogue.piece(payload)
        track = payload if piece.kind != "back" else self._id()
        self.card_tracks[key] = track
        return self.see(CardAdded(track, payload, where, "card", piece.kind == "back"))

    def take_card(self, key: str, payload: str) -> None:
        track = self.card_tracks.pop(key)
        piece = self.catalogue.piece(payload)
        self.see(CardRemoved(track, payload, "card"))
        del piece

    def move_die(self, die: Die, place: tuple, value: int | None = None) -> list:
        """Carry a die somewhere (or turn it, same place): the camera sees it settle there."""
        old = die.track
        if value is not None:
            die.value = value
        if place == die.place:
            verdicts = self.see(
                CardMoved(
                    old,
                    f"DIE{COLOURS[die.seat].upper()}",
                    self.where_of(die),
                    self.where_of(die),
                    "die",
                    value=die.value,
                )
            )
            return verdicts
        die.place = place
        die.track = self._id()
        # dice set on a card sit fairly square to it; thrown ones land any way
        die.angle = float(
            self.rng.uniform(-15, 15) if place[0] == "card" else self.rng.uniform(0, 90)
        )
        verdicts = self.see(
            CardAdded(
                die.track,
                f"DIE{COLOURS[die.seat].upper()}",
                self.where_of(die),
                "die",
                value=die.value,
            )
        )
        self.see(CardRemoved(old, f"DIE{COLOURS[die.seat].upper()}", "die"))
        return verdicts

    def type_in(self, move: dict, refused: bool = False) -> None:
        """A dashboard input, pressed after the camera settled what came before."""
        entry = {
            "after_frame": self.frame - 1,
            "after_moves": len(self.session.moves),
            "move": move,
        }
        if refused:
            entry["refused"] = True
        verdict = self.session.play(Move.from_dict(move))
        assert verdict.accepted != refused, (move, verdict.to_dict())
        self.inputs.append(entry)

    # -- dice bookkeeping ----------------------------------------------------------------------
    def free_spot(self, kind: str, seat: int) -> tuple:
        taken = {d.place[1] for d in self.dice if d.seat == seat and d.place[0] == kind}
        return (kind, min(set(range(3)) - taken))

    def card_position(self, index: int, seat: int) -> tuple:
        """A free place on a card: the lower strip, or the upper one when a rival's dice are
        in the lower strip (the dice about to push them off)."""
        taken = {d.place[2] for d in self.dice if d.place[0] == "card" and d.place[1] == index}
        rival_low = any(d.place[2] < 3 for d in self.dice_on(index) if d.seat != seat)
        for pos in range(3, 6) if rival_low else range(6):
            if pos not in taken and (index, pos) not in self._used_positions:
                self._used_positions.add((index, pos))
                return ("card", index, pos)
        raise AssertionError("no room for another die on that card")

    def ready_dice(self, seat: int) -> list[Die]:
        return [d for d in self.dice if d.seat == seat and d.place[0] == "player"]

    def dice_on(self, index: int, seat: int | None = None) -> list[Die]:
        return [
            d
            for d in self.dice
            if d.place[0] == "card" and d.place[1] == index and (seat is None or d.seat == seat)
        ]

    def next_roll_spot(self) -> tuple:
        self._roll_spot = (self._roll_spot + 1) % 6
        return ("roll", self._roll_spot)

    # -- frames --------------------------------------------------------------------------------
    def emit(self, note: str, times: int = 1) -> None:
        for _ in range(times):
            self._write(note)

    def _pieces(self):
        cards = []
        for index, payload in sorted(self.crypt.items()):
            x, y = self.card_centre(index)
            cards.append((payload, "crypt", [index], x, y))
        for seat, payload in sorted(self.piles.items()):
            x, y, w, h = self.region_rect(f"collection{seat}")
            cards.append((payload, f"collection{seat}", None, x + 40, y + h / 2))
        for (seat, spot), payload in sorted(self.shown.items()):
            x, y, w, h = self.region_rect(f"collection{seat}")
            cards.append((payload, f"collection{seat}", None, x + 40 + 80 * spot, y + h / 2))
        return cards

    def _write(self, note: str) -> None:
        pieces = []
        cards = self._pieces()
        for payload, _, _, x, y in cards:
            wobble = np.random.default_rng(sum(map(ord, payload)) + int(x))
            kind = self.catalogue.piece(payload).kind
            pieces.append(
                Placed(
                    payload,
                    x + wobble.uniform(-1.5, 1.5),
                    y + wobble.uniform(-1.5, 1.5),
                    wobble.uniform(-2, 2),
                    kind,
                )
            )
        scene = Scene(
            "crypt",
            2,
            pieces,
            [],
            self.layout.mat_size_mm,
            True,
            tuple(self.catalogue.card_size_mm),
        )
        rendered = render_scene(
            scene, seed=41 * self.frame + 5, camera=CAMERA, degradation=LOOK, light_seed=13
        )
        image = rendered.image
        for die in self.dice:
            self._draw_die(image, rendered.mat_to_px, die)
        image = cv2.GaussianBlur(image, (0, 0), BLUR)
        noise = np.random.default_rng(self.frame).normal(0, NOISE, image.shape)
        image = np.clip(image + noise, 0, 255).astype(np.uint8)
        name = f"{self.frame:04d}"
        cv2.imwrite(
            str(self.out / f"{name}.jpg"),
            image,
            [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY, cv2.IMWRITE_JPEG_OPTIMIZE, 1],
        )
        state = self.session.state
        game = self.session.game
        expected = {
            "frame": self.frame,
            "t": round(self.frame / FPS, 3),
            "note": note,
            "hand": False,
            "cards": [{"payload": p, "region": r, "slot": s} for p, r, s, _, _ in cards],
            "dice": [
                {
                    "payload": f"DIE{COLOURS[d.seat].upper()}",
                    "value": d.value,
                    "region": self.where_of(d).region,
                    "slot": list(self.where_of(d).slot) if self.where_of(d).slot else None,
                    "x_mm": round(self.die_centre(d)[0], 1),
                    "y_mm": round(self.die_centre(d)[1], 1),
                }
                for d in self.dice
            ],
            "tokens": [],
            "hidden": [],
            "setup": self.session.setup.to_dict(),
            "camera_kinds": list(CAMERA_KINDS),
            "moves": [m.to_dict() for m in self.session.moves],
            "round": state.round,
            "phase": state.phase,
            "totals": [s.total for s in game.score(state)],
        }
        (self.out / f"{name}.json").write_text(json.dumps(expected) + "\n")
        self.frame += 1

    def _draw_die(self, image: np.ndarray, mat_to_px: np.ndarray, die: Die) -> None:
        sprite, alpha = die_sprite(die.value, COLOURS[die.seat], 120)
        x, y = self.die_centre(die)
        placed = Placed("die", x, y, die.angle)
        matrix = mat_to_px @ _piece_matrix(placed, (DIE_MM, DIE_MM), sprite.shape)
        # a soft shadow down and right, then the die
        shadow = mat_to_px @ _piece_matrix(
            Placed("s", x + 1.2, y + 1.2, die.angle), (DIE_MM * 1.05, DIE_MM * 1.05), sprite.shape
        )
        dark = np.zeros_like(sprite)
        soft = cv2.GaussianBlur(alpha, (0, 0), 6) // 2
        _warp_into(image, dark, shadow, soft)
        _warp_into(image, sprite, matrix, alpha)


# -- the game --------------------------------------------------------------------------------
def play_game(table: Table, golden: list[dict]) -> None:
    session = table.session
    game = session.game
    reference = Session.replay(golden[:1])  # the golden game, entry by entry, for the numbers
    log = golden[1:]
    table.emit("set-up: each player's three servant dice in their area", HOLD)
    i = 0
    while i < len(log):
        entry = log[i]
        before = reference.state
        [verdict] = reference.feed(entry)[:1] or [None]
        i += 1
        move = entry.get("move") or {}
        event = entry.get("event") or {}
        kind = move.get("kind") or ("die" if event.get("kind") == "die" else "deal_event")
        if kind in ("deal", "deal_event"):
            index = move.get("index", (event.get("where") or {}).get("slot", [None])[0])
            payload = move.get("card") or move.get("back") or event["payload"]
            table.crypt[index] = payload
            [v] = table.put_card(f"crypt{index}", payload, Where("crypt", (index,)))
            assert v.accepted and v.move.kind == "deal", v.to_dict()
            table.emit(
                f"round {before.round + 1}: {payload} dealt into the crypt, place {index + 1}"
            )
            if session.state.phase == "claim":
                table.emit("the crypt is dealt", HOLD - 1)
            continue
        if kind == "claim" and verdict is not None and not verdict.accepted:
            code = verdict.violations[0].code
            if code == "push_not_higher":
                # Ben sets a die showing 2 on Ann's 2, presses End turn: refused, reason shown.
                seat, (p,) = move["player"], move["placements"]
                die = table.ready_dice(seat)[0]
                [v] = table.move_die(die, table.card_position(p["card"], seat), p["effort"])
                assert v.accepted and v.move.kind == "place_die", v.to_dict()
                table.emit(
                    f"{session.state.names[seat]} sets a die showing {p['effort']} on crypt card {p['card'] + 1}",
                    HOLD,
                )
                table.type_in({"kind": "end_turn", "player": seat}, refused=True)
                continue
            if code == "lights_out_one_card":
                # Ann puts her dice on two cards: the camera refuses the second card at once.
                seat = move["player"]
                first, second = move["placements"]
                for _ in range(first["dice"]):
                    die = table.ready_dice(seat)[0]
                    [v] = table.move_die(
                        die, table.card_position(first["card"], seat), first["effort"]
                    )
                    assert v.accepted, v.to_dict()
                    table.emit(
                        f"{session.state.names[seat]} puts a die showing {first['effort']} on crypt card {first['card'] + 1}"
                    )
                table.claimant[first["card"]] = seat
                die = table.ready_dice(seat)[0]
                [v] = table.move_die(
                    die, table.card_position(second["card"], seat), second["effort"]
                )
                assert not v.accepted and v.violations[0].code == "lights_out_one_card", v.to_dict()
                table.emit(
                    f"{session.state.names[seat]} (Lights Out) puts a die on a second card: refused",
                    HOLD + 1,
                )
                table.move_die(die, table.free_spot("player", seat))
                table.emit("she takes that die back", HOLD)
                continue
            raise AssertionError(f"unexpected refusal {code}")
        if kind == "die":
            if event["where"]["region"] == "crypt":
                # Ben turns his refused die to 3: his claim now beats Ann's 2.
                die = next(d for d in table.dice if d.place[0] == "card" and d.seat == 1)
                [v] = table.move_die(die, die.place, event["value"])
                assert v.accepted and v.move.kind == "place_die", v.to_dict()
                table.emit(f"Ben turns his die to {event['value']}", HOLD)
                push_off(table, 1, die.place[1])
                table.claimant[die.place[1]] = 1
                table.type_in({"kind": "end_turn", "player": 1})
                continue
            # the camera-seen roll of round 1: same as a roll move
            die = table.dice_on(event["previous"]["slot"][0], 1)[0]
            roll_die(table, die, event["value"], session)
            continue
        if kind == "claim":
            seat = move["player"]
            if all(len(table.dice_on(p["card"], seat)) == p["dice"] for p in move["placements"]):
                table.type_in({"kind": "end_turn", "player": seat})  # dice already down
                after_turn(table)
                continue
            for p in move["placements"]:
                for _ in range(p["dice"]):
                    die = table.ready_dice(seat)[0]
                    [v] = table.move_die(die, table.card_position(p["card"], seat), p["effort"])
                    assert v.accepted and v.move.kind == "place_die", v.to_dict()
                    table.emit(
                        f"{session.state.names[seat]} puts a die showing {p['effort']} on crypt card {p['card'] + 1}"
                    )
            table.emit("the dice settle", HOLD - 1)
            for p in move["placements"]:
                push_off(table, seat, p["card"])
                table.claimant[p["card"]] = seat
            table.type_in({"kind": "end_turn", "player": seat})
            after_turn(table)
            continue
        if kind == "recover":
            seat = move["player"]
            moved = False
            for die in [d for d in table.dice if d.seat == seat and d.place[0] == "exhausted"]:
                table.move_die(die, table.free_spot("player", seat))
                moved = True
            if moved:
                table.emit(f"{session.state.names[seat]} recovers the exhausted dice", HOLD)
            table.type_in({"kind": "recover", "player": seat})
            after_turn(table)
            continue
        if kind == "roll":
            die = table.dice_on(move["card"], move["player"])[0]
            roll_die(table, die, move["value"], session)
            continue
        if kind == "end_collect":
            table.type_in({"kind": "end_collect", "player": None})
            after_turn(table)
            continue
        if kind == "reroll":
            table.type_in(dict(move))
            seat = move["player"]
            die = next(d for d in table.dice if d.seat == seat and d.place[0] == "exhausted")
            table.move_die(die, table.free_spot("player", seat), move["value"])
            table.emit(
                f"{session.state.names[seat]} flips an idol and re-rolls: {move['value']}, ready",
                HOLD,
            )
            after_turn(table)
            continue
        if kind == "identify":
            seat = move["player"]
            spot = 1 + sum(1 for (s, _) in table.shown if s == seat)
            table.shown[(seat, spot)] = move["card"]
            [v] = table.put_card(
                f"shown{seat}{spot}", move["card"], Where(f"collection{seat}", None)
            )
            assert v.accepted and v.move.kind == "identify", v.to_dict()
            table.emit(f"{session.state.names[seat]} shows a face-down card: {move['card']}", HOLD)
            continue
        raise AssertionError(f"no physical form for {entry}")
    table.emit("game over", HOLD)
    assert session.state.phase == "over", session.state.phase
    golden_scores = {s.side: s.total for s in game.score(reference.state)}
    assert {s.side: s.total for s in game.score(session.state)} == golden_scores


def push_off(table: Table, seat: int, card: int) -> None:
    """Dice of another player on that card go back to their owner, ready."""
    pushed = [d for d in table.dice_on(card) if d.seat != seat]
    for die in pushed:
        table.move_die(die, table.free_spot("player", die.seat))
    if pushed:
        table.emit("the pushed-off dice go back to their owner", HOLD)


def roll_die(table: Table, die: Die, value: int, session: Session) -> None:
    effort = next(
        r.effort for r in session.state.rolls if r.card == die.place[1] and r.failed is None
    )
    name = session.state.names[die.seat]
    [v] = table.move_die(die, table.next_roll_spot(), value)
    assert v.accepted and v.move.kind == "roll", v.to_dict()
    table.emit(f"{name} rolls the die from an effort-{effort} card: {value}", HOLD)
    rest = "exhausted" if value < effort else "player"
    table.move_die(die, table.free_spot(rest, die.seat))
    table.emit(f"{name}'s die is {'exhausted' if rest == 'exhausted' else 'ready again'}")
    after_turn(table)


def after_turn(table: Table) -> None:
    """When a round has been collected, tidy the table as players do."""
    state = table.session.state
    if state.phase not in ("reveal", "final_reveal", "over") or not table.crypt:
        return
    table.emit("the round is collected", 1)
    # Claimed cards go to their owner's pile; the rest is discarded; dice on cards go home.
    owners = {index: table.claimant.get(index) for index in table.crypt}
    table.claimant.clear()
    for index, payload in sorted(table.crypt.items()):
        owner = owners[index]
        table.take_card(f"crypt{index}", payload)
        if owner is not None:
            if owner in table.piles:
                table.take_card(f"pile{owner}", table.piles[owner])
            table.piles[owner] = payload
            table.put_card(f"pile{owner}", payload, Where(f"collection{owner}", None))
    table.crypt.clear()
    for die in [d for d in table.dice if d.place[0] == "card"]:
        table.move_die(die, table.free_spot("player", die.seat))
    table._used_positions.clear()
    for seat in (0, 1):
        ready = len(table.ready_dice(seat))
        tired = sum(1 for d in table.dice if d.seat == seat and d.place[0] == "exhausted")
        assert (ready, tired) == (state.ready[seat], state.exhausted[seat]), (seat, ready, tired)
    table.emit(f"round {state.round} collected: cards taken, dice back", HOLD_TIDY)


def generate(out: Path = OUT, golden: Path = GOLDEN) -> int:
    record = load_record(golden)
    records = list(record.records())
    out.mkdir(parents=True, exist_ok=True)
    for old in list(out.glob("[0-9]*.jpg")) + list(out.glob("[0-9]*.json")):
        old.unlink()
    table = Table(out)
    play_game(table, records)
    last = sorted(out.glob("[0-9]*.json"))[-1]
    data = json.loads(last.read_text())
    data["final_moves"] = [m.to_dict() for m in table.session.moves]
    data["final_scores"] = {s.side: s.total for s in table.session.game.score(table.session.state)}
    last.write_text(json.dumps(data) + "\n")
    write_recording(out, "crypt", {"players": 2, "names": ["Ann", "Ben"]}, FPS, table.inputs)
    return table.frame


def main() -> None:
    run_generator(generate, OUT, __doc__.splitlines()[0])


if __name__ == "__main__":
    main()
