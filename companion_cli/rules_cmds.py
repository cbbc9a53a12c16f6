"""`companion games`, `companion score RECORD`, `companion replay LOG`: the rules core alone."""

from __future__ import annotations

import json

import click

from companion.catalogue import find_piece_anywhere
from companion.errors import UnknownCardError
from companion.games import Game, all_games, find_game
from companion.record import GameRecord, load_record
from companion.session import Session, Verdict

LANGS = click.Choice(["en", "zh-TW"], case_sensitive=False)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def games(as_json):
    """List the games the companion knows."""
    infos = [g.info for g in all_games()]
    if as_json:
        click.echo(json.dumps([i.to_dict() for i in infos], ensure_ascii=False, indent=2))
        return
    for info in infos:
        counts = ", ".join(str(n) for n in info.player_counts)
        click.echo(f"{info.slug:<13} {info.name.en} ({info.name.zh}) — {counts} players")


def _load_and_replay(path: str) -> tuple[GameRecord, Session]:
    record = load_record(path)
    game = find_game(record.game)
    _reject_foreign_cards(record, game)
    session = Session.replay(record.records(), game=game)
    for verdict in session.verdicts:
        for violation in verdict.violations:
            if violation.code == "unknown_card":
                raise UnknownCardError(
                    f"log entry {verdict.seq}: {', '.join(violation.cards) or 'a card'} is not a "
                    f"{game.info.name.en} card"
                )
    return record, session


def _reject_foreign_cards(record: GameRecord, game: Game) -> None:
    """A payload of another game (or of no game) in the record is bad input, not a rule break."""
    others = [g.info.slug for g in all_games() if g is not game]
    for number, entry in enumerate(record.log, start=1):
        payloads = []
        move = entry.get("move") if isinstance(entry, dict) else None
        if isinstance(move, dict):
            for key in ("card", "payload", "painting"):
                if isinstance(move.get(key), str):
                    payloads.append(move[key])
            for key in ("cards",):
                if isinstance(move.get(key), list):
                    payloads.extend(p for p in move[key] if isinstance(p, str))
        event = entry.get("event") if isinstance(entry, dict) else None
        # Dice carry their colour, not a printed code: only cards and tokens are catalogued.
        if (
            isinstance(event, dict)
            and isinstance(event.get("payload"), str)
            and event.get("kind", "card") != "die"
        ):
            payloads.append(event["payload"].upper())
        for payload in payloads:
            if payload in game.catalogue:
                continue
            owner = find_piece_anywhere(payload, others)
            where = f"log entry {number}"
            if owner:
                raise UnknownCardError(
                    f"{where}: {payload} is a {find_game(owner[0]).info.name.en} "
                    f"card, not a {game.info.name.en} card (wrong game?)"
                )
            raise UnknownCardError(f"{where}: unknown card {payload!r} for {game.info.name.en}")


def _side_line(side: dict, lang: str) -> list[str]:
    key = "zh-TW" if lang.lower().startswith("zh") else "en"
    lines = [f"  {side['label'][key]}: {side['total']}"]
    for line in side["lines"]:
        points = line["points"]
        shown = int(points) if float(points).is_integer() else points
        lines.append(f"    {shown:+} {line['source'][key]}")
    return lines


def _verdict_lines(verdict: Verdict, session: Session) -> list[str]:
    who = ""
    if verdict.move is not None and verdict.move.player is not None:
        who = (
            session.setup.names[verdict.move.player] + ": "
            if verdict.move.player < len(session.setup.names)
            else ""
        )
    what = _describe_move(verdict)
    if verdict.accepted:
        status = "undone" if verdict.kind == "undo" else "ok"
        lines = [f"#{verdict.seq:<4} {status:<8} {who}{what}"]
        if verdict.note and verdict.kind != "undo":
            lines.append(f"      {verdict.note.en} / {verdict.note.zh}")
        return lines
    lines = [f"#{verdict.seq:<4} {'REJECTED':<8} {who}{what}"]
    for violation in verdict.violations:
        lines.append(f"      [{violation.code}] {violation.message.en}")
        lines.append(f"      [{violation.code}] {violation.message.zh}")
    return lines


def _describe_move(verdict: Verdict) -> str:
    if verdict.move is None:
        return verdict.kind
    params = " ".join(f"{k}={v}" for k, v in verdict.move.params.items())
    return f"{verdict.move.kind} {params}".strip()


@click.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option(
    "--lang", type=LANGS, default="en", show_default=True, help="Language of the breakdown."
)
def score(record_path, as_json, lang):
    """Score a game record (JSON) or event log (JSONL) and name the winner."""
    record, session = _load_and_replay(record_path)
    game, state = session.game, session.state
    scores = [s.to_dict() for s in game.score(state)]
    outcome = game.outcome(state)
    rejected = [v for v in session.verdicts if not v.accepted]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": game.info.slug,
                    "setup": session.setup.to_dict(),
                    "over": game.is_over(state),
                    "scores": scores,
                    "outcome": outcome.to_dict() if outcome else None,
                    "rejected": [v.to_dict() for v in rejected],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    names = ", ".join(session.setup.names)
    players = session.setup.players
    click.echo(
        f"{game.info.name.en} ({game.info.name.zh}) — {players} "
        f"player{'s' if players != 1 else ''}: {names}"
    )
    if rejected:
        click.echo("Rejected attempts / 不合規則的動作:")
        for verdict in rejected:
            for line in _verdict_lines(verdict, session):
                click.echo("  " + line)
    click.echo("Scores / 分數:")
    for side in scores:
        for line in _side_line(side, lang):
            click.echo(line)
    key = "zh" if lang.lower().startswith("zh") else "en"
    if outcome is None:
        click.echo("The game is not over yet. / 遊戲尚未結束。")
    else:
        click.echo(f"Winner / 贏家: {getattr(outcome.explanation, key)}")
        if outcome.tie_break:
            click.echo(f"Tie-break / 同分判定: {getattr(outcome.tie_break, key)}")


@click.command()
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON verdict per line.")
def replay(log_path, as_json):
    """Replay a game record or event log, printing each move with its verdict."""
    _, session = _load_and_replay(log_path)
    for verdict in session.verdicts:
        if as_json:
            click.echo(json.dumps(verdict.to_dict(), ensure_ascii=False))
        else:
            for line in _verdict_lines(verdict, session):
                click.echo(line)
    if not as_json:
        outcome = session.game.outcome(session.state)
        click.echo(outcome.explanation.en if outcome else "(game not over)")
