import json

import pytest
from click.testing import CliRunner

from calibration.layouts import available_layouts, load_layout, parse_layout
from companion.errors import DataFileError, PlayerCountError, UnknownGameError
from companion_cli import main

EXPECTED_COUNTS = {
    "musee": (2, 3, 4),
    "cardcassonne": (2, 3, 4, 5),
    "crypt": (1, 2, 3, 4),
    "mythe": (2, 3, 4, 5),
    "masterpiece": (3, 4, 5, 6),
}
ALL = [(g, n) for g, counts in EXPECTED_COUNTS.items() for n in counts]


def test_every_game_and_player_count_has_a_layout():
    assert available_layouts() == EXPECTED_COUNTS


@pytest.mark.parametrize("variant", ["standard", "compact"])
@pytest.mark.parametrize("game,players", ALL)
def test_layout_geometry_is_consistent(game, players, variant):
    lay = load_layout(game, players, variant)
    w, h = lay.mat_size_mm
    assert lay.game == game and lay.players == players
    # Corner markers 0-3 in the corners, all ids unique and inside 0-49.
    ids = [m.id for m in lay.markers]
    assert ids[:4] == [0, 1, 2, 3] and len(set(ids)) == len(ids) and max(ids) < 50
    tl, tr, br, bl = (lay.marker(i).center_mm for i in range(4))
    assert tl[0] < w / 4 and tl[1] < h / 4 and br[0] > 3 * w / 4 and br[1] > 3 * h / 4
    marker_boxes = [
        (m.center_mm[0] - m.size_mm / 2, m.center_mm[1] - m.size_mm / 2, m.size_mm, m.size_mm)
        for m in lay.markers
    ]
    all_slots = [(r.name, s) for r in lay.regions for s in r.slots]
    for r in lay.regions:
        x, y, rw, rh = r.rect_mm
        assert 0 <= x and 0 <= y and x + rw <= w and y + rh <= h, r.name
        assert not any(_overlap(r.rect_mm, b) for b in marker_boxes), f"{r.name} covers a marker"
        for s in r.slots:
            assert _contains(r.rect_mm, s.rect_mm), f"{r.name} slot {s.slot} sticks out"
    # Slots never overlap, and each slot's centre locates back to itself.
    for i, (name_a, a) in enumerate(all_slots):
        for name_b, b in all_slots[i + 1 :]:
            assert not _overlap(a.rect_mm, b.rect_mm), (name_a, a.slot, name_b, b.slot)
        assert lay.locate(*a.center_mm) == (name_a, a.slot)


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _contains(outer, inner):
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[0] + inner[2] <= outer[0] + outer[2] + 1e-6
        and inner[1] + inner[3] <= outer[1] + outer[3] + 1e-6
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_musee_regions_follow_the_convention(players):
    lay = load_layout("musee", players)
    museums = 3 if players == 3 else 2
    spaces = 5 if players == 3 else 6
    for k in range(museums):
        assert {s.slot for s in lay.region(f"museum{k}").slots} == {
            (g, c) for g in range(3) for c in range(spaces)
        }
        assert {s.slot for s in lay.region(f"museum{k}-tokens").slots} == {
            (r, c) for r in range(2) for c in range(spaces)
        }
        # Token T1[c] lies between upper[c] and middle[c].
        upper = lay.region(f"museum{k}").slot((0, 1)).rect_mm
        middle = lay.region(f"museum{k}").slot((1, 1)).rect_mm
        token = lay.region(f"museum{k}-tokens").slot((0, 1)).rect_mm
        assert upper[1] + upper[3] <= token[1] and token[1] + token[3] <= middle[1]
        assert upper[0] < token[0] + token[2] / 2 < upper[0] + upper[2]
    assert "museum3" not in {r.name for r in lay.regions}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cardcassonne_rows_stack_yellow_red_green_blue(players):
    lay = load_layout("cardcassonne", players)
    rows = [lay.region(f"row-{c}") for c in ("yellow", "red", "green", "blue")]
    assert [r.rect_mm[1] for r in rows] == sorted(r.rect_mm[1] for r in rows)
    for r in rows:
        xs = [s.rect_mm[0] for s in r.slots]
        assert len(xs) >= 14 and xs == sorted(xs)  # position 0 next to the board, growing right
        assert [s.slot for s in r.slots] == [(i,) for i in range(len(xs))]
    assert {f"player{k}" for k in range(players)} <= {r.name for r in lay.regions}
    assert "deck" in {r.name for r in lay.regions}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_crypt_has_row_and_seat_areas(players):
    lay = load_layout("crypt", players)
    names = {r.name for r in lay.regions}
    for k in range(players):
        assert {f"collection{k}", f"exhausted{k}", f"player{k}"} <= names
    assert f"player{players}" not in names and {"crypt", "roll"} <= names
    xs = [s.rect_mm[0] for s in lay.region("crypt").slots]
    assert xs == sorted(xs) and len(xs) == {1: 3, 2: 3, 3: 4, 4: 6}[players]


@pytest.mark.parametrize("players", [2, 5])
def test_mythe_path_has_village_18_spaces_dragon_cheese(players):
    path = load_layout("mythe", players).region("path")
    assert [s.slot for s in path.slots] == [(i,) for i in range(21)]
    kinds = [s.data.get("kind") for s in path.slots]
    assert kinds == ["village"] + ["space"] * 18 + ["dragon", "cheese"]
    assert all(
        1 <= s.data["cost"] <= 3 and s.label == "●" * s.data["cost"] for s in path.slots[1:20]
    )
    # Consecutive spaces touch each other's neighbourhood (a serpentine, no jumps).
    for a, b in zip(path.slots, path.slots[1:]):
        (ax, ay), (bx, by) = a.center_mm, b.center_mm
        assert abs(ax - bx) + abs(ay - by) < 140


@pytest.mark.parametrize("players", [3, 6])
def test_masterpiece_ring_runs_clockwise(players):
    lay = load_layout("masterpiece", players)
    ring = lay.region("ring")
    assert [s.slot for s in ring.slots] == [(i,) for i in range(30)]
    centres = [s.center_mm for s in ring.slots]
    # Clockwise on screen (y down): positive signed area with the shoelace formula.
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(centres, centres[1:] + centres[:1]))
    assert area > 0
    assert {"easel", "roll"} | {f"player{k}" for k in range(players)} <= {
        r.name for r in lay.regions
    }


def test_locate_tolerance_and_outside():
    lay = load_layout("musee", 2)
    s = lay.region("museum0").slot((2, 5))
    x, y, w, h = s.rect_mm
    assert lay.locate(x + w + 5, y + h / 2) == ("museum0", (2, 5))  # a little off the space
    assert lay.locate(x + w + 5, y + h / 2, tolerance_mm=1) in (("museum0", None), None)
    assert lay.locate(2, 2) is None  # the marker band at the mat's corner
    # Between two middle-gallery spaces (inside the token rows' bounding box too): the card
    # still belongs to the gallery, not to a token position 40 mm away.
    a = lay.region("museum1").slot((1, 2)).rect_mm
    gap_x, mid_y = a[0] + a[2] + 1.0, a[1] + a[3] / 2
    assert lay.locate(gap_x, mid_y) == ("museum1", (1, 2))
    # A token a little beside its position between two galleries.
    t = lay.region("museum1-tokens").slot((1, 4)).rect_mm
    assert lay.locate(t[0] - 3, t[1] + t[3] / 2) == ("museum1-tokens", (1, 4))
    # Inside a region with no slots at all: the region, slot None.
    cc = load_layout("cardcassonne", 3)
    x, y, w, h = cc.region("player1").rect_mm
    assert cc.locate(x + w / 2, y + h / 2) == ("player1", None)
    assert lay.locate(-500, -500) is None


def test_unknown_game_and_player_count_are_clear():
    with pytest.raises(UnknownGameError, match="chess"):
        load_layout("chess", 2)
    with pytest.raises(PlayerCountError, match="2, 3, 4"):
        load_layout("musee", 7)


def test_bad_layout_data_is_rejected():
    data = load_layout("mythe", 2).to_dict()
    data["regions"][0]["rect_mm"] = [0, 0, -5, 10]
    with pytest.raises(DataFileError, match="rect_mm"):
        parse_layout(data)
    data = load_layout("mythe", 2).to_dict()
    data["markers"][1]["id"] = 0
    with pytest.raises(DataFileError, match="twice"):
        parse_layout(data)


def test_layout_round_trips_through_json():
    lay = load_layout("crypt", 3)
    assert parse_layout(json.loads(json.dumps(lay.to_dict()))) == lay


def test_layout_cli_json_and_errors():
    runner = CliRunner()
    result = runner.invoke(main, ["layout", "musee", "--players", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "musee" and {r["name"] for r in data["regions"]} >= {
        "museum0",
        "museum1",
    }
    result = runner.invoke(main, ["layout", "nosuchgame", "--players", "2"])
    assert result.exit_code == 2 and "error:" in result.output
    result = runner.invoke(main, ["layout", "crypt", "--players", "9"])
    assert result.exit_code == 2 and "error:" in result.output and "9" in result.output


def test_layout_files_match_their_generator(tmp_path):
    """The JSON files are generated: a stale one (say, after the Mythe path costs changed in
    the engine's data) means `python -m calibration.gen_layouts` was not re-run."""
    from pathlib import Path

    import calibration
    from calibration.gen_layouts import generate

    shipped = Path(calibration.__file__).parent / "layouts"
    for path in generate(tmp_path):
        assert json.loads(path.read_text("utf-8")) == json.loads(
            (shipped / path.name).read_text("utf-8")
        ), f"{path.name} is stale"


def test_compact_variant_is_named_either_way_and_unknown_variants_are_clear():
    assert load_layout("musee:compact", 3) is load_layout("musee", 3, "compact")
    assert load_layout("musee:compact", 3).game == "musee"
    assert load_layout("musee", 3).mat_size_mm != load_layout("musee", 3, "compact").mat_size_mm
    with pytest.raises(UnknownGameError, match="unknown mat layout"):
        load_layout("musee:huge", 3)
    result = CliRunner().invoke(main, ["layout", "crypt", "-n", 4, "--layout", "compact"])
    assert result.exit_code == 0 and "876 x 382 mm" in result.output


def test_mythe_path_follows_the_engine_data_when_present():
    from pathlib import Path

    import companion

    data_file = Path(companion.__file__).parent / "data" / "games" / "mythe.json"
    if not data_file.exists():
        pytest.skip("the Mythe engine's data file is not there yet")
    spaces = json.loads(data_file.read_text("utf-8"))["path"]["spaces"]
    path = load_layout("mythe", 4).region("path")
    assert [s.data.get("cost") for s in path.slots] == [sp.get("cost") for sp in spaces]
