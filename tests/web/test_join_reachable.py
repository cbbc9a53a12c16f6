"""Join links only where a phone can open them (issue 23, item 5).

Two real servers for the module: one on this computer only (127.0.0.1, no token, the
default) and one open to the local network (`--host 0.0.0.0`, with tokens). On this computer
only, the set-up page shows no seat's QR code (each would be a token-less 127.0.0.1 link no
phone can open, with host powers here) and says how to open the dashboard to phones; the
network one prints an address a browser can open (never 0.0.0.0), and its host's dashboard
has an "Invite players" view with a QR code per seat, which a seat's phone does not have.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest
from webhelpers import BROWSER_TESTS

from web.roles import seat_token

pytestmark = BROWSER_TESTS

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SERVE = ("serve", "--game", "musee", "--players", "2", "--names", "Amy,Ben", "--port", "0")


@pytest.fixture(scope="module")
def local(start_server_module):
    return start_server_module(*SERVE).drain()


@pytest.fixture(scope="module")
def wide(start_server_module):
    return start_server_module(*SERVE, "--host", "0.0.0.0").drain()


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


def open_page(browser, url: str, size: dict, lang: str = "en"):
    context = browser.new_context(**size)
    context.add_init_script(f"localStorage.setItem('companion.lang', '{lang}')")
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(url)
    page.wait_for_function("() => typeof S === 'object' && S.snap")
    return page


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_on_this_computer_only_no_seat_code_is_offered_and_the_page_says_how(browser, local, lang):
    page = open_page(browser, local.url + "/setup", LAPTOP, lang)
    page.locator("#join-local").wait_for()
    assert page.locator("#join-local").is_visible()
    assert "companion serve --host 0.0.0.0" in page.locator("#join-local").text_content()
    assert not page.locator("#join-panel .help").is_visible()  # no "scan with a phone"
    assert page.locator(".join-qr").count() == 0
    assert page.locator('.join-card[data-role="player"]').count() == 0
    # the TV link stays: a screen on this computer opens it
    assert page.locator("#tv-link").inner_text().endswith("/tv")
    page.context.close()
    assert status_of(local.url + "/join/seat-0.png") == 404


def test_the_console_prints_an_address_a_browser_can_open(wide):
    url = urlsplit(wide.url)
    assert url.hostname not in ("0.0.0.0", "", "::"), wide.url
    assert not [line for line in wide.lines if "http://0.0.0.0" in line], wide.lines
    assert status_of(f"{wide.url}/api/health?token={wide.token}") == 200


def test_the_hosts_dashboard_invites_players_with_each_seats_code(browser, wide):
    host = open_page(browser, f"{wide.url}/?token={wide.token}", LAPTOP)
    invite = host.locator("#invite-panel")
    assert invite.is_visible()
    invite.locator("summary").click()
    host.locator('.join-card[data-seat="1"] img').wait_for()
    host.wait_for_function(
        "() => [...document.querySelectorAll('#invite-panel .join-qr')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    assert host.locator('#invite-panel .join-card[data-role="player"]').count() == 2
    assert "Ben" in host.locator('.join-card[data-seat="1"] figcaption').inner_text()
    link = host.locator('.join-card[data-seat="1"] a').inner_text()
    assert seat_token(wide.token, 1) in link and "0.0.0.0" not in link
    host.context.close()
    amy = open_page(browser, f"{wide.url}/?token={seat_token(wide.token, 0)}", PHONE)
    assert not amy.locator("#invite-panel").is_visible()
    amy.context.close()
