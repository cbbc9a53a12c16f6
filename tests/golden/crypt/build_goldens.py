"""Writes the Crypt golden transcripts. The moves are scripted here; every expected number
below was worked out by hand (see each file's "notes"), never read back from the engine.

    python tests/golden/crypt/build_goldens.py
"""

import json
from pathlib import Path

HERE = Path(__file__).parent


def move(kind, player=None, **params):
    return {"type": "move", "move": {"kind": kind, "player": player, **params}}


def deal(*cards):
    """Deal a round: treasure payloads face up, CRB... backs face down, left to right."""
    out = []
    for index, card in enumerate(cards):
        key = "back" if card.startswith("CRB") else "card"
        out.append(move("deal", None, **{key: card, "index": index}))
    return out


def claim(player, *placements):
    return move(
        "claim", player, placements=[{"card": c, "dice": d, "effort": e} for c, d, e in placements]
    )


def roll(player, card, value):
    return move("roll", player, card=card, value=value)


def event(
    kind,
    track,
    payload,
    region,
    slot=None,
    value=None,
    face_down=False,
    previous=None,
    piece="card",
):
    body = {
        "type": kind,
        "track_id": track,
        "payload": payload,
        "kind": piece,
        "where": {"region": region, "slot": slot},
        "face_down": face_down,
        "t": 0.0,
        "source": "camera",
    }
    if value is not None:
        body["value"] = value
    if previous is not None:
        body["previous"] = {"region": previous[0], "slot": previous[1]}
    return {"type": "event", "event": body}


def two_players():
    log = [
        # Round 1, Ann leads and holds both torches. The camera sees the deal.
        event("card_added", "t1", "CRIDOL4A", "crypt", [0]),
        event("card_added", "t2", "CRJEWL3A", "crypt", [1]),
        event("card_added", "t3", "CRBPOTT", "crypt", [2], face_down=True),
        claim(0, (0, 1, 2)),
        claim(1, (0, 1, 2)),  # illegal: 2 does not beat Ann's 2
        event("card_added", "b1", "DIEBLUE", "crypt", [0], value=3, piece="die"),
        claim(0, (1, 2, 1), (2, 1, 1)),  # illegal: Lights Out may claim one card only
        claim(0, (1, 2, 1)),
        event(
            "card_moved",
            "b1",
            "DIEBLUE",
            "roll",
            None,
            value=2,
            previous=("crypt", [0]),
            piece="die",
        ),
        move("end_collect"),
        # Round 2, Ben leads.
        *deal("CRMANU2A", "CRTAPE4A", "CRBREMN"),
        claim(1, (1, 1, 4)),
        claim(0, (1, 2, 3)),
        claim(1, (2, 2, 2)),
        roll(0, 1, 3),
        roll(0, 1, 1),
        roll(1, 2, 6),
        roll(1, 2, 2),
        # Round 3, Ann leads.
        *deal("CRIDOL1A", "CRPOTT4A", "CRBJEWL"),
        move("recover", 0),
        claim(1, (1, 2, 1)),
        claim(0, (0, 1, 1)),
        # Round 4, Ben leads.
        *deal("CRJEWL4A", "CRMANU3A", "CRBTAPE"),
        claim(1, (0, 2, 2)),
        claim(0, (0, 1, 5)),
        claim(1, (1, 2, 1)),
        roll(0, 0, 5),
        # Round 5, Ann leads.
        *deal("CRREMN4A", "CRPOTT1A", "CRBIDOL"),
        claim(0, (0, 1, 4), (2, 1, 1)),
        move("recover", 1),
        claim(0, (1, 1, 1)),
        roll(0, 0, 1),
        move("end_collect"),
        # Round 6, Ben leads.
        *deal("CRTAPE3A", "CRMANU4A", "CRBMANU"),
        claim(1, (0, 1, 3), (1, 1, 3)),
        claim(0, (1, 2, 2)),
        claim(1, (2, 1, 6)),
        roll(1, 0, 4),
        roll(0, 1, 2),
        roll(0, 1, 1),
        roll(1, 2, 6),
        move("end_collect"),
        # Round 7, Ann leads.
        *deal("CRREMN3A", "CRTAPE1A", "CRBIDOL"),
        move("recover", 0),
        claim(1, (0, 3, 2)),
        claim(0, (1, 1, 1)),
        roll(1, 0, 1),
        roll(1, 0, 2),
        roll(1, 0, 5),
        move("reroll", 1, roll=0, card="CRIDOL4A", value=4),
        # Round 8, Ben leads.
        *deal("CRJEWL2A", "CRPOTT3A", "CRBREMN"),
        claim(1, (1, 2, 3)),
        claim(0, (0, 1, 2)),
        move("recover", 1),
        roll(1, 1, 3),
        roll(1, 1, 4),
        roll(0, 0, 1),
        move("end_collect"),
        # Game over: the face-down cards are shown.
        move("identify", 0, card="CRIDOL2A"),
        move("identify", 1, card="CRREMN1A"),
        move("identify", 1, card="CRMANU1A"),
    ]
    notes = [
        "Collectors all side A. Entry 5: Ben's effort 2 does not beat Ann's 2 (push_not_higher). "
        "Entry 7: Ann holds Lights Out on the last turn and tries two cards (lights_out_one_card).",
        "Entry 6: the camera sees Ben's die showing 3 on the Idol 4; it is closed as Ben's claim "
        "when Ann acts (entry 8), pushing Ann's die back. Entry 9: Ben rolls 2 < 3, exhausted; "
        "he holds a face-down idol, so the collect phase waits for end_collect.",
        "Round 7: Ben's roll of 1 on effort 2 is re-rolled by flipping his Idol 4 (Idols A): 4, ready.",
        "Ann: idols 1+2, jewelry 3+4+2, manuscript 4, pottery 1, remains 4, tapestries 4+1 = 26; "
        "Jewelry A (3 jewelry) best 4 again +4; Tapestries A (5 vs Ben 3) +5; 2 ready dice +2 = 37.",
        "Ben: idol 4, manuscripts 3+1, pottery 4+3, remains 1+3, tapestry 3 = 22; Manuscripts A "
        "(2 manuscripts count 4 each) +1+3 = +4; Pottery A (2) +2; 3 ready dice +3 = 31.",
        "Dice at the end: Ann rolled 1 on effort 2 in round 8 (exhausted): 2 ready. Ben: 3 ready.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 2, "names": ["Ann", "Ben"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 37, "p1": 31},
            "winners": ["p0"],
            "rejections": [
                {"entry": 5, "codes": ["push_not_higher"]},
                {"entry": 7, "codes": ["lights_out_one_card"]},
            ],
            "notes": notes,
        },
    }


def solo():
    ghost = lambda *values: move("ghost_roll", None, values=list(values))  # noqa: E731
    # The torches alternate as in a 2-player game: Mei leads rounds 1, 3, 5, 7 (Mei, ghost,
    # Mei on Lights Out); the ghost leads rounds 2, 4, 6, 8 (ghost, Mei, ghost on Lights
    # Out, re-rolling only the dice Mei pushed off and placing only its best group).
    log = [
        *deal("CRIDOL4A", "CRJEWL3A", "CRBPOTT"),  # R1 Mei leads; ranking 0 (4), 1 (3), 2 (2.5)
        claim(0, (0, 1, 3)),
        ghost(5, 2, 2),  # 5 pushes Mei off card 0; 2+2 on card 1
        claim(0, (0, 2, 3)),  # 6 > 5, ghost's die pushed off
        roll(0, 0, 4),
        roll(0, 0, 3),
        *deal("CRMANU2A", "CRTAPE4A", "CRBREMN"),  # R2 ghost leads; ranking 1 (4), 2 (2.5), 0 (2)
        ghost(6, 1, 3),  # 6 on card 1, 3 on card 2, 1 on card 0
        claim(0, (1, 2, 4)),  # 8 > 6 pushes one ghost die off
        ghost(2),  # Lights Out re-roll: 2 beats nothing free
        roll(0, 1, 4),
        roll(0, 1, 2),
        move("reroll", 0, roll=1, card="CRIDOL4A", value=6),
        *deal("CRIDOL1A", "CRPOTT4A", "CRBJEWL"),  # R3 Mei leads; ranking 1, 2, 0
        claim(0, (1, 1, 6)),
        ghost(4, 4, 1),  # 4+4 = 8 > 6 on card 1; 1 on card 2
        claim(0, (1, 3, 3)),  # 9 > 8
        roll(0, 1, 3),
        roll(0, 1, 5),
        roll(0, 1, 1),
        *deal("CRJEWL4A", "CRMANU3A", "CRBTAPE"),  # R4 ghost leads; ranking 0, 1, 2
        ghost(2, 3, 6),  # 6, 3, 2 on cards 0, 1, 2
        move("recover", 0),  # the exhausted die comes back
        # nothing was pushed off, so the ghost's Lights Out turn passes by itself
        *deal("CRREMN4A", "CRPOTT1A", "CRBIDOL"),  # R5 Mei leads; ranking 0, 2, 1
        claim(0, (0, 2, 2), (2, 1, 1)),
        ghost(3, 3, 3),  # 9 > 4 on card 0
        claim(0, (1, 2, 1)),
        *deal("CRTAPE3A", "CRMANU4A", "CRBMANU"),  # R6 ghost leads; ranking 1 (4), 0 (3), 2 (2.5)
        ghost(1, 2, 6),  # 6 on card 1, 2 on card 0, 1 on card 2
        claim(0, (0, 1, 3)),  # 3 > 2 pushes one ghost die off
        ghost(1),  # 1 beats nothing free
        roll(0, 0, 5),
        *deal("CRREMN3A", "CRTAPE1A", "CRBIDOL"),  # R7 Mei leads; ranking 0, 2, 1
        claim(0, (0, 1, 5), (1, 1, 1)),
        ghost(6, 6, 2),  # 12 > 5 on card 0; 2 on card 2
        claim(0, (2, 2, 2)),  # 4 > 2
        roll(0, 2, 2),
        roll(0, 2, 6),
        *deal("CRJEWL2A", "CRPOTT3A", "CRBREMN"),  # R8 ghost leads; ranking 1 (3), 2 (2.5), 0 (2)
        ghost(5, 4, 1),  # 5 on card 1, 4 on card 2, 1 on card 0
        claim(0, (1, 2, 3), (0, 1, 2)),  # 6 > 5 and 2 > 1: two ghost dice off
        ghost(3, 3),  # 3+3 = 6: not > 6 on card 1, > 2 on card 0
        roll(0, 1, 1),
        roll(0, 1, 4),
        move("end_collect"),  # Mei keeps her face-down idols unflipped
        move("identify", 0, card="CRIDOL2A"),
        move("identify", 0, card="CRIDOL3A"),
    ]
    notes = [
        "Solo, collectors all A. The torches alternate as in a 2-player game: Mei leads the odd "
        "rounds, the ghost the even ones, where it also takes the Lights Out turn with only the "
        "dice Mei pushed off (round 4: none, so it passes).",
        "Round 8: Mei pushes two ghost dice off the Pottery 3 and the Jewelry 2; the ghost "
        "re-rolls those two (3, 3 = 6), which cannot beat Mei's 6 on the Pottery 3 but takes "
        "the Jewelry 2 back from her.",
        "Mei keeps Idol 4 (flipped in round 2 to re-roll a 2 into a 6), Tapestry 4, Pottery 4, "
        "a face-down idol (round 5), Pottery 1, Tapestry 3, Tapestry 1, a face-down idol "
        "(round 7) and Pottery 3. The face-down idols are Idol 2 and Idol 3 (Idol 1 was "
        "discarded in round 3).",
        "Treasure: idols 4+2+3 = 9, tapestries 4+3+1 = 8, pottery 4+1+3 = 8: 25. Pottery A "
        "with 3: +4. Tapestries A (nobody else has any): +5. Ready dice: round 8 roll 1 on "
        "effort 3 exhausts one, 2 ready: +2. Total 36: The Petty King (30-39).",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 1, "names": ["Mei"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 36},
            "winners": ["p0"],
            "rejections": [],
            "solo_rank": "The Petty King",
            "notes": notes,
        },
    }


def three_players():
    rounds = [  # (face up x3, face-down back); in round r slot k goes to seat (k + r) % 3
        ("CRIDOL4A", "CRJEWL1A", "CRTAPE3A", "CRBIDOL"),
        ("CRREMN1A", "CRTAPE2A", "CRIDOL2A", "CRBJEWL"),
        ("CRTAPE4A", "CRIDOL3A", "CRREMN2A", "CRBMANU"),
        ("CRPOTT1A", "CRREMN3A", "CRTAPE2B", "CRBREMN"),
        ("CRREMN4A", "CRPOTT2A", "CRPOTT2B", "CRBREMN"),
        ("CRMANU4A", "CRPOTT3A", "CRIDOL2B", "CRBTAPE"),
        ("CRJEWL4A", "CRMANU3A", "CRMANU2A", "CRBIDOL"),
        ("CRJEWL3A", "CRJEWL2A", "CRPOTT3B", "CRBJEWL"),
        ("CRTAPE1A", "CRMANU1A", "CRPOTT4A", "CRBMANU"),
    ]
    log = []
    for r, cards in enumerate(rounds):
        log += deal(*cards)
        # Both torches pass to the left: leaders 0, 1, 2, 0, ...; the old Leader acts last
        leader = r % 3
        order = [(leader + k) % 3 for k in range(3)]
        if r == 0:
            log += [claim(0, (0, 1, 1)), claim(1, (0, 1, 2)), claim(2, (2, 1, 1)), roll(1, 0, 2)]
        else:  # seat s takes slot (s - r) % 3, whatever its place in the turn order
            log += [claim(seat, ((seat - r) % 3, 1, 1)) for seat in order]
    notes = [
        "Collectors: idols B, jewelry B, manuscripts A, pottery A, remains B, tapestries B. "
        "Torches pass to the left, so leaders go Al, Bea, Cy, Al, ... and the old Leader acts "
        "last. "
        "Every claim is one die at effort 1 (no roll) except round 1, where Bea pushes Al off "
        "the Idol 4 with effort 2 and rolls 2 (stays ready). Face-down cards are never claimed. "
        "Everyone ends with 3 ready dice.",
        "Al: Idol 2, Idol 3, Pottery 1, 2, 3, 3, Jewelry 4, Manuscript 1 = 19; first to 2 idols "
        "(round 3) +5; Jewelry B +1; Pottery A with 4 +8; dice +3 = 36.",
        "Bea: Idol 4, 2, Remains 1-4, Manuscript 3, Jewelry 3, Pottery 4 = 26; 2 idols later "
        "(round 6) +2; Jewelry B +1; Remains B with 4 +10; dice +3 = 42.",
        "Cy: Tapestries 3, 2, 4, 2, 1, Pottery 2, Manuscripts 4 and 2, Jewelry 2 = 22; Jewelry B "
        "+1; Manuscripts A (2, count 4 each) +0+2; Tapestries B, the only one with 3+, +7; "
        "dice +3 = 35.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {
            "players": 3,
            "names": ["Al", "Bea", "Cy"],
            "options": {
                "collectors": {"idols": "B", "jewelry": "B", "remains": "B", "tapestries": "B"}
            },
        },
        "log": log,
        "expected": {
            "scores": {"p0": 36, "p1": 42, "p2": 35},
            "winners": ["p1"],
            "rejections": [],
            "notes": notes,
        },
    }


def four_players():
    hands = [  # what each seat ends up with, one card a round
        [
            "CRIDOL1A",
            "CRIDOL1B",
            "CRIDOL2A",
            "CRIDOL2B",
            "CRIDOL3A",
            "CRIDOL3B",
            "CRIDOL4A",
            "CRIDOL4B",
        ],
        [
            "CRPOTT1A",
            "CRPOTT1B",
            "CRPOTT2A",
            "CRPOTT2B",
            "CRMANU1A",
            "CRMANU1B",
            "CRJEWL1A",
            "CRJEWL1B",
        ],
        [
            "CRTAPE1A",
            "CRTAPE1B",
            "CRTAPE2A",
            "CRTAPE2B",
            "CRTAPE3A",
            "CRTAPE3B",
            "CRTAPE4A",
            "CRTAPE4B",
        ],
        [
            "CRREMN1A",
            "CRREMN1B",
            "CRREMN2A",
            "CRREMN2B",
            "CRREMN3A",
            "CRREMN3B",
            "CRREMN4A",
            "CRREMN4B",
        ],
    ]
    downs = [("CRBJEWL", "CRBMANU")] * 6 + [("CRBPOTT", "CRBPOTT")] * 2
    log = []
    for r in range(8):
        leader = r % 4  # both torches pass to the left: the old Leader acts last
        order = [(leader + k) % 4 for k in range(4)]
        log += deal(*(hands[seat][r] for seat in order), *downs[r])
        log += [claim(seat, (k, 1, 1)) for k, seat in enumerate(order)]
    log += [
        move("tiebreak_roll", 1, values=[3, 3, 3]),
        move("tiebreak_roll", 2, values=[4, 4, 1]),
        move("tiebreak_roll", 1, values=[6, 5, 4]),
        move("tiebreak_roll", 2, values=[6, 6, 6]),
    ]
    notes = [
        "Collectors all A. Leaders Dee, Eve, Fay, Gus, ... (torches pass to the left). "
        "Each turn claims the card at the player's turn position with one die "
        "at effort 1; face-down cards stay unclaimed. Everyone keeps 3 ready dice (+3).",
        "Dee: all 8 idols = 20, +3 = 23. Eve: pottery 1,1,2,2 + manuscripts 1,1 + jewelry 1,1 = "
        "10; Pottery A with 4 +8; Manuscripts A 2 x (4-1) = +6; Jewelry A best 1 again +1; +3 = 28.",
        "Fay: all 8 tapestries = 20; Tapestries A (highest total) +5; +3 = 28. Gus: all 8 remains "
        "= 20, +3 = 23.",
        "Eve and Fay tie on 28: both roll 3 dice: 9 and 9, again; then 15 and 18: Fay wins.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 4, "names": ["Dee", "Eve", "Fay", "Gus"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 23, "p1": 28, "p2": 28, "p3": 23},
            "winners": ["p2"],
            "rejections": [],
            "notes": notes,
        },
    }


def torches_pass_left():
    later = [  # rounds 3-9: (Al's card, Bea's card, Cy's card, face-down back)
        ("CRIDOL1A", "CRTAPE1A", "CRMANU1A", "CRBMANU"),
        ("CRIDOL2A", "CRTAPE2B", "CRMANU2A", "CRBMANU"),
        ("CRIDOL2B", "CRTAPE3B", "CRMANU2B", "CRBMANU"),
        ("CRJEWL1A", "CRTAPE4A", "CRREMN1A", "CRBREMN"),
        ("CRJEWL2B", "CRPOTT1A", "CRREMN2A", "CRBREMN"),
        ("CRJEWL3B", "CRPOTT2A", "CRREMN2B", "CRBPOTT"),
        ("CRJEWL4A", "CRPOTT2B", "CRPOTT3A", "CRBIDOL"),
    ]
    log = [
        # Round 1: Al leads, Bea next, Cy holds Lights Out and acts last.
        *deal("CRIDOL4A", "CRJEWL3A", "CRTAPE2A", "CRBPOTT"),
        claim(0, (0, 1, 1)),
        claim(1, (1, 1, 1)),
        claim(2, (2, 1, 1)),
        # Round 2: both torches passed to the left. Bea leads, then Cy; Al, the old
        # Leader, holds Lights Out and acts last.
        *deal("CRIDOL3A", "CRJEWL2A", "CRTAPE3A", "CRBREMN"),
        claim(2, (0, 1, 1)),  # entry 12: Cy does not lead any more
        claim(1, (0, 1, 1)),
        claim(2, (1, 1, 1)),
        claim(0, (2, 1, 1), (3, 1, 1)),  # entry 15: Lights Out claims one card only
        claim(0, (2, 1, 1)),
    ]
    for r, cards in enumerate(later, start=2):
        log += deal(*cards)
        leader = r % 3  # Cy, Al, Bea, Cy, ...
        log += [claim(seat, (seat, 1, 1)) for seat in ((leader + k) % 3 for k in range(3))]
    notes = [
        "Three players, collectors all A, every claim one die at effort 1 (no rolls); "
        "face-down cards are never claimed.",
        "Round 2 turn order is Bea, Cy, Al: the torches passed to the left, so Cy leading "
        "(entry 12) is out of turn, and Al, the old Leader now holding Lights Out, may claim "
        "one card only (entry 15). From round 3 on the leaders are Cy, Al, Bea, Cy, ...",
        "Al: Idol 4, Tapestry 3, Idols 1, 2, 2, Jewelry 1, 2, 3, 4 = 22; Jewelry A (highest, 4, "
        "counts twice) +4; 3 ready dice +3 = 29.",
        "Bea: Jewelry 3, Idol 3, Tapestries 1, 2, 3, 4, Pottery 1, 2, 2 = 21; Tapestries A "
        "(10, the highest) +5; Pottery A with 3 +4; +3 = 33.",
        "Cy: Tapestry 2, Jewelry 2, Manuscripts 1, 2, 2, Remains 1, 2, 2, Pottery 3 = 17; "
        "Manuscripts A (3, each counts 4) +3+2+2 = +7; +3 = 27. Bea wins.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 3, "names": ["Al", "Bea", "Cy"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 29, "p1": 33, "p2": 27},
            "winners": ["p1"],
            "rejections": [
                {"entry": 12, "codes": ["not_your_turn"]},
                {"entry": 15, "codes": ["lights_out_one_card"]},
            ],
            "notes": notes,
        },
    }


def remains_after_last_roll():
    rounds = [  # (Ann's card, Ben's card, face-down back); Ann leads odd rounds, Ben even
        ("CRREMN1A", "CRIDOL1A", "CRBMANU"),
        ("CRREMN2A", "CRIDOL2A", "CRBMANU"),
        ("CRREMN3A", "CRIDOL3A", "CRBMANU"),
        ("CRPOTT1A", "CRIDOL4A", "CRBMANU"),
        ("CRPOTT2A", "CRTAPE1A", "CRBJEWL"),
        ("CRPOTT3A", "CRTAPE2A", "CRBJEWL"),
        ("CRPOTT4A", "CRTAPE3A", "CRBJEWL"),
    ]
    log = []
    for r, cards in enumerate(rounds):
        leader = r % 2
        log += deal(*cards)
        log += [
            claim(leader, (leader, 1, 1)),
            claim(1 - leader, (1 - leader, 1, 1)),
            move("recover", leader),
        ]
    log += [
        # Round 8, Ben leads. Ann risks effort 6 on the Jewelry 2 and rolls a 2: exhausted.
        *deal("CRJEWL2A", "CRTAPE4A", "CRBREMN"),
        claim(1, (1, 1, 1)),
        claim(0, (0, 1, 6)),
        move("recover", 1),
        roll(0, 0, 2),
        # The last roll of the game is made; final scoring waits for the Remains flips.
        move("recover_one", 1, cards=["CRBREMN", "CRBREMN"]),  # entry 50: Ben has no remains
        move("recover_one", 0, cards=["CRBREMN", "CRBREMN"]),  # Ann flips 2 of her 3 remains
        move("score_game"),  # entry 52: already scored
    ]
    notes = [
        "Two players, collectors all A. Rounds 1-7: each player claims their own face-up card "
        "with one die at effort 1 and the torch holder's second turn is a recover; the "
        "face-down cards are never claimed.",
        "Round 8 is the last: Ann's roll of 2 on effort 6 exhausts a die. Remains A works any "
        "time, including after the last roll and before final scoring, so the game waits; Ben "
        "cannot flip remains he does not have (entry 50); Ann flips two remains and recovers "
        "the die, and with nobody able to flip any more the game is scored. Entry 52 comes "
        "after the end.",
        "Ann: Remains 1, 2, 3, Pottery 1, 2, 3, 4, Jewelry 2 = 18; Pottery A with 4 +8; 3 ready "
        "dice +3 = 29. Without the recovered die she would have tied Ben on 28.",
        "Ben: Idols 1-4 = 10, Tapestries 1-4 = 10; Tapestries A (the only tapestries) +5; 3 "
        "ready dice +3 = 28. Ann wins.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 2, "names": ["Ann", "Ben"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 29, "p1": 28},
            "winners": ["p0"],
            "rejections": [
                {"entry": 50, "codes": ["no_card_to_flip"]},
                {"entry": 52, "codes": ["game_over"]},
            ],
            "notes": notes,
        },
    }


def face_up_first():
    rounds = [  # (Ann's card, Ben's card, face-down back); Ann leads odd rounds, Ben even
        ("CRIDOL1A", "CRTAPE1A", "CRBMANU"),
        ("CRIDOL2A", "CRTAPE2A", "CRBMANU"),
        ("CRIDOL3A", "CRTAPE3A", "CRBMANU"),
        ("CRIDOL4A", "CRTAPE4A", "CRBMANU"),
        ("CRJEWL1A", "CRPOTT1A", "CRBREMN"),
        ("CRJEWL2A", "CRPOTT2A", "CRBREMN"),
        ("CRJEWL3A", "CRPOTT3A", "CRBREMN"),
        ("CRJEWL4A", "CRPOTT4A", "CRBREMN"),
    ]
    log = [
        # Round 1: the first face-up card, then a face-down card while a face-up one is
        # still to deal (entry 2), then the deal goes on in the rules' order.
        move("deal", None, card="CRIDOL1A", index=0),
        move("deal", None, back="CRBMANU", index=1),
        move("deal", None, card="CRTAPE1A", index=1),
        move("deal", None, back="CRBMANU", index=2),
    ]
    for r, cards in enumerate(rounds):
        leader = r % 2
        if r:
            log += deal(*cards)
        log += [
            claim(leader, (leader, 1, 1)),
            claim(1 - leader, (1 - leader, 1, 1)),
            move("recover", leader),
        ]
    notes = [
        "Two players, collectors all A. Entry 2: a face-down card dealt while one of the "
        "round's two face-up cards is still to deal (face_up_first); the deal goes on, face "
        "up first. Every round each player claims their own face-up card with one die at "
        "effort 1 (no roll) and the torch holder's second turn is a recover; the face-down "
        "cards are never claimed and are discarded.",
        "Ann: Idols 1-4 = 10, Jewelry 1-4 = 10; Jewelry A (highest, 4, counts twice) +4; 3 "
        "ready dice +3 = 27.",
        "Ben: Tapestries 1-4 = 10, Pottery 1-4 = 10; Tapestries A (the only tapestries) +5; "
        "Pottery A with 4 +8; 3 ready dice +3 = 36. Ben wins.",
    ]
    return {
        "format": "table-companion-record",
        "version": 1,
        "game": "crypt",
        "setup": {"players": 2, "names": ["Ann", "Ben"], "options": {}},
        "log": log,
        "expected": {
            "scores": {"p0": 27, "p1": 36},
            "winners": ["p1"],
            "rejections": [{"entry": 2, "codes": ["face_up_first"]}],
            "notes": notes,
        },
    }


if __name__ == "__main__":
    for name, record in (
        ("two-players-full-with-illegal-attempts.json", two_players()),
        ("solo-with-ghost.json", solo()),
        ("three-players-b-sides.json", three_players()),
        ("four-players-tiebreak.json", four_players()),
        ("torches-pass-left.json", torches_pass_left()),
        ("remains-after-last-roll.json", remains_after_last_roll()),
        ("face-down-before-face-up.json", face_up_first()),
    ):
        (HERE / name).write_text(
            json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        print("wrote", HERE / name)
