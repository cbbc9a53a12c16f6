"""A scripted stand-in for the camera, so `companion demo` works on any machine.

`companion demo` prefers the real pipeline reading `sample_images/musee-2p` (the rendered
frames of a 2-player game). When the vision pipeline or those frames are not installed, this
watcher plays a deterministic Musée game instead: it emits the same settled table events the
tracker would (one card added per step, including one card put in the wrong museum and taken
back, so a violation shows), and draws a simple top-down preview with Pillow.
It speaks `vision.contract.WatchStep`, so the dashboard cannot tell it from a camera.
"""

from __future__ import annotations

import io
import random
import time
from functools import partial
from typing import TYPE_CHECKING, Iterator, cast

from companion.events import CardAdded, CardRemoved, Where
from companion.games import find_game
from companion.model import Move, Setup
from vision.contract import SourceStatus, WatchStep

if TYPE_CHECKING:
    from companion.games.musee.game import Musee

THEME_COLOURS = {
    "landscape": "#8a8f98",
    "seascape": "#2f6fd1",
    "animals": "#2e9e49",
    "people": "#d13c32",
    "buildings": "#e0b526",
}


def musee_script(players: int = 2, seed: int = 7, wrong_at: int = 4) -> list[list]:
    """Steps of table events for a plausible Musée game (each step: a list of events).

    Hands are simulated (a shuffled deck, five cards each, one drawn per turn) and each
    player hangs the card of their hand that best fits the spread of numbers, so the engine
    accepts every placement. At step `wrong_at` a card is laid in the other player's museum
    and then taken back, so the dashboard shows a violation being explained and cleared.
    The script stops when the player to move holds no card that fits (they would then say
    "I cannot play" on the dashboard).
    """
    game = cast("Musee", find_game("musee"))
    state = game.new_game(Setup(players))
    used = list(game.cards_in_use(state))
    rng = random.Random(seed)
    rng.shuffle(used)
    hands = [[used.pop() for _ in range(5)] for _ in range(players)]
    spaces = len(state.museums[0][0])
    steps: list[list] = []
    t = 0.0
    while not game.is_over(state):
        seat = state.turn
        in_hand = {game.payload(n) for n in hands[seat]}
        places = [
            m
            for m in game.legal_moves(state)
            if m.kind == "place" and m.player == seat and m["card"] in in_hand
        ]
        if not places:
            break
        spread = partial(_spread, used_max=max(game.cards_in_use(state)), spaces=spaces)
        move = min(places, key=spread)
        t += 1.0
        if len(steps) == wrong_at:
            wrong = _wrong_museum_card(game, state, move, hands)
            if wrong is not None:
                steps.append([wrong[0]])
                steps.append([wrong[1]])
        steps.append(
            [
                CardAdded(
                    f"demo-{move['card']}",
                    move["card"],
                    Where(f"museum{move['museum']}", (move["gallery"], move["space"])),
                    t=t,
                    source="camera",
                )
            ]
        )
        hands[seat].remove(int(move["card"][2:]))
        if used:
            hands[seat].append(used.pop())
        state = game.apply(state, move)
    return steps


def _spread(move: Move, used_max: int, spaces: int) -> float:
    """How far a card's number is from where its space would put it in an even spread."""
    ideal = (move["space"] + 0.5) * used_max / spaces
    return abs(int(move["card"][2:]) - ideal)


def _wrong_museum_card(game, state, move: Move, hands: list[list[int]]):
    other = (move["museum"] + 1) % len(state.museums)
    for number in sorted(hands[state.turn], reverse=True):
        if game.payload(number) != move["card"]:
            payload = game.payload(number)
            last_space = len(state.museums[other][2]) - 1  # 3 players have 5 spaces, not 6
            return (
                CardAdded(
                    f"demo-{payload}",
                    payload,
                    Where(f"museum{other}", (2, last_space)),
                    source="camera",
                ),
                CardRemoved(f"demo-{payload}", payload, source="camera"),
            )
    return None


class ScriptedWatcher:
    """Plays a list of event steps, one per `step()` call, like a camera at a steady pace."""

    def __init__(self, steps: list[list], players: int = 2, names: tuple[str, ...] = ()):
        self._steps: Iterator[list] = iter(steps)
        self._done = 0
        self._players = players
        self._names = names or tuple(f"Player {i + 1}" for i in range(players))
        self._cards: dict[str, tuple[str | None, tuple]] = {}
        self._finished = False
        self._last_frame: float | None = None
        self.manual_corners: list[tuple] | None = None

    def step(self) -> WatchStep:
        events = [] if self._finished else next(self._steps, None)
        if events is None:
            self._finished = True
            events = []
        for event in events:
            if isinstance(event, CardAdded):
                self._cards[event.payload] = (event.where.region, tuple(event.where.slot or ()))
            elif isinstance(event, CardRemoved):
                self._cards.pop(event.payload, None)
        if events:
            self._done += 1
        if self._finished:
            # a finished recording: no new frame, the dashboard greys the last one
            return WatchStep(
                [],
                None,
                SourceStatus(
                    False, "demo recording finished", self._age(), self._done, finished=True
                ),
                calibrated=True,
            )
        self._last_frame = time.monotonic()
        return WatchStep(
            list(events),
            self.render(),
            SourceStatus(True, "simulated camera (demo)", 0.0, self._done),
            calibrated=True,
            reprojection_error_mm=0.0,
        )

    def _age(self) -> float | None:
        return None if self._last_frame is None else round(time.monotonic() - self._last_frame, 1)

    def set_manual_corners(self, points) -> None:
        self.manual_corners = [tuple(p) for p in points]

    def close(self) -> None:
        self._finished = True

    def render(self) -> bytes:
        """A top-down drawing of the two museums, with each card's number and outline."""
        from PIL import Image, ImageDraw

        width, height = 960, 420
        image = Image.new("RGB", (width, height), "#3b5e3a")
        draw = ImageDraw.Draw(image)
        font = _font(22)
        small = _font(14)
        museums = max(self._players if self._players < 4 else 2, 1)
        box_w = (width - 40) // museums
        cell_w, cell_h = min(56, (box_w - 40) // 6), 72
        for m in range(museums):
            x0 = 20 + m * box_w + 10
            draw.rectangle(
                [x0 - 6, 30, x0 + 6 * (cell_w + 6) + 4, 30 + 3 * (cell_h + 28) + 6],
                outline="#d9cfa8",
                width=2,
            )
            draw.text(
                (x0, 8),
                f"museum{m} - {self._names[m] if m < len(self._names) else ''}",
                fill="#f3e9d2",
                font=small,
            )
            for g in range(3):
                for s in range(6):
                    x = x0 + s * (cell_w + 6)
                    y = 38 + g * (cell_h + 28)
                    draw.rectangle([x, y, x + cell_w, y + cell_h], outline="#8fae8c", width=1)
        for payload, (region, slot) in self._cards.items():
            if not region or not region.startswith("museum") or slot is None:
                continue
            m, (g, s) = int(region[6:]), slot
            number = int(payload[2:])
            theme = ("buildings", "landscape", "seascape", "animals", "people")[number % 5]
            x = 20 + m * box_w + 10 + s * (cell_w + 6)
            y = 38 + g * (cell_h + 28)
            draw.rectangle([x, y, x + cell_w, y + cell_h], fill="#f8f4ea")
            draw.rectangle([x + 4, y + 4, x + cell_w - 4, y + 26], fill=THEME_COLOURS[theme])
            draw.text((x + 8, y + 34), str(number), fill="#222", font=font)
            draw.rectangle(
                [x - 2, y - 2, x + cell_w + 2, y + cell_h + 2], outline="#00e676", width=3
            )
            draw.text((x, y + cell_h + 4), payload, fill="#00e676", font=small)
        draw.text((10, height - 22), "DEMO - simulated camera", fill="#ffd54f", font=small)
        out = io.BytesIO()
        image.save(out, "JPEG", quality=80)
        return out.getvalue()


def _font(size: int):
    from PIL import ImageFont

    for name in ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()
