"""Readings the tracker has not settled, for the dashboard to mark instead of scoring them.

A piece counts (a `CardAdded` reaches the rules) only once read in 3 of the last 5 frames
(vision/tracker.py). A code read in one frame only, or now and then (a smeared card, one a
sleeve's glare or a hand half covers), is never scored — but until now it was not shown
either, and the players could not tell "not seen" from "not sure". `uncertain_readings`
lists the pieces read at a place of the layout but not settled there for at least
`after_s` seconds of frame time (a card being laid settles in a fraction of a second, so a
placement in progress is not listed): a new piece not yet counted, or a counted card seen
somewhere else but not settled there. `ask` says the players should confirm it: it has
stayed unsettled `ask_after_s` and would be scored if confirmed (a card on the layout, or a
card moving to another place). Each reading says how often it was read in the last frames.

A reading never names a card the rules hide (`Catalogue.may_name`, the overlay's rule): a
glimpse of a Masterpiece value card or a Crypt treasure face up is listed with `payload`
None and `hidden` True, and never asked about (confirming it would name it).
"""

from __future__ import annotations

from typing import Any

UNCERTAIN_AFTER_S = 1.0
ASK_AFTER_S = 2.0


def uncertain_readings(
    tracker: Any, t: float, after_s: float = UNCERTAIN_AFTER_S, ask_after_s: float = ASK_AFTER_S
) -> list[dict]:
    """Unsettled readings at a place of the layout (see the module doc), oldest first."""
    readings = []
    face_up = {track.payload for track in tracker.confirmed() if not track.face_down}
    for track in tracker.tracks.values():
        if track.face_down or track.last is None:
            continue
        if not track.confirmed:
            if track.ready:
                continue  # read clearly, only waiting for an earlier piece to settle
            where, hits, since = track.ready_where, track.sightings, track.first_seen_t
            why = "not_counted"
        elif track.pending is not None:
            where, hits, since = track.pending, track.pending_hits, track.pending_since_t
            why = "moving"
        else:
            continue
        if where is None or where.region is None or since is None:
            continue
        unsettled_s = t - since
        if unsettled_s < after_s:
            continue
        named = tracker.catalogue is not None and tracker.catalogue.may_name(track.payload, face_up)
        readings.append(
            {
                "payload": track.payload if named else None,
                "hidden": not named,
                "kind": track.kind,
                "region": where.region,
                "slot": list(where.slot) if where.slot is not None else None,
                "why": why,
                "read_in": tracker.recent_hits(hits),
                "of_frames": tracker.appear_n,
                "needed": tracker.appear_k,
                "unsettled_s": round(unsettled_s, 1),
                "ask": named and unsettled_s >= ask_after_s,
            }
        )
    return sorted(readings, key=lambda r: -r["unsettled_s"])
