"""Broker addresses and credentials: clear one-line errors, and no password ever shown."""

import subprocess
import sys

import pytest

from cafe.settings import BrokerSettingsError, check_name, parse_broker


def test_a_password_in_the_address_is_never_displayed():
    settings = parse_broker("mqtt://t1:hunter2@broker.lan:1884")
    assert (settings.username, settings.password, settings.port) == ("t1", "hunter2", 1884)
    assert "hunter2" not in settings.display() and "hunter2" not in repr(settings)
    assert settings.display() == "mqtt://t1@broker.lan:1884"


def test_the_password_file_and_tls_defaults(tmp_path, monkeypatch):
    secret = tmp_path / "pw"
    secret.write_text("s3cret\n")
    settings = parse_broker("mqtts://broker.lan", username="t1", password_file=str(secret))
    assert (settings.tls, settings.port, settings.password) == (True, 8883, "s3cret")
    monkeypatch.setenv("COMPANION_MQTT_PASSWORD", "from-env")
    assert parse_broker("mqtt://h", username="t1").password == "from-env"


@pytest.mark.parametrize(
    "url,options,message",
    [
        ("http://broker:1883", {}, "must look like mqtt://HOST:PORT"),
        ("mqtt://broker:port", {}, "port"),
        ("mqtt://:pw@broker", {}, "needs a user name"),
        ("mqtt://broker", {"password_file": "/nonexistent/pw"}, "cannot read"),
        ("mqtt://broker", {"ca_file": __file__}, "use mqtts://"),
        ("mqtt://broker", {"keepalive_s": 1}, "at least 2 seconds"),
    ],
)
def test_bad_broker_settings_are_one_clear_line(url, options, message):
    with pytest.raises(BrokerSettingsError, match=message) as error:
        parse_broker(url, **options)
    assert "\n" not in str(error.value)


def test_a_name_with_topic_characters_is_refused():
    assert check_name("table", "t-1.a_b") == "t-1.a_b"
    for bad in ("", "a/b", "t+", "#", "a b", "x" * 65):
        with pytest.raises(BrokerSettingsError, match="topic"):
            check_name("table", bad)


def test_the_command_line_says_what_is_missing(tmp_path):
    def run(*args):
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "companion",
                "demo",
                "--simulated",
                "--port",
                "0",
                "--db",
                str(tmp_path / "d.sqlite3"),
                *args,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )

    result = run("--mqtt", "mqtt://127.0.0.1:1")
    assert result.returncode == 2 and "--table" in result.stderr
    result = run("--mqtt", "mqtt://u:pw-in-url@127.0.0.1:1", "--table", "a/b")
    assert result.returncode == 2 and "must be 1-64 letters" in result.stderr
    assert "pw-in-url" not in result.stderr + result.stdout
