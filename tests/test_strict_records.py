"""Strict records (issue 13) and bad input in the core (issue 14, finding 4).

Every field of a move, event, set-up and record is checked for type and range at the
boundary, with one message naming the field; nothing is coerced. Garbage given to
`companion score` / `replay` ends in one line and exit 2, within bounded time and memory.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.errors import CompanionError, PlayerCountError
from companion.events import CardAdded, Where, event_from_dict
from companion.games import find_game
from companion.model import Move, Setup
from companion.record import parse_record
from companion.session import Session
from companion.validation import MAX_JSON_DEPTH, InvalidFieldError, declarations_of, load_json


def companion(*args, timeout=30):
    return subprocess.run(
        [sys.executable, "-m", "companion", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def musee_record(*log, setup=None):
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "musee",
        "setup": setup or {"players": 2, "names": ["Amy", "Ben"]},
        "log": list(log),
    }


def place(**fields):
    move = {"kind": "place", "player": 0, "card": "MU12", "museum": 0, "gallery": 1, "space": 0}
    move.update(fields)
    return {"type": "move", "move": move}


# -- strict moves -------------------------------------------------------------------------------
def test_replay_refuses_seat_minus_one_instead_of_naming_the_last_player(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(musee_record(place(player=-1))))
    result = companion("replay", path)
    assert result.returncode == 2
    assert "Ben" not in result.stdout + result.stderr
    assert "field 'player': must be a whole number from 0 to 1, got -1" in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "field,value,expected",
    [
        ("gallery", True, "field 'gallery': must be a whole number from 0 to 2, got true"),
        ("museum", "0", "field 'museum': must be a whole number from 0 to 1, got \"0\""),
        ("space", 2.0, "field 'space': must be a whole number from 0 to 5, got 2.0"),
        ("space", 6, "field 'space': must be a whole number from 0 to 5, got 6"),
        ("museum", 2, "field 'museum': must be a whole number from 0 to 1, got 2"),
        ("card", 12, "field 'card': must be text, got 12"),
        ("colour", "red", 'has no field "colour"'),
    ],
)
def test_musee_fields_are_strict(field, value, expected):
    session = Session("musee", Setup(2))
    with pytest.raises(InvalidFieldError) as caught:
        session.feed(place(**{field: value}))
    assert expected in str(caught.value)
    assert len(session.records) == 1 and session.state_id == 0  # nothing stored, nothing played


def test_musee_three_players_have_three_museums_of_five_spaces():
    session = Session("musee", Setup(3))
    with pytest.raises(InvalidFieldError, match="'space': must be a whole number from 0 to 4"):
        session.feed(place(museum=2, space=5))
    session.feed(place(museum=2, space=4))  # well-formed: judged by the rules and logged
    assert len(session.records) == 2


def test_a_move_kind_the_game_does_not_have_is_named():
    with pytest.raises(
        InvalidFieldError, match='Musée has no move "teleport"; its moves are cannot_play, place'
    ):
        Session("musee", Setup(2)).play(Move("teleport", 0))


def _cardcassonne_in_play():
    game = find_game("cardcassonne")
    session = Session(game, Setup(3))
    while session.state.phase != "play" or not session.state.face_down_played[session.state.turn]:
        session.play(next(iter(game.legal_moves(session.state))))
    return game, session


def test_cardcassonne_face_down_string_false_is_not_a_boolean():
    game, session = _cardcassonne_in_play()
    move = next(m for m in game.legal_moves(session.state) if m.kind == "play_card")
    bad = Move(move.kind, move.player, {**move.params, "face_down": "false"})
    with pytest.raises(
        InvalidFieldError, match="field 'face_down': must be true or false, got \"false\""
    ):
        session.play(bad)
    with pytest.raises(InvalidFieldError, match="field 'face_down': must be true or false"):
        event_from_dict(
            {
                "type": "card_added",
                "track_id": "t1",
                "payload": "CCY01",
                "face_down": "false",
                "where": {"region": "row-yellow", "slot": [0]},
            }
        )


@pytest.mark.parametrize("kind", ["play_card", "place_follower"])
def test_cardcassonne_position_99_is_not_the_end_of_the_row(kind):
    game, session = _cardcassonne_in_play()
    state = session.state
    if kind == "place_follower":  # play the whole hand first, the follower comes after
        while not any(m.kind == "place_follower" for m in game.legal_moves(session.state)):
            session.play(next(m for m in game.legal_moves(session.state)))
        state = session.state
    move = next(m for m in game.legal_moves(state) if m.kind == kind)
    far = Move(kind, move.player, {**move.params, "position": 99})
    verdict = session.play(far)
    assert not verdict.accepted
    assert [v.code for v in verdict.violations] == ["past_end_of_row"]
    assert "past the end of the" in verdict.violations[0].message.en
    assert session.state == state
    with pytest.raises(InvalidFieldError, match="field 'position': must be a whole number from 0"):
        session.play(Move(kind, move.player, {**move.params, "position": 10**30}))


def test_crypt_claim_placements_are_checked_item_by_item():
    session = Session("crypt", Setup(2))
    with pytest.raises(
        InvalidFieldError,
        match=r"field 'placements'\[0\], field 'dice': must be "
        r"a whole number from 1 to 3, got true",
    ):
        session.play(Move("claim", 0, {"placements": [{"card": 0, "dice": True, "effort": 3}]}))


def test_table_actions_carry_no_seat():
    session = Session("crypt", Setup(2))
    with pytest.raises(InvalidFieldError, match="'player': must be null"):
        session.play(Move("deal", 0, {"card": "CRIDOL4A"}))


# -- strict events ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "where,expected",
    [
        ({"region": "nowhere", "slot": [0, 0]}, '"nowhere" is not a region of the Musée layout'),
        ({"region": "museum0", "slot": ["a", 0]}, "field 'slot'[0]: must be a whole number"),
        ({"region": "museum0", "slot": [True, 0]}, "field 'slot'[0]: must be a whole number"),
        ({"region": "museum0-tokens", "slot": [10**30, 10**30]}, "field 'slot'[0]"),
        ({"region": 3, "slot": [0, 0]}, "field 'region': must be text, got 3"),
        ({"region": None, "slot": [0, 0]}, "must be null when the region is null"),
    ],
)
def test_event_regions_and_slots_must_fit_the_layout(where, expected):
    session = Session("musee", Setup(2))
    data = {"type": "card_added", "track_id": "t1", "payload": "MU12", "where": where}
    with pytest.raises(InvalidFieldError) as caught:
        session.feed({"type": "event", "event": data})
    assert expected in str(caught.value)
    assert len(session.records) == 1 and not session.table


def test_camera_events_are_judged_before_they_are_stored():
    stored = []
    session = Session("musee", Setup(2), sink=stored.append)
    event = CardAdded("t1", "MUT01C", Where("museum0-tokens", (0, "a")), kind="token")
    with pytest.raises(InvalidFieldError):
        session.observe(event)
    assert [r["type"] for r in stored] == ["setup"]
    assert Session.replay(stored).state == session.state


@pytest.mark.parametrize(
    "game,players",
    [
        (g, n)
        for g in ("musee", "cardcassonne", "mythe", "masterpiece", "crypt")
        for n in find_game(g).info.player_counts
    ],
)
def test_declared_regions_are_the_layouts_regions(game, players):
    """The core's region declarations and the printed mat agree (calibration/layouts)."""
    from calibration.layouts import load_layout
    from companion.validation import Context

    layout = load_layout(game, players)
    declared = declarations_of(game).regions(Context(find_game(game), Setup(players)))
    assert set(declared) == {r.name for r in layout.regions}
    for region in layout.regions:
        shape = declared[region.name].coordinates
        for slot in region.slots:
            assert len(slot.slot) == len(shape)
            assert all(spec.lo <= v <= spec.hi for v, spec in zip(slot.slot, shape))
        for index, spec in enumerate(shape):
            assert {s.slot[index] for s in region.slots} == set(range(spec.lo, spec.hi + 1))


def test_every_move_the_engines_offer_is_declared():
    import random

    for game in (find_game(g) for g in ("musee", "cardcassonne", "mythe", "masterpiece", "crypt")):
        for players in game.info.player_counts:
            session = Session(game, Setup(players))
            rnd = random.Random(players)
            while not game.is_over(session.state):
                moves = list(game.legal_moves(session.state))
                for move in moves:
                    session.check_move(move)  # raises if a legal move breaks its declaration
                session.play(rnd.choice(moves))


# -- strict set-ups -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup,expected",
    [
        ({"players": 10**12}, "must be a whole number from 1 to 12"),
        ({"players": True}, "must be a whole number from 1 to 12, got true"),
        ({"players": "2"}, 'got "2"'),
        ({"players": 2, "names": ["Amy", "\ud800"]}, "without lone surrogate"),
        ({"players": 2, "names": ["Amy", "B" * 41]}, "at most 40 characters"),
        ({"players": 2, "names": ["Amy", ""]}, "non-empty text"),
        ({"players": 2, "names": "Amy,Ben"}, "must be a list of names"),
        (
            {"players": 2, "options": {"staircases": [[2, 4, 6], [1, 3, True]]}},
            "staircase column True in T2 must be between 1 and 6",
        ),
        ({"players": 2, "colour": "red"}, 'has no field "colour"'),
    ],
)
def test_setup_fields_are_strict(setup, expected):
    with pytest.raises(CompanionError) as caught:
        Session.replay([{"type": "setup", "game": "musee", "setup": setup}])
    assert expected in str(caught.value)


def test_a_trillion_players_is_refused_before_anything_is_allocated():
    with pytest.raises(PlayerCountError):
        Setup(10**12)


def test_setup_options_are_typed_per_game():
    # the game's own check comes first, so the refusal is its sentence in both languages
    with pytest.raises(CompanionError, match="'dealer' must be a seat from 0 to 2, got -1"):
        Session("cardcassonne", Setup(3, options={"dealer": -1}))
    with pytest.raises(CompanionError, match="'share_only_drawn' must be true or false"):
        Session("mythe", Setup(3, options={"share_only_drawn": "false"}))


# -- untrusted JSON -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,expected",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "nested too deeply"),
        ("1" * 5000, "a number has 5000 digits"),
        ("-1e30000", "out of range"),
        ("NaN", "NaN is not a number JSON allows"),
        ('"\\ud800"', "lone surrogate"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_load_json_refuses_garbage_with_one_line(text, expected):
    with pytest.raises(CompanionError) as caught:
        load_json(text, "the input")
    assert expected in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "content,expected",
    [
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        (json.dumps(musee_record(place(player=int("9" * 3000)))), "digits"),
        (json.dumps(musee_record(place(player=-1e30))), "field 'player'"),
        (
            json.dumps(
                musee_record(
                    {
                        "type": "event",
                        "event": {
                            "type": "card_added",
                            "track_id": "t",
                            "payload": "MU12",
                            "where": {"region": ["museum0"], "slot": [0, 0]},
                        },
                    }
                )
            ),
            "field 'region': must be text",
        ),
        (
            json.dumps(musee_record(setup={"players": 2, "names": ["Amy", "\ud800"]})),
            "lone surrogate",
        ),
        (json.dumps(musee_record(setup={"players": 10**12})), "from 1 to 12"),
    ],
)
def test_companion_score_ends_garbage_in_one_line_and_exit_2(tmp_path, content, expected):
    path = tmp_path / "garbage.json"
    path.write_text(content, encoding="utf-8")
    result = companion("score", path, timeout=20)  # bounded: a hang or a huge allocation fails
    assert result.returncode == 2, result.stderr[-500:]
    assert expected in result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_parse_record_refuses_an_oversized_record():
    with pytest.raises(CompanionError, match="too large"):
        parse_record(" " * (9 * 1024 * 1024) + "{}")


def test_numbers_from_the_camera_pipeline_are_numbers():
    """The tracker hands over numpy numbers; they are numbers (a numpy bool is not)."""
    import numpy as np

    session = Session("musee", Setup(2))
    where = Where("museum0", (np.int64(1), np.int64(0)), np.float32(120.5), np.float64(80.0))
    verdicts = session.observe(CardAdded("t1", "MU12", where, t=np.float64(5.0)))
    assert verdicts and verdicts[0].accepted
    with pytest.raises(InvalidFieldError, match="field 'slot'\\[0\\]"):
        session.observe(CardAdded("t2", "MU13", Where("museum0", (np.bool_(True), 1))))


@pytest.mark.parametrize(
    "record,expected",
    [
        ({"type": "undo", "seq": -1}, "undo record, field 'seq': must be a whole number from 0"),
        ({"type": "undo", "ts": "yesterday"}, "undo record, field 'ts': must be a number"),
        (
            {"type": "move", "move": {"kind": "cannot_play", "player": 0}, "source": "phone"},
            "move record, field 'source': must be one of",
        ),
        ({"type": "move"}, "move record, field 'move': is missing"),
        ({"type": "undo", "colour": 1}, 'undo record: has no field "colour"'),
    ],
)
def test_log_record_fields_are_strict(record, expected):
    session = Session("musee", Setup(2))
    with pytest.raises(InvalidFieldError) as caught:
        session.feed(record)
    assert expected in str(caught.value)
