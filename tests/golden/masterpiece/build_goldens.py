"""Writes the Masterpiece golden transcripts from hand-written turn plans (python build_goldens.py).

Nothing here calls the engine: the expected cash, scores and refusals are typed by hand
(worked out on paper, see each file's "notes"); tests/test_golden.py and
tests/games/test_masterpiece.py check that the engine agrees. Turn numbers (T1...) match
the notes. The plans follow the placeholder board and deck in companion/data/games/
masterpiece.json: a corrected board needs new plans.
"""

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent


def V(n):
    return f"MPV{n:02d}"


def P(n):
    return f"MPP{n:02d}"


class Log:
    def __init__(self):
        self.log = []
        self.refused = []

    def m(self, kind, player=None, refuse=None, **params):
        self.log.append({"type": "move", "move": {"kind": kind, "player": player, **params}})
        if refuse:
            self.refused.append({"entry": len(self.log), "codes": [refuse]})

    def ev(self, event, refuse=None):
        self.log.append({"type": "event", "event": event})
        if refuse:
            self.refused.append({"entry": len(self.log), "codes": [refuse]})

    def deal(self, seat, painting, value):
        self.m("deal", seat, painting=P(painting))
        self.m("draw_value", seat, card=V(value))

    def roll(self, seat, value):
        self.m("roll", seat, value=value)

    def bids(self, *pairs):
        for seat, amount in pairs:
            self.m("bid", seat, amount_k=amount)

    def bank_auction(self, auctioneer, painting, bids, winner, value):
        self.m("easel", auctioneer, painting=P(painting))
        self.bids(*bids)
        self.m("hammer", auctioneer)
        self.m("draw_value", winner, card=V(value))


def write(name, players, names, log, expected, options=None):
    setup = {"players": players, "names": names}
    if options:
        setup["options"] = options
    data = {
        "format": "table-companion-record",
        "version": 1,
        "game": "masterpiece",
        "setup": setup,
        "log": log.log,
        "expected": expected,
    }
    (OUT / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


# ------ three players: every space type; two cards of the wrong kind are refused ------
A, B, C = 0, 1, 2
g = Log()
g.deal(A, 1, 18)
g.deal(B, 2, 10)
g.deal(C, 3, 4)
g.m("place_pawn", A, space=0)
g.m("place_pawn", B, space=10)
g.m("place_pawn", C, space=20)
g.m("start", A)
g.roll(A, 3)
g.m("buy", A, painting=P(4))
g.m("draw_value", A, card=V(32))  # T1
g.roll(B, 2)
g.m("pass", B)  # T2
g.bank_auction(B, 5, [(A, 1000), (C, 1500), (A, 2500)], A, 11)
g.roll(C, 5)
g.bank_auction(C, 6, [(C, 1000), (B, 2000), (C, 3000)], C, 1)  # T3
g.roll(A, 5)
g.m("inherit", A, refuse="not_a_painting", painting=V(10))  # a value card, not a painting
g.m("inherit", A, painting=P(7))
g.m("draw_value", A, card=V(40))  # T4
g.roll(B, 5)
g.m("inherit", B, painting=P(8))
g.m("draw_value", B, refuse="not_a_value_card", card=P(9))  # a painting, not a value card
g.m("draw_value", B, card=V(26))  # T5
g.roll(C, 4)
g.m("inherit", C, painting=P(9))
g.m("draw_value", C, card=V(12))  # T6
g.roll(A, 2)
g.bank_auction(A, 10, [(B, 1000), (C, 1500), (B, 2000)], B, 19)  # T7
g.roll(B, 2)
g.m("buy", B, painting=P(11))
g.m("draw_value", B, card=V(5))  # T8
g.roll(C, 1)
g.bank_auction(C, 12, [(A, 1000)], A, 33)  # T9
g.roll(A, 4)
g.m("sell", A, painting=P(5))  # T10
g.roll(B, 1)
g.bank_auction(B, 13, [(C, 1000), (A, 1500), (C, 2000), (A, 2500), (C, 3000)], C, 41)  # T11
g.roll(C, 1)
g.m("take_cash", C)  # T12
g.roll(A, 3)
g.m("inherit", A, painting=P(14))
g.m("draw_value", A, card=V(20))  # T13
g.roll(B, 2)
g.m("sell", B, painting=P(11))  # T14
g.roll(C, 5)
g.m("buy", C, painting=P(7))  # T15
g.roll(A, 3)
g.bank_auction(A, 15, [(B, 1000), (A, 2000), (B, 2500), (A, 3000)], A, 21)  # T16
g.roll(B, 3)
g.bank_auction(B, 16, [(B, 1000), (C, 1500)], C, 2)  # T17
g.roll(C, 1)
g.m("pick", A, painting=P(6))  # T18
g.bids((A, 1000), (B, 1500), (A, 2000))
g.m("hammer", C)
g.roll(A, 4)
g.m("buy", A, painting=P(17))
g.m("draw_value", A, card=V(34))  # T19
g.roll(B, 4)
g.m("inherit", B, painting=P(18))
g.m("draw_value", B, card=V(13))  # T20
g.roll(C, 3)
g.bank_auction(C, 19, [(B, 1000), (C, 2000), (B, 3000)], B, 27)  # T21
g.roll(A, 4)
g.m("pick", B, painting=P(12))  # T22
g.bids((C, 1000), (B, 2000), (C, 3000), (B, 4000))
g.m("hammer", A)
g.roll(B, 1)
g.bank_auction(B, 20, [(C, 1000)], C, 22)  # T23
g.roll(C, 2)
g.m("buy", C, painting=P(21))
g.m("draw_value", C, card=V(6))  # T24
g.roll(A, 1)
g.m("inherit", A, painting=P(22))
g.m("draw_value", A, card=V(35))  # T25
g.roll(B, 3)
g.m("buy", B, painting=P(23))
g.m("draw_value", B, card=V(14))  # T26
g.roll(C, 3)
g.bank_auction(C, 24, [(A, 1000), (B, 1500), (A, 2000)], A, 28)  # T27
assert [r["codes"] for r in g.refused] == [["not_a_painting"], ["not_a_value_card"]]
write(
    "three-players-every-space.json",
    3,
    ["Ana", "Ben", "Chen"],
    g,
    {
        "scores": {"p0": 35000, "p1": 25500, "p2": 32000},
        "winners": ["p0"],
        "rejections": g.refused,
        "cash_k": [7000, 3500, 5000],
        "notes": [
            "Amounts in $K. Board and value deck: the placeholders of companion/data/games/masterpiece.json.",
            "T4: value card MPV10 given as the inherited painting: refused (not_a_painting), the "
            "game goes on. T5: painting MPP09 given as the value card drawn: refused "
            "(not_a_value_card). Neither changes anything.",
            "Ana cash: 15000 -2000 (T1 buy $2M space) -2500 (T2 auction) -1000 (T9) +2000 (T10 sells P05 at $2M) "
            "+3500 (T15 Chen buys P07) -3000 (T16) -2000 (T18 buys P06 from Chen) -5000 (T19 buy $5M space) "
            "+4000 (T22 Ben buys P12) -2000 (T27) = 7000.",
            "Ben cash: 15000 -2000 (T7) -4000 (T8 buy $4M space) +3500 (T14 must sell P11) -3000 (T21) "
            "-4000 (T22) -2000 (T26 buy $2M space) = 3500.",
            "Chen cash: 15000 -3000 (T3) -3000 (T11) +3000 (T12 collect) -3500 (T15) -1500 (T17) "
            "+2000 (T18 private sale) -1000 (T23) -3000 (T24 buy $3M space) = 5000.",
            "Ana paintings: P01 3M, P04 5M, P06 forgery 0, P14 3M, P15 3M, P17 5M, P22 5M, P24 4M = 28000; wealth 35000.",
            "Ben paintings: P02 2M, P08 4M, P10 3M, P12 5M, P18 2M, P19 4M, P23 2M = 22000; wealth 25500.",
            "Chen paintings: P03 1M, P07 10M, P09 2M, P13 10M, P16 forgery 0, P20 3M, P21 1M = 27000; wealth 32000.",
            "Sold to the bank and out of the game: P05 (T10, at value), P11 (T14, must sell).",
        ],
    },
)

# ---------------- four players: refused bids, fines, lost turns, camera events ----------------
A, B, C, D = 0, 1, 2, 3
g = Log()
g.deal(A, 1, 23)
g.m("deal", C, painting=P(2), refuse="wrong_deal_order")
g.deal(B, 2, 29)
g.deal(C, 3, 15)
g.deal(D, 4, 7)
g.m("place_pawn", A, space=0)
g.m("place_pawn", B, space=5)
g.m("place_pawn", C, space=10)
g.m("start", B, refuse="setup_incomplete")
g.m("place_pawn", D, space=15)
g.m("start", B)
# T1 Ben: the camera reads the die and the pawn
g.m("roll", C, refuse="out_of_turn", value=3)
g.ev(
    {
        "type": "card_added",
        "track_id": "die1",
        "payload": "DIEWHITE",
        "kind": "die",
        "where": {"region": "roll", "slot": None},
        "value": 3,
    }
)
g.ev(
    {
        "type": "card_added",
        "track_id": "pawn2",
        "payload": "MPPAWN2",
        "kind": "token",
        "where": {"region": "ring", "slot": [9]},
    },
    refuse="pawn_wrong_space",
)
g.ev(
    {
        "type": "card_moved",
        "track_id": "pawn2",
        "payload": "MPPAWN2",
        "kind": "token",
        "where": {"region": "ring", "slot": [8]},
        "previous": {"region": "ring", "slot": [9]},
    }
)
g.m("inherit", B, painting=P(5))
g.m("draw_value", B, card=V(37))
# T2 Chen: bank auction with refused bids and a cancelled tie
g.roll(C, 5)
g.m("easel", C, painting=P(6))
g.m("bid", A, refuse="opening_too_low", amount_k=500)
g.m("bid", A, amount_k=1000)
g.m("bid", D, refuse="money_step", amount_k=1200)
g.m("bid", D, amount_k=1500)
g.m("bid", C, amount_k=2000)
g.m("bid", A, refuse="bid_too_low", amount_k=2000)
g.m("bid", A, amount_k=2500)
g.m("tie", None, players=[B, D], amount_k=3000)
g.m("bid", B, refuse="amount_cancelled", amount_k=3000)
g.m("bid", B, amount_k=3500)
g.m("hammer", C)
g.m("draw_value", B, card=V(32))
# T3 Dev declines the $4M purchase: the others bid
g.roll(D, 4)
g.m("pass", D)
g.m("easel", D, painting=P(7))
g.m("bid", D, refuse="declined_cannot_bid", amount_k=1000)
g.bids((A, 1000), (C, 1500))
g.m("hammer", D)
g.m("draw_value", C, card=V(24))
# T4 Ana's private auction of her only painting
g.roll(A, 2)
g.m("bid", A, refuse="auctioneer_cannot_bid", amount_k=1000)
g.bids((B, 1000), (D, 2000), (B, 3000))
g.m("hammer", A)
# T5 Ben buys for $3M
g.roll(B, 4)
g.m("buy", B, painting=P(8))
g.m("draw_value", B, card=V(40))
# T6 Chen: Ben bids above his cash (accepted: cash is hidden); it is called before the hammer
g.roll(C, 5)
g.m("easel", C, painting=P(9))
g.m("bid", B, amount_k=6000)
g.m("overbid", A, bidder=B, amount_k=6000)  # Ana calls it
g.bids((D, 1000), (A, 2000), (D, 2500))
g.m("hammer", C)
g.m("draw_value", D, card=V(16))
# T7 Dev: nobody bids
g.roll(D, 1)
g.m("easel", D, painting=P(10))
g.m("hammer", D, refuse="no_standing_bid")
g.m("no_sale", D)
# T8 Ana inherits the returned painting over a forgery
g.roll(A, 6)
g.m("inherit", A, painting=P(10))
g.m("draw_value", A, card=V(2))
# T9 Ben lost his turn: Chen sells at value
g.m("roll", B, refuse="out_of_turn", value=2)
g.roll(C, 3)
g.m("sell", C, painting=P(3))
# T10 Dev must sell, T11 Ana must sell (the forgery still fetches $3.5M)
g.roll(D, 2)
g.m("sell", D, painting=P(4))
g.roll(A, 1)
g.m("sell", A, painting=P(10))
# T12 Ben collects a value card: a forgery under his $10M painting
g.roll(B, 6)
g.m("take_value", B)
g.m("draw_value", B, card=V(1), painting=P(8))
# T13 Chen buys for $5M
g.roll(C, 1)
g.m("buy", C, painting=P(11))
g.m("draw_value", C, card=V(38))
# T14 Dev: Ben's raise to $5M is called at once (void, fined); his $4.5M bid then outgrows
# his cash: he cannot pay and the auction restarts
g.roll(D, 3)
g.m("easel", D, painting=P(12))
g.bids((B, 4500))
g.m("overbid", C, bidder=B, amount_k=5000)  # Chen calls it
g.m("hammer", D)
g.bids((A, 1000), (C, 1500), (A, 2000))
g.m("hammer", D)
g.m("draw_value", A, card=V(33))
# T15 Ana buys for $3M
g.roll(A, 3)
g.m("buy", A, painting=P(13))
g.m("draw_value", A, card=V(26))
# T16 Ben loses his turn again: Chen inherits
g.roll(C, 5)
g.m("inherit", C, painting=P(14))
g.m("draw_value", C, card=V(41))
# T17 Dev's bank auction: Ben's $3M is above his $2.5M but nobody calls it, and Ana
# outbids it: it cost him nothing. A call on Chen's $2M bid is wrong: it costs nothing.
g.roll(D, 5)
g.m("easel", D, painting=P(15))
g.bids((D, 1000), (C, 2000), (B, 3000))
g.m("overbid", B, bidder=C, amount_k=2000)  # Ben calls it, wrongly
g.bids((A, 3500))
g.m("hammer", D)
g.m("draw_value", A, card=V(18))
# T18 Ana inherits
g.roll(A, 5)
g.m("inherit", A, painting=P(16))
g.m("draw_value", A, card=V(34))
# T19 Ben cannot afford $4M; declined, the others bid
g.roll(B, 1)
g.m("buy", B, refuse="cannot_afford", painting=P(17))
g.m("pass", B)
g.bank_auction(B, 17, [(C, 1000), (D, 1500)], D, 19)
# T20 Chen collects cash
g.roll(C, 2)
g.m("take_cash", C)
# T21 Dev's bank auction
g.roll(D, 5)
g.bank_auction(D, 18, [(D, 1000), (A, 2000), (D, 3000)], D, 35)
# T22 Ana buys for $4M
g.roll(A, 2)
g.m("buy", A, painting=P(19))
g.m("draw_value", A, card=V(10))
# T23 Ben's bank auction
g.roll(B, 1)
g.bank_auction(B, 20, [(B, 1000), (C, 1500), (B, 2000)], B, 27)
# T24 Chen buys Ben's painting for $3.5M
g.roll(C, 5)
g.m("buy", C, painting=P(5))
# T25 Dev inherits
g.roll(D, 3)
g.m("inherit", D, painting=P(21))
g.m("draw_value", D, card=V(20))
# T26 Ana's bank auction
g.roll(A, 1)
g.bank_auction(A, 22, [(A, 1000), (D, 2000), (A, 2500)], A, 28)
# T27 Ben's bank auction
g.roll(B, 5)
g.bank_auction(B, 23, [(D, 1000), (C, 1500)], C, 11)
# T28 Chen inherits the last bank painting
g.roll(C, 2)
g.m("inherit", C, painting=P(24))
g.m("draw_value", C, card=V(21))
write(
    "four-players-refusals-and-fines.json",
    4,
    ["Ana", "Ben", "Chen", "Dev"],
    g,
    {
        "scores": {"p0": 29500, "p1": 20000, "p2": 41500, "p3": 24500},
        "winners": ["p2"],
        "rejections": g.refused,
        "rejection_codes_in_order": [r["codes"][0] for r in g.refused],
        "cash_k": [6500, 4000, 8500, 11500],
        "notes": [
            "Amounts in $K. Board and value deck: the placeholders of companion/data/games/masterpiece.json.",
            "T6: Ben's $6M bid is above his $5.5M but is accepted like any bid (cash is hidden); "
            "the call that follows finds it above his cash: $1M fine, lost turn (T9), the bid is void "
            "and the auction goes on from no bid.",
            "T17: Ben bids $3M with $2.5M; nobody calls it and Ana's $3.5M beats it, so it stands "
            "as a bid and costs nothing. The call on Chen's $2M (he has $10.5M) is wrong and costs "
            "nothing either.",
            "Ana cash: 15000 +3000 (T4 Ben wins her private auction) +3500 (T11 must sell P10) -2000 (T14) "
            "-3000 (T15 buy $3M space) -3500 (T17) -4000 (T22 buy $4M space) -2500 (T26) = 6500.",
            "Ben cash: 15000 -3500 (T2) -3000 (T4) -3000 (T5 buy $3M space) -1000 (T6 overbid fine) "
            "-1000 (T14 overbid fine) -1000 (T14 cannot pay his $4.5M bid: fine, auction restarts) "
            "-2000 (T23) +3500 (T24 Chen buys P05) = 4000. Ben loses turns T9 and T16.",
            "Chen cash: 15000 -1500 (T3) +2000 (T9 sells P03 at value $2M) -5000 (T13 buy $5M space) "
            "+3000 (T20 collect) -3500 (T24 buys P05 from Ben) -1500 (T27) = 8500.",
            "Dev cash: 15000 -2500 (T6) +3500 (T10 must sell P04) -1500 (T19) -3000 (T21) = 11500.",
            "Ana paintings: P12 5M, P13 4M, P15 3M, P16 5M, P19 2M, P22 4M = 23000; wealth 29500.",
            "Ben paintings: P01 3M, P02 4M, P06 5M, P08 10M + forgery = 0, P20 4M = 16000; wealth 20000.",
            "Chen paintings: P05 7.5M, P07 3M, P11 7.5M, P14 10M, P23 2M, P24 3M = 33000; wealth 41500.",
            "Dev paintings: P09 2M, P17 3M, P18 5M, P21 3M = 13000; wealth 24500.",
            "Out of the game: P03, P04, P10. P10 first went back to the bank unsold (T7).",
        ],
    },
)

# ---------------- six players: banker Chen, a tie on wealth settled by cash ----------------
A, B, C, D, E, F = range(6)
g = Log()
for seat, painting, value in [
    (C, 1, 18),
    (D, 2, 10),
    (E, 3, 4),
    (F, 4, 26),
    (A, 5, 32),
    (B, 6, 11),
]:
    g.deal(seat, painting, value)
for seat, space in [(A, 2), (B, 4), (C, 6), (D, 9), (E, 27), (F, 0)]:
    g.m("place_pawn", seat, space=space)
g.m("start", E)
g.roll(E, 2)
g.m("inherit", E, painting=P(7))
g.m("draw_value", E, card=V(7))  # T1
g.roll(F, 3)
g.m("buy", F, painting=P(8))
g.m("draw_value", F, card=V(19))  # T2
g.roll(A, 3)
g.bank_auction(A, 9, [(B, 1000), (C, 2000)], C, 27)  # T3
g.roll(B, 4)
g.m("inherit", B, painting=P(10))
g.m("draw_value", B, card=V(12))  # T4
g.roll(C, 4)
g.bank_auction(C, 11, [(D, 1000), (E, 1500), (D, 2000)], D, 33)  # T5
g.roll(D, 3)
g.m("buy", D, painting=P(12))
g.m("draw_value", D, card=V(5))  # T6
g.roll(E, 3)
g.m("pick", F, painting=P(3))  # T7
g.bids((A, 1000), (B, 1500))
g.m("hammer", E)
g.roll(F, 2)
g.bank_auction(F, 13, [(F, 1000), (A, 2000), (F, 3000)], F, 20)  # T8
g.roll(A, 5)
g.bank_auction(A, 14, [(E, 1000), (A, 1500), (E, 2500)], E, 41)  # T9
g.roll(B, 4)
g.m("buy", B, painting=P(15))
g.m("draw_value", B, card=V(21))  # T10
g.roll(C, 5)
g.bank_auction(C, 16, [(C, 1000), (D, 1500), (C, 2000)], C, 1)  # T11
g.roll(D, 5)
g.m("inherit", D, painting=P(17))
g.m("draw_value", D, card=V(28))  # T12
g.roll(E, 3)
g.bank_auction(E, 18, [(A, 1000), (F, 1500), (A, 2000)], A, 34)  # T13
g.roll(F, 3)
g.m("inherit", F, painting=P(19))
g.m("draw_value", F, card=V(13))  # T14
g.roll(A, 2)
g.m("pass", A)  # T15
g.bank_auction(A, 20, [(B, 1000), (D, 1500)], D, 22)
g.roll(B, 3)
g.bank_auction(B, 21, [(B, 1000), (F, 1500), (B, 2000)], B, 6)  # T16
g.roll(C, 4)
g.m("buy", C, painting=P(22))
g.m("draw_value", C, card=V(35))  # T17
g.roll(D, 3)
g.bank_auction(D, 23, [(E, 1000), (A, 1500), (E, 2000)], E, 14)  # T18
g.roll(E, 5)
g.bank_auction(E, 24, [(F, 1000), (D, 1500)], D, 23)  # T19
assert not g.refused
write(
    "six-players-tie-on-wealth.json",
    6,
    ["Ana", "Ben", "Chen", "Dev", "Eve", "Fay"],
    g,
    {
        "scores": {"p0": 23000, "p1": 17500, "p2": 19000, "p3": 25000, "p4": 25000, "p5": 22000},
        "winners": ["p4"],
        "rejections": [],
        "cash_k": [13000, 8500, 7000, 7000, 12000, 10000],
        "tie_break_mentions": "more cash",
        "notes": [
            "Amounts in $K. Banker Chen: paintings are dealt Chen, Dev, Eve, Fay, Ana, Ben. Eve starts.",
            "Ana cash: 15000 -2000 (T13) = 13000; P05 5M + P18 5M; wealth 23000.",
            "Ben cash: 15000 -1500 (T7 wins Eve's private auction) -3000 (T10 buy $3M space) -2000 (T16) = 8500; "
            "P03 1M + P06 2M + P10 2M + P15 3M + P21 1M = 9000; wealth 17500.",
            "Chen cash: 15000 -2000 (T3) -2000 (T11) -4000 (T17 buy $4M space) = 7000; "
            "P01 3M + P09 4M + P16 forgery 0 + P22 5M = 12000; wealth 19000.",
            "Dev cash: 15000 -2000 (T5) -3000 (T6 buy $3M space) -1500 (T15, Ana declined) -1500 (T19) = 7000; "
            "P02 2M + P11 5M + P12 1M + P17 4M + P20 3M + P24 3M = 18000; wealth 25000.",
            "Eve cash: 15000 +1500 (T7) -2500 (T9) -2000 (T18) = 12000; P07 1M + P14 10M + P23 2M = 13000; "
            "wealth 25000.",
            "Fay cash: 15000 -2000 (T2 buy $2M space) -3000 (T8) = 10000; P04 4M + P08 3M + P13 3M + P19 2M "
            "= 12000; wealth 22000.",
            "Eve and Dev tie on $25M; Eve has more cash ($12M against $7M) and wins.",
        ],
    },
    options={"banker": 2},
)

# ------ three players, a short game: a bidder calls their own bid (own_bid_call) ------
A, B, C = 0, 1, 2
g = Log()
g.deal(A, 1, 4)
g.deal(B, 2, 12)
g.deal(C, 3, 20)
g.m("place_pawn", A, space=0)
g.m("place_pawn", B, space=10)
g.m("place_pawn", C, space=20)
g.m("start", A)
# every roll is a 5: each pawn goes from bank auction to bank auction (0, 5, 10, ... 25);
# each auctioneer opens at $1M and nobody bids against them
cards = {
    A: [5, 6, 7, 8, 9, 10, 11],
    B: [13, 14, 15, 16, 17, 18, 19],
    C: [21, 22, 23, 24, 25, 1, 26],
}
painting = 4
for cycle in range(7):
    for seat in (A, B, C):
        g.roll(seat, 5)
        g.m("easel", seat, painting=P(painting))
        g.bids((seat, 1000))
        if (cycle, seat) == (0, B):  # T2: Ben calls his own bid
            g.m("overbid", B, bidder=B, amount_k=1000, refuse="own_bid_call")
        g.m("hammer", seat)
        g.m("draw_value", seat, card=V(cards[seat][cycle]))
        painting += 1
assert painting == 25 and [r["codes"] for r in g.refused] == [["own_bid_call"]]
write(
    "three-players-own-bid-call.json",
    3,
    ["Ana", "Ben", "Chen"],
    g,
    {
        "scores": {"p0": 18000, "p1": 26000, "p2": 30000},
        "winners": ["p2"],
        "rejections": g.refused,
        "cash_k": [8000, 8000, 8000],
        "notes": [
            "Amounts in $K. Board and value deck: the placeholders of companion/data/games/masterpiece.json "
            "(MPV01-03 forgeries, 04-09 $1M, 10-17 $2M, 18-25 $3M, 26-31 $4M).",
            "Pawns start on the bank auctions 0, 10 and 20; every roll is a 5, so every turn is a bank "
            "auction: the auctioneer opens at $1M, nobody bids against them, and they take the top "
            "painting (P04 to P24 in turn) with a value card. After 21 turns the bank has no painting left.",
            "T2: Ben calls an overbid on his own $1M bid: refused (own_bid_call), anyone but the bidder "
            "may call; the auction goes on and Ben wins it.",
            "Cash: each pays $1M seven times: 15000 - 7000 = 8000.",
            "Ana paintings: P01 ($1M, MPV04) and seven more with MPV05-09 ($1M each) and MPV10-11 "
            "($2M each) = 10000; wealth 18000.",
            "Ben paintings: P02 ($2M, MPV12) and seven more with MPV13-17 ($2M each) and MPV18-19 "
            "($3M each) = 18000; wealth 26000.",
            "Chen paintings: P03 ($3M, MPV20) and seven more with MPV21-25 ($3M each), MPV01 (a "
            "forgery: $0) and MPV26 ($4M) = 22000; wealth 30000. Chen wins.",
        ],
    },
)
print("ok")
