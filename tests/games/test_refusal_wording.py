"""Every refusal, in every game, names the rule it breaks in the players' words.

Seeded random playouts of each game; at every step the test tries wrong moves (each kind the
game knows, by the wrong player, with a parameter gone or wrong or taken from another legal
move) and reads every refusal of those that pass the field checks (companion.validation):
English and Chinese both present and different, the Chinese in Chinese, and none of the
catch-all sentences that tell a player nothing ("missing something", "cannot be done now",
a move's code name in quotes). Sized to run in a few seconds.
"""

import random
import re

import pytest

from companion.games import all_games
from companion.model import Move, Setup
from companion.session import Session
from companion.validation import InvalidFieldError

GENERIC = re.compile(
    r"missing something|cannot be done any more|cannot be done now|"
    r"does not fit now|has a wrong value|not filled in properly",
    re.I,
)
CJK = re.compile(r"[\u4e00-\u9fff]")
STEPS = 150


def _probes(game, state, legal: list[Move], rnd: random.Random):
    kinds = sorted({m.kind for m in legal} | set(_known_kinds(game)))
    players = sorted({m.player for m in legal if m.player is not None} | {0, 1})
    for kind in kinds:
        example = next((m for m in legal if m.kind == kind), None)
        params = dict(example.params) if example else {}
        yield Move(kind, rnd.choice(players), params)  # maybe out of turn or out of phase
        if params:
            dropped = dict(params)
            dropped.pop(rnd.choice(sorted(dropped)))
            yield Move(kind, example.player, dropped)  # a parameter gone
            wrong = dict(params)
            wrong[rnd.choice(sorted(wrong))] = rnd.choice([-1, 99, "ZZ", None])
            yield Move(kind, example.player, wrong)  # a parameter off the board
            key = rnd.choice(sorted(params))
            values = [m.params[key] for m in legal if key in m.params and m.params != params]
            if values:  # well-formed, but another legal move's value: a rule decides
                yield Move(kind, example.player, {**params, key: rnd.choice(values)})


_KINDS: dict[str, set[str]] = {}


def _known_kinds(game) -> set[str]:
    """Move kinds seen in any playout of this game so far (so out-of-phase ones get tried)."""
    return _KINDS.setdefault(game.info.slug, set())


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_every_refusal_names_its_rule_in_both_languages(game):
    rnd = random.Random(13)
    seen_codes: set[str] = set()
    for players in game.info.player_counts:
        session = Session(game, Setup(players))
        for _ in range(STEPS):
            state = session.state
            if game.is_over(state):
                break
            legal = list(game.legal_moves(state))
            _known_kinds(game).update(m.kind for m in legal)
            for probe in _probes(game, state, legal, rnd):
                try:  # a move is parsed before it is judged: check sees well-formed moves
                    session.check_move(probe)
                except InvalidFieldError:
                    continue
                for violation in game.check(state, probe):
                    seen_codes.add(violation.code)
                    en, zh = violation.message.en, violation.message.zh
                    where = f"{game.info.slug} {probe} -> [{violation.code}]"
                    assert en and zh and en != zh, f"{where} says it in half"
                    assert CJK.search(zh), f"{where}: the Chinese sentence is not Chinese: {zh}"
                    assert not GENERIC.search(en), f"{where}: generic refusal: {en}"
                    if violation.code != "unknown_move":
                        assert f"'{probe.kind}'" not in en, f"{where}: code name shown: {en}"
            session.play(rnd.choice(legal))
    assert len(seen_codes) >= 4, f"{game.info.slug}: the probes reached too few rules"
