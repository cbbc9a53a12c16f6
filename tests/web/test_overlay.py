"""The camera's picture with what was read (issue 26, item 5): the data the dashboard and the
TV draw over the picture — each card's outline in the picture's pixels and its state — comes
from the frame it is drawn on, matches the table (mapped back onto the mat through the
calibration, each outline lies within a few millimetres of the space its card is in), marks an
illegal card with its reason, never names a hidden card, and costs nothing without a camera."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from webhelpers import FakeWatcher

from companion.events import CardAdded, Where
from companion.games import find_game
from vision.contract import SourceStatus, WatchStep
from vision.overlay import FramePicture, SeenCode
from vision.pipeline import TableWatcher
from vision.render import layout_scene, render_scene
from vision.samples import CAMERA, LOOK, staircase_tokens
from vision.sources import ImageFolderSource, SourceConfig
from web import create_app
from web.camera import SAMPLE_GAME

WITHIN_MM = 5.0  # "a few millimetres" on the mat
ON_THE_FRAME = ("read", "just_laid", "illegal", "uncertain")  # outlines of codes read


def fast_source(folder: Path, fps: float = 4.0) -> ImageFolderSource:
    """A folder's frames stamped at `fps` but handed out as fast as asked (as a recording)."""
    ticks = iter(range(0, 10**12, 3600))
    return ImageFolderSource(folder, SourceConfig(fps=fps), clock=lambda: float(next(ticks)))


def watched(tmp_path, game: str, players: int, names: list[str], folder: Path, steps: int):
    app = create_app(
        {"db": str(tmp_path / "g.sqlite3"), "game": game, "players": players, "names": names}
    )
    runtime = app.extensions["companion_runtime"]
    runtime.watcher = TableWatcher(fast_source(folder), game, players)
    for _ in range(steps):
        runtime.step_once()
    return app, runtime


def mat_centre(data: dict, polygon: list) -> np.ndarray:
    """An outline's centre on the mat (mm), through the served picture -> mat homography."""
    points = np.asarray(polygon, np.float64).reshape(-1, 1, 2)
    mm = cv2.perspectiveTransform(points, np.asarray(data["picture_to_mat"], np.float64))
    return mm.reshape(-1, 2).mean(axis=0)


def card_centre(layout, region: str, slot) -> np.ndarray:
    x, y, w, h = layout.card_rect_mm(layout.region(region).slot(slot))
    return np.array([x + w / 2, y + h / 2])


def test_no_camera_no_picture_and_nothing_computed(client, runtime):
    answer = client.get("/api/overlay")
    assert answer.status_code == 404
    assert answer.get_json()["error"]["code"] == "no_camera"
    assert client.get("/api/camera").get_json()["has_picture"] is False
    assert runtime.pictures.latest() is None
    assert client.get("/api/overlay/1.jpg").status_code == 404


def test_a_watcher_without_a_preview_makes_no_picture(tmp_path):
    """preview_width 0 (no preview wanted): no picture is made either."""
    watcher = TableWatcher(fast_source(SAMPLE_GAME), "musee", 2, preview_width=0)
    try:
        steps = [watcher.step() for _ in range(3)]
    finally:
        watcher.close()
    assert all(step.picture is None and step.preview_jpeg is None for step in steps)


@pytest.fixture(scope="module")
def sample_game(tmp_path_factory):
    """The bundled Musée game watched through the real pipeline, nine cards in."""
    app, runtime = watched(
        tmp_path_factory.mktemp("sample"), "musee", 2, ["Amy", "Ben"], SAMPLE_GAME, 40
    )
    yield app, runtime
    runtime.close()


def test_outlines_match_the_table_on_the_mat(sample_game):
    app, runtime = sample_game
    data = app.test_client().get("/api/overlay").get_json()
    layout = runtime.watcher.layout
    cards = {p.payload: p for p in runtime.session.table.values() if p.kind == "card"}
    assert len(cards) >= 8, "the sample has cards on the table by frame 40"
    outlined = [item["code"] for item in data["items"]]
    assert sorted(outlined) == sorted(cards), "every card on the table, outlined once"
    read = [item for item in data["items"] if item["state"] in ON_THE_FRAME]
    assert len(read) >= 8, "outlines of codes read in this frame, not only places"
    for item in data["items"]:
        piece = cards[item["code"]]
        expected = card_centre(layout, piece.where.region, piece.where.slot)
        off = np.linalg.norm(mat_centre(data, item["polygon"]) - expected)
        assert off < WITHIN_MM, (item["code"], round(float(off), 1))
        corners = np.asarray(item["polygon"], np.float64).reshape(-1, 1, 2)
        mm = cv2.perspectiveTransform(corners, np.asarray(data["picture_to_mat"])).reshape(-1, 2)
        sides = np.linalg.norm(np.roll(mm, -1, axis=0) - mm, axis=1)
        width, height = layout.card_size_mm
        assert np.allclose(sides, [width, height, width, height], atol=WITHIN_MM), sides
    (just,) = [item for item in data["items"] if item["state"] == "just_laid"]
    assert just["code"] == runtime.session.last_move_piece


def test_the_picture_is_the_frame_the_outlines_describe(sample_game):
    app, runtime = sample_game
    client = app.test_client()
    data = client.get("/api/overlay").get_json()
    answer = client.get(data["picture"])
    assert answer.status_code == 200 and answer.headers["X-Frame"] == str(data["frame"])
    picture = cv2.imdecode(np.frombuffer(answer.data, np.uint8), cv2.IMREAD_COLOR)
    assert picture.shape[:2] == (data["height"], data["width"])
    frame = runtime.pictures.get(data["frame"])
    outlined = {item["code"] for item in data["items"] if item["state"] in ON_THE_FRAME}
    assert outlined == {code.payload for code in frame.codes}, "the codes read in that frame"
    for _ in range(10):  # newer frames: that one is let go, and the data names a newer one
        runtime.step_once()
    gone = client.get(data["picture"])
    assert gone.status_code == 404 and gone.get_json()["error"]["code"] == "frame_gone"
    assert client.get("/api/overlay").get_json()["frame"] > data["frame"]


def illegal_frames(folder: Path) -> None:
    """Amy hangs MU21 in her museum; then MU30 appears beside it, in Amy's museum, on Ben's
    turn: not allowed."""
    tokens = staircase_tokens(find_game("musee"))
    scenes = [
        [("MU21", "museum0", [1, 3])],
        [("MU21", "museum0", [1, 3]), ("MU30", "museum0", [1, 4])],
    ]
    for number, placed in enumerate(scenes):
        scene = layout_scene("musee", 2, placed, tokens, seed=5)
        image = render_scene(scene, seed=11, camera=CAMERA, degradation=LOOK).image
        for index in range(8):
            cv2.imwrite(str(folder / f"{number}{index:03d}.jpg"), image)


def test_an_illegal_card_is_red_with_its_reason(tmp_path):
    frames = tmp_path / "frames"
    frames.mkdir()
    illegal_frames(frames)
    app, runtime = watched(tmp_path, "musee", 2, ["Amy", "Ben"], frames, 16)
    try:
        data = app.test_client().get("/api/overlay").get_json()
        by_code = {item["code"]: item for item in data["items"]}
        assert by_code["MU21"]["state"] == "just_laid"
        illegal = by_code["MU30"]
        assert illegal["state"] == "illegal"
        alerts = runtime.session.alerts["MU30"]
        assert illegal["reasons"] == [v.message.to_dict() for v in alerts]
        assert all(r["en"] and r["zh-TW"] for r in illegal["reasons"])
        assert "own museum" in illegal["reasons"][0]["en"]
        off = mat_centre(data, illegal["polygon"]) - card_centre(
            runtime.watcher.layout, "museum0", [1, 4]
        )
        assert np.linalg.norm(off) < WITHIN_MM
    finally:
        runtime.close()


def picture_of(*codes: SeenCode) -> FramePicture:
    return FramePicture(np.zeros((54, 96, 3), np.uint8), 0.05, list(codes))


def square(x: float) -> tuple:
    return ((x, 10.0), (x + 8, 10.0), (x + 8, 18.0), (x, 18.0))


@pytest.mark.parametrize(
    ("game", "players", "face_up", "back", "face", "place"),
    [
        ("masterpiece", 3, (), "MPBACK", "MPV07", Where("player0", None)),
        # the crypt deals its face-up cards first (refused otherwise: face_up_first)
        ("crypt", 2, ("CRJEWL1A", "CRPOTT1A"), "CRBIDOL", "CRIDOL1A", Where("crypt", (2,))),
    ],
)
def test_a_hidden_card_is_outlined_never_named(tmp_path, game, players, face_up, back, face, place):
    """A face-down card on the table (its back's code) and a glimpse of a card whose face the
    game hides (a Masterpiece value card, a Crypt treasure): outlined, never named."""
    names = ["Amy", "Ben", "Cat"][:players]
    app = create_app(
        {"db": str(tmp_path / "g.sqlite3"), "game": game, "players": players, "names": names}
    )
    runtime = app.extensions["companion_runtime"]
    try:
        for i, code in enumerate(face_up):
            runtime.session.observe(CardAdded(f"u{i}", code, Where("crypt", (i,)), "card", False))
        runtime.session.observe(CardAdded("t1", back, place, "card", True))
        assert "t1" in runtime.session.table and not runtime.session.alerts
        shown = [SeenCode(code, square(60 + 10 * i), f"u{i}") for i, code in enumerate(face_up)]
        picture = picture_of(
            SeenCode(back, square(5), "t1", face_down=True),
            SeenCode(face, square(40), None),
            *shown,
        )
        step = WatchStep([], b"\xff\xd8x\xff\xd9", SourceStatus(True, "", 0.0, 1), picture=picture)
        runtime.watcher = FakeWatcher([step])
        runtime.step_once()
        answer = app.test_client().get("/api/overlay")
        data = answer.get_json()
        unnamed = [item for item in data["items"] if item["code"] is None]
        states = sorted((item["state"], item["face_down"]) for item in unnamed)
        assert states == [("read", True), ("uncertain", False)]
        assert sorted(i["code"] for i in data["items"] if i["code"]) == sorted(face_up)
        assert back not in answer.get_data(as_text=True)
        assert face not in answer.get_data(as_text=True)
    finally:
        runtime.close()


def test_frames_are_kept_a_few_at_a_time(runtime):
    for number in range(1, 13):
        runtime.pictures.add(number, picture_of())
    assert runtime.pictures.get(1) is None and runtime.pictures.get(12) is not None
    assert runtime.pictures.latest()[0] == 12
    assert [n for n in range(13) if runtime.pictures.get(n) is not None] == list(range(5, 13))
