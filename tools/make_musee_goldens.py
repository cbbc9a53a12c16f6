"""Writes the Musée golden transcripts in tests/golden/musee/.

The museums below were designed on paper and their scores worked out by hand (see each
transcript's "notes"); the expected figures are typed in, never computed by the engine.
Run again only to change a transcript, then re-check the arithmetic by hand.
"""

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests/golden/musee"


def place(seat, number, museum, gallery, space):
    return {
        "type": "move",
        "move": {
            "kind": "place",
            "player": seat,
            "card": f"MU{number:02d}",
            "museum": museum,
            "gallery": gallery,
            "space": space,
        },
    }


def cannot_play(seat):
    return {"type": "move", "move": {"kind": "cannot_play", "player": seat}}


def fill_order(grid, rows):
    """(gallery, space, number) in the order a museum is filled: given rows, left to right."""
    return [(g, s, grid[g][s]) for g in rows for s in range(len(grid[g])) if grid[g][s]]


def write(name, game_setup, log, expected):
    record = {
        "format": "table-companion-record",
        "version": 1,
        "game": "musee",
        "setup": game_setup,
        "log": log,
        "expected": expected,
    }
    (OUT / name).write_text(
        json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


# -- 2 players: both museums filled --------------------------------------------------------
ALICE = [[1, 4, 9, 14, 31, 36], [2, 5, 19, 24, 33, 41], [3, 10, 20, 29, 34, 46]]
BOB = [[7, 12, 17, 22, 27, 32], [8, 13, 18, 23, 28, 38], [11, 15, 25, 30, 35, 45]]
alice, bob = fill_order(ALICE, [0, 1, 2]), fill_order(BOB, [2, 0, 1])
log = []
for a, b in zip(alice, bob):
    log.append(place(0, a[2], 0, a[0], a[1]))
    log.append(place(1, b[2], 1, b[0], b[1]))
write(
    "two-players-full.json",
    {"players": 2, "names": ["Alice", "Bob"]},
    log,
    {
        "scores": {"p0": 44, "p1": 50},
        "winners": ["p1"],
        "rejections": [],
        "notes": [
            "Themes: n%5 1 landscape, 2 seascape, 3 animals, 4 people, 0 buildings. Staircases T1 "
            "columns 2,4,6 (upper-middle), T2 columns 1,3,5 (middle-lower).",
            "Alice: 18 paintings. Pairs: upper 4-9, 9-14 (people), 31-36 (landscape) = 3; middle "
            "19-24 (people) = 1; lower 10-20 (buildings), 29-34 (people) = 2; 6 pairs x2 = 12. "
            "Staircases: T1 col4 14/24 people, T1 col6 36/41 landscape = 2 x3 = 6. Bonuses: upper "
            "(her 6th move, before Bob's upper at his 12th) and middle (her 12th, Bob's 18th) = 8. "
            "Total 18+12+6+8 = 44.",
            "Bob fills lower, upper, middle. 18 paintings. Pairs: upper all seascape 5, middle all "
            "animals 5, lower 15-25-30-35-45 buildings 4 = 14 pairs x2 = 28. Staircases: none "
            "match. Bonus: lower (his 6th move; Alice's lower is her 18th) = 4. Total 18+28+4 = 50.",
            "Bob wins 50 to 44.",
        ],
    },
)

# -- 3 players: two full museums, one player declares "I cannot play" ----------------------
ANN = [[5, 10, 15, 20, 25], [6, 11, 16, 21, 26], [7, 12, 17, 22, 27]]
BEN = [[1, 3, 8, 13, 40], [2, 4, 9, 14, 44], [18, 23, 33, 48, 53]]
ann, ben = fill_order(ANN, [0, 1, 2]), fill_order(BEN, [2, 0, 1])
cid = [(0, 0, 29), (0, 1, 34), (0, 2, 39), (1, 0, 24), (2, 0, 19)]
log = []
for round_number in range(15):
    a, b = ann[round_number], ben[round_number]
    log.append(place(0, a[2], 0, a[0], a[1]))
    log.append(place(1, b[2], 1, b[0], b[1]))
    if round_number < len(cid):
        c = cid[round_number]
        log.append(place(2, c[2], 2, c[0], c[1]))
    elif round_number == len(cid):
        log.append(cannot_play(2))
write(
    "three-players-declared.json",
    {"players": 3, "names": ["Ann", "Ben", "Cid"]},
    log,
    {
        "scores": {"p0": 47, "p1": 37, "p2": 12},
        "winners": ["p0"],
        "rejections": [],
        "notes": [
            "3 players: cards 1-60, galleries of 5, staircases T1 columns 2,4 and T2 columns 1,3,5.",
            "Ann: 15 paintings; every gallery one theme (buildings, landscape, seascape): 4 pairs "
            "each = 12 pairs x2 = 24; staircases none; bonuses upper (round 5) and middle (round "
            "10) = 8. Total 15+24+8 = 47.",
            "Ben fills lower, upper, middle: 15 paintings; pairs upper 3-8, 8-13 = 2, middle 4-9, "
            "9-14, 14-44 = 3, lower all animals 4 = 9 pairs x2 = 18; staircases none; bonus lower "
            "(round 5, before Ann's round 15) = 4. Total 15+18+4 = 37.",
            "Cid places 29, 34, 39 (upper), 24 (middle), 19 (lower), then says he cannot play: "
            "5 paintings; pairs 29-34, 34-39 people = 4; staircase T2 column 1 links 24 and 19, "
            "both people = 3. Total 5+4+3 = 12.",
            "The game ends when Ben's museum fills: Ann and Ben are full, Cid has stopped.",
        ],
    },
)

# -- 4 players in teams: a tie on points broken by paintings placed ------------------------
TEAM0 = ALICE
TEAM1 = [[7, 12, 17, 22, 27, 32], [8, 13, 18, 23, 28, 38], [11, 15, 25, 30, None, None]]
team0, team1 = fill_order(TEAM0, [0, 2, 1]), fill_order(TEAM1, [1, 0, 2])
log = []
i0 = i1 = 0
for round_number in range(1, 9):
    # Seats 0 (Ann) and 2 (Cat) play for team 0, seats 1 (Ben) and 3 (Dan) for team 1.
    for seat in range(4):
        museum = seat % 2
        if museum == 0:
            g, s, n = team0[i0]
            i0 += 1
            acting = (
                2 if (round_number == 8 and seat == 0) else seat
            )  # deck at 2: Cat plays for Ann
            log.append(place(acting, n, 0, g, s))
        else:
            g, s, n = team1[i1]
            i1 += 1
            log.append(place(seat, n, 1, g, s))
g, s, n = team0[i0]
i0 += 1
log.append(place(0, n, 0, g, s))
log.append(cannot_play(1))
g, s, n = team0[i0]
i0 += 1
log.append(place(2, n, 0, g, s))
log.append(cannot_play(3))
assert i0 == 18 and i1 == 16
write(
    "four-players-teams-tiebreak.json",
    {"players": 4, "names": ["Ann", "Ben", "Cat", "Dan"]},
    log,
    {
        "scores": {"team0": 44, "team1": 44},
        "winners": ["team0"],
        "rejections": [],
        "notes": [
            "Teams: Ann+Cat (museum 0), Ben+Dan (museum 1). Deck 50-20 = 30; after 28 placements "
            "it is down to 2, so in round 8 Cat plays Ann's turn.",
            "Team 0 = Alice's museum of the 2-player transcript, filled upper, lower, middle: 18 "
            "paintings + 12 (pairs) + 6 (staircases) + 8 (bonuses upper and lower) = 44.",
            "Team 1 fills middle, upper, then 11, 15, 25, 30 in the lower gallery: 16 paintings; "
            "pairs upper 5, middle 5, lower 15-25, 25-30 = 12 pairs x2 = 24; staircases none; "
            "bonus middle (its 6th placement, round 3; team 0 fills middle last) = 4. Total 44.",
            "Tie on 44 points: team 0 placed 18 paintings, team 1 16, so team 0 wins.",
        ],
    },
)

# -- 4 players in teams: a teammate stands in only for the last two cards -----------------
team0, team1 = fill_order(TEAM0, [0, 2, 1]), fill_order(TEAM1, [1, 0, 2])
log = []
rejections = []


def team_place(acting, museum, refused=False):
    order = team0 if museum == 0 else team1
    g, s, n = order[0] if refused else order.pop(0)
    log.append(place(acting, n, museum, g, s))
    if refused:
        rejections.append({"entry": len(log), "codes": ["out_of_turn"]})


for _round in range(1, 7):
    for seat in range(4):
        team_place(seat, seat % 2)
# Round 7 starts with 6 cards in the deck.
team_place(0, 0)
team_place(1, 1)
team_place(2, 0)
team_place(1, 1, refused=True)  # deck at 3: too early for Ben to play Dan's turn
team_place(3, 1)
# Round 8: the deck is down to its last 2 cards, one per team.
team_place(2, 0)  # deck 2: Cat plays Ann's turn (and draws)
team_place(3, 1)  # deck 1: Dan plays Ben's turn (and draws the last card)
team_place(0, 0, refused=True)  # deck 0: the deck has run out, Ann may not stand in for Cat
team_place(2, 0)
team_place(3, 1)
team_place(0, 0)
log.append(cannot_play(1))
team_place(2, 0)
log.append(cannot_play(3))
assert not team0 and len(team1) == 0
write(
    "four-players-teammate-last-two-cards.json",
    {"players": 4, "names": ["Ann", "Ben", "Cat", "Dan"]},
    log,
    {
        "scores": {"team0": 44, "team1": 44},
        "winners": ["team0"],
        "rejections": rejections,
        "notes": [
            "The museums of four-players-teams-tiebreak.json. Deck 50-20 = 30; one card drawn per "
            "placement.",
            "Round 7: after Ann, Ben and Cat the deck holds 3: Ben may not play Dan's turn yet "
            "(entry 28, out_of_turn). Dan plays: deck 2.",
            "Round 8: deck 2, Cat plays Ann's turn and draws; deck 1, Dan plays Ben's turn and "
            "draws the last card (one per team). Deck 0: Ann may not stand in for Cat (entry 32, "
            "out_of_turn); Cat and Dan play their own turns without drawing.",
            "Same museums and scores as four-players-teams-tiebreak.json: 44 each, team 0 wins on "
            "18 paintings to 16.",
        ],
    },
)


# -- 2 players with illegal attempts, camera events included -------------------------------
def added(track, number, museum, gallery, space):
    return {
        "type": "event",
        "event": {
            "type": "card_added",
            "track_id": track,
            "payload": f"MU{number:02d}",
            "where": {"region": f"museum{museum}", "slot": [gallery, space]},
        },
    }


log = [
    added("t1", 10, 0, 0, 2),  # 1 Mia (camera) places 10: ok
    place(0, 11, 0, 0, 3),  # 2 Mia again: it is Leo's turn
    place(1, 20, 0, 0, 0),  # 3 Leo into Mia's museum
    place(1, 20, 1, 1, 1),  # 4 Leo: ok
    place(0, 5, 0, 0, 4),  # 5 5 right of 10
    place(0, 10, 0, 1, 0),  # 6 10 is already hanging
    place(0, 12, 0, 0, 2),  # 7 space holds 10
    place(0, 55, 0, 0, 5),  # 8 55 is not used with 2 players
    place(0, 12, 0, 0, 3),  # 9 ok
    {"type": "event", "event": {"type": "card_removed", "track_id": "t1", "payload": "MU10"}},  # 10
    added("t2", 10, 0, 0, 2),  # 11 put back: fine
    cannot_play(1),  # 12 Leo stops
    place(1, 25, 1, 0, 0),  # 13 Leo has stopped
    place(0, 15, 0, 0, 4),  # 14 ok
    cannot_play(0),  # 15 Mia stops: game over
    place(0, 30, 0, 0, 5),  # 16 too late
]
write(
    "two-players-illegal-attempts.json",
    {"players": 2, "names": ["Mia", "Leo"]},
    log,
    {
        "scores": {"p0": 3, "p1": 1},
        "winners": ["p0"],
        "rejections": [
            {"entry": 2, "codes": ["out_of_turn"]},
            {"entry": 3, "codes": ["wrong_museum"]},
            {"entry": 5, "codes": ["numbers_must_rise"]},
            {"entry": 6, "codes": ["card_already_placed"]},
            {"entry": 7, "codes": ["space_occupied"]},
            {"entry": 8, "codes": ["card_not_in_game"]},
            {"entry": 10, "codes": ["painting_moved"]},
            {"entry": 13, "codes": ["player_stopped"]},
            {"entry": 16, "codes": ["game_over"]},
        ],
        "notes": [
            "Mia: 10, 12, 15 in the upper gallery (buildings, seascape, buildings: no pairs) = 3.",
            "Leo: 20 in the middle gallery = 1. Mia wins 3 to 1.",
        ],
    },
)
print("wrote", sorted(p.name for p in OUT.iterdir()))
