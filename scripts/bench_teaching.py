"""What teaching costs per move, per game: `hints`, `hint_summary` (both are in every
snapshot) and a lesson's `after_verdicts` + `view` (teach mode), in milliseconds, measured
over the first 300 states of random legal games at the game's largest player count.

Usage (from the repository root): `.venv/bin/python scripts/bench_teaching.py [--seed S]`.
Prints figures; asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_properties import pick

from companion import lessons
from companion.games import all_games
from companion.model import Setup
from companion.session import Session

MAX_STATES = 300


def per_call_ms(work, items) -> float:
    started = time.perf_counter()
    for item in items:
        work(item)
    return (time.perf_counter() - started) / max(len(items), 1) * 1e3


def bench(game, seed: int) -> str:
    players = game.info.player_counts[-1]
    rnd = random.Random(seed)
    states, accepted = [], []
    while len(states) < MAX_STATES:  # a short game (Musée's stop early) is followed by another
        session = Session(game, Setup(players))
        while not game.is_over(session.state) and len(states) < MAX_STATES:
            states.append(session.state)
            accepted.append(session.play(pick(list(game.legal_moves(session.state)), rnd)))
    run = lessons.start(lessons.load_lesson(game.info.slug), game, states[0])
    # (one lesson across the games: after the first it waits at its last step, viewed each move)

    def teach(pair):
        nonlocal run
        state, verdict = pair
        run = lessons.after_verdicts(run, game, state, [verdict])
        lessons.view(run, game, state)

    hints = per_call_ms(game.hints, states)
    summary = per_call_ms(game.hint_summary, states)
    lesson = per_call_ms(teach, list(zip(states, accepted)))
    return (
        f"{game.info.slug:12s} {players}p, {len(states):3d} states: hints {hints:.3f} ms, "
        f"hint_summary {summary:.3f} ms, lesson after_verdicts+view {lesson:.3f} ms per move"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    seed = parser.parse_args().seed
    for game in all_games():
        print(bench(game, seed))


if __name__ == "__main__":
    main()
