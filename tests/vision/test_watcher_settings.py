"""The watcher's settings are one strict object: every number named and kept to its range,
an unknown setting refused with an error that names it (a typo is never a silent default)."""

import pickle

import pytest
from annotated_types import Ge, Gt, Le
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from vision.pipeline import TableWatcher
from vision.settings import SettingsError, WatcherSettings
from vision.tallies import StageTallies


def _ranges() -> dict[str, tuple[type, float | None, bool, float | None]]:
    """name -> (int or float, lower bound, lower bound excluded, upper bound) of each
    numeric setting, read from the model, so a new setting is checked too."""
    found = {}
    for name, info in WatcherSettings.model_fields.items():
        kind = next((k for k in (int, float) if info.annotation in (k, k | None)), None)
        if kind is None:
            continue
        low, excluded, high = None, False, None
        for rule in info.metadata:
            if isinstance(rule, Ge):
                low = rule.ge
            elif isinstance(rule, Gt):
                low, excluded = rule.gt, True
            elif isinstance(rule, Le):
                high = rule.le
        found[name] = (kind, low, excluded, high)
    return found


RANGES = _ranges()


def test_every_number_has_a_range():
    assert set(RANGES) >= {
        "preview_width",
        "preview_every_s",
        "workers",
        "frame_wait_s",
        "change_threshold",
        "partial_share",
        "full_decode_every",
        "full_decode_wait",
        "min_symbol_px",
        "max_symbol_px",
    }
    assert all(low is not None and high is not None for _, low, _, high in RANGES.values())


def test_the_defaults_are_the_watchers_tuned_numbers():
    defaults = WatcherSettings()
    assert (defaults.preview_width, defaults.preview_every_s) == (960, 0.095)
    assert (defaults.change_threshold, defaults.partial_share) == (14, 0.35)
    assert (defaults.full_decode_every, defaults.full_decode_wait) == (30, 3)
    assert (defaults.min_symbol_px, defaults.max_symbol_px) == (36.0, 520.0)
    assert defaults.refresh_beside is None and defaults.refresh_in_process


def _inside(name: str):
    kind, low, excluded, high = RANGES[name]
    if kind is int:
        return st.integers(int(low) + int(excluded), int(high))
    return st.floats(low, high, exclude_min=excluded, allow_nan=False)


def _outside(name: str):
    kind, low, excluded, high = RANGES[name]
    if kind is int:
        below = st.integers(max_value=int(low) - (0 if excluded else 1))
        return st.one_of(below, st.integers(min_value=int(high) + 1))
    below = st.floats(max_value=low, exclude_max=not excluded, allow_nan=False)
    return st.one_of(below, st.floats(min_value=high, exclude_min=True, allow_nan=False))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_number_in_its_range_is_kept(data):
    name = data.draw(st.sampled_from(sorted(RANGES)), label="setting")
    value = data.draw(_inside(name), label="value")
    changes = {name: value}
    if name == "min_symbol_px":
        changes["max_symbol_px"] = 8000
    if name == "max_symbol_px":
        assume(value > 8)  # the smallest symbol is 8 px at least, and must be smaller
        changes["min_symbol_px"] = 8
    assert getattr(WatcherSettings.make(**changes), name) == value


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_number_out_of_its_range_is_refused_by_name(data):
    name = data.draw(st.sampled_from(sorted(RANGES)), label="setting")
    value = data.draw(_outside(name), label="value")
    with pytest.raises(SettingsError, match=f"watcher setting {name}: "):
        WatcherSettings.make(**{name: value})


@given(st.text(min_size=1, max_size=20).filter(lambda s: s not in WatcherSettings.model_fields))
@settings(max_examples=50, deadline=None)
def test_an_unknown_setting_is_refused_by_name(name):
    with pytest.raises(SettingsError) as raised:
        WatcherSettings.make(**{name: 1})
    assert str(raised.value).startswith(f"unknown watcher setting {name!r}")
    assert "preview_width" in str(raised.value)  # and the settings that exist are listed


def test_the_smallest_symbol_must_be_smaller_than_the_largest():
    with pytest.raises(SettingsError, match="min_symbol_px .* must be below max_symbol_px"):
        WatcherSettings.make(min_symbol_px=600)


def test_settings_cannot_change_under_a_running_watcher():
    with pytest.raises(ValueError):
        WatcherSettings().preview_width = 0  # frozen: a watcher's settings are fixed


def test_the_watcher_takes_its_settings_and_refuses_a_typo_before_any_work():
    base = WatcherSettings(full_decode_every=12)
    watcher = TableWatcher(None, "musee", 2, settings=base, preview_width=0, workers=1)
    assert watcher.settings.full_decode_every == 12  # the object's, with the options on top
    assert watcher.settings.preview_width == 0 and watcher.partial.workers == 1
    assert (watcher.reader.min_side_px, watcher.reader.max_side_px) == (36.0, 520.0)
    assert watcher.previews.width == 0 and not watcher.refresh_beside  # no live camera
    watcher.close()
    with pytest.raises(CompanionError, match="unknown watcher setting 'preview_widht'"):
        TableWatcher(None, "musee", 2, preview_widht=0)
    with pytest.raises(CompanionError, match="watcher setting workers: "):
        TableWatcher(None, "musee", 2, workers=0)


def test_stage_tallies_count_add_and_cross_to_another_process():
    tallies = StageTallies()
    tallies.count("crop", True, 0.0)
    tallies.count("crop", False, 0.0)
    tallies.count("grid", 3, 0.0)
    assert [(stage, t[:2]) for stage, t in tallies.items()] == [("crop", [1, 2]), ("grid", [3, 1])]
    copied = pickle.loads(pickle.dumps(tallies))  # the whole decode's counts come back so
    tallies.add(copied)
    assert tallies["crop"][:2] == [2, 4] and tallies["grid"][:2] == [6, 2]
    assert tallies["crop"][2] == pytest.approx(2 * copied["crop"][2])
