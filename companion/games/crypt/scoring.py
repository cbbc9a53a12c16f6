"""Final score: treasure values, collector bonuses, 1 coin per ready die; the winner."""

from __future__ import annotations

from ...model import Outcome, ScoreLine, SideScore, Text
from .state import TYPES, CryptState


class Scoring:
    """The score breakdown (every line names its source) and the outcome."""

    def score(self, state: CryptState) -> tuple[SideScore, ...]:
        sides = []
        tapestry_totals = {s: sum(self.value(o.payload) for o in state.collections[s]
                                  if o.type == "tapestries" and o.payload)
                           for s in range(state.players)}
        tapestry_owners = {s: sum(1 for o in state.collections[s] if o.type == "tapestries")
                           for s in range(state.players)}
        idol_moments = [m for m in state.idol_pair_moment[:state.players] if m is not None]
        for seat in range(state.players):
            lines: list[ScoreLine] = []
            coll = state.collections[seat]
            by_type = {t: [o for o in coll if o.type == t] for t in TYPES}
            for kind, cards in by_type.items():
                known = [o for o in cards if o.payload]
                unknown = len(cards) - len(known)
                t = self.type_name(kind, plural=True)
                if known:
                    values = [self.value(o.payload) for o in known]
                    sums = " + ".join(str(v) for v in values)
                    lines.append(ScoreLine(sum(values), f"treasure_{kind}",
                                           Text(f"{t.en}: {sums}", f"{t.zh}：{sums}"),
                                           tuple(o.payload for o in known)))
                if unknown:
                    lines.append(ScoreLine(0, "unrevealed",
                                           Text(f"{unknown} {t.en} still face down (counted when "
                                                f"shown)", f"{unknown} 張{t.zh}還沒翻開（翻開後才計分）"),
                                           (self.type_back[kind],)))
            lines.extend(self._collector_lines(state, seat, by_type, tapestry_totals,
                                               tapestry_owners, idol_moments))
            ready = state.ready[seat]  # dice out on cards count once they come back ready
            if ready:
                points = ready * self.data.ready_die_points
                lines.append(ScoreLine(points, "ready_dice",
                                       Text(f"{ready} ready dice, {self.data.ready_die_points} each",
                                            f"{ready} 顆未疲憊的僕人骰，每顆 {self.data.ready_die_points} 分")))
            name = state.names[seat]
            sides.append(SideScore(f"p{seat}", Text(name, name), (seat,), tuple(lines)))
        return tuple(sides)

    def _collector_lines(self, state, seat, by_type, tapestry_totals, tapestry_owners,
                         idol_moments) -> list[ScoreLine]:
        c = self.data.collectors
        lines = []
        side = dict(state.collectors)

        def line(points, code, en, zh, cards=()):
            lines.append(ScoreLine(points, code, Text(en, zh), tuple(cards)))

        def known_values(kind):
            return [self.value(o.payload) for o in by_type[kind] if o.payload]

        idols = by_type["idols"]
        moment = state.idol_pair_moment[seat]
        if side["idols"] == "B" and moment is not None:
            if moment == min(idol_moments):
                line(c["idols_b_first"], "idols_b_first", "Idol collector B: first to 2 idols",
                     "偶像收藏家 B 面：最先收集到 2 個偶像", ["CRCIDOLB"])
            else:
                line(c["idols_b_later"], "idols_b_later", "Idol collector B: 2 or more idols",
                     "偶像收藏家 B 面：擁有 2 個以上偶像", ["CRCIDOLB"])
        jewelry = known_values("jewelry")
        if side["jewelry"] == "A" and len(by_type["jewelry"]) >= c["jewelry_a_min"] and jewelry:
            line(max(jewelry), "jewelry_a", f"Jewelry collector A: best jewelry ({max(jewelry)}) "
                 f"counts twice", f"珠寶收藏家 A 面：最高的珠寶（{max(jewelry)}）算兩次", ["CRCJEWLA"])
        if side["jewelry"] == "B" and by_type["jewelry"]:
            n = len(by_type["jewelry"])
            line(n * c["jewelry_b_each"], "jewelry_b", f"Jewelry collector B: +{c['jewelry_b_each']}"
                 f" for each of {n} jewelry", f"珠寶收藏家 B 面：{n} 件珠寶每件 +{c['jewelry_b_each']}",
                 ["CRCJEWLB"])
        manuscripts = known_values("manuscripts")
        if side["manuscripts"] == "A" and len(by_type["manuscripts"]) >= c["manuscripts_a_min"]:
            extra = sum(c["manuscripts_a_value"] - v for v in manuscripts)
            line(extra, "manuscripts_a", f"Manuscript collector A: each manuscript counts "
                 f"{c['manuscripts_a_value']} (+{extra})",
                 f"手稿收藏家 A 面：每份手稿算 {c['manuscripts_a_value']} 分（+{extra}）", ["CRCMANUA"])
        pottery = len(by_type["pottery"])
        table = {int(k): v for k, v in c["pottery_a"].items()}
        if side["pottery"] == "A" and pottery >= min(table):
            points = table[min(pottery, max(table))]
            line(points, "pottery_a", f"Pottery collector A: {pottery} pottery",
                 f"陶器收藏家 A 面：{pottery} 件陶器", ["CRCPOTTA"])
        remains = len(by_type["remains"])
        if side["remains"] == "B" and remains >= c["remains_b_min"]:
            line(c["remains_b_bonus"], "remains_b", f"Remains collector B: {remains} remains",
                 f"遺骨收藏家 B 面：{remains} 件遺骨", ["CRCREMNB"])
        if side["tapestries"] == "A" and by_type["tapestries"]:
            best = max(t for s, t in tapestry_totals.items() if tapestry_owners[s])
            if tapestry_totals[seat] == best:
                line(c["tapestries_a_bonus"], "tapestries_a", f"Tapestry collector A: highest "
                     f"tapestry total ({best})", f"掛毯收藏家 A 面：掛毯總值最高（{best}）", ["CRCTAPEA"])
        if side["tapestries"] == "B" and len(by_type["tapestries"]) >= c["tapestries_b_min"]:
            many = sum(1 for n in tapestry_owners.values() if n >= c["tapestries_b_min"])
            if many == 1:
                line(c["tapestries_b_only"], "tapestries_b_only", "Tapestry collector B: the only "
                     "player with 3+ tapestries", "掛毯收藏家 B 面：唯一擁有 3 件以上掛毯的玩家", ["CRCTAPEB"])
            else:
                line(c["tapestries_b_shared"], "tapestries_b_shared", "Tapestry collector B: 3+ "
                     "tapestries, shared with others", "掛毯收藏家 B 面：擁有 3 件以上掛毯（與他人並列）",
                     ["CRCTAPEB"])
        return lines

    def solo_rank(self, total: float) -> Text:
        rank = [r for r in self.data.solo.ranks if total >= r.min][-1]
        return Text(rank.en, rank.zh)

    def outcome(self, state: CryptState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self.score(state)
        if state.players == 1:
            total = scores[0].total
            rank = self.solo_rank(total)
            return Outcome(("p0",), ("p0",),
                           Text(f"{state.names[0]} ends with {total:g} coins: {rank.en}.",
                                f"{state.names[0]} 最後有 {total:g} 枚金幣：{rank.zh}。"))
        last_roll = dict(state.tiebreak_history[-1]) if state.tiebreak_history else {}
        ranked = sorted(scores, key=lambda s: (s.total, last_roll.get(s.members[0], -1)),
                        reverse=True)
        best = ranked[0].total
        top = [s for s in ranked if s.total == best]
        tie_break = None
        if len(top) > 1 and state.tiebreak_winners and len(state.tiebreak_winners) == 1:
            winners = (f"p{state.tiebreak_winners[0]}",)
            name = state.names[state.tiebreak_winners[0]]
            rolls = ", ".join(f"{state.names[s]} {t}" for s, t in last_roll.items())
            tie_break = Text(f"Tied on {best:g}; the tied players rolled their ready dice "
                             f"({rolls}) and {name} rolled highest.",
                             f"同為 {best:g} 分；平手玩家擲出所有可用骰子（{rolls}），{name} 點數最高。")
        else:
            winners = tuple(s.side for s in top)
            if len(top) > 1:
                tie_break = Text(f"Tied on {best:g} and the dice did not separate them: the win "
                                 f"is shared.", f"同為 {best:g} 分，擲骰也分不出高下：共同獲勝。")
        names = " & ".join(state.names[int(w[1:])] for w in winners)
        if len(winners) > 1:
            explanation = Text(f"{names} share the win with {best:g} coins.",
                               f"{names} 以 {best:g} 枚金幣共同獲勝。")
        else:
            explanation = Text(f"{names} wins with {best:g} coins.", f"{names} 以 {best:g} 枚金幣獲勝。")
        return Outcome(winners, tuple(s.side for s in ranked), explanation, tie_break)
