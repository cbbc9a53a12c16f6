"""Kit downloads from the dashboard follow the print commands: a game without tokens answers
that it has none (not a server error), and A3 paper is offered as on the command line."""

import pytest


@pytest.fixture
def kit(client):
    from web.kit import kit_available

    if not kit_available():
        pytest.skip("calibration.kit is not installed")
    return client


def test_a_game_without_tokens_says_so(kit):
    response = kit.get("/kit/crypt/tokens.pdf?players=2")
    assert response.status_code == 404
    assert "no tokens" in response.get_data(as_text=True)


def test_a3_paper_is_offered(kit):
    response = kit.get("/kit/musee/tokens.pdf?players=2&paper=a3")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    assert kit.get("/kit/musee/tokens.pdf?players=2&paper=b5").status_code == 400


def test_a_missing_cards_replacement_link_serves_that_card_at_its_printed_size(kit):
    import io

    import cv2
    import numpy as np
    from PIL import Image

    from companion.kit_check import check_kit
    from vision.decode import decode_image

    read = {f"MU{i:02d}": 1 for i in range(1, 61) if i != 17}
    (missing,) = check_kit("musee", read).to_dict()["missing"]
    response = kit.get(missing["replace"]["url"])
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)
    assert [code.text for code in decode_image(image)] == ["MU17"]
    dpi = Image.open(io.BytesIO(response.data)).info["dpi"]
    assert round(image.shape[1] / dpi[0] * 25.4) == 63  # mm wide when printed


@pytest.mark.parametrize("payload", ["XX99", "MU00", "..%2Fetc", "MUT01C"])
def test_a_card_the_game_does_not_have_is_not_found(kit, payload):
    assert kit.get(f"/kit/musee/card/{payload}.png").status_code in (400, 404)
