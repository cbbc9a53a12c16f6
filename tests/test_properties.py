"""Property tests for every game (issue 13, "Prove it"): random legal games from random
set-ups to the end, and random illegal or malformed moves.

- Legal games: the engine never refuses a move it listed as legal; the stored log (as JSON
  text) replays to the same state, score and outcome; the scores keep invariants read from
  the rulebooks in ../shared/rules (listed per game below).
- Illegal moves: every one is refused with a specific reason (a declared field, or a rule
  code and a sentence in both languages) and changes nothing.

Hypothesis draws the set-up and the seed of each playout (whole games are too long to draw
move by move); a failure prints both, which replays the same game. The default run is sized
for a few seconds per test; `--hypothesis-profile=fuzz` plays thousands of games (see
README, "Testing").
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.games import find_game
from companion.model import Move, Setup
from companion.record import parse_record, record_from_log
from companion.session import Session
from companion.validation import InvalidFieldError, declarations_of

GAMES = ("musee", "cardcassonne", "mythe", "masterpiece", "crypt")
MAX_MOVES = 3000
# The loaded Hypothesis profile scales every test here: 1 by default (max_examples 100),
# 20 with --hypothesis-profile=fuzz (240 games per game and property).
SCALE = settings().max_examples / 100
PLAYOUT = settings(
    max_examples=max(1, round(12 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- random set-ups -----------------------------------------------------------------------------
@st.composite
def setups(draw, slug: str) -> Setup:
    game = find_game(slug)
    players = draw(st.sampled_from(game.info.player_counts))
    names = draw(
        st.lists(
            st.text(
                st.characters(codec="utf-8", categories=("L", "N", "Zs")), min_size=1, max_size=12
            ).filter(str.strip),
            min_size=players,
            max_size=players,
            unique=True,
        )
    )
    seats = st.integers(0, players - 1)
    options: dict = {}
    if slug == "musee":
        data = game._setup_data(players)
        if draw(st.booleans()):
            columns = range(1, data.spaces + 1)
            options["staircases"] = {
                f"T{row + 1}": sorted(draw(st.permutations(columns))[:count])
                for row, count in enumerate(data.staircases_per_row)
            }
    elif slug == "cardcassonne":
        options["dealer"] = draw(seats)
        options["colours"] = draw(st.permutations(list(game._follower_of_colour)))[:players]
    elif slug == "mythe":
        options["share_only_drawn"] = draw(st.booleans())
        options["heroes"] = draw(st.permutations(list(game.hero_colours)))[:players]
    elif slug == "masterpiece":
        options["banker"] = draw(seats)
    elif slug == "crypt":
        options["leader"] = draw(seats)
        options["collectors"] = {
            t: draw(st.sampled_from("AB"))
            for t in ("idols", "jewelry", "manuscripts", "pottery", "remains", "tapestries")
        }
        keys = [c.key for c in game.data.colours]
        options["colours"] = draw(st.permutations(keys))[: max(players, 2)]
    return Setup(players, tuple(names), options)


def pick(moves: list[Move], rnd: random.Random) -> Move:
    """A random legal move; half the time a random kind first, so that one kind offered in
    many variants (a Masterpiece bid of every amount) does not crowd out the rest — players
    who all keep overbidding past their cash could otherwise auction one painting forever."""
    if rnd.random() < 0.5:
        kind = rnd.choice(sorted({m.kind for m in moves}))
        return rnd.choice([m for m in moves if m.kind == kind])
    return rnd.choice(moves)


def play_out(game, setup: Setup, seed: int, check_state=None) -> Session:
    """A whole random legal game; every listed move must pass `check` and the declarations."""
    rnd = random.Random(seed)
    session = Session(game, setup)
    for _ in range(MAX_MOVES):
        if game.is_over(session.state):
            break
        moves = list(game.legal_moves(session.state))
        assert moves, "not over, yet nothing is legal"
        for move in rnd.sample(moves, min(4, len(moves))):
            session.check_move(move)  # every legal move fits its declared fields
            assert game.check(session.state, move) == (), f"listed but refused: {move}"
        move = pick(moves, rnd)
        verdict = session.play(move)
        assert verdict.accepted, f"refused a listed move {move}: {verdict.violations}"
        if check_state is not None:
            check_state(game, session.state)
    assert game.is_over(session.state), f"no end after {MAX_MOVES} moves"
    return session


def replayed_from_text(session: Session) -> Session:
    """The stored log, written out as JSON text and read back as `companion score` does."""
    text = json.dumps(record_from_log(session.records).to_dict(), ensure_ascii=False)
    return Session.replay(parse_record(text).records())


# -- invariants every game keeps ----------------------------------------------------------------
def common_invariants(game, session: Session) -> None:
    scores = game.score(session.state)
    outcome = game.outcome(session.state)
    assert outcome is not None and outcome.winners
    totals = {}
    for side in scores:
        data = side.to_dict()
        assert data["total"] == sum(line["points"] for line in data["lines"])  # total = breakdown
        for line in side.lines:
            assert line.code and line.source.en and line.source.zh  # every point names its source
        totals[side.side] = side.total
    assert set(outcome.winners) <= set(totals)
    best = max(totals.values())
    assert all(totals[w] == best for w in outcome.winners), "a winner without the best total"
    assert sorted(outcome.ranking) == sorted(totals) if outcome.ranking else True


def lines(scores, code):
    return [line for side in scores for line in side.lines if line.code == code]


# Musée (rules/musee.md, "Scoring"): 1 point per painting; 2 per neighbouring pair of one
# theme in a gallery; 3 per staircase linking two paintings of one theme; 4 per gallery bonus,
# each awarded once per game; numbers rise from left to right in every gallery.
def musee_state(game, state) -> None:
    for museum in state.museums:
        for gallery in museum:
            numbers = [n for n in gallery if n is not None]
            assert numbers == sorted(numbers), f"a gallery out of order: {gallery}"


def musee_invariants(game, session: Session) -> None:
    scores = game.score(session.state)
    theme = {p.payload: p.face.get("theme") for p in game.catalogue.cards}
    painted = lines(scores, "paintings")
    assert all(line.points == len(line.cards) for line in painted)
    assert sum(line.points for line in painted) == len(session.state.placed)
    for line in lines(scores, "neighbours"):
        assert line.points == 2 and len(line.cards) == 2
        assert theme[line.cards[0]] == theme[line.cards[1]], "a pair of two themes scored"
    for line in lines(scores, "staircase"):
        assert line.points == 3 and len(line.cards) == 2
        assert theme[line.cards[0]] == theme[line.cards[1]], "a staircase between two themes"
    bonuses = lines(scores, "gallery_bonus")
    assert all(line.points == 4 for line in bonuses) and len(bonuses) <= 3
    known = {"paintings", "neighbours", "staircase", "gallery_bonus"}
    assert {line.code for side in scores for line in side.lines} <= known


# Cardcassonne (rules/cardcassonne.md): two followers never share a position; a follower or
# card is always at the end of its row, so rows have no gaps; no score line is negative.
def cardcassonne_state(game, state) -> None:
    for row in state.rows:
        followers = [i for i, slot in enumerate(row) if slot.kind == "follower"]
        assert len(followers) == len(set(followers))
        assert all(slot is not None for slot in row)
    placed = [r for r in state.follower_row if r is not None]
    assert len(placed) <= state.players


def cardcassonne_invariants(game, session: Session) -> None:
    for side in game.score(session.state):
        assert all(line.points >= 0 for line in side.lines)


# Mythe (rules/mythe.md): the hero who reaches the Dragon space wins at once; nobody else is
# there; a hero's progress points are the space it stands on.
def mythe_invariants(game, session: Session) -> None:
    state = session.state
    dragon = len(game.data.path.spaces) - 1
    outcome = game.outcome(state)
    on_dragon = [seat for seat, p in enumerate(state.positions) if p == dragon]
    assert len(on_dragon) <= 1
    if on_dragon:
        assert outcome.winners == (f"p{on_dragon[0]}",)
    for side in game.score(state):
        assert [line.points for line in side.lines if line.code == "progress"] == [
            state.positions[side.members[0]]
        ]


# Masterpiece (rules/masterpiece.md, "End"): wealth = cash + the value of each painting owned,
# a painting's value being the sum of its value cards unless one is a forgery (then $0).
def masterpiece_invariants(game, session: Session) -> None:
    face = {p.payload: p.face for p in game.catalogue.pieces}
    for side in game.score(session.state):
        cash = [line for line in side.lines if line.code == "cash"]
        assert len(cash) == 1 and cash[0].points == session.state.cash[side.members[0]]
        for line in side.lines:
            if line.code != "painting":
                continue
            values = [face[c] for c in line.cards if "value_k" in face.get(c, {})]
            expected = (
                0 if any(v.get("forgery") for v in values) else sum(v["value_k"] for v in values)
            )
            assert line.points == expected, f"{line.source.en}: {line.points} != {expected}"


# Crypt (rules/crypt.md, "Final score"): treasure values + collector bonuses + 1 per ready die.
def crypt_invariants(game, session: Session) -> None:
    state = session.state
    face = {p.payload: p.face for p in game.catalogue.pieces}
    for side in game.score(state):
        seat = side.members[0]
        ready = [line.points for line in side.lines if line.code == "ready_dice"]
        assert sum(ready) == state.ready[seat]
        for line in side.lines:
            if line.code.startswith("treasure_"):
                assert line.points == sum(face[c]["value"] for c in line.cards)
        assert all(line.points >= 0 for line in side.lines)


INVARIANTS = {
    "musee": (musee_state, musee_invariants),
    "cardcassonne": (cardcassonne_state, cardcassonne_invariants),
    "mythe": (None, mythe_invariants),
    "masterpiece": (None, masterpiece_invariants),
    "crypt": (None, crypt_invariants),
}


def _legal_games(slug):
    game = find_game(slug)
    check_state, check_end = INVARIANTS[slug]

    @PLAYOUT
    @given(setup=setups(slug), seed=st.integers(0, 2**32 - 1))
    def run(setup, seed):
        session = play_out(game, setup, seed, check_state)
        common_invariants(game, session)
        check_end(game, session)
        rebuilt = replayed_from_text(session)
        assert rebuilt.state == session.state
        assert [s.to_dict() for s in game.score(rebuilt.state)] == [
            s.to_dict() for s in game.score(session.state)
        ]
        assert game.outcome(rebuilt.state) == game.outcome(session.state)

    run()


@pytest.mark.parametrize("slug", GAMES)
def test_random_legal_games_from_random_setups(slug):
    _legal_games(slug)


# -- illegal and malformed moves ------------------------------------------------------------------
JUNK = (
    None,
    True,
    False,
    -1,
    -(10**30),
    10**30,
    99,
    2.5,
    float("-0"),
    "",
    "2",
    "false",
    "\ud800",
    "x" * 500,
    [],
    [1, "a"],
    {"a": 1},
    [[[[]]]],
)
# Catch-all sentences that say nothing about which rule was broken.
GENERIC = ("is missing something or has a wrong value", "illegal move", "rule break")


def mangle(game, move: Move, rnd: random.Random) -> Move:
    params = dict(move.params)
    choice = rnd.randrange(6)
    if choice == 0:
        return Move(move.kind, rnd.choice([p for p in JUNK if not isinstance(p, dict)]), params)
    if choice == 1 and params:
        params[rnd.choice(sorted(params))] = rnd.choice(JUNK)
    elif choice == 2 and params:
        params.pop(rnd.choice(sorted(params)))
    elif choice == 3:
        params[rnd.choice(["colour", "seat", "extra"])] = rnd.choice(JUNK)
    elif choice == 4:
        kinds = sorted(declarations_of(game.info.slug).moves) + ["teleport", ""]
        return Move(rnd.choice(kinds), move.player, params)
    else:  # well-formed, but by somebody else, or a number one off
        seats = range(0, 6)
        numbers = [k for k, v in params.items() if isinstance(v, int) and not isinstance(v, bool)]
        if numbers and rnd.random() < 0.5:
            key = rnd.choice(numbers)
            params[key] += rnd.choice([-1, 1, 3])
        else:
            return Move(move.kind, rnd.choice(list(seats)), params)
    return Move(move.kind, move.player, params)


def refuse_and_keep(game, session: Session, move: Move) -> str:
    """Play `move`; if it is refused, check the reason is specific and nothing changed."""
    state, state_id, records = session.state, session.state_id, len(session.records)
    try:
        verdict = session.play(move)
    except InvalidFieldError as exc:
        assert "field" in str(exc) and "\n" not in str(exc)
        assert (session.state, session.state_id, len(session.records)) == (state, state_id, records)
        return "malformed"
    if verdict.accepted:
        return "legal"
    assert verdict.violations
    for violation in verdict.violations:
        assert violation.code and not any(g in violation.message.en for g in GENERIC), (
            f"generic refusal for {move}: {violation}"
        )
        assert violation.message.en and violation.message.zh
    assert session.state == state and session.state_id == state_id
    return "refused"


def _illegal_moves(slug):
    game = find_game(slug)

    @PLAYOUT
    @given(setup=setups(slug), seed=st.integers(0, 2**32 - 1))
    def run(setup, seed):
        rnd = random.Random(seed)
        session = Session(game, setup)
        seen = Counter()
        for _ in range(rnd.randrange(0, 150)):  # somewhere into the game, never past its end
            session.play(rnd.choice(list(game.legal_moves(session.state))))
            if game.is_over(session.state):
                session.undo()
                break
        for _ in range(40):
            if game.is_over(session.state):
                break
            legal = list(game.legal_moves(session.state))
            seen[refuse_and_keep(game, session, mangle(game, rnd.choice(legal), rnd))] += 1
            if game.is_over(session.state):  # the "junk" was a legal move that ended the game
                break
            if rnd.random() < 0.3:  # move on, so later junk meets other phases
                played = rnd.choice(list(game.legal_moves(session.state)))
                session.play(played)
                if not game.is_over(session.state) and played.kind not in (
                    "pass",
                    "end_turn",
                    "stop",
                    "recover",
                    "cannot_play",
                ):
                    # the same move again at once is never legal twice over
                    seen[refuse_and_keep(game, session, played)] += 1
        assert seen["malformed"] + seen["refused"] + seen["legal"] > 0

    run()


@pytest.mark.parametrize("slug", GAMES)
def test_random_illegal_moves_are_refused_with_a_reason_and_change_nothing(slug):
    _illegal_moves(slug)


# -- fuzzing every input shape ------------------------------------------------------------------
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(
        [
            "move",
            "event",
            "undo",
            "setup",
            "card_added",
            "card_moved",
            "card_removed",
            "frame_end",
            "museum0",
            "row-yellow",
            "MU12",
            "place",
        ]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "kind",
                    "player",
                    "move",
                    "event",
                    "where",
                    "region",
                    "slot",
                    "payload",
                    "track_id",
                    "face_down",
                    "value",
                    "players",
                    "names",
                    "options",
                    "card",
                    "museum",
                    "gallery",
                    "space",
                    "t",
                    "source",
                    "alive",
                    "previous",
                    "x_mm",
                    "seq",
                ]
            )
            | st.text(max_size=5),
            children,
            max_size=6,
        )
    ),
    max_leaves=20,
)

FUZZ = settings(
    max_examples=max(1, round(150 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def one_clear_line(action) -> None:
    try:
        action()
    except CompanionError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 600, message


@FUZZ
@given(slug=st.sampled_from(GAMES), record=json_values)
def test_fuzz_log_records_end_in_a_clear_error_or_a_verdict(slug, record):
    game = find_game(slug)
    session = Session(game, Setup(game.info.player_counts[0]))
    before = (session.state, len(session.records))
    try:
        session.feed(record)
    except CompanionError as exc:
        assert "\n" not in str(exc)
        assert (session.state, len(session.records)) == before  # refused input is not stored


@FUZZ
@given(slug=st.sampled_from(GAMES), data=json_values)
def test_fuzz_moves(slug, data):
    game = find_game(slug)
    session = Session(game, Setup(game.info.player_counts[-1]))
    one_clear_line(lambda: session.play(Move.from_dict(data)))


@FUZZ
@given(slug=st.sampled_from(GAMES), data=json_values)
def test_fuzz_events(slug, data):
    from companion.events import event_from_dict

    game = find_game(slug)
    session = Session(game, Setup(game.info.player_counts[-1]))
    one_clear_line(lambda: session.observe(event_from_dict(data)))


@FUZZ
@given(slug=st.sampled_from(GAMES), data=json_values)
def test_fuzz_setups(slug, data):
    one_clear_line(lambda: Session.replay([{"type": "setup", "game": slug, "setup": data}]))


@FUZZ
@given(data=json_values, jsonl=st.booleans())
def test_fuzz_record_text(data, jsonl):
    text = json.dumps(data)
    if jsonl:
        text = "\n".join(json.dumps(x) for x in (data if isinstance(data, list) else [data]))

    def score():
        record = parse_record(text)
        Session.replay(record.records(), game=find_game(record.game))

    one_clear_line(score)


@FUZZ
@given(text=st.text(max_size=300) | st.binary(max_size=300).map(lambda b: b.decode("latin-1")))
def test_fuzz_raw_text_as_a_record(text):
    one_clear_line(lambda: parse_record(text))


# -- what the property tests found --------------------------------------------------------------
def test_mythe_offers_a_share_after_a_draw_whose_hand_nobody_named():
    """Found by the illegal-move property test: a draw entered without saying whose hand it
    came from left Mythe with no legal move at all when the supposed counts emptied a hand."""
    game = find_game("mythe")
    session = Session(game, Setup(2, options={"hands": [11, 1], "dummy": 1}))

    def draw(source):
        return next(
            m
            for m in game.legal_moves(session.state)
            if m.kind == "draw"
            and m.get("from") == source
            and game.cards[m["card"]].type != "obstacle"
        )

    session.play(draw("dummy"))
    from_ben = draw(1)
    assert session.play(Move("draw", 0, {"card": from_ben["card"]})).accepted  # hand not named
    while session.state.phase != "share":
        session.play(next(m for m in game.legal_moves(session.state) if m.kind in ("stop", "move")))
    shares = [m for m in game.legal_moves(session.state) if m.kind == "share"]
    assert shares, "the game is stuck: nothing is legal"
    assert session.play(shares[0]).accepted
    assert min(session.state.hands) >= 1


def test_mythe_supposes_an_unnamed_draw_came_from_the_extra_deck_when_hands_are_empty():
    """Found by the illegal-move property test: with the other hand empty, a draw whose
    source nobody named can only have come from the extra deck; the share offered then
    added up to one card more than the game has."""
    game = find_game("mythe")
    session = Session(game, Setup(2, options={"hands": [11, 1], "dummy": 1}))
    session.play(
        next(
            m
            for m in game.legal_moves(session.state)
            if m.kind == "draw" and m.get("from") == 1 and game.cards[m["card"]].type != "obstacle"
        )
    )
    unnamed = next(
        m
        for m in game.legal_moves(session.state)
        if m.kind == "draw"
        and m.get("from") == "dummy"
        and game.cards[m["card"]].type != "obstacle"
    )
    assert session.play(Move("draw", 0, {"card": unnamed["card"]})).accepted
    while session.state.phase != "share":
        session.play(next(m for m in game.legal_moves(session.state) if m.kind in ("stop", "move")))
    shares = [m for m in game.legal_moves(session.state) if m.kind == "share"]
    assert shares, "the game is stuck: nothing is legal"
    assert session.play(shares[0]).accepted
    assert sum(session.state.hands) + session.state.dummy == len(game.deck(2))
