"""The kit as a 1080p webcam sees it: the mat printed, cards and card-width stickers (stuck on
plain cards) in every card space, tokens in every token space, shrunk to what a camera at the README's stated height
sees, then calibrated and read by the project's own pipeline.

Default run: four compact mats (the largest, and the smallest). Every mat, compact and
standard:  KIT_CAMERA_ALL=1 .venv/bin/python -m pytest -q -m slow tests/kit/test_camera_view.py
"""

import json
import os

import numpy as np
import pytest

from calibration.kit.camera import (
    FRAME_MARGIN,
    MIN_PX_PER_MODULE,
    RESOLUTIONS,
    camera_view,
    simulate_frame,
)
from calibration.kit.sheets import label_sheet, sticker_image, sticker_module_mm
from calibration.layouts import available_layouts, load_layout
from calibration.render import render_card, render_mat, render_token
from companion.catalogue import load_catalogue

SHARP_PX_PER_MM = 5.0  # the table is drawn this sharp, then shrunk to the camera's scale
PLAIN_CARD = (205, 214, 222)  # a real game's card under a sticker (BGR)


def card_targets(layout):
    """Where cards go, in the order they are laid: every card space (a card lies as a player
    lays it, see Layout.card_rect_mm: on a fanned row it covers the foot of the card before),
    and the middle of card regions without spaces. Yields (region, slot, card centre)."""
    cw, ch = layout.card_size_mm
    for region in layout.regions:
        if region.kind != "cards":
            continue
        if region.slots:
            for slot in region.slots:
                x, y, _, _ = layout.card_rect_mm(slot)
                yield region.name, slot.slot, (x + cw / 2, y + ch / 2)
        else:
            x, y, w, h = region.rect_mm
            if w >= cw and h >= ch:
                yield region.name, None, (x + w / 2, y + h / 2 + 3)


def stickered_card(game, piece, k, stock="card"):
    """A plain card with a sticker on it (card-width by default, or an address label such
    as L7160), as BGR at k px/mm."""
    sheet = label_sheet(stock, "a4")
    card = np.zeros((int(round(88 * k)), int(round(63 * k)), 3), np.uint8)
    card[:] = PLAIN_CARD
    sticker = np.asarray(sticker_image(game, piece, sheet, k * 25.4))[:, :, ::-1]
    top = int(round(7 * k))
    sh, sw = sticker.shape[:2]
    card[top : top + sh, :sw] = sticker[: card.shape[0] - top, : card.shape[1]]
    return card


def assembled_table(game, players, variant, k=SHARP_PX_PER_MM, sticker_every=3, stock="card"):
    layout = load_layout(game, players, variant)
    table = render_mat(game, players, px_per_mm=k, variant=variant).copy()
    pieces = list(load_catalogue(game).cards)
    placed = {}
    for i, (region, slot, (cx, cy)) in enumerate(card_targets(layout)):
        piece = pieces[i]
        card = (
            stickered_card(game, piece, k, stock)
            if i % sticker_every == sticker_every - 1
            else render_card(game, piece.payload, px_per_mm=k)
        )
        h, w = card.shape[:2]
        x0, y0 = int(round(cx * k - w / 2)), int(round(cy * k - h / 2))
        table[y0 : y0 + h, x0 : x0 + w] = card
        placed[piece.payload] = (region, list(slot) if slot is not None else None)
    # A token side in every token space (Musée's chandeliers and staircases).
    token_slots = [(r.name, s) for r in layout.regions if r.kind == "tokens" for s in r.slots]
    sides = list(load_catalogue(game).tokens)[::2]  # one side of each two-sided token
    for (region, slot), piece in zip(token_slots, sides):
        token = render_token(game, piece.payload, px_per_mm=k)
        h, w = token.shape[:2]
        cx, cy = slot.center_mm
        x0, y0 = int(round(cx * k - w / 2)), int(round(cy * k - h / 2))
        table[y0 : y0 + h, x0 : x0 + w] = token
        placed[piece.payload] = (region, list(slot.slot))
    return layout, table, placed


def read_kit(game, players, variant, resolution=RESOLUTIONS["1080p"]):
    from vision.still import recognize

    view = camera_view(load_layout(game, players, variant).mat_size_mm, resolution)
    sharp = max(SHARP_PX_PER_MM, 1.6 * view.px_per_mm)  # drawn sharper than the camera sees
    layout, table, placed = assembled_table(game, players, variant, k=sharp)
    frame, _ = simulate_frame(table, sharp, layout.mat_size_mm, resolution)
    name = game if variant == "standard" else f"{game}:{variant}"
    result = recognize(frame, name, players)
    seen = {c["payload"]: (c["region"], c["slot"]) for c in result["cards"] + result["tokens"]}
    return result, placed, seen, view


def check(game, players, variant, resolution=RESOLUTIONS["1080p"]):
    result, placed, seen, view = read_kit(game, players, variant, resolution)
    assert result["calibrated"], result["warnings"]
    missing = sorted(set(placed) - set(seen))
    misplaced = {
        p: (placed[p], seen[p])
        for p in placed
        if p in seen
        and (
            seen[p][0] != placed[p][0] or (placed[p][1] is not None and seen[p][1] != placed[p][1])
        )
    }
    camera = "4K" if resolution == RESOLUTIONS["4K"] else "1080p"
    print(
        f"\n{game} {players}p {variant}: {layout_size(game, players, variant)} mm, "
        f"{view.px_per_module:.2f} px/module at {camera}, camera at {view.height_mm / 10:.0f} cm: "
        f"read {len(placed) - len(missing)} of {len(placed)}"
    )
    assert not missing and not misplaced, (missing, misplaced)


def layout_size(game, players, variant):
    w, h = load_layout(game, players, variant).mat_size_mm
    return f"{w:g} x {h:g}"


@pytest.mark.parametrize(
    "game,players", [("musee", 3), ("cardcassonne", 5), ("crypt", 4), ("crypt", 1)]
)
def test_compact_kit_is_read_whole_by_a_1080p_webcam_at_the_stated_height(game, players):
    check(game, players, "compact")


@pytest.mark.parametrize("game,players,camera", [("crypt", 1, "4K"), ("mythe", 2, "4K")])
def test_a_camera_close_over_a_small_mat_reads_its_large_modules(game, players, camera):
    """No height cap: over the smallest mats a 1080p webcam sees 7.5 px per module (crypt 1p
    compact, in the default run above) and a 4K one 12-15 px, where the card reader once read nothing past about 7.6 px (the camera
    then had to hang higher than the mat needed, to keep modules at 6 px)."""
    view = camera_view(load_layout(game, players, "compact").mat_size_mm, RESOLUTIONS[camera])
    assert view.px_per_module > 7
    check(game, players, "compact", RESOLUTIONS[camera])


@pytest.mark.parametrize("game,players", [("musee", 3), ("cardcassonne", 5)])
def test_old_address_label_stickers_fail_where_the_kit_is_read_whole(game, players):
    """The simulated webcam is not lenient: the issue's L7160 address-label stickers (1.2 mm
    QR modules) on every card of the two largest compact mats, at the same stated height
    where the cards and the card-width stickers are read whole (the test above), are lost
    as the issue found them lost: the kit is not read whole, a quarter or more of them
    missing (a gentler simulation, blur and noise only, read every one of them)."""
    from vision.still import recognize

    layout, table, placed = assembled_table(
        game, players, "compact", sticker_every=1, stock="L7160"
    )
    frame, _ = simulate_frame(table, SHARP_PX_PER_MM, layout.mat_size_mm)
    result = recognize(frame, f"{game}:compact", players)
    assert result["calibrated"], result["warnings"]
    seen = {c["payload"] for c in result["cards"]}
    catalogue = load_catalogue(game)
    stickers = [p for p in placed if catalogue.piece(p).kind != "token"]
    read = sum(p in seen for p in stickers)
    module_px = camera_view(layout.mat_size_mm).px_per_mm * sticker_module_mm(
        label_sheet("L7160", "a4")
    )
    print(
        f"\n{game} {players}p compact, L7160 stickers at {module_px:.2f} px/module: "
        f"read {read} of {len(stickers)}"
    )
    assert read <= 3 * len(stickers) / 4, (read, len(stickers))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("KIT_CAMERA_ALL"), reason="set KIT_CAMERA_ALL=1")
@pytest.mark.parametrize("variant", ["compact", "standard"])
def test_every_mat_is_read_whole(game, variant):
    for players in available_layouts()[game]:
        if (
            variant == "standard"
            and camera_view(load_layout(game, players).mat_size_mm).px_per_module
            < MIN_PX_PER_MODULE
        ):
            continue  # beyond a 1080p webcam by design: the README sends these to compact or 4K
        check(game, players, variant)


def test_every_compact_mat_fits_a_table_and_a_1080p_webcam():
    for game, counts in available_layouts().items():
        for players in counts:
            compact = load_layout(game, players, "compact")
            standard = load_layout(game, players)
            w, h = compact.mat_size_mm
            view = camera_view((w, h))
            assert view.px_per_module >= MIN_PX_PER_MODULE, (game, players, view)
            assert w <= 900 and h <= 600, (game, players, w, h)
            assert w * h < standard.mat_size_mm[0] * standard.mat_size_mm[1]
            # Same regions and spaces: the games and the camera read it like the standard.
            assert [r.name for r in compact.regions] == [r.name for r in standard.regions]
            assert [[s.slot for s in r.slots] for r in compact.regions] == [
                [s.slot for s in r.slots] for r in standard.regions
            ]
            # The camera hangs as low as the mat allows: the mat plus 5 % fills the picture.
            assert view.px_per_mm == pytest.approx(1920 / (FRAME_MARGIN * max(w, h * 16 / 9)))


def overlaps(layout):
    """Pairs of cards laid on the mat (every card space filled) that overlap, as
    (earlier, later) with the area the later one covers (mm²)."""
    cards = [
        (region, slot, layout.card_rect_mm(layout.region(region).slot(slot)))
        for region, slot, _ in card_targets(layout)
        if slot is not None
    ]
    out = []
    for i, (ra, sa, a) in enumerate(cards):
        for rb, sb, b in cards[i + 1 :]:
            w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            if w > 0 and h > 0:
                out.append(((ra, sa), (rb, sb), w * h))
    return out


def test_compact_cardcassonne_fans_its_rows_and_keeps_every_code_in_view():
    from calibration.kit.cards import card_geometry

    qx, qy, qs, _ = card_geometry((63, 88)).quiet_box_mm  # the code with its quiet zone
    for players in available_layouts()["cardcassonne"]:
        layout = load_layout("cardcassonne", players, "compact")
        covered = overlaps(layout)
        # Rows fan: a card covers the foot of the card laid before it in its row, ...
        assert covered and all(a[0] == b[0] and b[1][0] == a[1][0] + 1 for a, b, _ in covered)
        cards = {
            (r, s): layout.card_rect_mm(layout.region(r).slot(s))
            for r, s, _ in card_targets(layout)
        }
        for earlier, later, _ in covered:
            x, y, _, _ = cards[earlier]
            code = (x + qx, y + qy, qs, qs)
            lx, ly, lw, lh = cards[later]
            # ... never its value band and code: the camera reads every card in the row.
            assert not (
                lx < code[0] + code[2]
                and code[0] < lx + lw
                and ly < code[1] + code[3]
                and code[1] < ly + lh
            ), (earlier, later)
        # Position i+1 follows position i down a column, then the next column to the right.
        for colour in ("yellow", "red", "green", "blue"):
            slots = layout.region(f"row-{colour}").slots
            assert [s.slot for s in slots] == [(i,) for i in range(14)]
            for a, b in zip(slots, slots[1:]):
                assert (b.rect_mm[1] > a.rect_mm[1]) or (b.rect_mm[0] > a.rect_mm[0])
    # The standard mat lays every card in its own space.
    assert not overlaps(load_layout("cardcassonne", 4))


def test_calibrate_command_takes_the_compact_mat(tmp_path):
    import cv2
    from click.testing import CliRunner

    from companion_cli import main

    layout = load_layout("crypt", 4, "compact")
    table = render_mat("crypt", 4, px_per_mm=SHARP_PX_PER_MM, variant="compact")
    frame, _ = simulate_frame(table, SHARP_PX_PER_MM, layout.mat_size_mm)
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), frame)
    for args in (["--layout", "compact"], []):
        game = "crypt" if args else "crypt:compact"
        result = CliRunner().invoke(
            main, ["calibrate", str(path), "--game", game, "-n", "4", "--json", *args]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["usable"] and data["px_per_module"] >= MIN_PX_PER_MODULE - 0.2, data


def test_the_live_watcher_reads_a_compact_mat(tmp_path):
    """`companion serve --layout compact` watches with the compact mat's regions: a frame of
    the compact Crypt table puts every card in its own space."""
    import cv2
    from click.testing import CliRunner

    from companion_cli import main
    from web.camera import open_watcher

    layout, table, placed = assembled_table("crypt", 4, "compact")
    frame, _ = simulate_frame(table, SHARP_PX_PER_MM, layout.mat_size_mm)
    cv2.imwrite(str(tmp_path / "frame-0001.png"), frame)
    watcher = open_watcher(f"images:{tmp_path}", "crypt", 4, layout="compact", preview_width=0)
    assert watcher.layout == layout and watcher.game == "crypt"
    seen = watcher.see(frame)
    where = {
        d.payload: (d.region, list(d.slot) if d.slot is not None else None) for d in seen.detections
    }
    assert where == placed
    assert "--layout [standard|compact]" in CliRunner().invoke(main, ["serve", "--help"]).output
