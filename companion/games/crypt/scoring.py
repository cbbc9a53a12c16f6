"""Final score: treasure values, collector bonuses, 1 point per ready die; the winner."""

from __future__ import annotations

from ...model import Outcome, ScoreLine, SideScore, Text
from . import log
from . import setup as box
from .state import TYPES, CryptState
from .words import WORDS


# -- the score breakdown (every line names its source) and the outcome ------------------------
def score(game, state: CryptState) -> tuple[SideScore, ...]:
    tapestry_totals = {
        s: sum(
            box.value(game, o.payload)
            for o in state.collections[s]
            if o.type == "tapestries" and o.payload
        )
        for s in range(state.players)
    }
    tapestry_owners = {
        s: sum(1 for o in state.collections[s] if o.type == "tapestries")
        for s in range(state.players)
    }
    idol_rounds = [r for r in state.idol_pair_round[: state.players] if r is not None]
    sides = []
    for seat in range(state.players):
        coll = state.collections[seat]
        by_type = {t: [o for o in coll if o.type == t] for t in TYPES}
        lines = [
            *treasure_lines(game, by_type),
            *collector_lines(
                game, state, seat, by_type, tapestry_totals, tapestry_owners, idol_rounds
            ),
            *ready_dice_line(game, state.ready[seat]),
        ]
        name = state.names[seat]
        sides.append(SideScore(f"p{seat}", Text(name, name), (seat,), tuple(lines)))
    return tuple(sides)


def treasure_lines(game, by_type) -> list[ScoreLine]:
    """Each type's known values summed, and a 0 line for cards still face down and unknown."""
    lines = []
    for kind, cards in by_type.items():
        known = [o for o in cards if o.payload]
        unknown = len(cards) - len(known)
        t = log.type_name(game, kind, plural=True)
        if known:
            values = [box.value(game, o.payload) for o in known]
            sums = " + ".join(str(v) for v in values)
            words = WORDS("score.treasures", kind=t, sums=sums)
            lines.append(
                ScoreLine(sum(values), f"treasure_{kind}", words, tuple(o.payload for o in known))
            )
        if unknown:
            # "1 Idol still face down", "2 Idols still face down"
            one = log.type_name(game, kind, plural=unknown != 1)
            words = WORDS("score.unrevealed", count=unknown, kind=one)
            lines.append(ScoreLine(0, "unrevealed", words, (game.type_back[kind],)))
    return lines


def ready_dice_line(game, ready: int) -> list[ScoreLine]:
    """Ready dice score (data: points each); dice out on cards count once they come back."""
    if not ready:
        return []
    each = game.data.ready_die_points
    return [
        ScoreLine(ready * each, "ready_dice", WORDS("score.ready_dice", ready=ready, points=each))
    ]


def collector_lines(
    game, state, seat, by_type, tapestry_totals, tapestry_owners, idol_rounds
) -> list[ScoreLine]:
    side = dict(state.collectors)
    reached = state.idol_pair_round[seat]
    return [
        *(idols_b(game, reached, idol_rounds) if side["idols"] == "B" else ()),
        *jewelry(game, side["jewelry"], by_type["jewelry"]),
        *(manuscripts_a(game, by_type["manuscripts"]) if side["manuscripts"] == "A" else ()),
        *(pottery_a(game, len(by_type["pottery"])) if side["pottery"] == "A" else ()),
        *(remains_b(game, len(by_type["remains"])) if side["remains"] == "B" else ()),
        *tapestries(
            game, side["tapestries"], seat, by_type["tapestries"], tapestry_totals, tapestry_owners
        ),
    ]


def bonus(points, key: str, collector: str, **values) -> list[ScoreLine]:
    """One collector's line: its code is the sentence key's last part."""
    return [ScoreLine(points, key.split(".", 1)[1], WORDS(key, **values), (collector,))]


def idols_b(game, reached, idol_rounds) -> list[ScoreLine]:
    """First to 2 idols (everyone who got there in that same round): 5; anyone later: 2."""
    c = game.data.collectors
    if reached is None:
        return []
    if reached == min(idol_rounds):
        return bonus(c["idols_b_first"], "score.idols_b_first", "CRCIDOLB")
    return bonus(c["idols_b_later"], "score.idols_b_later", "CRCIDOLB")


def jewelry(game, side, cards) -> list[ScoreLine]:
    c = game.data.collectors
    known = [box.value(game, o.payload) for o in cards if o.payload]
    if side == "A" and len(cards) >= c["jewelry_a_min"] and known:
        return bonus(max(known), "score.jewelry_a", "CRCJEWLA", best=max(known))
    if side == "B" and cards:
        n, each = len(cards), c["jewelry_b_each"]
        return bonus(n * each, "score.jewelry_b", "CRCJEWLB", count=n, each=each)
    return []


def manuscripts_a(game, cards) -> list[ScoreLine]:
    c = game.data.collectors
    if len(cards) < c["manuscripts_a_min"]:
        return []
    counts = c["manuscripts_a_value"]
    extra = sum(counts - box.value(game, o.payload) for o in cards if o.payload)
    return bonus(extra, "score.manuscripts_a", "CRCMANUA", counts=counts, extra=extra)


def pottery_a(game, pottery: int) -> list[ScoreLine]:
    table = {int(k): v for k, v in game.data.collectors["pottery_a"].items()}
    if pottery < min(table):
        return []
    return bonus(table[min(pottery, max(table))], "score.pottery_a", "CRCPOTTA", count=pottery)


def remains_b(game, remains: int) -> list[ScoreLine]:
    c = game.data.collectors
    if remains < c["remains_b_min"]:
        return []
    return bonus(c["remains_b_bonus"], "score.remains_b", "CRCREMNB", count=remains)


def tapestries(game, side, seat, cards, tapestry_totals, tapestry_owners) -> list[ScoreLine]:
    c = game.data.collectors
    if side == "A" and cards:
        best = max(t for s, t in tapestry_totals.items() if tapestry_owners[s])
        if tapestry_totals[seat] == best:
            return bonus(c["tapestries_a_bonus"], "score.tapestries_a", "CRCTAPEA", best=best)
    if side == "B" and len(cards) >= c["tapestries_b_min"]:
        many = sum(1 for n in tapestry_owners.values() if n >= c["tapestries_b_min"])
        if many == 1:
            return bonus(c["tapestries_b_only"], "score.tapestries_b_only", "CRCTAPEB")
        return bonus(c["tapestries_b_shared"], "score.tapestries_b_shared", "CRCTAPEB")
    return []


def solo_rank(game, total: float) -> Text:
    rank = [r for r in game.data.solo.ranks if total >= r.min][-1]
    return Text(rank.en, rank.zh)


def outcome(game, state: CryptState) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = score(game, state)
    if state.players == 1:
        total = scores[0].total
        rank = solo_rank(game, total)
        return Outcome(
            ("p0",), ("p0",), WORDS("outcome.solo", name=state.names[0], total=total, rank=rank)
        )
    last_roll = dict(state.tiebreak_history[-1]) if state.tiebreak_history else {}
    ranked = sorted(scores, key=lambda s: (s.total, last_roll.get(s.members[0], -1)), reverse=True)
    best = ranked[0].total
    top = [s for s in ranked if s.total == best]
    tie_break = None
    winners: tuple[str, ...]
    if len(top) > 1 and state.tiebreak_winners and len(state.tiebreak_winners) == 1:
        winners = (f"p{state.tiebreak_winners[0]}",)
        name = state.names[state.tiebreak_winners[0]]
        rolls = ", ".join(f"{state.names[s]} {t}" for s, t in last_roll.items())
        tie_break = WORDS("outcome.tiebreak", best=best, rolls=rolls, name=name)
    else:
        winners = tuple(s.side for s in top)
        if len(top) > 1:
            tie_break = WORDS("outcome.tie_stands", best=best)
    names = " & ".join(state.names[int(w[1:])] for w in winners)
    if len(winners) > 1:
        explanation = WORDS("outcome.shared", names=names, best=best)
    else:
        explanation = WORDS("outcome.wins", names=names, best=best)
    return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)
