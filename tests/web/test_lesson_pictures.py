"""The lesson's picture of the mat (issue 26, item 2: "the TV shows the current step large,
with a picture of the mat where the region to use is highlighted"): every step of every lesson
that points at a region has a picture, drawn by the rules pages' renderer, with the highlight
where the region lies on that game's mat; the picture depends only on the lesson and the mat
(never on a card on the table), and bad requests are clear errors."""

from __future__ import annotations

import re
from io import BytesIO

import pytest

from companion import lessons
from companion.games import find_game
from companion.lesson_format import mat_regions
from web import create_app

SLUGS = ("musee", "cardcassonne", "crypt", "masterpiece", "mythe")
PNG = b"\x89PNG\r\n\x1a\n"


def steps_with_regions():
    for slug in SLUGS:
        for step in lessons.load_lesson(slug).steps:
            if step.highlight and step.highlight.region:
                yield slug, step


@pytest.mark.parametrize("slug", SLUGS)
def test_every_region_a_step_names_is_on_the_mat_for_every_seat(slug):
    game = find_game(slug)
    named = [step for s, step in steps_with_regions() if s == slug]
    for step in named:
        for players in game.info.player_counts:
            resolved = [lessons.step_region(step, game, players, seat) for seat in range(players)]
            where = f"{slug} step {step.id!r}, {players} players"
            # the first seat always has one; another only lacks it where seats share one
            assert resolved[0] in mat_regions(game, players), where
            assert all(r is None or r in mat_regions(game, players) for r in resolved), where


def orange_box(png: bytes):
    from PIL import Image

    image = Image.open(BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = image.load()
    xs, ys = [], []
    for y in range(0, height):
        for x in range(0, width):
            r, g, b = pixels[x, y]
            if r > 200 and 90 < g < 150 and b < 40:
                xs.append(x)
                ys.append(y)
    assert len(xs) > 300, "the region is outlined in the highlight colour"
    return image.size, (min(xs), min(ys), max(xs), max(ys))


def region_box(slug: str, players: int, region: str, picture_width: int):
    from calibration.layouts import load_layout

    layout = load_layout(slug, players)
    scale = picture_width / layout.mat_size_mm[0]
    x, y, w, h = layout.region(region).rect_mm
    return (x * scale, y * scale, (x + w) * scale, (y + h) * scale)


@pytest.fixture(scope="module")
def picture_client(tmp_path_factory):
    db = tmp_path_factory.mktemp("pictures") / "g.sqlite3"
    app = create_app({"db": str(db), "game": "musee", "players": 2, "names": ["Amy", "Ben"]})
    yield app.test_client()
    app.extensions["companion_runtime"].close()


@pytest.mark.parametrize("slug", SLUGS)
def test_each_step_picture_outlines_its_region_where_it_lies(picture_client, slug):
    game = find_game(slug)
    players = game.info.player_counts[0]
    drawn = {}
    for step_slug, step in steps_with_regions():
        if step_slug != slug:
            continue
        for seat in (0, players - 1):
            region = lessons.step_region(step, game, players, seat)
            answer = picture_client.get(
                f"/lesson/{slug}/picture/{step.id}.png?players={players}&seat={seat}"
            )
            if region is None:
                assert answer.status_code == 404
                continue
            assert answer.status_code == 200 and answer.data.startswith(PNG), step.id
            assert answer.headers["Cache-Control"].startswith("public")
            if region in drawn:
                assert answer.data == drawn[region]  # one picture per region, from the cache
                continue
            drawn[region] = answer.data
            (width, _), seen = orange_box(answer.data)
            expected = region_box(slug, players, region, width)
            assert all(abs(a - b) <= 8 for a, b in zip(seen, expected)), (region, seen, expected)
    assert drawn, f"{slug}'s lesson points at no region"


def test_the_seat_moves_the_highlight_to_its_own_museum(picture_client):
    first = picture_client.get("/lesson/musee/picture/first_painting.png?players=2&seat=0")
    second = picture_client.get("/lesson/musee/picture/first_painting.png?players=2&seat=1")
    (width, _), box0 = orange_box(first.data)
    _, box1 = orange_box(second.data)
    assert box0 != box1
    expected = region_box("musee", 2, "museum1", width)
    assert all(abs(a - b) <= 8 for a, b in zip(box1, expected))


def test_the_rules_page_and_the_lesson_share_one_renderer(picture_client):
    from web import lesson, rules_pictures

    assert lesson.picture_response is rules_pictures.picture_response


@pytest.mark.parametrize(
    "address, status, words",
    [
        ("/lesson/musee/picture/nothing.png", 404, "no step 'nothing'"),
        ("/lesson/musee/picture/deal.png", 404, "points at nothing"),
        ("/lesson/musee/picture/unpack.png?players=9", 400, "played by"),
        ("/lesson/musee/picture/unpack.png?players=two", 400, "'players'"),
        ("/lesson/musee/picture/unpack.png?players=2&seat=2", 400, "seat"),
        ("/lesson/musee/picture/unpack.png?seat=-1", 400, "'seat'"),
        ("/lesson/chess/picture/unpack.png", 400, "unknown game"),
    ],
)
def test_a_bad_picture_request_is_a_clear_error(picture_client, address, status, words):
    answer = picture_client.get(address)
    assert answer.status_code == status, answer.data[:200]
    assert words in answer.get_json()["error"]["message"]


def test_the_snapshot_names_the_picture_by_lesson_step_and_seat_only(db_path):
    """The address carries no table data, so the picture cannot show a card lying there."""
    app = create_app(
        {"db": str(db_path), "game": "musee", "players": 2, "names": ["A", "B"], "teach": True}
    )
    try:
        client = app.test_client()
        seen = []
        for _ in range(3):
            step = client.get("/api/state").get_json()["lesson"]["step"]
            seen.append((step["id"], step["picture"]))
            client.post("/api/lesson", json={"action": "tap"})
    finally:
        app.extensions["companion_runtime"].close()
    assert seen[0] == ("unpack", "/lesson/musee/picture/unpack.png?players=2&seat=0")
    assert seen[1] == ("deal", None)  # a step pointing at nothing has no picture
    assert seen[2][0] == "first_painting"
    assert re.fullmatch(
        r"/lesson/musee/picture/first_painting\.png\?players=2&seat=[01]", seen[2][1]
    )
