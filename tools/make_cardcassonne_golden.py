"""Writes the Cardcassonne golden transcripts under tests/golden/cardcassonne/.

The plans below say, round by round, what each player does; this script only lays the
actions out in turn order, works out row positions (so scoring moves can name the place of
each face-down card) and writes the record. It never scores: every "expected" total below
was worked out by hand, and the arithmetic sits in each file's "notes". Run it again after
changing a plan, then redo the hand computation.

Action notation, per player and in that player's own order:
  "fd Y"            a face-down card into the yellow row (never turned up: nobody claims it)
  "fd Y B14"        ... that turns out, at round scoring, to be CCB14
  "fd Y B28 keep"   ... a non-matching animal or building, and the owner's choice
  "Y03"             CCY03 face up into the row of its colour
  "DR B"            a joker face up into the row chosen (DR dragon, FA fairy, JA1 animal
                    joker, JB1 building joker)
  "F Y"             the large follower at the end of the yellow row
  a trailing " @cam" sends the action as a camera event instead of a move.
"""

from __future__ import annotations

import json
from pathlib import Path

ROWS = {"Y": "yellow", "R": "red", "G": "green", "B": "blue"}
ROW_ORDER = ["yellow", "red", "green", "blue"]
FOLLOWERS = {"red": "CCF1L", "yellow": "CCF2L", "blue": "CCF3L", "green": "CCF4L", "black": "CCF5L"}
DEFAULT_COLOURS = ["red", "yellow", "blue", "green", "black"]
OUT = Path(__file__).resolve().parent.parent / "tests/golden/cardcassonne"


def payload(short: str) -> str:
    return {"DR": "CCDRAGON", "FA": "CCFAIRY"}.get(short, f"CC{short}")


def colour_of(card: str) -> str | None:
    return ROWS.get(card[2]) if card[2] in ROWS and card[3:].isdigit() else None


class Writer:
    def __init__(self, plan: dict):
        self.plan = plan
        self.players = plan["players"]
        self.colours = DEFAULT_COLOURS[: self.players]
        self.log: list[dict] = []
        self.rejections: list[dict] = []
        self.rows = {c: [] for c in ROW_ORDER}  # entries: dict(kind, card, seat, fd)
        self.dealer = plan.get("dealer", 0)
        self.tracks = 0

    # -- log helpers ----------------------------------------------------------------------
    def add(self, entry: dict, codes: list[str] | None = None) -> None:
        self.log.append(entry)
        if codes:
            self.rejections.append({"entry": len(self.log), "codes": codes})

    def move(self, kind: str, player, **params) -> dict:
        return {"type": "move", "move": {"kind": kind, "player": player, **params}}

    def camera(self, payload_: str, row: str, position: int, kind="card", face_down=False) -> dict:
        self.tracks += 1
        return {
            "type": "event",
            "event": {
                "type": "card_added",
                "track_id": f"t{self.tracks}",
                "payload": payload_,
                "kind": kind,
                "face_down": face_down,
                "source": "camera",
                "where": {"region": f"row-{row}", "slot": [position]},
            },
        }

    def inject(self, items) -> None:
        for entry, codes in items or ():
            self.add(entry, codes)

    # -- set-up -----------------------------------------------------------------------------
    def setup(self) -> None:
        for item in self.plan["setup"]:
            short, _, row = item.partition(" ")
            card = payload(short)
            colour = ROWS[row] if row else colour_of(card)
            params = {"card": card}
            if row:
                params["row"] = colour
            self.add(self.move("reveal", self.dealer, **params))
            self.rows[colour].append({"kind": "card", "card": card, "seat": None, "fd": None})

    # -- one round --------------------------------------------------------------------------
    def round(self, number: int, plan: dict) -> None:
        actions = {seat: list(plan[seat]) for seat in range(self.players)}
        order = [(self.dealer + 1 + k) % self.players for k in range(self.players)]
        last_follower = None
        index = 0
        while any(actions.values()):
            for seat in order:
                if not actions[seat]:
                    continue
                self.inject(plan.get("before", {}).get(index))
                text = actions[seat].pop(0)
                camera = text.endswith(" @cam")
                parts = text.replace(" @cam", "").split()
                if parts[0] == "F":
                    colour = ROWS[parts[1]]
                    position = len(self.rows[colour])
                    if camera:
                        self.add(
                            self.camera(
                                FOLLOWERS[self.colours[seat]], colour, position, kind="token"
                            )
                        )
                    else:
                        self.add(self.move("place_follower", seat, row=colour))
                    self.rows[colour].append({"kind": "follower", "seat": seat})
                    last_follower = seat
                elif parts[0] == "fd":
                    colour = ROWS[parts[1]]
                    position = len(self.rows[colour])
                    if camera:
                        self.add(self.camera("CCBACK", colour, position, face_down=True))
                    else:
                        self.add(
                            self.move("play_card", seat, card=None, row=colour, face_down=True)
                        )
                    truth = payload(parts[2]) if len(parts) > 2 else None
                    choice = parts[3] if len(parts) > 3 else None
                    self.rows[colour].append(
                        {"kind": "card", "card": None, "seat": seat, "fd": truth, "choice": choice}
                    )
                else:
                    card = payload(parts[0])
                    colour = ROWS[parts[1]] if len(parts) > 1 else colour_of(card)
                    position = len(self.rows[colour])
                    if camera:
                        self.add(self.camera(card, colour, position))
                    else:
                        self.add(
                            self.move("play_card", seat, card=card, row=colour, face_down=False)
                        )
                    self.rows[colour].append(
                        {"kind": "card", "card": card, "seat": seat, "fd": None}
                    )
                index += 1
        self.inject(plan.get("scoring_before"))
        self.score_round(plan)
        self.dealer = last_follower

    def score_round(self, plan: dict) -> None:
        taken: set[tuple[str, int]] = set()
        claims = []
        for colour in ROW_ORDER:
            start = 0
            for position, entry in enumerate(self.rows[colour]):
                if entry["kind"] == "follower":
                    for p in range(start, position):
                        if self.rows[colour][p]["kind"] == "card":
                            claims.append((entry["seat"], colour, p))
                            taken.add((colour, p))
                    start = position + 1
        for seat, colour, position in sorted(
            claims, key=lambda c: (c[0], ROW_ORDER.index(c[1]), c[2])
        ):
            entry = self.rows[colour][position]
            if entry["card"] is None:
                if entry["fd"] is None:
                    raise SystemExit(
                        f"plan error: claimed face-down card at {colour} "
                        f"{position} needs its identity"
                    )
                self.add(
                    self.move(
                        "reveal_face_down", seat, row=colour, position=position, card=entry["fd"]
                    )
                )
                if entry.get("choice"):
                    self.add(
                        self.move(
                            "choose", seat, row=colour, position=position, option=entry["choice"]
                        )
                    )
        for colour in ROW_ORDER:
            self.rows[colour] = [
                e
                for p, e in enumerate(self.rows[colour])
                if e["kind"] == "card" and (colour, p) not in taken
            ]

    def write(self) -> Path:
        self.setup()
        for number, plan in enumerate(self.plan["rounds"], start=1):
            self.round(number, plan)
        self.inject(self.plan.get("after"))
        record = {
            "format": "table-companion-record",
            "version": 1,
            "game": "cardcassonne",
            "setup": {
                "players": self.players,
                "names": self.plan["names"],
                "options": {"dealer": self.plan.get("dealer", 0)},
            },
            "log": self.log,
            "expected": {
                **self.plan["expected"],
                "rejections": self.rejections,
                "notes": self.plan["notes"],
            },
        }
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / self.plan["file"]
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return path


def mv(kind, player, **params):
    return {"type": "move", "move": {"kind": kind, "player": player, **params}}


def moved(track: str, payload_: str, kind: str, row: str, frm: int, to: int) -> dict:
    return {
        "type": "event",
        "event": {
            "type": "card_moved",
            "track_id": track,
            "payload": payload_,
            "kind": kind,
            "source": "camera",
            "where": {"region": f"row-{row}", "slot": [to]},
            "previous": {"region": f"row-{row}", "slot": [frm]},
        },
    }


def added(track: str, payload_: str, row: str, position: int, face_down=False) -> dict:
    return {
        "type": "event",
        "event": {
            "type": "card_added",
            "track_id": track,
            "payload": payload_,
            "kind": "card",
            "face_down": face_down,
            "source": "camera",
            "where": {"region": f"row-{row}", "slot": [position]},
        },
    }


# -- two players: Mia (seat 0, red follower) and Leo (seat 1, yellow follower) ---------------
TWO = {
    "file": "two-players-full-with-illegal-attempts.json",
    "players": 2,
    "names": ["Mia", "Leo"],
    "dealer": 1,
    "setup": ["Y01", "R01", "G01", "B01", "JA1 B", "Y02", "R02", "G02", "B02", "G03"],
    "rounds": [
        {  # round 1: Leo deals, Mia starts
            0: ["fd Y Y09 @cam", "Y03 @cam", "Y04", "Y14", "Y22", "Y23", "F Y @cam"],
            1: ["fd R G22 score", "R03", "R09", "R17", "R18", "DR R", "F R"],
            "before": {
                0: [
                    (mv("play_card", 1, card=None, row="red", face_down=True), ["out_of_turn"]),
                    (
                        mv("play_card", 0, card="CCY03", row="yellow", face_down=False),
                        ["first_card_face_down"],
                    ),
                    (added("x1", "CCBACK", "yellow", 1, face_down=True), ["card_between_cards"]),
                ],
                2: [
                    (
                        mv("play_card", 0, card="CCY03", row="red", face_down=False),
                        ["wrong_row_colour"],
                    )
                ],
                3: [
                    (
                        mv("play_card", 1, card=None, row="red", face_down=True),
                        ["second_face_down"],
                    ),
                    (
                        mv("play_card", 1, card="CCY03", row="yellow", face_down=False),
                        ["card_already_seen"],
                    ),
                ],
                13: [
                    (moved("t3", "CCF1L", "token", "yellow", 8, 9), ["piece_moved"]),
                    (moved("t3", "CCF1L", "token", "yellow", 9, 8), None),
                ],
            },
            "scoring_before": [
                (mv("choose", 1, row="red", position=2, option="score"), ["reveal_first"]),
                (mv("reveal_face_down", 0, row="red", position=2, card="CCG22"), ["not_your_card"]),
                (
                    mv("reveal_face_down", 1, row="red", position=2, card="CCY03"),
                    ["card_already_seen"],
                ),
            ],
        },
        {  # round 2: Leo deals again (he placed the last follower)
            0: ["fd B B09", "B03", "B04", "B05", "B22", "JA2 B", "F B"],
            1: ["fd G Y17 keep", "G04", "G05", "G17", "G18", "G19", "F G"],
            "scoring_before": [
                (mv("choose", 0, row="blue", position=0, option="keep"), ["no_choice_here"]),
            ],
        },
        {  # round 3
            0: ["fd R B17 score", "R04", "R05", "R10", "R22", "R23", "F R"],
            1: ["fd Y Y05", "Y06", "Y07", "Y10", "Y18", "Y19", "F Y"],
        },
        {  # round 4: Leo parks his follower first, so Mia places the last follower and deals
            0: ["fd G R11", "G06", "G07", "G09", "G24", "G25", "F G"],
            1: ["F B", "fd B B14", "B06", "B07", "B10", "B11", "B18"],
            "before": {
                3: [(mv("place_follower", 1, row="red"), ["follower_placed_twice"])],
            },
        },
        {  # round 5: Mia deals, Leo starts; Leo collects what he left in the blue row
            0: ["fd Y Y24", "Y08", "Y11", "Y15", "Y25", "FA Y", "F Y"],
            1: ["fd B R24 keep", "B12", "B19", "B20", "JB1 B", "B23", "F B"],
        },
        {  # round 6
            0: ["fd G G26", "G08", "G10", "G14", "G27", "G20", "F G"],
            1: ["fd R JB2", "R06", "R07", "R12", "R25", "R26", "F R"],
        },
        {  # round 7
            0: ["fd B R13", "B08", "B13", "B15", "B25", "JA3 B", "F B"],
            1: ["fd Y B24 score", "Y12", "Y13", "Y16", "Y26", "Y27", "F Y"],
        },
        {  # round 8
            0: ["fd R Y20 keep", "R08", "R14", "R19", "R20", "R27", "F R"],
            1: ["fd G G11", "G12", "G13", "G15", "G16", "G21", "F G"],
        },
        {  # round 9
            0: ["fd Y R15", "Y21", "Y28", "Y29", "Y30", "JB4 Y", "F Y"],
            1: ["fd B B16", "B21", "B26", "B27", "JB3 B", "JA4 B", "F B"],
        },
        {  # round 10: Mia's last two blue cards lie unclaimed and are discarded
            0: ["fd G B28 keep", "G28", "G29", "G30", "B29", "B30", "F G"],
            1: ["fd R G23 score", "R16", "R21", "R28", "R29", "R30", "F R"],
        },
    ],
    "after": [(mv("play_card", 0, card=None, row="red", face_down=True), ["game_over"])],
    "expected": {"scores": {"p0": 375, "p1": 362}, "winners": ["p0"]},
    "notes": [
        "Tables used (placeholders): animals and buildings n -> 1, 3, 6, 10, 15, 21, 28 (n(n+1)/2).",
        "Set-up: yellow Y01 Y02; red R01 R02; green G01 G02 G03; blue B01 JA1 B02 (joker put in blue by the dealer).",
        "R1 Mia takes Y01 Y02 Y09(face down) Y03 Y04 Y14 Y22 Y23: persons 6 x (1+1+2+1+1+3=9) = 54; yellow animals 2 -> 3. = 57.",
        "R1 Leo takes R01 R02 G22(fd, non-matching animal, scored) R03 R09 R17 R18 DR: persons 4 x (1+1+1+2=5) = 20; dragon 10; G22 10; R17 R18 to chest. = 40.",
        "R2 Mia takes B01 JA1 B02 B09 B03 B04 B05 B22 JA2: persons 6 x (1+1+2+1+1+1=7) = 42; blue animals JA1 B22 JA2 = 3 -> 6. = 48.",
        "R2 Leo takes G01 G02 G03 Y17(fd, kept in chest) G04 G05 G17 G18 G19: persons 5 x 5 = 25; G17 G18 G19 Y17 to chest. = 25.",
        "R3 Mia takes B17(fd, scored 10) R04 R05 R10 R22 R23: persons 3 x 4 = 12; red animals 2 -> 3; 10. = 25.",
        "R3 Leo takes Y05(fd) Y06 Y07 Y10 Y18 Y19: persons 4 x 5 = 20; Y18 Y19 to chest. = 20.",
        "R4 Mia takes R11(fd, non-matching person) G06 G07 G09 G24 G25: persons 3 x 4 = 12; green animals 2 -> 3; 10. = 25. Leo's follower stood first in the empty blue row: 0. Mia placed the last follower and deals round 5.",
        "R5 Leo takes B14(fd from round 4) B06 B07 B10 B11 B18 R24(fd, kept) B12 B19 B20 JB1 B23: persons 6 x (3+1+1+2+2+2=11) = 66; blue animals 1 -> 1; red animals 1 -> 1; B18 B19 B20 JB1 to chest. = 68.",
        "R5 Mia takes Y24(fd) Y08 Y11 Y15 Y25 FA: persons 3 x 6 = 18; yellow animals Y22 Y23 Y24 Y25 = 4 -> 10; fairy 10. = 38. Mia placed the last follower and deals again.",
        "R6 Leo takes JB2(fd, chest) R06 R07 R12 R25 R26: persons 3 x 4 = 12; red animals R24 R25 R26 = 3 -> 6. = 18.",
        "R6 Mia takes G26(fd) G08 G10 G14 G27 G20: persons 3 x 6 = 18; green animals 4 -> 10; G20 to chest. = 28.",
        "R7 Leo takes B24(fd, scored 10) Y12 Y13 Y16 Y26 Y27: persons 3 x 7 = 21; yellow animals 2 -> 3; 10. = 34.",
        "R7 Mia takes R13(fd, 10) B08 B13 B15 B25 JA3: persons 3 x 6 = 18; blue animals JA1 B22 JA2 B25 JA3 = 5 -> 15; 10. = 43.",
        "R8 Leo takes G11(fd) G12 G13 G15 G16 G21: persons 5 x 12 = 60; G21 to chest. = 60.",
        "R8 Mia takes Y20(fd, kept in chest) R08 R14 R19 R20 R27: persons 2 x 4 = 8; red animals R22 R23 R27 = 3 -> 6; R19 R20 Y20 to chest. = 14.",
        "R9 Leo takes B16(fd) B21 B26 B27 JB3 JA4: persons 1 x 3 = 3; blue animals B23 B26 B27 JA4 = 4 -> 10; B21 JB3 to chest. = 13.",
        "R9 Mia takes R15(fd, 10) Y21 Y28 Y29 Y30 JB4: yellow animals 7 -> 28; Y21 JB4 to chest. = 38.",
        "R10 Leo takes G23(fd, scored 10) R16 R21 R28 R29 R30: persons 1 x 3 = 3; red animals 6 -> 21; R21 to chest. = 34.",
        "R10 Mia takes B28(fd, kept: blue collection 6 -> 21) G28 G29 G30: green animals 7 -> 28. = 49. B29 B30 stay unclaimed and are discarded.",
        "Final Leo chest: yellow Y17 Y18 Y19 (3), red R17 R18 R21 (3), green G17 G18 G19 G21 (4), blue B18 B19 B20 B21 (4), 3 building jokers: all 3 on a group of 4 -> 7 = 28 (+18, best); 6 + 6 + 28 + 10 = 50.",
        "Final Mia chest: green G20 (1), red R19 R20 (2), yellow Y20 Y21 (2), JB4: joker on a group of 2 -> 3 = 6; 6 + 3 + 1 = 10.",
        "Mia 57+48+25+25+38+28+43+14+38+49+10 = 375. Leo 40+25+20+0+68+18+34+60+13+34+50 = 362. Mia wins.",
        "Illegal attempts: Leo out of turn; Mia's first card face up; a back slipped between Y01 and Y02 (camera); Y03 into the red row; Leo's second face-down card; Leo replaying Y03; Mia's follower moved (camera) and put back; choosing before turning up; Mia turning up Leo's card; a card already seen; a choice for a matching card; Leo's follower twice; a move after the end.",
    ],
}

# -- three players: An (0), Bo (1), Cy (2) --------------------------------------------------
THREE = {
    "file": "three-players-full.json",
    "players": 3,
    "names": ["An", "Bo", "Cy"],
    "dealer": 2,
    "setup": ["Y01", "R01", "FA Y", "G01", "B01", "Y02", "R02", "G02", "DR G", "B02"],
    "rounds": [
        {
            0: ["fd Y Y09", "Y03", "Y10", "Y22", "Y17", "F Y"],
            1: ["fd R B17 keep", "R03", "R14", "R22", "R23", "F R"],
            2: ["fd G Y14", "G03", "G09", "G17", "JB1 G", "F G"],
        },
        {
            0: ["fd B B09", "B03", "B04", "B22", "JA1 B", "F B"],
            1: ["fd Y G22 score", "Y04", "Y05", "Y11", "Y23", "F Y"],
            2: ["fd R R24", "R04", "R05", "R10", "F R", "R15"],
        },
        {
            0: ["fd G G10", "G04", "G05", "G23", "G24", "F G"],
            1: ["fd B Y18 score", "B05", "B10", "B18", "B23", "F B"],
            2: ["fd R R16", "R06", "R11", "R25", "R17", "F R"],
        },
        {
            0: ["fd B G25 keep", "B24", "B25", "JA2 B", "B11", "F B"],
            1: ["fd G R18 keep", "G06", "G07", "G11", "G18", "F G"],
            2: ["fd Y Y19", "Y06", "Y12", "Y15", "Y24", "F Y"],
        },
        {
            0: ["fd R JA3", "R07", "R12", "R13", "R26", "F R"],
            1: ["fd Y Y07", "Y08", "Y16", "Y25", "Y20", "F Y"],
            2: ["fd B B12", "B06", "B13", "B14", "B19", "F B"],
        },
        # R6: every row is empty, so each follower takes a row of its own and claims nothing.
        {
            0: ["F Y", "fd R", "R09", "R19", "G12", "JB2 Y"],
            1: ["F R", "fd G", "G13", "G14", "Y27", "R27"],
            2: ["F B", "fd Y", "Y13", "Y26", "R08", "G08"],
        },
        # R7: only the blue row is empty; followers never share a place, so each stands right
        # of a face-down card: An takes Cy's, Cy takes Bo's, Bo takes An's.
        {
            0: ["F B", "fd B B08", "Y29", "Y30", "R20", "R21"],
            1: ["fd B JB4", "F B", "R28", "R29", "G20", "G26"],
            2: ["fd B JB3", "F B", "G15", "G16", "G19", "Y28"],
        },
        {
            0: ["fd Y", "Y21", "G27", "B20", "F B", "B29"],
            1: ["fd R", "R30", "G28", "B21", "B27", "F B"],
            2: ["fd B B15", "B07", "B16", "F B", "B26", "B28"],
        },
    ],
    "expected": {"scores": {"p0": 163, "p1": 114, "p2": 173}, "winners": ["p2"]},
    "notes": [
        "Tables used (placeholders): n -> n(n+1)/2 for animals and buildings.",
        "Set-up: yellow Y01 FA Y02; red R01 R02; green G01 G02 DR; blue B01 B02. Cy deals; An starts.",
        "R1 An: Y01 FA Y02 Y09 Y03 Y10 Y22 Y17 -> persons 5 x (1+1+2+1+2=7) = 35, fairy 10, yellow animal 1 -> 1, Y17 chest = 46.",
        "R1 Bo: R01 R02 B17(fd, kept) R03 R14 R22 R23 -> persons 4 x 6 = 24, red animals 2 -> 3 = 27.",
        "R1 Cy: G01 G02 DR Y14(fd, non-matching person) G03 G09 G17 JB1 -> persons 4 x 5 = 20, dragon 10, 10 = 40. The blue row B01 B02 stays.",
        "R2 An: B01 B02 B09 B03 B04 B22 JA1 -> persons 5 x 6 = 30, blue animals 2 -> 3 = 33.",
        "R2 Bo: G22(fd, scored) Y04 Y05 Y11 Y23 -> persons 3 x 4 = 12, yellow animal 1 -> 1, 10 = 23.",
        "R2 Cy: R24(fd) R04 R05 R10 -> persons 3 x 4 = 12, red animal 1 -> 1 = 13. R15 lies right of Cy's follower and stays. Bo placed the last follower: Bo deals round 3, Cy starts.",
        "R3 Cy: R15 R16(fd) R06 R11 R25 R17 -> persons 4 x (3+3+1+2=9) = 36, red animals R24 R25 -> 3 = 39.",
        "R3 An: G10(fd) G04 G05 G23 G24 -> persons 3 x 4 = 12, green animals 2 -> 3 = 15.",
        "R3 Bo: Y18(fd, scored) B05 B10 B18 B23 -> persons 2 x 3 = 6, blue animal 1 -> 1, 10 = 17.",
        "R4 Cy: Y19(fd, chest) Y06 Y12 Y15 Y24 -> persons 3 x 6 = 18, yellow animal 1 -> 1 = 19.",
        "R4 An: G25(fd, kept) B24 B25 JA2 B11 -> persons 1 x 2 = 2, blue B22 JA1 B24 B25 JA2 = 5 -> 15, green G23 G24 G25 = 3 -> 6 = 23.",
        "R4 Bo: R18(fd, kept) G06 G07 G11 G18 -> persons 3 x 4 = 12 = 12.",
        "R5 Cy: B12(fd) B06 B13 B14 B19 -> persons 4 x 8 = 32 = 32.",
        "R5 An: JA3(fd animal joker, red row) R07 R12 R13 R26 -> persons 3 x 5 = 15, red JA3 R26 = 2 -> 3 = 18.",
        "R5 Bo: Y07(fd) Y08 Y16 Y25 Y20 -> persons 3 x 5 = 15, yellow Y23 Y25 = 2 -> 3 = 18.",
        "R6: all rows are empty; the followers take a row each (Cy blue, An yellow, Bo red) before any card: nobody takes anything (0). Cards pile up in the rows.",
        "R7: only the blue row is empty, and two followers never share a place: blue row fd(Cy) F-An fd(Bo) F-Cy fd(An) F-Bo. An takes JB3 (Cy's card, building joker, chest) 0; Cy takes JB4 (Bo's, chest) 0; Bo takes B08 (An's, blue person 1): 1 x 1 = 1. Bo placed the last follower, so the order stays Cy, An, Bo.",
        "R8 (blue row): Cy takes B15(fd) B07 B16 -> 3 x 7 = 21. An takes B20 B21 B26 -> chest 2, blue animals 6 -> 21. Bo takes B27 B28 B29 -> blue B23 + 3 = 4 -> 10. Everything else is discarded, face-down cards unseen.",
        "Final: An chest Y17 B20 B21 JB3 -> joker on blue: yellow 1 + blue 3 = 1 + 6 = 7. Bo chest B17 B18 G18 R18 Y20 -> 1+1+1+3 = 6. Cy chest G17 JB1 JB4 R17 Y19 B19 -> both jokers on one colour, a group of 3: 6+1+1+1 = 9.",
        "An 46+33+15+23+18+21+7 = 163. Bo 27+23+17+12+18+1+10+6 = 114. Cy 40+13+39+19+32+21+9 = 173. Cy wins.",
    ],
}

# -- four players: Ana (0), Ben (1), Chen (2), Dee (3) --------------------------------------
FOUR = {
    "file": "four-players-full.json",
    "players": 4,
    "names": ["Ana", "Ben", "Chen", "Dee"],
    "dealer": 0,
    "setup": ["Y01", "R01", "G01", "B01", "JB1 R", "Y02", "R02", "G02", "B02", "Y03"],
    "rounds": [
        {
            1: ["fd Y Y22", "Y04", "Y09", "Y23", "Y17", "F Y"],
            2: ["fd R G17 keep", "R03", "R14", "R17", "R18", "F R"],
            3: ["fd G B14", "G03", "G09", "G10", "DR G", "F G"],
            0: ["fd B JA1", "B03", "B04", "B09", "B17", "F B"],
        },
        {
            1: ["fd R R22", "R04", "R05", "R10", "R23", "F R"],
            2: ["fd G Y18 score", "G04", "G11", "G18", "G19", "F G"],
            3: ["fd B B10", "B05", "B15", "B22", "B23", "F B"],
            0: ["fd Y JA2", "Y05", "Y06", "Y14", "F Y", "Y15"],
        },
        {
            0: ["fd Y B19 keep", "JA3 Y", "Y12", "Y11", "Y25", "F Y"],
            1: ["fd B R15", "B06", "B11", "B18", "B24", "F B"],
            2: ["fd R R16", "R06", "R11", "R24", "R19", "F R"],
            3: ["fd G G22", "G05", "G06", "G23", "G20", "F G"],
        },
        # R4: every row is empty, so each follower takes a row of its own and claims nothing.
        {
            0: ["F B", "fd Y", "Y10", "Y07", "Y08", "Y13"],
            1: ["F Y", "fd R", "R07", "R08", "R09", "R12"],
            2: ["F R", "fd G", "G07", "G08", "G12", "G13"],
            3: ["F G", "fd Y", "Y16", "Y19", "Y20", "Y21"],
        },
        # R5, R6: followers never share a place, so they stand in the blue row with one
        # face-down card between each two: Chen takes Ben's, Ben takes Dee's, Dee takes Chen's.
        {
            0: ["F B", "fd R", "R13", "R20", "R21", "R25"],
            1: ["fd B JB3", "F B", "G14", "G15", "G16", "G21"],
            2: ["F B", "fd B B21", "Y24", "Y26", "Y27", "Y28"],
            3: ["fd B B20", "F B", "G24", "G25", "G26", "FA R"],
            # Ben first tries his follower right next to Ana's: they would share a place.
            "before": {1: [(mv("place_follower", 1, row="blue"), ["position_occupied"])]},
        },
        {
            0: ["F B", "fd Y", "Y29", "Y30", "JA4 Y", "JB2 G"],
            1: ["fd B JB4", "F B", "R26", "R27", "R28", "R29"],
            2: ["F B", "fd B R30 score", "G27", "G28", "G29", "G30"],
            3: ["fd B B16", "F B", "B07", "B08", "B12", "B13"],
        },
    ],
    "expected": {"scores": {"p0": 84, "p1": 72, "p2": 86, "p3": 95}, "winners": ["p3"]},
    "notes": [
        "Tables used (placeholders): n -> n(n+1)/2. Ana deals; Ben starts.",
        "Set-up: yellow Y01 Y02 Y03; red R01 JB1 R02; green G01 G02; blue B01 B02.",
        "R1 Ben: Y01 Y02 Y03 Y22(fd) Y04 Y09 Y23 Y17 -> persons 5 x 6 = 30, yellow animals 2 -> 3 = 33.",
        "R1 Chen: R01 JB1 R02 G17(fd, kept) R03 R14 R17 R18 -> persons 4 x 6 = 24 = 24; chest JB1 G17 R17 R18.",
        "R1 Dee: G01 G02 B14(fd, non-matching person) G03 G09 G10 DR -> persons 5 x 7 = 35, dragon 10, 10 = 55.",
        "R1 Ana: B01 B02 JA1(fd joker in blue) B03 B04 B09 B17 -> persons 5 x 6 = 30, animal joker with no animal card 3 = 33.",
        "R2 Ben: R22(fd) R04 R05 R10 R23 -> 3 x 4 = 12, red animals 2 -> 3 = 15.",
        "R2 Chen: Y18(fd, scored) G04 G11 G18 G19 -> 2 x 3 = 6, 10 = 16.",
        "R2 Dee: B10(fd) B05 B15 B22 B23 -> 3 x 6 = 18, blue animals 2 -> 3 = 21.",
        "R2 Ana: JA2(fd) Y05 Y06 Y14 -> 3 x 5 = 15; still no animal card, so each animal joker she holds (JA1 from round 1 and JA2) scores 3: 6 = 21. Y15 stays; Dee placed the last follower and deals round 3.",
        "R3 Ana: Y15 B19(fd, kept) JA3 Y12 Y11 Y25 -> persons 3 x (3+2+2=7) = 21, yellow JA2 JA3 Y25 = 3 -> 6 = 27.",
        "R3 Ben: R15(fd, 10) B06 B11 B18 B24 -> 2 x 3 = 6, blue animal 1 -> 1, 10 = 17.",
        "R3 Chen: R16(fd) R06 R11 R24 R19 -> 3 x 6 = 18, red animal 1 -> 1 = 19.",
        "R3 Dee: G22(fd) G05 G06 G23 G20 -> 2 x 2 = 4, green animals 2 -> 3 = 7.",
        "R4: all rows are empty; the four followers take a row each (Ana blue, Ben yellow, Chen red, Dee green) before any card: nobody takes anything, the cards stay.",
        "R5, R6: two followers never share a place, so in the empty blue row each follower stands right of a face-down card: blue row F-Ana fd(Ben) F-Chen fd(Dee) F-Ben fd(Chen) F-Dee. Chen takes Ben's card, Ben takes Dee's, Dee takes Chen's; Ana nothing. All other cards stay in their rows (discarded at the end).",
        "R5: Ben first tries to put his follower right next to Ana's at the end of the blue row: refused, two followers never share a place (position_occupied).",
        "R5: Chen JB3 (building joker, chest) 0. Ben B20 (blue building, chest) 0. Dee B21 (blue building, chest) 0.",
        "R6: Chen JB4 (chest) 0. Ben B16 (blue person 3): 1 x 3 = 3. Dee R30 (red animal face down in the blue row, not its colour) scored: 10.",
        "Final: Ana chest B17 B19 -> blue 2 = 3. Ben Y17 B18 B20 -> yellow 1 + blue 2 = 1 + 3 = 4. Chen JB1 JB3 JB4 G17 G18 G19 R17 R18 R19 -> all three jokers on green (6 = 21) + red 3 = 6 -> 27. Dee G20 B21 -> 1 + 1 = 2.",
        "Ana 33+21+27+3 = 84. Ben 33+15+17+3+4 = 72. Chen 24+16+19+27 = 86. Dee 55+21+7+10+2 = 95. Dee wins.",
    ],
}

# -- five players: Eva (0), Finn (1), Gao (2), Hana (3), Ivo (4) ----------------------------
FIVE = {
    "file": "five-players-full.json",
    "players": 5,
    "names": ["Eva", "Finn", "Gao", "Hana", "Ivo"],
    "dealer": 4,
    "setup": ["Y01", "R01", "G01", "B01", "Y02", "R02", "G02", "B02", "FA B", "JA1 G"],
    "rounds": [
        {
            0: ["fd R R09", "R03", "R14", "R22", "F R"],
            1: ["fd G Y17 score", "G03", "G09", "G22", "F G"],
            2: ["fd B B14", "B03", "B17", "DR B", "F B"],
            3: ["fd Y Y09", "Y03", "Y04", "F Y", "Y14"],
            4: ["fd Y G23 score", "Y22", "Y23", "Y05", "F Y"],
        },
        {
            0: ["fd B B09", "B04", "B05", "B22", "F B"],
            1: ["fd R R23", "R04", "R10", "R17", "F R"],
            2: ["fd Y B18 keep", "Y06", "Y10", "Y18", "F Y"],
            3: ["fd G G10", "G04", "G14", "G24", "F G"],
            4: ["F R", "fd R R15", "R05", "R11", "R24"],
        },
        {
            4: ["fd R R16", "R06", "R12", "R25", "F R"],
            0: ["fd Y Y11", "Y07", "Y15", "Y25", "F Y"],
            1: ["fd G JA2", "G05", "G11", "G25", "F G"],
            2: ["fd B Y19 keep", "B06", "B10", "B19", "F B"],
            # Every row's end holds a follower and Hana has only hers left: it stays home.
            3: ["fd B B12", "B07", "B11", "B20"],
        },
        # R4 (Gao placed the last follower, so Hana starts): every row is empty, four followers
        # take a row each; Gao's stands right of his own face-down card in the blue row.
        {
            3: ["F B", "fd R", "R18", "R19", "R20"],
            4: ["F Y", "fd Y", "Y08", "Y12", "Y13"],
            0: ["F R", "fd R", "R07", "R08", "R13"],
            1: ["F G", "fd G", "G06", "G07", "G08"],
            2: ["fd B B21", "F B", "Y16", "Y20", "Y21"],
        },
        # R5, R6: only the blue row is empty; followers never share a place, so each stands
        # right of a face-down card: Ivo takes Hana's, Finn Eva's, Hana Gao's, Eva Ivo's,
        # Gao Finn's.
        {
            3: ["fd B JB2", "F B", "Y28", "Y29", "Y30"],
            4: ["F B", "fd B G30 score", "G12", "G13", "G15"],
            0: ["fd B B16", "F B", "Y24", "Y26", "Y27"],
            1: ["F B", "fd B JB4", "R21", "R26", "R27"],
            2: ["fd B JB3", "F B", "G16", "G17", "G18"],
        },
        {
            3: ["fd B B23", "F B", "JA3 Y", "JB1 R", "G29"],
            4: ["F B", "fd B B26", "R28", "R29", "R30"],
            0: ["fd B B24", "F B", "G19", "G20", "G21"],
            1: ["F B", "fd B B27", "G26", "G27", "G28"],
            2: ["fd B B25", "F B", "B08", "B13", "B15"],
        },
    ],
    "expected": {"scores": {"p0": 86, "p1": 99, "p2": 115, "p3": 64, "p4": 35}, "winners": ["p2"]},
    "notes": [
        "Tables used (placeholders): n -> n(n+1)/2. Ivo deals; Eva starts.",
        "Set-up: yellow Y01 Y02; red R01 R02; green G01 G02 JA1; blue B01 B02 FA.",
        "R1 Eva: R01 R02 R09(fd) R03 R14 R22 -> 5 x (1+1+2+1+3=8) = 40, red animal 1 -> 1 = 41.",
        "R1 Finn: G01 G02 JA1 Y17(fd, scored) G03 G09 G22 -> 4 x 5 = 20, green JA1 G22 = 2 -> 3, 10 = 33.",
        "R1 Gao: B01 B02 FA B14(fd) B03 B17 DR -> 4 x 6 = 24, fairy 10, dragon 10 = 44; B17 chest.",
        "R1 yellow row: Y01 Y02 fd(Hana) fd(Ivo) Y03 Y22 Y04 Y23 F-Hana Y05 Y14 F-Ivo. Hana takes Y01 Y02 Y09 G23(Ivo's fd, scored 10) Y03 Y22 Y04 Y23 -> 5 x 6 = 30, yellow animals 2 -> 3, 10 = 43. Ivo takes Y05 Y14 -> 2 x 4 = 8.",
        "R2 Eva: B09(fd) B04 B05 B22 -> 3 x 4 = 12, blue animal 1 -> 1 = 13.",
        "R2 red row: fd(Finn) F-Ivo R04 fd(Ivo) R10 R05 R17 R11 F-Finn R24. Ivo takes R23 (Finn's fd) -> red animal 1 -> 1. Finn takes R04 R15(Ivo's fd) R10 R05 R17 R11 -> 5 x (1+3+2+1+2=9) = 45, R17 chest. R24 stays.",
        "R2 Gao: B18(fd, kept) Y06 Y10 Y18 -> 2 x 3 = 6.  Hana: G10(fd) G04 G14 G24 -> 3 x 6 = 18, green animal 1 -> 1 = 19. Hana placed the last follower: she deals round 3, Ivo starts.",
        "R3 Ivo: R24 R16(fd) R06 R12 R25 -> 3 x 6 = 18, red R23 R24 R25 = 3 -> 6 = 24.",
        "R3 Eva: Y11(fd) Y07 Y15 Y25 -> 3 x 6 = 18, yellow animal 1 -> 1 = 19.",
        "R3 Finn: JA2(fd, joker in green) G05 G11 G25 -> 2 x 3 = 6, green JA1 G22 JA2 G25 = 4 -> 10 = 16.",
        "R3 blue row: fd(Gao) fd(Hana) B06 B07 B10 B11 B19 B20 F-Gao. Gao takes Y19(fd, kept) B12(Hana's fd) B06 B07 B10 B11 B19 B20 -> 5 x (2+1+1+2+2=8) = 40. Every row's end now holds a follower and Hana has only hers left: two followers never share a place, so it stays home (the companion's ruling) and the round ends. Hana 0. Gao placed the last follower: he deals round 4, Hana starts.",
        "R4: every row is empty. Hana, Ivo, Eva and Finn put their followers first at the start of the blue, yellow, red and green rows: nothing taken. Gao's stands right of his face-down card in the blue row: he takes B21 (blue building, chest) 0. The other cards stay (discarded at the end).",
        "R5, R6: only the blue row is empty: fd(Hana) F-Ivo fd(Eva) F-Finn fd(Gao) F-Hana fd(Ivo) F-Eva fd(Finn) F-Gao; each follower takes the one face-down card on its left.",
        "R5: Ivo JB2 (chest) 0. Finn B16 (blue person 3): 1 x 3 = 3. Hana JB3 (chest) 0. Eva G30 (green animal face down in the blue row) scored: 10. Gao JB4 (chest) 0.",
        "R6: Ivo B23, Finn B24, Hana B25, Gao B27: a first blue animal each, 1. Eva B26 with her B22: blue animals 2 -> 3.",
        "Final: Gao chest B17 B18 B19 B20 B21 JB4 Y18 Y19 -> joker on blue: blue 6 = 21, yellow 2 = 3 -> 24. Finn R17 -> 1. Hana JB3 -> 1. Ivo JB2 -> 1. Eva none.",
        "Eva 41+13+19+10+3 = 86. Finn 33+45+16+3+1+1 = 99. Gao 44+6+40+1+24 = 115. Hana 43+19+0+1+1 = 64. Ivo 8+1+24+1+1 = 35. Gao wins.",
    ],
}

if __name__ == "__main__":
    for plan in (TWO, THREE, FOUR, FIVE):
        print(f"wrote {Writer(plan).write()}")
