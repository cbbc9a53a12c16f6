"""Every game's lesson (companion/data/lessons/<game>.json) is played from its first step to
its last by real games: the golden transcripts and random legal playouts. A lesson must never
get stuck, and teaching must never change the record (same moves, same verdicts, same scores
with and without the lesson). A bad lesson file is one clear error naming the step and field.
"""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from test_properties import pick

from companion import lessons
from companion.games import all_games, find_game
from companion.model import Move, Setup
from companion.record import load_record
from companion.session import Session

GAMES = [g.info.slug for g in all_games()]
GOLDEN = Path(__file__).parent / "golden"
LESSONS = Path(lessons.__file__).parent / "data" / "lessons"
MAX_MOVES = 3000


class Teacher:
    """Follows a session as the web server does: after every accepted move, the lesson is
    told; at a tap step, the players tap (as they would once they have done it)."""

    def __init__(self, session: Session):
        self.session = session
        self.run = lessons.start(
            lessons.load_lesson(session.game.info.slug), session.game, session.state
        )
        self.reached: list[str] = []
        self.cards: list = []  # every rule card a moment showed: (rule, example, points)
        self._note()

    def _note(self):
        while True:
            step = self.run.current
            if step is None:
                return
            if not self.reached or self.reached[-1] != step.id:
                self.reached.append(step.id)
            if not step.done.when == "tap":
                return
            self.run = lessons.tap(self.run, self.session.game, self.session.state)

    def heard(self, verdicts):
        self.run = lessons.after_verdicts(self.run, self.session.game, self.session.state, verdicts)
        if self.run.card is not None:
            self.cards.append(self.run.card)
        self._note()


def _replay(records, teach: bool):
    records = list(records)
    session = Session(records[0]["game"], Setup.from_dict(records[0]["setup"]))
    teacher = Teacher(session) if teach else None
    for record in records[1:]:
        verdicts = session.feed(copy.deepcopy(record))
        if teacher:
            teacher.heard(verdicts)
    return session, teacher


def _outcome(session):
    return (
        [(r.get("type"), r.get("move")) for r in session.records],
        [(v.accepted, [x.code for x in v.violations]) for v in session.verdicts],
        [(s.side, s.total) for s in session.game.score(session.state)],
    )


def _assert_in_order(reached, lesson):
    """Steps came up in the lesson's order (one already done by the table is passed over at
    once, never shown) and the last one, the final score, was shown."""
    ids = [s.id for s in lesson.steps]
    assert [i for i in ids if i in reached] == reached
    assert reached[0] == ids[0] and reached[-1] == ids[-1]
    assert len(reached) >= len(ids) - 2


GOLDENS = [p for p in sorted(GOLDEN.glob("*/*.json"))]


@pytest.mark.parametrize("path", GOLDENS, ids=[f"{p.parent.name}/{p.name}" for p in GOLDENS])
def test_each_golden_game_takes_its_lesson_to_the_end_without_changing_the_record(path):
    records = list(load_record(path).records())
    plain, _ = _replay(records, teach=False)
    taught, teacher = _replay(records, teach=True)
    assert _outcome(taught) == _outcome(plain)
    if not plain.game.is_over(plain.state):
        pytest.skip("this transcript stops before the end of the game")
    lesson = teacher.run.lesson
    assert teacher.run.finished and not teacher.run.skipped
    _assert_in_order(teacher.reached, lesson)


def _random_game(slug, players, seed):
    game = find_game(slug)
    rnd = random.Random(seed)
    session = Session(game, Setup(players))
    teacher = Teacher(session)
    for _ in range(MAX_MOVES):
        if game.is_over(session.state):
            break
        move = pick(list(game.legal_moves(session.state)), rnd)
        teacher.heard([session.play(move)])
    return session, teacher


RANDOM_CASES = [
    (g.info.slug, n, seed) for g in all_games() for n in g.info.player_counts for seed in (1, 2)
]


@pytest.mark.parametrize("slug,players,seed", RANDOM_CASES)
def test_each_lesson_reaches_its_end_in_random_legal_games(slug, players, seed):
    session, teacher = _random_game(slug, players, seed)
    assert session.game.is_over(session.state)
    _assert_in_order(teacher.reached, teacher.run.lesson)
    assert teacher.run.finished


def test_teaching_a_random_game_leaves_its_record_unchanged():
    session, _ = _random_game("musee", 2, 5)
    plain, _ = _replay(session.records, teach=False)
    taught, _ = _replay(session.records, teach=True)
    assert _outcome(taught) == _outcome(plain) == _outcome(session)


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_a_lesson_in_both_languages(slug):
    lesson = lessons.load_lesson(slug)
    assert lesson.game == slug
    texts = [lesson.title] + list(lesson.rules.values()) + [s.say for s in lesson.steps]
    for text in texts:
        assert not re.search(r"[A-Za-z]{2,}", text.zh), text.zh  # no English words in Chinese
        assert re.search(r"[\u4e00-\u9fff]", text.zh)
    assert lesson.steps[-1].done.when == "tap"  # the last step waits for the final score read


def test_back_skip_and_tap_move_the_lesson_as_players_ask():
    game = find_game("musee")
    state = game.new_game(Setup(2))
    run = lessons.start(lessons.load_lesson("musee"), game, state)
    assert run.current.id == "unpack"
    assert lessons.back(run) == run  # nothing before the first step
    run = lessons.tap(run, game, state)
    assert run.current.id == "deal"
    run = lessons.tap(run, game, state)
    assert run.current.id == "first_painting"
    assert lessons.tap(run, game, state) == run  # the camera sees this step: a tap does nothing
    move = Move("place", 0, {"card": "MU07", "museum": 0, "gallery": 0, "space": 0})
    state = game.apply(state, move)
    run = lessons.after_move(run, game, state, move)
    assert run.current.id == "next_player"
    assert lessons.view(run, game, state)["step"]["highlight"]["region"] == "museum1"
    run = lessons.back(run)
    assert run.current.id == "first_painting"
    view = lessons.view(run, game, state)
    assert view["number"] == 3 and view["can_back"] and view["step"]["rule"] is None
    skipped = lessons.skip(run)
    assert skipped.finished and skipped.current is None
    assert lessons.after_move(skipped, game, state, move) == skipped
    assert lessons.view(skipped, game, state)["step"] is None


def test_the_first_time_a_step_with_a_rule_comes_up_its_rule_card_is_shown():
    game = find_game("musee")
    state = game.new_game(Setup(2))
    run = lessons.start(lessons.load_lesson("musee"), game, state)
    run = lessons.tap(lessons.tap(run, game, state), game, state)
    card = lessons.view(run, game, state)["step"]["rule"]
    assert "rise" in card["en"] and "由左到右" in card["zh-TW"]


def _lesson_data():
    return json.loads((LESSONS / "musee.json").read_text(encoding="utf-8"))


BAD = [
    (
        lambda d: d["steps"][2]["done"]["of"][0].update(kinds=["fly"]),
        "step 3 (\"first_painting\"), field 'done.of.0.kinds'",
    ),
    (
        lambda d: d["steps"][2]["done"]["of"][0].update(count=0),
        "step 3 (\"first_painting\"), field 'done.of.0.count'",
    ),
    (
        lambda d: d["steps"][5].update(done={"when": "move", "kinds": ["bid"]}),
        "step 6 (\"play_on\"), field 'done.kinds'",
    ),
    (lambda d: d["steps"][1]["done"].update(when="sometimes"), "step 2 (\"deal\"), field 'done'"),
    (lambda d: d["steps"][4].update(rule="no_such_rule"), "step 5 (\"staircases\"), field 'rule'"),
    (lambda d: d["steps"][4]["done"].update(count="2"), 'step 5 ("staircases"), field \'done'),
    (lambda d: d["steps"][0]["say"].pop("zh-TW"), "step 1 (\"unpack\"), field 'say.zh-TW'"),
    (lambda d: d["steps"][3].update(colour="red"), "step 4 (\"next_player\"), field 'colour'"),
    (lambda d: d["steps"][3].update(id="deal"), "step 4 (\"deal\"), field 'id'"),
    (lambda d: d.update(game="chess"), "field 'game'"),
    (lambda d: d.update(steps=[]), "field 'steps'"),
    (lambda d: d["moments"][0].update(rule="nope"), "moment 1 ('nope'), field 'rule'"),
    (
        lambda d: d["steps"][0].update(highlight={"region": "museum{seat}-frame"}),
        "step 1 (\"unpack\"), field 'highlight.region': musee's mat for 2 players has no region",
    ),
    (
        lambda d: d["steps"][1].update(highlight={"region": "museum2"}),
        "step 2 (\"deal\"), field 'highlight.region'",
    ),
    (lambda d: d["moments"][1]["at"].update(codes=[]), "moment 2, field 'at.codes'"),
    (
        lambda d: d["moments"][1].update(at={"when": "move", "kinds": ["fly"]}),
        "moment 2 ('neighbours'), field 'at.kinds'",
    ),
]


@pytest.mark.parametrize("spoil,where", BAD)
def test_a_bad_lesson_file_is_one_error_naming_the_step_and_field(tmp_path, spoil, where):
    data = _lesson_data()
    spoil(data)
    path = tmp_path / "musee.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(lessons.LessonError) as caught:
        lessons.load_lesson_file(path)
    message = str(caught.value)
    assert message.startswith("musee.json: ") and where in message, message
    assert "\n" not in message


def test_a_lesson_file_that_is_not_json_is_a_lesson_error(tmp_path):
    path = tmp_path / "musee.json"
    path.write_bytes(b"{\xff")
    with pytest.raises(lessons.LessonError, match="musee.json"):
        lessons.load_lesson_file(path)


def test_a_game_without_a_lesson_is_a_clear_error():
    with pytest.raises(lessons.LessonError, match="no lesson"):
        lessons.load_lesson("chess")


def test_refusals_and_undos_do_not_move_a_lesson_on():
    session = Session("musee", Setup(2, ("Mia", "Leo")))
    game = session.game
    run = lessons.start(lessons.load_lesson("musee"), game, session.state)
    run = lessons.tap(lessons.tap(run, game, session.state), game, session.state)
    assert run.current.id == "first_painting"
    bad = Move(
        "place", 1, {"card": "MU07", "museum": 1, "gallery": 0, "space": 0}
    )  # not Leo's turn
    good = Move("place", 0, {"card": "MU07", "museum": 0, "gallery": 0, "space": 0})
    refused = session.play(bad)
    assert not refused.accepted
    told = lessons.after_verdicts(run, game, session.state, [refused])
    assert told.current == run.current and told.moves_seen == run.moves_seen
    why = lessons.view(told, game, session.state)["refusal"]
    assert why["why"] == [v.message.to_dict() for v in refused.violations]
    assert why["instead"][0]["en"].startswith("Mia: any empty space in your museum")
    session.play(good)
    undone = session.undo()
    assert undone.accepted and undone.kind == "undo"
    assert lessons.after_verdicts(run, game, session.state, [undone]) == run
    played = session.play(good)
    assert lessons.after_verdicts(run, game, session.state, [played]).current.id == "next_player"


def test_the_first_staircase_shows_its_rule_with_the_example_from_this_table():
    session = Session("musee", Setup(2, ("Mia", "Leo")))
    teacher = Teacher(session)
    game = session.game

    def place(seat, number, gallery, space):
        where = {"museum": seat, "gallery": gallery, "space": space}
        teacher.heard([session.play(Move("place", seat, {"card": game.payload(number), **where}))])
        return lessons.view(teacher.run, game, session.state)["moment"]

    assert place(0, 12, 0, 1) is None
    assert place(1, 40, 0, 0) is None
    card = place(0, 17, 1, 1)  # 12 and 17 are both seascapes, joined by the staircase
    assert card["rule"]["en"].startswith("A staircase token links")
    assert card["example"]["en"] == "Staircase T1, column 2, links 12 and 17, both Seascape"
    assert "12 和 17" in card["example"]["zh-TW"] and card["points"] == 3
    assert place(1, 44, 0, 1) is None  # the card stays for one move only
    assert place(0, 20, 0, 3) is None
    assert place(1, 19, 1, 1) is None  # Leo's own first staircase (44, 19): the rule is known
    assert (
        sum(line.code == "staircase" for side in game.score(session.state) for line in side.lines)
        == 2
    )
    assert [c[0] for c in teacher.cards] == ["staircase"]


@pytest.mark.parametrize("slug", GAMES)
def test_every_moment_of_a_lesson_comes_in_some_real_game(slug):
    lesson = lessons.load_lesson(slug)
    shown = set()
    for path in sorted(GOLDEN.glob(f"{slug}/*.json")):
        _, teacher = _replay(list(load_record(path).records()), teach=True)
        shown |= {card[0] for card in teacher.cards}
    for players in find_game(slug).info.player_counts:
        for seed in (1, 2):
            shown |= {card[0] for card in _random_game(slug, players, seed)[1].cards}
    assert shown == {m.rule for m in lesson.moments}


def test_a_seat_is_outlined_only_where_the_mat_has_a_region_of_its_own():
    game = find_game("musee")
    state = game.new_game(Setup(4))
    run = lessons.start(lessons.load_lesson("musee"), game, state)
    assert lessons.view(run, game, state)["step"]["highlight"]["region"] == "museum0"
    for seat in (0, 1):  # seats 2 and 3 are the partners of 0 and 1: the teams share museums
        museum = game.describe(state)["museums"][seat]["region"]
        move = Move(
            "place",
            seat,
            {"card": game.payload(10 + seat), "museum": seat, "gallery": 0, "space": 0},
        )
        assert museum == f"museum{seat}"
        state = game.apply(state, move)
    assert game.current_players(state) == (2,)
    assert lessons.view(run, game, state)["step"]["highlight"]["region"] is None


def test_a_step_waiting_for_a_tap_is_done_when_the_table_moves_on():
    """`companion demo --teach`: nobody taps "done" for the unpacking, the camera sees the
    crypt dealt; the lesson moves on with the game instead of staying on step 1."""
    session = Session("crypt", Setup(2, ("Mia", "Leo")))
    game = session.game
    run = lessons.start(lessons.load_lesson("crypt"), game, session.state)
    assert run.current.id == "unpack"
    move = next(m for m in game.legal_moves(session.state) if m.kind == "deal")
    verdict = session.play(move)
    assert verdict.accepted
    run = lessons.after_verdicts(run, game, session.state, [verdict])
    assert run.current.id == "first_turn"  # unpacking passed, and the deal counted for "deal"


@pytest.mark.parametrize(
    "name", ["four-players-tiebreak.json", "two-players-full-with-illegal-attempts.json"]
)
def test_crypts_lesson_leaves_play_round_after_round_once_the_deck_has_run_out(name):
    """`companion demo --game crypt --teach`: while the last round's face-down cards were
    revealed the panel still said "Play round after round … until the deck runs out" (step 5
    of 6; walk-through finding). From the moment the deck has run out (the last round's
    collect done) the lesson is past that step: it says to reveal, then the score."""
    records = list(load_record(GOLDEN / "crypt" / name).records())
    session = Session(records[0]["game"], Setup.from_dict(records[0]["setup"]))
    run = lessons.start(lessons.load_lesson("crypt"), session.game, session.state)
    run = lessons.tap(run, session.game, session.state)  # the box is unpacked
    seen = []
    for record in records[1:]:
        verdicts = session.feed(copy.deepcopy(record))
        run = lessons.after_verdicts(run, session.game, session.state, verdicts)
        phase = session.game.describe(session.state)["phase"]
        seen.append((phase, run.current.id if run.current else None))
    last = ("before_scoring", "final_reveal", "tiebreak", "over")
    ended = [(phase, step) for phase, step in seen if phase in last]
    assert ended, "the golden game reaches its end"
    assert all(step not in ("play_on", None) for _, step in ended), ended
    assert any(step == "reveal" for phase, step in ended if phase != "over"), ended
    assert ended[-1] == ("over", "score"), ended
    assert lessons.view(run, session.game, session.state)["step"]["id"] == "score"
