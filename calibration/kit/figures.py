"""The figures in calibration/README.md: every mat's size, sheets and camera needs, and the
sheets each game's kit takes. `python -m calibration.kit.figures` prints them as Markdown."""

from __future__ import annotations

from ..layouts import available_layouts, load_layout
from .camera import MIN_PX_PER_MODULE, RESOLUTIONS, camera_view
from .sheets import PAPERS, mat_tiles, sheet_counts


def mat_rows() -> list[str]:
    rows = [
        "| mat | size (mm) | px/module 1080p | camera height | 4K instead | sheets A4 / Letter / A3 |",
        "|---|---|---|---|---|---|",
    ]
    for game, counts in available_layouts().items():
        for players in counts:
            for variant in ("standard", "compact"):
                layout = load_layout(game, players, variant)
                w, h = layout.mat_size_mm
                hd = camera_view((w, h))
                sheets = " / ".join(str(len(mat_tiles(layout, p).tiles)) for p in PAPERS)
                # Below the aim at 1080p: a 4K camera of the same view at the same height
                # doubles the pixels per module.
                short = hd.px_per_module < MIN_PX_PER_MODULE
                scale = RESOLUTIONS["4K"][0] / RESOLUTIONS["1080p"][0]
                uhd = f"{hd.px_per_module * scale:.1f} px/module" if short else "not needed"
                rows.append(
                    f"| {game} {players}p {variant} | {w:g} x {h:g} | "
                    f"{hd.px_per_module:.2f}{' (short)' if short else ''} | "
                    f"{hd.height_mm / 10:.0f} cm | {uhd} | {sheets} |"
                )
    return rows


def kit_rows() -> list[str]:
    rows = [
        "| game | card sheets A4 / Letter / A3 | sticker sheets A4 / Letter / A3 | "
        "token pages A4 / Letter / A3 |",
        "|---|---|---|---|",
    ]
    for game in available_layouts():
        counts = {p: sheet_counts(game, p) for p in PAPERS}
        cell = {
            part: " / ".join(str(counts[p][part]) for p in PAPERS)
            for part in ("cards", "stickers", "tokens")
        }
        rows.append(f"| {game} | {cell['cards']} | {cell['stickers']} | {cell['tokens']} |")
    return rows


if __name__ == "__main__":
    print("\n".join(mat_rows()))
    print()
    print("\n".join(kit_rows()))
