"""What is legal now (for hints and random playouts) and the teaching hints and notes."""

from __future__ import annotations

from typing import Iterable

from ...model import Hint, Move, Text
from . import log, scoring
from . import state as game_state
from .state import (
    JOKERS,
    CardcassonneState,
    Claim,
    free_follower_rows,
    pending,
    revealed_setup_cards,
    slot_payload,
    unseen,
)
from .words import WORDS, say


# -- Legal moves, hints for the teaching panel and notes for the rules page. ------------------
# -- legal now ----------------------------------------------------------------------------
def legal_moves(game, state: CardcassonneState) -> Iterable[Move]:
    if state.phase == "setup":
        for payload, colour in card_rows(game, unseen(game, state)):
            yield Move("reveal", state.dealer, {"card": payload, "row": colour})
    elif state.phase == "play":
        yield from legal_turns(game, state)
    elif state.phase == "scoring":
        yield from legal_scoring(game, state)


def card_rows(game, payloads: Iterable[str]) -> Iterable[tuple[str, str]]:
    """Each card with each row it may go into face up (its own colour; jokers: any)."""
    for payload in payloads:
        face = game_state.face(game, payload)
        rows = game.row_colours if face["type"] in JOKERS else (face["colour"],)
        for colour in rows:
            yield payload, colour


def legal_turns(game, state: CardcassonneState) -> Iterable[Move]:
    seat = state.turn
    if state.played[seat] < state.hand:
        if not state.face_down_played[seat]:
            for colour in game.row_colours:
                yield Move("play_card", seat, {"card": None, "row": colour, "face_down": True})
        elif not unseen_would_run_out(game, state):
            for payload, colour in card_rows(game, unseen(game, state)):
                yield Move("play_card", seat, {"card": payload, "row": colour, "face_down": False})
    if state.follower_row[seat] is None:
        for colour in free_follower_rows(game, state):
            yield Move("place_follower", seat, {"row": colour})


def legal_scoring(game, state: CardcassonneState) -> Iterable[Move]:
    for claim in pending(game, state):
        where = {"row": claim.row, "position": claim.position}
        if claim.card is None:
            for payload in unseen(game, state):
                yield Move("reveal_face_down", claim.seat, {**where, "card": payload})
        else:
            for option in scoring.choice_order(game, state, claim):
                yield Move("choose", claim.seat, {**where, "option": option})


def unseen_would_run_out(game, state: CardcassonneState) -> bool:
    """True when every unseen card must be one of the face-down cards on the table."""
    face_down = sum(1 for row in state.rows for s in row if s.kind == "card" and s.card is None)
    return len(unseen(game, state)) <= face_down


# -- hints ----------------------------------------------------------------------------------
def hints(game, state: CardcassonneState) -> tuple[Hint, ...]:
    if state.phase == "setup":
        left = game.data.setup_cards - revealed_setup_cards(game, state)
        return (Hint(say("hint.setup", dealer=state.names[state.dealer], left=left)),)
    if state.phase == "play":
        return play_hints(game, state)
    if state.phase == "scoring":
        return scoring_hints(game, state)
    return ()


def play_hints(game, state: CardcassonneState) -> tuple[Hint, ...]:
    seat = state.turn
    name = state.names[seat]
    hints = []
    if state.played[seat] < state.hand and not (
        state.face_down_played[seat] and unseen_would_run_out(game, state)
    ):
        key = "hint.face_up" if state.face_down_played[seat] else "hint.first_face_down"
        hints.append(Hint(say(key, player=name)))
    if state.follower_row[seat] is None and free_follower_rows(game, state):
        hints.extend(follower_hints(game, state, name))
    return tuple(hints)


def follower_hints(game, state: CardcassonneState, name: str) -> list[Hint]:
    """The follower's rows worth naming: only those it may go to (no follower at the end) and
    would take a card from; when none would, one sentence that it may still go to a row."""
    hints = []
    for colour in free_follower_rows(game, state):
        row = game_state.row(game, state, colour)
        start = max((p + 1 for p, s in enumerate(row) if s.kind == "follower"), default=0)
        cards = [slot_payload(game, state, s) for s in row[start:]]
        if cards:
            hints.append(
                Hint(
                    say(
                        "hint.follower",
                        player=name,
                        row=log.row_name(game, colour),
                        count=len(cards),
                    ),
                    f"row-{colour}",
                    {"row": colour, "cards": cards},
                )
            )
    return hints or [Hint(say("hint.follower_any", player=name))]


def summary(game, state: CardcassonneState) -> tuple[Text, ...]:
    """The hints as a teacher says them: the follower's four rows in one sentence."""
    all_hints = hints(game, state)
    rows = [h for h in all_hints if "cards" in h.data and "row" in h.data]
    turn_ups = [h for h in all_hints if "position" in h.data and "card" not in h.data]
    lines: list[Text] = []
    for hint in all_hints:
        if hint not in rows and hint not in turn_ups and hint.text not in lines:
            lines.append(hint.text)
    for seat in dict.fromkeys(h.data["seat"] for h in turn_ups):
        mine = [h for h in turn_ups if h.data["seat"] == seat]
        where = [
            say(
                "summary.place", row=log.row_name(game, h.data["row"]), place=h.data["position"] + 1
            )
            for h in mine
        ]
        lines.append(
            mine[0].text
            if len(mine) == 1
            else say(
                "summary.turn_up",
                player=state.names[seat],
                places=WORDS.listed("list.comma", where),
            )
        )
    if rows:
        takes = [
            say(
                "summary.row_takes",
                row=log.row_name(game, h.data["row"]),
                count=len(h.data["cards"]),
            )
            for h in rows
        ]
        player = state.names[state.turn]
        lines.append(say("summary.follower", player=player, rows=WORDS.listed("list.comma", takes)))
    return tuple(lines)


def scoring_hints(game, state: CardcassonneState) -> tuple[Hint, ...]:
    hints = []
    for claim in pending(game, state):
        data = {"seat": claim.seat, "row": claim.row, "position": claim.position}
        if claim.card is None:
            hints.append(
                Hint(
                    say(
                        "hint.turn_up",
                        player=state.names[claim.seat],
                        row=log.row_name(game, claim.row),
                        place=claim.position + 1,
                    ),
                    f"row-{claim.row}",
                    data,
                )
            )
            continue
        texts = choice_texts(game, state, claim)
        for option in scoring.choice_order(game, state, claim):
            hints.append(
                Hint(
                    texts[option],
                    f"row-{claim.row}",
                    {**data, "card": claim.card, "option": option},
                )
            )
    return tuple(hints)


def choice_texts(game, state: CardcassonneState, claim: Claim) -> dict[str, Text]:
    name, card = state.names[claim.seat], log.card_name(game, claim.card)
    where = (
        say("hint.your_collection")
        if game_state.face(game, claim.card)["type"] == "animal"
        else say("hint.your_chest")
    )
    return {
        "score": say("hint.score", player=name, card=card, points=game.data.points.non_matching),
        "keep": say(
            "hint.keep",
            player=name,
            card=card,
            where=where,
            points=scoring.keep_value(game, state, claim),
        ),
    }


# -- the rules page -------------------------------------------------------------------------
def rules_notes(game) -> tuple[Text, ...]:
    notes = []
    for key, table in (("animal", game.data.animal_table), ("building", game.data.building_table)):
        if table.unverified:
            notes.append(
                say(
                    "note.placeholder_table",
                    table=say(f"note.table.{key}"),
                    values=", ".join(str(p) for p in table.points),
                )
            )
    notes.append(say("note.jokers"))
    notes.append(say("note.follower_waits"))
    return tuple(notes)
