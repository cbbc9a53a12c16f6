"""Crypt's three rulings of issue 24, each as the rulebook says it (../shared/rules/crypt.md):
Idols B's "same round" is the whole round, Manuscripts B has no limit per round, and each
die's roll belongs to its owner."""

from dataclasses import replace

from companion.games import find_game
from companion.games.crypt import Owned
from companion.model import Move, Setup

GAME = find_game("crypt")


def new(players=2, **options):
    return GAME.new_game(
        Setup(players, names=("Ann", "Ben", "Cy", "Di")[:players], options=options)
    )


def play(state, *moves):
    for m in moves:
        problems = GAME.check(state, m)
        assert not problems, [p.code for p in problems]
        state = GAME.apply(state, m)
    return state


def deal(state, *cards):
    return play(
        state, *(Move("deal", None, {"back" if c.startswith("CRB") else "card": c}) for c in cards)
    )


def claim(player, card, dice, effort):
    return Move("claim", player, {"placements": [{"card": card, "dice": dice, "effort": effort}]})


def codes(state, move):
    return [v.code for v in GAME.check(state, move)]


def holding(state, *collections):
    cards = tuple(tuple(Owned(GAME.ttype(p), p) for p in c) for c in collections)
    return replace(state, collections=cards + ((),) * (state.seats - len(cards)))


def bonus_lines(state, seat):
    side = next(s for s in GAME.score(state) if s.members == (seat,))
    return {line.code: line.points for line in side.lines if line.code.startswith("idols")}


# -- Idols B: "if several players collect two idols in the same round, each flips them and
# scores 5" — the round is the whole round, a Pottery B take before the claims included.
def test_idols_b_two_players_reaching_two_idols_in_one_round_both_score_five():
    both_b = {"idols": "B", "pottery": "B"}
    state = deal(new(2, collectors=both_b), "CRIDOL4A", "CRJEWL3A", "CRBIDOL")
    state = holding(state, ("CRPOTT1A", "CRPOTT2A", "CRIDOL1A"), ("CRIDOL2A",))
    # Ann flips two pottery before the claims and takes the face-down idol: her second idol.
    state = play(state, Move("take", 0, {"cards": ["CRBPOTT", "CRBPOTT"], "index": 2}))
    # Ben claims the Idol 4 this round and collects it: his second idol, same round.
    state = play(state, claim(0, 1, 1, 1), claim(1, 0, 1, 1), Move("recover", 0))
    assert state.phase == "reveal" and state.round == 1
    assert bonus_lines(state, 0) == {"idols_b_first": 5}
    assert bonus_lines(state, 1) == {"idols_b_first": 5}
    for seat in (0, 1):
        idols = [o for o in state.collections[seat] if o.type == "idols"]
        assert len(idols) == 2 and all(o.flipped for o in idols), seat


def test_idols_b_a_pair_in_a_later_round_still_scores_two_without_flipping():
    state = deal(new(2, collectors={"idols": "B"}), "CRIDOL4A", "CRIDOL3A", "CRBJEWL")
    state = holding(state, ("CRIDOL1A",), ())
    state = play(state, claim(0, 0, 1, 1), claim(1, 2, 1, 1), Move("recover", 0))
    state = deal(state, "CRIDOL2A", "CRJEWL1A", "CRBTAPE")
    state = play(state, claim(1, 0, 1, 1), Move("recover", 0), Move("recover", 1))
    assert bonus_lines(state, 0) == {"idols_b_first": 5}
    assert bonus_lines(state, 1) == {}  # one idol only
    assert not any(o.flipped for o in state.collections[1])


# -- Manuscripts B: any time, as often as face-down manuscripts remain.
def test_manuscripts_b_looks_again_in_the_same_round_while_face_down_manuscripts_remain():
    state = deal(new(2, collectors={"manuscripts": "B"}), "CRIDOL4A", "CRJEWL3A", "CRBTAPE")
    state = holding(state, ("CRMANU1A", "CRMANU2A"))
    peek = Move("peek", 0, {"card": "CRBMANU"})
    state = play(state, peek, peek)  # twice in the same round
    assert all(o.flipped for o in state.collections[0])
    assert codes(state, peek) == ["no_card_to_flip"]  # no face-down manuscript left


# -- Players roll their own dice: the roll is in the owner's name (the host enters it in
# that name for them; see tests/web/test_crypt_roll_owner.py for the seat phones).
def collecting():
    state = deal(new(2), "CRIDOL4A", "CRJEWL3A", "CRBPOTT")
    state = play(state, claim(0, 0, 1, 3), Move("recover", 1), Move("recover", 0))
    assert state.phase == "collect" and [(r.owner, r.card) for r in state.rolls] == [(0, 0)]
    return state


def test_a_roll_in_another_players_name_is_refused_and_the_owner_still_rolls():
    state = collecting()
    refusal = GAME.check(state, Move("roll", 1, {"card": 0, "value": 5}))
    assert [v.code for v in refusal] == ["not_your_die"]
    assert "Ann" in refusal[0].message.en and "Ann" in refusal[0].message.zh
    own = Move("roll", 0, {"card": 0, "value": 5})
    words = GAME.describe_move(state, own)
    assert words.en.startswith("Ann rolls a 5") and words.zh.startswith("Ann")
    state = play(state, own)
    assert state.phase == "reveal" and state.ready == (3, 3)


def test_an_idol_reroll_is_the_owners_too():
    state = deal(new(2), "CRIDOL4A", "CRJEWL3A", "CRBPOTT")
    state = play(state, claim(0, 0, 1, 5), Move("recover", 1), Move("recover", 0))
    state = play(state, Move("roll", 0, {"card": 0, "value": 2}))
    reroll = {"roll": 0, "card": "CRIDOL4A", "value": 5}
    assert codes(state, Move("reroll", 1, reroll)) != []
    assert codes(state, Move("reroll", 0, reroll)) == []
