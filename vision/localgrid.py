"""A module grid that follows crumpled paper: the bendable grid (`vision.grid`) plus a
displacement of its own at every module corner (`LocalGrid`), fitted to the module edges
around each corner (`follow`).

The grid's polynomial correction (degree 3 at most) follows a label round a bottle, but a
crumpled or folded sheet (the BoofCV "damaged" photos) bends one way over a few modules and
another way next to it; the polynomial averages those out and leaves parts of the symbol
half a module off. Here each module corner moves by the weighted mean of the edge drifts
measured within about a module and a half of it (the same measurement as `grid.refine`:
along every module row and column, a dark/light edge's distance from the nearest module
boundary), a few rounds, each measured on the grid moved so far. A grid that does not fit
still yields nothing: the decoder's error correction has the last word.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .grid import Grid, module_edges

MAX_SHIFT = 3.0  # modules a corner may move from the polynomial grid


@dataclass
class LocalGrid(Grid):
    """A Grid whose bent module space moves further by `field` (2 x (size+1) x (size+1):
    du and dv at each module corner, interpolated bilinearly in between)."""

    field: np.ndarray | None = None

    def bent(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        bu, bv = Grid.bent(self, u, v)
        if self.field is None:
            return bu, bv
        n = self.size
        x = np.clip(np.asarray(u, np.float64), 0, n)
        y = np.clip(np.asarray(v, np.float64), 0, n)
        row = np.minimum(np.floor(y).astype(int), n - 1)
        col = np.minimum(np.floor(x).astype(int), n - 1)
        fy, fx = y - row, x - col

        def between(f: np.ndarray) -> np.ndarray:
            return (
                f[row, col] * (1 - fy) * (1 - fx)
                + f[row, col + 1] * (1 - fy) * fx
                + f[row + 1, col] * fy * (1 - fx)
                + f[row + 1, col + 1] * fy * fx
            )

        return bu + between(self.field[0]), bv + between(self.field[1])


def _drifts(image: np.ndarray, grid: Grid):
    """Edges along every module row (then column): (u, v, drift along the profile, weight),
    the drift being how far the edge lies from the nearest module boundary, in modules."""
    for horizontal, coordinate, boundary, other, strength in module_edges(image, grid):
        at = (boundary, other) if horizontal else (other, boundary)
        yield at[0], at[1], coordinate - boundary, strength


def follow(image: np.ndarray, grid: Grid, rounds: int = 2, radius: float = 1.5) -> LocalGrid:
    """The grid with each module corner moved by the edge drifts around it (Gaussian
    weights of `radius` modules), `rounds` times."""
    n = grid.size
    field = np.zeros((2, n + 1, n + 1))
    nodes = np.arange(n + 1, dtype=np.float64)
    for _ in range(rounds):
        moved = LocalGrid(grid.homography, n, grid.du, grid.dv, grid.degree, field)
        for axis, (u, v, drift, weight) in enumerate(_drifts(image, moved)):
            near_u = np.exp(-((nodes[:, None] - u[None, :]) ** 2) / (2 * radius**2))
            near_v = np.exp(-((nodes[:, None] - v[None, :]) ** 2) / (2 * radius**2))
            # Sums over the edges of near_v[row] * near_u[col] * weight (* drift), as two
            # matrix products (a version-40 symbol has tens of thousands of edges).
            total = (near_v * (weight * drift)) @ near_u.T
            mass = (near_v * weight) @ near_u.T
            # A corner with few edges near it (a blank patch) stays where it was.
            field[axis] += total / (mass + 0.5)
        field = np.clip(field, -MAX_SHIFT, MAX_SHIFT)
    return LocalGrid(grid.homography, n, grid.du, grid.dv, grid.degree, field)
