"""Play whole games through a game's rules as they are now and as they were at a git revision,
side by side, and stop at the first difference.

A refactor of a game's package must not change what it does. This loads the whole
`companion` package of REV into a temporary folder under another name (so the two never
share a module, a class or a cache), then plays random games from random set-ups through
both. At every step it compares, in plain data (class names and fields, every sentence in
both languages):

- the state, `describe`, `score`, `outcome`, `hints`, `current_players`, `is_over`,
  `legal_moves` and `pieces_in_play`;
- for legal moves and for moves made illegal on purpose (another seat, a field replaced by
  another legal move's value or by junk, a field dropped, another kind): first what
  validation makes of it (`validate_move`, the check every move passes before any rule sees
  it); then, for a move that passes, `check`'s verdict, `describe_move` (the log sentence,
  English and Chinese) and `public_move`, and for a legal move the state after it;
- `meaning_of` for camera events (pieces of the game added, moved and removed across the
  table's regions).

Usage (from the repository root):

    .venv/bin/python scripts/compare_engines.py REV GAME [--games N] [--seed S] [--steps M]

e.g. `scripts/compare_engines.py main~3 masterpiece --games 40`. Exit status 0 and one line
of counts when nothing differs; 1 and the first difference otherwise.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import enum
import importlib
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OLD = "_companion_before"
JUNK = (None, -1, 0, 1, 2, 7, 99, "", "ZZ", "hidden", [], [0, 1], {"x": 1}, 2.5, True)

# Set-up options worth varying, per game (the default options are always tried too).
OPTIONS = {
    "crypt": lambda rng, n: {
        "leader": rng.randrange(n),
        "collectors": {
            t: rng.choice("AB")
            for t in ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
        },
    },
    "cardcassonne": lambda rng, n: {"dealer": rng.randrange(n)},
}


# -- the old package, loaded under another name ----------------------------------------------
_IMPORT = re.compile(r"^(\s*(?:from|import)\s+)companion(?=[.\s])", re.M)
_STRING = re.compile(r"""(?<=["'])companion(?=["'.])""")


def load_old_companion(rev: str) -> Any:
    """`companion` as it was at `rev`, imported as `_companion_before`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "companion"], check=True, capture_output=True
    ).stdout
    folder = Path(tempfile.mkdtemp(prefix="compare-engines-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "companion").rename(folder / OLD)
    for path in (folder / OLD).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(_STRING.sub(OLD, _IMPORT.sub(rf"\g<1>{OLD}", text)), encoding="utf-8")
    sys.path.insert(0, str(folder))
    package = importlib.import_module(OLD)
    for part in ("games", "model", "events", "validation"):
        importlib.import_module(f"{OLD}.{part}")
    return package


# -- plain data, so that two versions' objects compare -----------------------------------------
def plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)},
        )
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, (dict, MappingProxyType, Mapping)):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((plain(v) for v in value), key=repr))
    return value


def outcome_of(call, *args) -> Any:
    """What a call returns, in plain data, or the name and message of what it raised."""
    try:
        return plain(call(*args))
    except Exception as exc:  # noqa: BLE001 - whatever it raises, a refactor must raise it too
        return ("raised", type(exc).__name__, str(exc))


def reading(validation, game, setup, move) -> tuple[str, str] | None:
    """None for a move that fits its declared fields, else why not (the message names the
    field)."""
    try:
        validation.validate_move(game, setup, move)
    except validation.InvalidFieldError as exc:
        return ("malformed", str(exc))
    return None


def reading_event(validation, game, setup, event) -> tuple[str, str] | None:
    """None for an event that fits the game's table, else why not."""
    try:
        validation.validate_event(game, setup, event)
    except validation.InvalidFieldError as exc:
        return ("malformed", str(exc))
    return None


def probe_events(events, payload: str, kind: str, where, face_down: bool) -> list:
    """One piece added at the first place, moved from it to the second, and removed, as
    events of one engine's `events` module."""
    (r1, s1), (r2, s2) = where
    return [
        events.CardAdded("t1", payload, events.Where(r1, s1), kind, face_down),
        events.CardMoved("t1", payload, events.Where(r2, s2), events.Where(r1, s1), kind),
        events.CardRemoved("t1", payload, kind),
    ]


class Difference(Exception):
    pass


class Pair:
    """The same game at two versions, and the counts of what was compared."""

    def __init__(self, old_pkg, slug: str):
        from companion import events, validation
        from companion.games import find_game
        from companion.model import Move, Setup

        self.new = find_game(slug)
        self.old = old_pkg.games.find_game(slug)
        self.old_pkg = old_pkg
        self.Move, self.Setup, self.events, self.validation = Move, Setup, events, validation
        self.counts = {
            "games": 0,
            "moves played": 0,
            "moves compared": 0,
            "refused": 0,
            "malformed": 0,
            "log sentences": 0,
            "camera events": 0,
            "events off the table": 0,
        }
        self.codes: dict[str, int] = {}

    def old_move(self, move):
        return self.old_pkg.model.Move(move.kind, move.player, dict(move.params))

    def same(self, what: str, new_call, old_call, *args, old_args=None) -> Any:
        a = outcome_of(new_call, *args)
        b = outcome_of(old_call, *(old_args if old_args is not None else args))
        if a != b:
            raise Difference(f"{what}\n  now:    {a!r}\n  before: {b!r}")
        return a

    # -- one step of a game -----------------------------------------------------------------
    def compare_state(self, sn, so, where: str) -> None:
        n, o = self.new, self.old
        self.same(f"{where}: state", lambda s: s, lambda s: s, sn, old_args=(so,))
        for name in (
            "describe",
            "score",
            "outcome",
            "hints",
            "current_players",
            "is_over",
            "pieces_in_play",
        ):
            self.same(f"{where}: {name}", getattr(n, name), getattr(o, name), sn, old_args=(so,))
        self.same(
            f"{where}: legal_moves",
            lambda s: [m.to_dict() for m in n.legal_moves(s)],
            lambda s: [m.to_dict() for m in o.legal_moves(s)],
            sn,
            old_args=(so,),
        )

    def compare_move(self, sn, so, setups, move, where: str) -> None:
        n, o = self.new, self.old
        om = self.old_move(move)
        what = f"{where}: {move.to_dict()}"
        # A move is read before it is judged: the rules see only moves that pass validation
        # (a malformed one is an error, as python-chess's InvalidMoveError, not a verdict).
        read = self.same(
            f"{what}: validate_move",
            lambda m: reading(self.validation, n, setups[0], m),
            lambda m: reading(self.old_pkg.validation, o, setups[1], m),
            move,
            old_args=(om,),
        )
        self.counts["moves compared"] += 1
        if read is not None:  # malformed on both sides, for the same reason
            self.counts["malformed"] += 1
            return
        verdict = self.same(f"{what}: check", n.check, o.check, sn, move, old_args=(so, om))
        said = self.same(
            f"{what}: describe_move", n.describe_move, o.describe_move, sn, move, old_args=(so, om)
        )
        self.same(
            f"{what}: public_move",
            lambda s, m: n.public_move(s, m).to_dict(),
            lambda s, m: o.public_move(s, m).to_dict(),
            sn,
            move,
            old_args=(so, om),
        )
        self.counts["log sentences"] += said is not None and said[0] == "Text"
        if verdict == ():
            self.same(f"{what}: state after", n.apply, o.apply, sn, move, old_args=(so, om))
        elif isinstance(verdict, tuple) and verdict and verdict[0] != "raised":
            self.counts["refused"] += 1
            for v in verdict:
                code = v[1]["code"]
                self.codes[code] = self.codes.get(code, 0) + 1

    def probes(self, legal: list, rng: random.Random, players: int) -> list:
        """A few legal moves, and each made illegal in several ways."""
        Move = self.Move
        picked = rng.sample(legal, min(3, len(legal)))
        values = [v for m in legal for v in m.params.values()] or [None]
        kinds = list(self.new.moves) + ["no_such_move"]
        out = list(picked)
        for m in picked:
            params = dict(m.params)
            out.append(Move(m.kind, rng.choice([None, -1, *range(players + 1)]), params))
            for key in params:
                changed = dict(params, **{key: rng.choice(values + list(JUNK))})
                out.append(Move(m.kind, m.player, changed))
                out.append(Move(m.kind, m.player, {k: v for k, v in params.items() if k != key}))
            out.append(Move(rng.choice(kinds), m.player, params))
        return out

    def camera_probes(self, sn, so, setup_new, setup_old, rng: random.Random) -> None:
        from companion.validation.specs import Context, _bound

        ev = self.events
        oev = self.old_pkg.events
        try:
            from companion.validation import declarations_of

            regions = declarations_of(self.new.info.slug).regions(Context(self.new, setup_new))
        except (ImportError, AttributeError):  # REV's games may predate the declarations
            regions = {}
        places = []
        for region, shape in regions.items():
            coords = getattr(shape, "coordinates", ())
            ctx = Context(self.new, setup_new)
            slot = (
                tuple(
                    rng.randint(_bound(c.lo, ctx), max(_bound(c.lo, ctx), _bound(c.hi, ctx)))
                    for c in coords
                )
                if coords
                else None
            )
            places.append((region, slot))
        places.append(("nowhere", None))
        pieces = list(self.new.catalogue.pieces)
        for _ in range(4):
            piece = rng.choice(pieces)
            kind = "token" if piece.kind == "token" else "card"
            (r1, s1), (r2, s2) = rng.choice(places), rng.choice(places)
            face_down = rng.random() < 0.2
            where = ((r1, s1), (r2, s2))
            for new_event, old_event in zip(
                probe_events(ev, piece.payload, kind, where, face_down),
                probe_events(oev, piece.payload, kind, where, face_down),
            ):
                table_new = {"t1": ev.PieceOnTable("t1", piece.payload, kind, ev.Where(r1, s1))}
                table_old = {"t1": oev.PieceOnTable("t1", piece.payload, kind, oev.Where(r1, s1))}
                self.counts["camera events"] += 1
                # Read before it is judged, as a move is: only an event that fits the table
                # reaches the rules (the session refuses the others, and so does meaning_of).
                read = self.same(
                    f"validate_event {new_event}",
                    lambda e: reading_event(self.validation, self.new, setup_new, e),
                    lambda e: reading_event(self.old_pkg.validation, self.old, setup_old, e),
                    new_event,
                    old_args=(old_event,),
                )
                if read is not None:
                    self.counts["events off the table"] += 1
                    continue
                self.same(
                    f"meaning_of {new_event}",
                    self.new.meaning_of,
                    self.old.meaning_of,
                    sn,
                    new_event,
                    table_new,
                    old_args=(so, old_event, table_old),
                )

    # -- whole games ------------------------------------------------------------------------
    def play(self, rng: random.Random, max_steps: int) -> None:
        n, o = self.new, self.old
        players = rng.choice(n.info.player_counts)
        options = (
            OPTIONS.get(n.info.slug, lambda rng, n: {})(rng, players) if rng.random() < 0.5 else {}
        )
        setup_new = self.Setup(players, options=options)
        setup_old = self.old_pkg.model.Setup(players, options=options)
        where = f"game {self.counts['games'] + 1} ({players} players, options {options})"
        sn = n.new_game(setup_new)
        so = o.new_game(setup_old)
        for step in range(max_steps):
            here = f"{where}, step {step}"
            self.compare_state(sn, so, here)
            if n.is_over(sn):
                break
            legal = list(n.legal_moves(sn))
            if not legal:
                break
            for move in self.probes(legal, rng, players):
                self.compare_move(sn, so, (setup_new, setup_old), move, here)
            if step % 5 == 0:
                self.camera_probes(sn, so, setup_new, setup_old, rng)
            # one kind first half the time, as the conformance playouts do, so that no kind
            # offered in many variants (bids of every amount) crowds out the rest
            if rng.random() < 0.5:
                kind = rng.choice(sorted({m.kind for m in legal}))
                legal = [m for m in legal if m.kind == kind]
            move = rng.choice(legal)
            sn, so = n.apply(sn, move), o.apply(so, self.old_move(move))
            self.counts["moves played"] += 1
        self.compare_state(sn, so, f"{where}, the end")
        self.same("rules_notes", n.rules_notes, o.rules_notes)
        self.counts["games"] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the git revision to compare against, e.g. main~3")
    parser.add_argument("game", help="the game's slug, e.g. masterpiece")
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--steps", type=int, default=600, help="at most this many moves a game (default 600)"
    )
    args = parser.parse_args(argv)
    pair = Pair(load_old_companion(args.rev), args.game)
    rng = random.Random(args.seed)
    try:
        for _ in range(args.games):
            pair.play(rng, args.steps)
    except Difference as diff:
        print(f"DIFFERENT from {args.rev} in {args.game}: {diff}")
        return 1
    counts = ", ".join(f"{v:,} {k}" for k, v in pair.counts.items())
    codes = ", ".join(f"{c} {k}" for k, c in sorted(pair.codes.items(), key=lambda kv: -kv[1]))
    print(f"{args.game}: same as at {args.rev}: {counts}")
    print(f"refusal codes seen: {codes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
