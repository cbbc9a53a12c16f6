"""The walk-through's stuck Musée correction, by taps in Chromium (no camera): the host taps
Ben's painting 30 and picks 31; the dashboard says why in one sentence, 30 stays, no red
ghost 31 and no log line or alert is added."""

from __future__ import annotations

from byhand import Table
from test_by_hand_musee import NAMES, lay
from webhelpers import BROWSER_TESTS

pytestmark = BROWSER_TESTS


def test_picking_another_card_for_a_hung_painting_is_one_refusal_in_words(
    browser, start_server, tmp_path
):
    table = Table(browser, start_server, tmp_path)
    table.set_up("musee", 2, NAMES)
    lay(table, 0, 0)  # Amy: 1
    lay(table, 1, 0)  # Ben: 19 in his upper gallery, space 1
    lay(table, 0, 1)  # Amy: 2; Ben's turn again
    table.sync()
    host = table.host
    log_before = host.evaluate("() => S.snap.log.length")
    host.click("#board button.slot[data-region='museum1'][data-slot='0,0']")
    host.wait_for_selector("#picker:not(.hidden)")
    payload = host.evaluate(
        "() => S.catalogue.find((p) => p.kind === 'card' && p.face.number === 31).payload"
    )
    host.click(f"#picker-cards button.pick[data-payload='{payload}']")
    host.wait_for_function("() => document.body.innerText.includes('already holds painting 19')")
    table.shot(host, "musee-correction-refused")
    assert host.evaluate("() => S.snap.log.length") == log_before
    assert host.evaluate("() => S.snap.alerts.length") == 0
    assert host.locator("#board .slot.rejected").count() == 0
    cell = host.locator("#board button.slot[data-region='museum1'][data-slot='0,0'] .num")
    assert cell.inner_text() == "19"
    # reopened: no Remove for 31 (never placed) nor for 19 (laid from a phone, not on the table)
    host.click("#board button.slot[data-region='museum1'][data-slot='0,0']")
    host.wait_for_selector("#picker:not(.hidden)")
    assert host.locator("#picker-remove button").count() == 0
    assert not table.errors, table.errors
    table.close()


def host_lays(host, region: str, slot: str, number: int) -> None:
    host.click(f"#board button.slot[data-region='{region}'][data-slot='{slot}']")
    host.wait_for_selector("#picker:not(.hidden)")
    payload = host.evaluate(
        "(n) => S.catalogue.find((p) => p.kind === 'card' && p.face.number === n).payload", number
    )
    host.click(f"#picker-cards button.pick[data-payload='{payload}']")
    host.wait_for_function(
        "([r, s, n]) => { const c = document.querySelector("
        "`#board button.slot[data-region='${r}'][data-slot='${s}'] .num`);"
        " return c && c.textContent === String(n); }",
        arg=[region, slot, number],
    )


def test_a_card_laid_by_hand_moves_ago_is_replaced_in_one_tap(browser, start_server, tmp_path):
    """The host lays 1, 30 and 3 by hand (as the camera would), then taps 30: the picker
    offers to replace it, in the page's language; 31 takes its place, the game goes on."""
    table = Table(browser, start_server, tmp_path)
    table.set_up("musee", 2, NAMES)
    host = table.host
    host_lays(host, "museum0", "0,0", 1)
    host_lays(host, "museum1", "0,0", 30)
    host_lays(host, "museum0", "0,1", 3)
    host.click("#board button.slot[data-region='museum1'][data-slot='0,0']")
    host.wait_for_selector("#picker:not(.hidden)")
    assert "replace" in host.inner_text("#picker-remove").lower()
    host.click("#picker-close")
    host.click("#lang-zh")
    host.click("#board button.slot[data-region='museum1'][data-slot='0,0']")
    assert "換成" in host.inner_text("#picker-remove")
    host.click("#picker-close")
    host.click("#lang-en")
    host_lays(host, "museum1", "0,0", 31)
    table.shot(host, "musee-replaced")
    assert host.evaluate("() => S.snap.alerts.length") == 0
    assert host.evaluate("() => S.snap.log.every((l) => l.text || l.note)")
    assert host.locator("#board .slot.rejected").count() == 0
    cell = host.locator("#board button.slot[data-region='museum0'][data-slot='0,1'] .num")
    assert cell.inner_text() == "3"
    assert not table.errors, table.errors
    table.close()
