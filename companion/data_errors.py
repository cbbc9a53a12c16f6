"""A data file validated by a pydantic model, its first problem said in one line.

Lessons (`lesson_format.py`) and rules pages (`rules_pages.py`) both report a bad file as
`<source>: <where>: <pydantic's message>`, where `<where>` names the item and the field in
words (`step 3 ("deal"), field 'done.kinds'`); each format says its own items. Both read
their file (`read_json_file`) and find the game it is for (`game_of_file`) the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataFileError, UnknownGameError

if TYPE_CHECKING:
    from .games.base import Game

Model = TypeVar("Model", bound=BaseModel)


def validate_or_say(
    model: type[Model],
    data: Any,
    source: str,
    error: type[DataFileError],
    where: Callable[[Any, tuple], str],
) -> Model:
    """`data` validated by `model`, or `error` with one line naming the first problem."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise error(f"{source}: {where(data, first['loc'])}: {first['msg']}") from None


def field_words(loc: Iterable[Any], whole: str = "", skip: Iterable[str] = ()) -> str:
    """`field 'done.kinds'` from the rest of a location (`whole` when nothing is left);
    `skip`: the tags pydantic puts in a union's location, which the file does not have."""
    left_out = set(skip)
    rest = ".".join(str(p) for p in loc if p not in left_out)
    return f"field '{rest or whole}'"


def id_words(data: Any, *keys: Any) -> str:
    """` ("deal")`: the id found in `data` down `keys`, quoted; "" where there is none."""
    try:
        for key in keys:
            data = data[key]
    except (KeyError, IndexError, TypeError):
        return ""
    return f' ("{data}")'


def read_json_file(path: Path, error: type[DataFileError]) -> Any:
    """The JSON held in `path`, or `error` naming the file when it cannot be read as JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{path.name}: cannot be read as JSON: {exc}") from None


def game_of_file(slug: str, source: str, error: type[DataFileError]) -> Game:
    """The game a data file's field 'game' names, or `error` saying the file names none."""
    from .games import find_game

    try:
        return find_game(slug)
    except UnknownGameError as exc:
        raise error(f"{source}: field 'game': {exc}") from None
