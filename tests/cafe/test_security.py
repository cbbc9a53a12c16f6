"""The example ACL on a real Mosquitto: a table writes only under its own name; a killed
table shows offline through its last will; no password reaches the logs."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cafehelpers import demo_command, settings_for, unbuffered

from cafe.broker import LocalBroker, mosquitto_passwd_binary
from cafe.table import TablePublisher
from companion.model import Move, Setup
from companion.store import GameStore
from web.runtime import Runtime

EXAMPLES = Path(__file__).resolve().parents[2] / "cafe" / "examples"
PASSWORDS = {"t1": "first-table-secret", "t2": "second-table-secret", "cafe-staff": "staff-secret"}


@pytest.fixture
def secured_broker(tmp_path):
    passwd = mosquitto_passwd_binary()
    if passwd is None:
        pytest.skip("mosquitto_passwd is missing: scripts/bootstrap --test installs mosquitto")
    password_file = tmp_path / "passwd"
    for user, secret in PASSWORDS.items():
        create = ["-c"] if not password_file.exists() else []
        subprocess.run(
            [passwd, *create, "-b", str(password_file), user, secret],
            check=True,
            capture_output=True,
            timeout=10,
        )
    with LocalBroker(
        folder=tmp_path / "broker", password_file=password_file, acl_file=EXAMPLES / "acl"
    ) as broker:
        yield broker


def login(tmp_path, user):
    path = tmp_path / f"{user}.password"
    path.write_text(PASSWORDS[user] + "\n")
    return {"username": user, "password_file": str(path)}


def test_a_table_cannot_publish_under_another_tables_name(secured_broker, recorder_for, tmp_path):
    staff = recorder_for(secured_broker, **login(tmp_path, "cafe-staff"))
    runtime = Runtime(GameStore(tmp_path / "g.sqlite3"), "musee", Setup(2, ("Amy", "Ben")))
    honest = TablePublisher(
        runtime, settings_for(secured_broker, **login(tmp_path, "t1")), "cafe", "t1"
    ).start()
    other = Runtime(GameStore(tmp_path / "h.sqlite3"), "musee", Setup(2, ("Cy", "Di")))
    # Logged in as t1 but claiming to be t2: the broker must drop all of it.
    impostor = TablePublisher(
        other, settings_for(secured_broker, **login(tmp_path, "t1")), "cafe", "t2"
    ).start()
    try:
        runtime.play(
            Move.from_dict(
                {
                    "kind": "place",
                    "player": 0,
                    "card": "MU10",
                    "museum": 0,
                    "gallery": 0,
                    "space": 0,
                }
            ),
            None,
        )
        staff.wait_for(
            lambda m: len([t for t, _, _ in m if t.endswith("t1/events")]) >= 2, what="t1's events"
        )
        deadline = time.monotonic() + 15
        while impostor.published_events == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert impostor.connected and impostor.published_events >= 1, "it did try"
        time.sleep(0.5)
        topics = {t for t, _, _ in staff.messages}
        assert "companion/cafe/tables/t1/state" in topics
        assert not [t for t in topics if "/t2/" in t], "nothing under t2 got through"
    finally:
        impostor.close(timeout_s=0.5)
        honest.close()
        runtime.close()
        other.close()


def test_a_wrong_password_is_refused(secured_broker, tmp_path):
    path = tmp_path / "wrong"
    path.write_text("not-the-password")
    runtime = Runtime(GameStore(tmp_path / "g.sqlite3"), "musee", Setup(2))
    publisher = TablePublisher(
        runtime, settings_for(secured_broker, username="t1", password_file=str(path)), "cafe", "t1"
    ).start()
    try:
        time.sleep(1.0)
        assert not publisher.connected
    finally:
        publisher.close(timeout_s=0.2)
        runtime.close()


def test_a_killed_table_shows_offline_and_its_password_is_never_printed(
    secured_broker, recorder_for, tmp_path
):
    staff = recorder_for(secured_broker, **login(tmp_path, "cafe-staff"))
    credentials = login(tmp_path, "t2")
    process = subprocess.Popen(
        demo_command(
            secured_broker.url,
            tmp_path / "demo.sqlite3",
            "t2",
            *("--mqtt-user", "t2", "--mqtt-password-file", credentials["password_file"]),
            keepalive_s=2,
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=unbuffered(),
    )
    try:

        def online(messages):
            return [
                json.loads(p)
                for t, p, _ in messages
                if t == "companion/cafe/tables/t2/status" and json.loads(p)["status"] == "online"
            ]

        status = staff.wait_for(online, timeout_s=30, what="t2 online")[-1]
        assert status["dashboard"].startswith("http://127.0.0.1:")
        staff.wait_for(
            lambda m: [t for t, _, _ in m if t.endswith("t2/events")], what="t2's events"
        )
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        offline = staff.wait_for(
            lambda m: [
                json.loads(p)
                for t, p, _ in m
                if t == "companion/cafe/tables/t2/status" and json.loads(p)["status"] == "offline"
            ],
            timeout_s=20,
            what="t2 offline",
        )
        # The last will, not a clean stop (how fast: `companion bench cafe` measures it).
        assert offline[-1]["reason"] == "connection lost"
    finally:
        if process.poll() is None:
            process.kill()
        output = process.stdout.read()
    assert "publishing as cafe/t2 to mqtt://t2@127.0.0.1" in output
    assert PASSWORDS["t2"] not in output
    log = (secured_broker.folder / "mosquitto.log").read_text()
    assert PASSWORDS["t2"] not in log


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A throw-away CA and a broker certificate for 127.0.0.1 (openssl, from Debian)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is missing: scripts/bootstrap --test installs it")
    ca_key, ca, key, request, cert = (
        folder / n for n in ("ca.key", "ca.crt", "broker.key", "broker.csr", "broker.crt")
    )
    extensions = folder / "san.cnf"
    extensions.write_text("subjectAltName=IP:127.0.0.1\n")

    def run(*args):
        subprocess.run([openssl, *map(str, args)], check=True, capture_output=True, timeout=60)

    run(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        ca_key,
        "-out",
        ca,
        "-days",
        "2",
        "-subj",
        "/CN=companion test CA",
    )
    run(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        request,
        "-subj",
        "/CN=127.0.0.1",
    )
    run(
        "x509",
        "-req",
        "-in",
        request,
        "-CA",
        ca,
        "-CAkey",
        ca_key,
        "-CAcreateserial",
        "-out",
        cert,
        "-days",
        "2",
        "-extfile",
        extensions,
    )
    return ca, cert, key


def test_a_table_publishes_over_tls_and_refuses_a_broker_it_cannot_verify(tmp_path, recorder_for):
    ca, cert, key = make_certificates(tmp_path)
    with LocalBroker(folder=tmp_path / "broker", tls_files=(ca, cert, key)) as broker:
        assert broker.url.startswith("mqtts://")
        recorder = recorder_for(broker, ca_file=str(ca))
        runtime = Runtime(GameStore(tmp_path / "g.sqlite3"), "musee", Setup(2, ("Amy", "Ben")))
        trusted = TablePublisher(
            runtime, settings_for(broker, ca_file=str(ca)), "cafe", "t1"
        ).start()
        other = Runtime(GameStore(tmp_path / "h.sqlite3"), "musee", Setup(2))
        # Without the café's CA the broker's certificate cannot be verified: no connection.
        untrusting = TablePublisher(other, settings_for(broker), "cafe", "t2").start()
        try:
            recorder.wait_for(
                lambda m: [t for t, _, _ in m if t.endswith("t1/events")],
                what="t1's events over TLS",
            )
            time.sleep(1.0)
            assert not untrusting.connected
            assert not [t for t, _, _ in recorder.messages if "/t2/" in t]
        finally:
            untrusting.close(timeout_s=0.2)
            trusted.close()
            runtime.close()
            other.close()
