"""What each stage of a reader did: how many symbols it read, how often it ran, its time.

The card reader counts its stages (`CardReader.stats`), the photo reader its passes
(`PhotoReader.stats`), and the watcher adds the counts of a whole decode made in another
process to its reader's; the camera check on the dashboard shows them.
"""

from __future__ import annotations

import time
from typing import Mapping, Sequence


class StageTallies(dict):
    """stage -> [read, tried, total ms], in the order the stages first ran. A plain dict
    underneath, so it crosses to another process and reads as one."""

    def count(self, stage: str, read: int, since: float) -> None:
        """One run of `stage`, begun at `since` (time.perf_counter()), that read `read`."""
        tally = self.setdefault(stage, [0, 0, 0.0])
        tally[0] += int(read)
        tally[1] += 1
        tally[2] += (time.perf_counter() - since) * 1000

    def add(self, other: Mapping[str, Sequence]) -> None:
        """Another tally's counts, stage by stage."""
        for stage, (read, tried, ms) in other.items():
            tally = self.setdefault(stage, [0, 0, 0.0])
            tally[0], tally[1], tally[2] = tally[0] + read, tally[1] + tried, tally[2] + ms
