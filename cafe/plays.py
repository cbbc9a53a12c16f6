"""A finished game as a logged play, for the apps players already keep their plays in.

`play_of(session)` reads the record (names, scores, winners, times; nothing is sent anywhere
by the companion); `bgstats_link` is BG Stats' documented import link, `plays_csv` and the
play dict itself (JSON) are plain formats other play loggers import.
"""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

GAMES_FILE = Path(__file__).resolve().parent / "plays.json"
# BG Stats' import link, as documented at
# https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ :
# "bgstats://app.bgstatsapp.com/createPlay.html?data=<data>", <data> being the url-encoded
# JSON of the play (playDate, durationMin, location, game {name, bggId, highestWins,
# noPoints, sourceGameId}, players [{name, score, winner, rank, startPlayer, ...}]).
BGSTATS_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
CSV_FIELDS = (
    "date",
    "game",
    "bgg_id",
    "duration_min",
    "location",
    "players",
    "scores",
    "winners",
    "start_player",
)


def game_data(slug: str) -> dict:
    data = json.loads(GAMES_FILE.read_text(encoding="utf-8"))
    return data.get(slug) or {"bgg_id": None, "highest_wins": True}


def play_of(session: Any, game_id: int, location: str = "") -> dict | None:
    """The finished game as a play (None while it goes on)."""
    game, state = session.game, session.state
    outcome = game.outcome(state)
    if outcome is None or not game.is_over(state):
        return None
    records = session.records
    started = records[1].get("ts") if len(records) > 1 else records[0].get("ts")
    ended = records[-1].get("ts")
    scores = [s.to_dict() for s in game.score(state)]
    first = game.current_players(game.new_game(session.setup))
    first_side = scores[first[0]]["side"] if first and first[0] < len(scores) else None
    ranking = list(outcome.ranking)
    players = [
        {
            "name": score["label"]["en"],
            "score": score["total"],
            "winner": score["side"] in outcome.winners,
            "rank": ranking.index(score["side"]) + 1 if score["side"] in ranking else None,
            "start_player": score["side"] == first_side,
        }
        for score in scores
    ]
    return {
        "id": game_id,
        "game": game.info.slug,
        "name": game.info.name.to_dict(),
        "bgg_id": game_data(game.info.slug)["bgg_id"],
        "date": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started or time.time())),
        "duration_min": round(max(0.0, (ended or 0) - (started or 0)) / 60) if started else None,
        "location": location,
        "players": players,
    }


def bgstats_data(play: dict) -> dict:
    game = {
        "name": play["name"]["en"],
        "highestWins": game_data(play["game"])["highest_wins"],
        "noPoints": False,
        "sourceGameId": play["game"],
    }
    if play["bgg_id"]:
        game["bggId"] = play["bgg_id"]
    return {
        "playDate": play["date"],
        "durationMin": play["duration_min"] or 0,
        "location": play["location"],
        "board": "",
        "comments": "",
        "game": game,
        "players": [
            {
                "name": p["name"],
                "score": p["score"],
                "winner": p["winner"],
                "rank": p["rank"],
                "startPlayer": p["start_player"],
                "role": "",
                "sourcePlayerId": f"seat{seat + 1}",
            }
            for seat, p in enumerate(play["players"])
        ],
    }


def bgstats_link(play: dict) -> str:
    data = json.dumps(bgstats_data(play), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_LINK + quote(data, safe="")


def plays_csv(plays: list[dict]) -> str:
    """One play per row; players, scores and winners as `;`-separated lists in seat order
    (the JSON keeps each player as an object)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        players = play["players"]
        writer.writerow(
            {
                "date": play["date"],
                "game": play["name"]["en"],
                "bgg_id": play["bgg_id"] or "",
                "duration_min": "" if play["duration_min"] is None else play["duration_min"],
                "location": play["location"],
                "players": ";".join(p["name"] for p in players),
                "scores": ";".join(str(p["score"]) for p in players),
                "winners": ";".join(p["name"] for p in players if p["winner"]),
                "start_player": next((p["name"] for p in players if p["start_player"]), ""),
            }
        )
    return out.getvalue()
