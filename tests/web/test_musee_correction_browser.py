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
