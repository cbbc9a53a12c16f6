"""Writes the Mythe golden transcripts under tests/golden/mythe/.

Every move and every expected result below was worked out by hand from the placeholder
path (Village 0; spaces 1-6 cost 1, 7-12 cost 2, 13-18 cost 3; the dragon 19 costs 3) and
the placeholder deck; the comments show the arithmetic. The engine is never asked: the
golden test replays these files and compares.
"""

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests/golden/mythe"


class Transcript:
    def __init__(self, players, names, options=None):
        self.setup = {"players": players, "names": names}
        if options:
            self.setup["options"] = options
        self.log = []
        self.rejections = []
        self._track = 0

    # manual moves -------------------------------------------------------------------------
    def move(self, kind, player, **params):
        self.log.append({"type": "move", "move": {"kind": kind, "player": player, **params}})
        return self

    def draw(self, player, card, source):
        return self.move("draw", player, card=card, **{"from": source})

    def rejected(self, *codes):
        """The entry just logged must be refused with these codes (entry 0 is the set-up)."""
        self.rejections.append({"entry": len(self.log), "codes": list(codes)})
        return self

    # camera events ------------------------------------------------------------------------
    def _event(self, event):
        self.log.append({"type": "event", "event": event})
        return self

    def card_seen(self, payload, region, kind="card", slot=None):
        self._track += 1
        track = f"t{self._track}"
        self._event(
            {
                "type": "card_added",
                "track_id": track,
                "payload": payload,
                "kind": kind,
                "where": {"region": region, "slot": slot},
            }
        )
        return track

    def hero_moved(self, track, payload, to, frm):
        return self._event(
            {
                "type": "card_moved",
                "track_id": track,
                "payload": payload,
                "kind": "token",
                "where": {"region": "path", "slot": [to]},
                "previous": {"region": "path", "slot": [frm]},
            }
        )

    def card_gone(self, track, payload):
        return self._event({"type": "card_removed", "track_id": track, "payload": payload})

    def write(self, name, scores, winners, positions, hands, dummy=None):
        """`positions` and `hands` (and the dummy deck) are checked by tests/games/test_mythe.py."""
        expected = {
            "scores": scores,
            "winners": winners,
            "rejections": self.rejections,
            "positions": positions,
            "hands": hands,
        }
        if dummy is not None:
            expected["dummy"] = dummy
        data = {
            "format": "table-companion-record",
            "version": 1,
            "game": "mythe",
            "setup": self.setup,
            "log": self.log,
            "expected": expected,
        }
        (OUT / name).write_text(
            json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


def two_players():
    """Mia (red) and Leo (blue) with the dummy deck. Deal: Mia 5, Leo 4, dummy 4."""
    t = Transcript(2, ["Mia", "Leo"])
    # T1 Mia: sword 4 + 3 + 2 = 9. Spaces 1-6 cost 6 (3 left), 7 costs 2 (1 left), 8 costs 2:
    # stop on 7, 1 point lost. Hands: Leo 4-2 = 2, dummy 3; Mia 5+3 = 8, gives Leo 2.
    t.draw(0, "MYSWORD", 1).draw(0, "MYN3A", "dummy").draw(0, "MYN2A", 1).move("stop", 0)
    t.move("move", 0, to=8).rejected("wrong_space")
    t.move("move", 0, to=7).move("share", 0, give={"1": 2})  # (6, 4), dummy 3
    # T2 Leo: 1 then an obstacle: no move. Leo 4+2 = 6, gives the dummy 1.
    t.draw(1, "MYN1A", 0).draw(1, "MYOBSA", "dummy")  # Mia 5, dummy 2
    t.move("move", 1, to=1).rejected("no_move_after_obstacle")
    t.move("share", 1, give={"dummy": 1})  # (5, 5), dummy 3
    # T3 Mia from 7: 4+4+3+2 = 13: 8,9,10,11,12 (10, 3 left), 13 (3): stop on 13.
    t.draw(0, "MYSHIELD", 1).draw(0, "MYFAIRY", "dummy").draw(0, "MYN3B", 1)
    t.draw(0, "MYN2B", 1).move("move", 0, to=13)  # Leo 2, dummy 2
    t.move("share", 0, give={"1": 1, "dummy": 1})  # Mia 9-2 = 7: (7, 3), 3
    # T4 Leo from 0: 3+2+1 = 6: spaces 1-6. Keeps all: Leo 3+3 = 6.
    t.draw(1, "MYN3A", 0).draw(1, "MYN2C", 0).draw(1, "MYN1B", "dummy")  # Mia 5, dummy 2
    t.move("move", 1, to=6).move("share", 1)  # (5, 6), dummy 2
    # T5 Mia from 13, no legendary shown: 4+4+4+3+3+2 = 20: 14-18 cost 15, then the dragon:
    # blocked. Stop on 18, 5 points lost. Trying the dragon is refused.
    t.draw(0, "MYSWORD", 1).draw(0, "MYSHIELD", 1).draw(0, "MYFAIRY", "dummy")
    t.draw(0, "MYN3A", 1).draw(0, "MYN3B", 1).draw(0, "MYN2A", "dummy")  # Leo 2, dummy 0
    t.move("move", 0, to=19).rejected("dragon_needs_legendary")
    t.move("move", 0, to=18)
    t.move("share", 0, give={"1": 1, "dummy": 2})  # Mia 11-3 = 8: (8, 3), 2
    # T6 Leo from 6: 1+1 = 2: space 7 costs 2. Leo 3+2 = 5, gives Mia 1.
    t.draw(1, "MYN1A", 0).draw(1, "MYN1C", 0).move("stop", 1).move("move", 1, to=7)
    t.move("share", 1, give={"0": 1})  # (7, 4), dummy 2
    # T7 Mia shows the sword (its 4 does not count), draws 3: the dragon costs 3. She wins.
    t.move("reveal", 0, card="MYSWORD").draw(0, "MYN3A", 1).move("move", 0, to=19)
    t.write(
        "two-players-dummy-obstacle-dragon.json",
        {"p0": 20, "p1": 7},
        ["p0"],
        positions=[19, 7],
        hands=[7, 3],
        dummy=2,
    )


def three_players_camera():
    """Ann (red), Bo (blue), Cy (green) played through the camera: draws without a source,
    heroes moved on the path, hand counts confirmed on the dashboard after each share."""
    t = Transcript(3, ["Ann", "Bo", "Cy"])
    heroes = {p: t.card_seen(p, "path", "token", [0]) for p in ("MYHRED", "MYHBLUE", "MYHGREEN")}
    pos = {"MYHRED": 0, "MYHBLUE": 0, "MYHGREEN": 0}

    def turn(cards, hero=None, to=None, wrong=None, hands=None):
        seen = [(t.card_seen(c, "adventure"), c) for c in cards]
        if wrong is not None:
            t.hero_moved(heroes[hero], hero, wrong[0], pos[hero]).rejected(wrong[1])
            t.hero_moved(heroes[hero], hero, pos[hero], wrong[0])  # put back: nothing happens
        if to is not None:
            t.hero_moved(heroes[hero], hero, to, pos[hero])
            pos[hero] = to
        for track, card in seen:
            t.card_gone(track, card)
        if hands is not None:
            t.move("share", seat_of[hero], hands=hands)

    seat_of = {"MYHRED": 0, "MYHBLUE": 1, "MYHGREEN": 2}
    # Deal (5, 4, 4). T1 Ann: 3+2 = 5 -> space 5. Ann 5+2 = 7, gives 2 back: (5, 4, 4).
    turn(["MYN3A", "MYN2A"], "MYHRED", 5, hands=[5, 4, 4])
    # T2 Bo: 1 then an obstacle. He moves his hero anyway (refused), then puts it back.
    # Bo 4+2 = 6, gives 1: (4, 5, 4).
    turn(["MYN1A", "MYOBSA"], "MYHBLUE", None, wrong=(1, "no_move_after_obstacle"), hands=[4, 5, 4])
    # T3 Cy: 4+3+2 = 9 from 0: 1-4 (4), Ann's 5 free, 6 (1), 7 (2), 8 (2) = 9 -> space 8.
    turn(["MYSWORD", "MYN3B", "MYN2B"], "MYHGREEN", 8, hands=[4, 4, 5])
    # T4 Ann: 4+4+3 = 11 from 5: 6 (1), 7 (2), Cy's 8 free, 9-12 (8) = 11 -> space 12.
    turn(["MYSHIELD", "MYFAIRY", "MYN3A"], "MYHRED", 12, hands=[3, 5, 5])
    # T5 Bo: 3+2+1+4 = 10 from 0: 1-6 (6), 7 (2), Cy's 8 free, 9 (2) = 10 -> space 9.
    # He first puts his hero on 10: refused, the hero must stop on 9.
    t.card_seen("MYN3B", "adventure")
    t.card_seen("MYN2C", "adventure")
    t.card_seen("MYN1B", "adventure")
    t.card_seen("MYSWORD", "adventure")
    t.hero_moved(heroes["MYHBLUE"], "MYHBLUE", 10, 0).rejected("wrong_space")
    t.hero_moved(heroes["MYHBLUE"], "MYHBLUE", 9, 10)
    pos["MYHBLUE"] = 9
    t.move("share", 1, hands=[3, 4, 6])
    # T6 Cy: 3+2 = 5 from 8: Bo's 9 free, 10 (2), 11 (2), Ann's 12 free, 13 costs 3 > 1:
    # stop on 11, 1 point lost.
    turn(["MYN3A", "MYN2A"], "MYHGREEN", 11, hands=[3, 5, 5])
    # T7 Ann: 4+3+3 = 10 from 12: 13, 14, 15 (9), 1 lost -> space 15.
    turn(["MYFAIRY", "MYN3A", "MYN3B"], "MYHRED", 15, hands=[3, 5, 5])
    # T8 Bo: 4+4+2 = 10 from 9: 10 (2), Cy's 11 free, 12 (2), 13 (3), 14 (3) -> space 14.
    turn(["MYSHIELD", "MYSWORD", "MYN2A"], "MYHBLUE", 14, hands=[4, 4, 5])
    # T9 Cy: 3+3+2+2+1 = 11 from 11: 12 (2), 13 (3), Bo's 14 and Ann's 15 free, 16 (3),
    # 17 (3) -> space 17.
    turn(["MYN3A", "MYN3B", "MYN2B", "MYN2C", "MYN1A"], "MYHGREEN", 17, hands=[4, 4, 5])
    # T10 Ann, no legendary shown: 4+4+4 = 12 from 15: 16 (3), Cy's 17 free, 18 (3), then
    # the dragon is closed: stop on 18, 6 points lost. She tries the dragon first.
    turn(
        ["MYSWORD", "MYSHIELD", "MYFAIRY"],
        "MYHRED",
        18,
        wrong=(19, "dragon_needs_legendary"),
        hands=[4, 4, 5],
    )
    # T11 Bo shows the sword, then 3+3+2+1 = 9 from 14: 15 (3), 16 (3), Cy's 17 and Ann's 18
    # free, the dragon (3) -> he beats the dragon.
    t.card_seen("MYSWORD", "reveal")
    turn(["MYN3A", "MYN3B", "MYN2A", "MYN1A"], "MYHBLUE", 19)
    t.write(
        "three-players-camera.json",
        {"p0": 18, "p1": 20, "p2": 17},
        ["p1"],
        positions=[18, 19, 17],
        hands=[4, 4, 5],
    )  # Bo's draws are not counted yet


def four_players():
    """Ana, Ben, Chen, Dai. The 4+ cards are in, the 5+ obstacle is not. Deal (4, 4, 4, 3)."""
    t = Transcript(4, ["Ana", "Ben", "Chen", "Dai"])
    # T1 Ana: 4+4+4+3 = 15 from 0: 1-6 (6), 7-10 (8), 1 lost -> 10. Ana 4+4 = 8, gives 3.
    t.draw(0, "MYSWORD", 1).draw(0, "MYSHIELD", 2).draw(0, "MYFAIRY", 3).draw(0, "MYN3A", 1)
    t.move("stop", 0).move("move", 0, to=10)
    t.move("share", 0, give={"1": 1, "2": 1, "3": 1})  # (5, 3, 4, 3)
    # T2 Ben. Chen tries to draw out of turn; Ben tries the 5+ obstacle (not in this game).
    t.draw(2, "MYN1A", 1).rejected("out_of_turn")
    t.draw(1, "MYOBSP5", 0).rejected("card_not_in_game")
    # 2+3+2 = 7 from 0: 1-6 (6), 1 lost -> 6. Ben keeps everything: 3+3 = 6.
    t.draw(1, "MYN2P4", 0).draw(1, "MYN3B", 2).draw(1, "MYN2A", 3)
    t.move("move", 1, to=6).move("share", 1)  # (4, 6, 3, 2)
    # T3 Chen: 1, then the 4+ obstacle: no move. 3+2 = 5.
    t.draw(2, "MYN1A", 1).draw(2, "MYOBSP4", 0).move("share", 2)  # (3, 5, 5, 2)
    # T4 Dai: 3+3+2+2+1 = 11 from 0: 1-5 (5), Ben's 6 free, 7, 8, 9 (6) -> 9.
    t.draw(3, "MYN3A", 2).draw(3, "MYN3B", 1).draw(3, "MYN2B", 0).draw(3, "MYN2C", 2)
    t.draw(3, "MYN1B", 1).move("move", 3, to=9)  # (2, 3, 3, 2)
    t.move("share", 3, give={"0": 2})  # Dai 2+5-2: (4, 3, 3, 5)
    # T5 Ana: 4+4+3+2 = 13 from 10: 11, 12 (4), 13, 14, 15 (9) -> 15.
    t.draw(0, "MYSWORD", 3).draw(0, "MYFAIRY", 3).draw(0, "MYN3A", 1).draw(0, "MYN2A", 2)
    t.move("move", 0, to=15).move("share", 0, give={"1": 1, "2": 1})  # (6, 3, 3, 3)
    # T6 Ben: 4+3+2 = 9 from 6: 7, 8 (4), Dai's 9 free, 10, 11 (4), 1 lost -> 11.
    t.draw(1, "MYSHIELD", 0).draw(1, "MYN3B", 0).draw(1, "MYN2P4", 3)
    t.move("move", 1, to=11).move("share", 1, give={"3": 1})  # (4, 5, 3, 3)
    # T7 Chen: 3+2 = 5 from 0 -> 5.
    t.draw(2, "MYN3A", 0).draw(2, "MYN2B", 1).move("move", 2, to=5).move("share", 2)
    # (3, 4, 5, 3)
    # T8 Dai: 4+4+3 = 11 from 9: 10 (2), Ben's 11 free, 12 (2), 13, 14 (6), Ana's 15 free,
    # 16 costs 3 > 1 -> 14.
    t.draw(3, "MYSWORD", 2).draw(3, "MYFAIRY", 1).draw(3, "MYN3B", 2)
    t.move("move", 3, to=14).move("share", 3, give={"0": 1})  # (4, 3, 3, 5)
    # T9 Ana shows the shield: 3+3+2+1 = 9 from 15: 16, 17, 18 (9) -> 18; the dragon needs 3
    # more: a failed attempt ends as a normal turn.
    t.move("reveal", 0, card="MYSHIELD")
    t.draw(0, "MYN3A", 3).draw(0, "MYN3B", 3).draw(0, "MYN2A", 1).draw(0, "MYN1A", 2)
    t.move("move", 0, to=18).move("share", 0, give={"1": 1})  # (7, 3, 2, 3)
    # T10 Ben: 4+4+3+2 = 13 from 11: 12 (2), 13 (3), Dai's 14 free, 15, 16 (6), 2 lost -> 16.
    t.draw(1, "MYSWORD", 0).draw(1, "MYSHIELD", 0).draw(1, "MYN3A", 2).draw(1, "MYN2B", 3)
    t.move("move", 1, to=16).move("share", 1, give={"2": 1})  # (5, 6, 2, 2)
    # T11 Chen: 1 from 5 -> 6.
    t.draw(2, "MYN1A", 3).move("move", 2, to=6).move("share", 2)  # (5, 6, 3, 1)
    # T12 Dai shows the fairy: 3+3+2+2+1 = 11 from 14: 15 (3), Ben's 16 free, 17 (3), Ana's 18
    # free, the dragon (3) -> Dai wins.
    t.move("reveal", 3, card="MYFAIRY")
    t.draw(3, "MYN3A", 1).draw(3, "MYN3B", 1).draw(3, "MYN2A", 0).draw(3, "MYN2B", 0)
    t.draw(3, "MYN1B", 2).move("move", 3, to=19)
    t.write(
        "four-players.json",
        {"p0": 18, "p1": 16, "p2": 6, "p3": 20},
        ["p3"],
        positions=[18, 16, 6, 19],
        hands=[3, 4, 2, 1],
    )


def five_players_variant():
    """Ava, Bao, Chi, Dov, Eli with the variant: only cards drawn this turn may be given.
    Every card is in. Deal (4, 3, 3, 3, 3)."""
    t = Transcript(5, ["Ava", "Bao", "Chi", "Dov", "Eli"], {"share_only_drawn": True})
    # T1 Ava: 4+4+4+3+3 = 18 from 0: 1-6 (6), 7-12 (12) -> 12. She drew 5 cards: giving 6 is
    # refused by the variant; giving 4 is fine. Ava 4+5-4 = 5.
    t.draw(0, "MYSWORD", 1).draw(0, "MYSHIELD", 2).draw(0, "MYFAIRY", 3).draw(0, "MYN3A", 4)
    t.draw(0, "MYN3B", 1).move("move", 0, to=12)
    t.move("share", 0, give={"1": 6}).rejected("share_only_drawn")
    t.move("share", 0, give={"1": 1, "2": 1, "3": 1, "4": 1})  # (5, 2, 3, 3, 3)
    # T2 Bao: the 5+ obstacle at once.
    t.draw(1, "MYOBSP5", 0).move("share", 1)  # (4, 3, 3, 3, 3)
    # T3 Chi: the 4+ two -> 2.
    t.draw(2, "MYN2P4", 3).move("stop", 2).move("move", 2, to=2).move("share", 2)
    # (4, 3, 4, 2, 3)
    # T4 Dov: the 4+ obstacle.
    t.draw(3, "MYOBSP4", 4).move("share", 3)  # (4, 3, 4, 3, 2)
    # T5 Eli: 1 -> 1.
    t.draw(4, "MYN1A", 0).move("move", 4, to=1).move("share", 4)  # (3, 3, 4, 3, 3)
    # T6 Ava: 4+4+3+2 = 13 from 12: 13-16 (12), 1 lost -> 16.
    t.draw(0, "MYSWORD", 2).draw(0, "MYSHIELD", 3).draw(0, "MYN3A", 4).draw(0, "MYN2A", 1)
    t.move("move", 0, to=16).move("share", 0, give={"1": 1})  # (6, 3, 3, 2, 2)
    # T7 Bao: 1 from 0: Eli's 1 and Chi's 2 free, 3 (1) -> 3.
    t.draw(1, "MYN1B", 0).move("move", 1, to=3).move("share", 1)  # (5, 4, 3, 2, 2)
    # T8 Chi: an obstacle.
    t.draw(2, "MYOBSA", 4).move("share", 2)  # (5, 4, 4, 2, 1)
    # T9 Dov: 1 (Eli's last card) + 2 = 3 from 0: 1, 2, 3 are taken (free), 4, 5, 6 -> 6.
    # Keeping everything would leave Eli with no card: refused; he gives Eli one.
    t.draw(3, "MYN1C", 4).draw(3, "MYN2B", 0).move("move", 3, to=6)  # (4, 4, 4, 2, 0)
    t.move("share", 3).rejected("share_empty_hand")
    t.move("share", 3, give={"4": 1})  # (4, 4, 4, 3, 1)
    # T10 Eli: 3 from 1: Chi's 2, Bao's 3 free, 4, 5 (2), Dov's 6 free, 7 costs 2 > 1 -> 5.
    t.draw(4, "MYN3B", 3).move("move", 4, to=5).move("share", 4)  # (4, 4, 4, 2, 2)
    # T11 Ava shows the fairy: 3+2 = 5 from 16: 17 (3), 18 costs 3 > 2 -> 17.
    t.move("reveal", 0, card="MYFAIRY").draw(0, "MYN3A", 1).draw(0, "MYN2C", 2)
    t.move("move", 0, to=17).move("share", 0)  # (6, 3, 3, 2, 2)
    # T12 Bao: an obstacle.
    t.draw(1, "MYOBSB", 0).move("share", 1)  # (5, 4, 3, 2, 2)
    # T13 Chi: 2 from 2: Bao's 3 free, 4 (1), Eli's 5 and Dov's 6 free, 7 costs 2 > 1 -> 4.
    t.draw(2, "MYN2A", 1).move("move", 2, to=4).move("share", 2)  # (5, 3, 4, 2, 2)
    # T14 Dov: 1 from 6: 7 costs 2, so he cannot move at all; he stops and shares.
    t.draw(3, "MYN1A", 4).move("stop", 3)
    # Dov still tries space 7: refused because his hero cannot move this turn (never "it
    # already moved").
    t.move("move", 3, to=7).rejected("cannot_move")
    t.move("share", 3)  # (5, 3, 4, 3, 1)
    # T15 Eli: the 5+ obstacle.
    t.draw(4, "MYOBSP5", 0).move("share", 4)  # (4, 3, 4, 3, 2)
    # T16 Ava shows the sword: 3+3 = 6 from 17: 18 (3), the dragon (3) -> Ava wins.
    t.move("reveal", 0, card="MYSWORD").draw(0, "MYN3A", 2).draw(0, "MYN3B", 3)
    t.move("move", 0, to=19)
    t.write(
        "five-players-variant.json",
        {"p0": 20, "p1": 3, "p2": 4, "p3": 6, "p4": 5},
        ["p0"],
        positions=[19, 3, 4, 6, 5],
        hands=[4, 3, 3, 2, 2],
    )


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    two_players()
    three_players_camera()
    four_players()
    five_players_variant()
    print(f"wrote {OUT}")
