"""Vision's reading chain runs one way: each module imports only those before it (the order
vision/README.md gives), so a reader of the code can follow it from the shape of a read code
to `companion decode`. tests/test_import_cycles.py finds cycles anywhere; this keeps the
order itself, which a new import could break without making a cycle."""

import importlib.util
from pathlib import Path

CHAIN = (
    "tallies",  # per-stage counts: a leaf
    "codes",  # the shape of a read code
    "qr_matrix",  # the QR standard's layout, error correction, the data's text
    "backends",  # zxing-cpp, pyzbar, OpenCV
    "wechat",  # OpenCV's WeChat reader, where installed with its models
    "finder",  # where a frame seems to hold symbols
    "patterns",  # finder patterns found by their nesting
    "grid",  # the bendable module grid
    "localgrid",  # ...following crumpled paper module by module
    "sampler",  # a located symbol's grid sampled again
    "nesting",  # ...or a symbol located by its finder patterns' nesting
    "gridfit",  # a card symbol's grid fitted to an outline
    "cardgrid",  # ...and read with erasures
    "crops",  # the views of a candidate
    "unsmear",  # ...and with a motion smear undone
    "reader",  # the card reader
    "photo",  # any photo
    "decode",  # what `companion decode` prints
)


def _import_graph() -> dict[str, set[str]]:
    path = Path(__file__).resolve().parent.parent / "test_import_cycles.py"
    spec = importlib.util.spec_from_file_location("import_cycles", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.import_graph()


def test_each_module_of_the_chain_imports_only_the_ones_before_it():
    graph = _import_graph()
    wrong = []
    for index, name in enumerate(CHAIN):
        allowed = {f"vision.{before}" for before in CHAIN[:index]}
        inside = {m for m in graph[f"vision.{name}"] if m.startswith("vision.")}
        wrong += [f"vision.{name} imports {m}" for m in sorted(inside - allowed)]
    assert wrong == []


def test_the_bottom_of_the_chain_needs_nothing_of_the_project():
    graph = _import_graph()
    assert graph["vision.codes"] == set() and graph["vision.tallies"] == set()
