"""Scoring, as the rulebook's "Round scoring" and "End of game": matching persons by row,
animal collections and animal jokers, dragons and fairies, non-matching cards, the chest of
buildings at the end, and who wins (a tie goes to more building cards)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Iterable

from ...model import Outcome, ScoreLine, SideScore, Text
from . import log
from . import state as game_state
from .state import CardcassonneState, Claim, Holdings, matches
from .words import plural, say


@dataclass
class _Taken:
    """One player's cards of a round as they are sorted: where each goes, what it scored."""

    round: Text
    animals: list[tuple[str, str]]
    chest: list[str]
    lines: list[ScoreLine] = field(default_factory=list)
    persons: dict[str, list[str]] = field(default_factory=dict)
    gained_colours: list[str] = field(default_factory=list)
    jokers_gained: list[str] = field(default_factory=list)

    def collect(self, payload: str, colour: str) -> None:
        self.animals.append((payload, colour))
        if colour not in self.gained_colours:
            self.gained_colours.append(colour)


# -- Round scoring, final scoring, the value of a choice, scores and the outcome. -------------
# -- round scoring ----------------------------------------------------------------------
def score_round(game, state: CardcassonneState) -> CardcassonneState:
    holdings = list(state.holdings)
    gained = []
    for seat in range(state.players):
        mine = [c for c in state.claims if c.seat == seat]
        before = holdings[seat]
        holdings[seat] = score_claims(game, state, before, mine)
        gained.append(int(sum(line.points for line in holdings[seat].lines[len(before.lines) :])))
    # Unclaimed cards stay and are pushed back to the board; followers go home.
    taken = {(c.row, c.position) for c in state.claims}
    rows = tuple(
        tuple(s for p, s in enumerate(row) if s.kind == "card" and (colour, p) not in taken)
        for colour, row in zip(game.row_colours, state.rows)
    )
    dealer = state.last_follower if state.last_follower is not None else state.dealer
    n = state.players
    state = replace(
        state,
        holdings=tuple(holdings),
        rows=rows,
        claims=(),
        dealer=dealer,
        round_points=state.round_points + (tuple(gained),),
        played=(0,) * n,
        face_down_played=(False,) * n,
        follower_row=(None,) * n,
        last_follower=None,
    )
    if state.round >= state.rounds:
        return final_scoring(game, state)
    return replace(state, phase="play", round=state.round + 1, turn=(dealer + 1) % n)


def score_claims(
    game, state: CardcassonneState, holdings: Holdings, claims: list[Claim]
) -> Holdings:
    """Round scoring of one player's taken cards (rules, "Round scoring" 1-5)."""
    taken = _Taken(say("round", round=state.round), list(holdings.animals), list(holdings.chest))
    for claim in claims:
        if matches(game, claim.card, claim.row):
            take_matching(game, taken, claim)
        else:
            take_non_matching(game, taken, claim)
    score_persons(game, taken)
    score_animals(game, taken)
    return Holdings(tuple(taken.animals), tuple(taken.chest), holdings.lines + tuple(taken.lines))


def take_matching(game, taken: _Taken, claim: Claim) -> None:
    payload, row = claim.card, claim.row
    kind = game_state.face(game, payload)["type"]
    if kind == "person":
        taken.persons.setdefault(row, []).append(payload)
    elif kind in ("animal", "animal_joker"):
        taken.collect(payload, row)
        if kind == "animal_joker":
            taken.jokers_gained.append(payload)
    elif kind in ("building", "building_joker"):
        taken.chest.append(payload)
    else:  # dragon or fairy
        points = game.data.points
        value = points.dragon if kind == "dragon" else points.fairy
        taken.lines.append(
            ScoreLine(
                value,
                kind,
                say(
                    "score.dragon_or_fairy",
                    round=taken.round,
                    card=log.card_name(game, payload),
                    row=log.row_name(game, row),
                ),
                (payload,),
            )
        )


def take_non_matching(game, taken: _Taken, claim: Claim) -> None:
    """A face-down card that lay in a row of another colour."""
    payload = claim.card
    face = game_state.face(game, payload)
    kind, points = face["type"], game.data.points.non_matching
    if kind == "person" or claim.choice == "score":
        taken.lines.append(
            ScoreLine(
                points,
                f"non_matching_{kind}",
                say(
                    "score.non_matching",
                    round=taken.round,
                    card=log.card_name(game, payload),
                    row=log.row_name(game, claim.row),
                    points=points,
                ),
                (payload,),
            )
        )
    elif kind == "animal":
        taken.collect(payload, face["colour"])
    else:
        taken.chest.append(payload)


def score_persons(game, taken: _Taken) -> None:
    for row, cards in taken.persons.items():
        values = [int(game_state.face(game, p)["value"]) for p in cards]
        taken.lines.append(
            ScoreLine(
                len(cards) * sum(values),
                "persons",
                say(
                    "score.persons",
                    round=taken.round,
                    count=len(cards),
                    colour=log.colour_name(game, row),
                    plural=plural(len(cards)),
                    sums="+".join(str(v) for v in values),
                    total=sum(values),
                ),
                tuple(cards),
            )
        )


def score_animals(game, taken: _Taken) -> None:
    real_animals = [p for p, _ in taken.animals if game_state.face(game, p)["type"] == "animal"]
    if taken.jokers_gained and not real_animals:
        score_jokers_alone(game, taken)
        return
    table = game.data.animal_table.points
    for colour in sorted(taken.gained_colours, key=game.row_colours.index):
        collection = [p for p, c in taken.animals if c == colour]
        jokers = sum(1 for p in collection if game_state.face(game, p)["type"] == "animal_joker")
        extra = (
            say("score.animal_jokers", count=jokers, plural=plural(jokers))
            if jokers
            else Text("", "")
        )
        taken.lines.append(
            ScoreLine(
                table[len(collection) - 1],
                "animals",
                say(
                    "score.animals",
                    round=taken.round,
                    count=len(collection),
                    colour=log.colour_name(game, colour),
                    plural=plural(len(collection)),
                    jokers=extra,
                ),
                tuple(collection),
            )
        )


def score_jokers_alone(game, taken: _Taken) -> None:
    # Each animal joker held scores, those kept from earlier rounds too, in every round
    # the player collects one (seed: 每持有1張動物萬用卡便可獲得3分).
    points = game.data.points.animal_joker_alone
    held = [p for p, _ in taken.animals if game_state.face(game, p)["type"] == "animal_joker"]
    for joker in held:
        key = "score.joker_alone" if joker in taken.jokers_gained else "score.joker_alone_earlier"
        taken.lines.append(
            ScoreLine(
                points,
                "animal_joker",
                say(key, round=taken.round, held=len(held), points=points),
                (joker,),
            )
        )


# -- end of game --------------------------------------------------------------------------
def final_scoring(game, state: CardcassonneState) -> CardcassonneState:
    """Cards left in rows are discarded; every chest is opened and scored by colour."""
    holdings = []
    finals = []
    for held in state.holdings:
        lines = building_lines(game, held.chest)
        holdings.append(replace(held, lines=held.lines + lines))
        finals.append(int(sum(line.points for line in lines)))
    return replace(
        state,
        phase="over",
        rows=tuple(() for _ in state.rows),
        holdings=tuple(holdings),
        final_points=tuple(finals),
    )


def best_building_groups(game, chest: Iterable[str]) -> dict[str, tuple[list[str], int]]:
    """Building groups by colour with the jokers placed where they score most.

    Returns colour -> (cards, jokers added). Tries every way to spread the jokers (at most
    four, so a few dozen tries); ties keep the first way found, in board order.
    """
    chest = list(chest)
    table = game.data.building_table.points
    by_colour = {
        c: [
            p
            for p in chest
            if game_state.face(game, p)["type"] == "building"
            and game_state.face(game, p)["colour"] == c
        ]
        for c in game.row_colours
    }
    jokers = [p for p in chest if game_state.face(game, p)["type"] == "building_joker"]
    best, best_points = None, -1
    for spread in _spreads(len(jokers), len(game.row_colours)):
        total = sum(
            table[len(by_colour[c]) + k - 1]
            for c, k in zip(game.row_colours, spread)
            if len(by_colour[c]) + k
        )
        if total > best_points:
            best, best_points = spread, total
    groups, used = {}, 0
    for colour, extra in zip(game.row_colours, best):
        if by_colour[colour] or extra:
            groups[colour] = (by_colour[colour] + jokers[used : used + extra], extra)
        used += extra
    return groups


def building_lines(game, chest: Iterable[str]) -> tuple[ScoreLine, ...]:
    table = game.data.building_table.points
    lines = []
    for colour, (cards, jokers) in best_building_groups(game, chest).items():
        extra = (
            say("score.building_jokers", count=jokers, plural=plural(jokers))
            if jokers
            else Text("", "")
        )
        lines.append(
            ScoreLine(
                table[len(cards) - 1],
                "buildings",
                say(
                    "score.buildings",
                    count=len(cards),
                    colour=log.colour_name(game, colour),
                    plural=plural(len(cards)),
                    jokers=extra,
                ),
                tuple(cards),
            )
        )
    return tuple(lines)


# -- what keeping a card is worth (the choice at round scoring) ---------------------------
def choice_order(game, state: CardcassonneState, claim: Claim) -> tuple[str, str]:
    """ "score" and "keep", the one worth more now first (ties: the sure 10 points)."""
    return (
        ("keep", "score")
        if keep_value(game, state, claim) > game.data.points.non_matching
        else ("score", "keep")
    )


def keep_value(game, state: CardcassonneState, claim: Claim) -> int:
    """Points keeping a non-matching animal or building adds, as far as the table shows now.

    An animal: what the colour's collection scores this round with it, minus what it would
    score without it. A building: what one more building of its colour adds at the end.
    """
    face = game_state.face(game, claim.card)
    colour = face["colour"]
    held = state.holdings[claim.seat]
    others = [c for c in state.claims if c.seat == claim.seat and c != claim and c.card is not None]
    if face["type"] == "animal":
        table = game.data.animal_table.points
        size = sum(1 for _, c in held.animals if c == colour)
        incoming = sum(1 for c in others if joins_animals(game, c, colour))
        without = table[size + incoming - 1] if incoming else 0
        return table[size + incoming] - without
    table = game.data.building_table.points
    size = sum(1 for p in held.chest if game_state.face(game, p).get("colour") == colour)
    size += sum(
        1
        for c in others
        if game_state.face(game, c.card)["type"] == "building"
        and game_state.face(game, c.card)["colour"] == colour
        and (matches(game, c.card, c.row) or c.choice == "keep")
    )
    return table[size] - (table[size - 1] if size else 0)


def joins_animals(game, claim: Claim, colour: str) -> bool:
    face = game_state.face(game, claim.card)
    if matches(game, claim.card, claim.row):
        return face["type"] in ("animal", "animal_joker") and claim.row == colour
    return face["type"] == "animal" and face["colour"] == colour and claim.choice == "keep"


# -- scores and outcome -------------------------------------------------------------------
def score(game, state: CardcassonneState) -> tuple[SideScore, ...]:
    return tuple(
        SideScore(f"p{seat}", Text(state.names[seat], state.names[seat]), (seat,), held.lines)
        for seat, held in enumerate(state.holdings)
    )


def outcome(game, state: CardcassonneState) -> Outcome | None:
    if state.phase != "over":
        return None

    def key(side: SideScore):
        return (side.total, len(state.holdings[side.members[0]].chest))

    ranked = sorted(score(game, state), key=key, reverse=True)
    best = key(ranked[0])
    winners = tuple(s.side for s in ranked if key(s) == best)
    names = " & ".join(s.label.en for s in ranked if key(s) == best)
    total, buildings = int(best[0]), best[1]
    tied = [s for s in ranked if s.total == ranked[0].total]
    tie_break = None
    if len(tied) > 1:
        tie_break = say(
            "tie.shared" if len(winners) > 1 else "tie.buildings",
            total=total,
            buildings=buildings,
            names=names,
        )
    explanation = say(
        "outcome.shared" if len(winners) > 1 else "outcome.wins", names=names, total=total
    )
    return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)


def _spreads(jokers: int, colours: int) -> Iterable[tuple[int, ...]]:
    """Every way to hand `jokers` identical jokers to `colours` colour groups."""
    for cuts in itertools.combinations_with_replacement(range(colours), jokers):
        yield tuple(cuts.count(c) for c in range(colours))
