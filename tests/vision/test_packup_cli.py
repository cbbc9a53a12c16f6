"""`companion packup IMAGE… --game GAME` on a rendered photo of a laid-out Musée box, read by
the real decoder: what it prints, its JSON, and its errors in one line."""

import json

import cv2
import pytest
from click.testing import CliRunner
from packup_frames import kit_frame

from companion_cli import main


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    path = tmp_path_factory.mktemp("packup") / "box.png"
    cv2.imwrite(str(path), kit_frame("musee", {"MU17", "MU42"}, [("mythe", "MYN1A")]))
    return str(path)


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_it_names_the_missing_cards_in_both_languages_and_how_to_print_them(photo):
    result = run("packup", photo, "--game", "musee")
    assert result.exit_code == 1  # the box is not complete
    lines = result.output.splitlines()
    assert "Missing: Musée 17 Seascape and 42 Seascape." in lines
    assert "缺少：《私藏美術館》17 海景、42 海景。" in lines
    assert "不屬於這盒的牌：《俠鼠神抽》的冒險 1。" in lines
    assert any("companion print card musee MU17" in line for line in lines)


def test_json_for_machines(photo):
    result = run("packup", photo, "--game", "Musée", "--json", "--base-url", "http://t1:8000/")
    data = json.loads(result.output)
    assert [m["payload"] for m in data["missing"]] == ["MU17", "MU42"]
    assert data["missing"][0]["replace"]["url"] == "http://t1:8000/kit/musee/card/MU17.png"
    assert [f["payload"] for f in data["foreign"]] == ["MYN1A"] and data["present"] == 58


@pytest.mark.parametrize(
    "args, says",
    [
        (["nope.png", "--game", "musee"], "does not exist"),
        (["{photo}", "--game", "chess"], "unknown game"),
    ],
)
def test_bad_input_is_one_line_and_status_2(photo, tmp_path, args, says):
    result = run("packup", *[a.format(photo=photo) for a in args])
    assert result.exit_code == 2
    assert (
        result.output.count("\n") == 1
        and result.output.startswith("error: ")
        and says in result.output
    )


def test_a_file_that_is_not_an_image_is_one_line(tmp_path):
    bad = tmp_path / "box.png"
    bad.write_bytes(b"not a picture")
    result = run("packup", str(bad), "--game", "musee")
    assert result.exit_code == 2 and result.output.startswith("error: ")


def test_a_missing_card_is_printed_again_from_the_command_line(tmp_path):
    from PIL import Image

    from vision.decode import decode_image

    out = tmp_path / "MU17.png"
    result = run("print", "card", "musee", "mu17", "--out", str(out))
    assert result.exit_code == 0, result.output
    image = cv2.imread(str(out))
    assert [code.text for code in decode_image(image)] == ["MU17"]
    assert round(image.shape[1] / Image.open(out).info["dpi"][0] * 25.4) == 63  # mm wide
    refused = run("print", "card", "musee", "CCY01", "--out", str(tmp_path / "x.png"))
    assert refused.exit_code == 2 and refused.output.startswith("error: ")
