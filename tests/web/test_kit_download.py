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
