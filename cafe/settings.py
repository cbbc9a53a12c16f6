"""Where the broker is and how to reach it: `mqtt://HOST:PORT` or `mqtts://HOST:PORT` (TLS).

The password comes from a file or the COMPANION_MQTT_PASSWORD environment variable, never
from the command line shown in `ps`; `BrokerSettings.display()` is the only way the address is
ever printed or logged, and it never shows a password.
"""

from __future__ import annotations

import os
import re
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from companion.errors import CompanionError

if TYPE_CHECKING:  # paho is imported when a client is made, not with the settings
    import paho.mqtt.client as mqtt

PASSWORD_ENV = "COMPANION_MQTT_PASSWORD"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class BrokerSettingsError(CompanionError):
    """A broker address, name or credential that cannot be used (one clear line)."""


@dataclass(frozen=True)
class BrokerSettings:
    host: str = "127.0.0.1"
    port: int = 1883
    tls: bool = False
    username: str | None = None
    password: str | None = None
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    keepalive_s: int = 5

    def display(self) -> str:
        """The address for people and logs: scheme, user and host, never the password."""
        scheme = "mqtts" if self.tls else "mqtt"
        user = f"{self.username}@" if self.username else ""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{scheme}://{user}{host}:{self.port}"

    def __repr__(self) -> str:  # dataclass repr would print the password
        return f"BrokerSettings({self.display()})"

    def client(self, client_id: str, *, clean_session: bool) -> mqtt.Client:
        """A paho client for these settings (not yet connected)."""
        import paho.mqtt.client as mqtt

        client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id=client_id,
            clean_session=clean_session,
            protocol=mqtt.MQTTv311,
        )
        if self.username:
            client.username_pw_set(self.username, self.password)
        if self.tls:
            client.tls_set(
                ca_certs=self.ca_file,
                certfile=self.cert_file,
                keyfile=self.key_file,
                cert_reqs=ssl.CERT_REQUIRED,
            )
        # A broker restart should cost a table a fraction of a second, not paho's 2 minutes.
        client.reconnect_delay_set(min_delay=1, max_delay=5)
        client.max_inflight_messages_set(100)
        return client


def parse_broker(
    url: str,
    *,
    username: str | None = None,
    password_file: str | None = None,
    ca_file: str | None = None,
    cert_file: str | None = None,
    key_file: str | None = None,
    keepalive_s: int = 5,
) -> BrokerSettings:
    """`mqtt://HOST[:PORT]` or `mqtts://...`; credentials from options, file or environment."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
        raise BrokerSettingsError(
            f"the broker address must look like mqtt://HOST:PORT or mqtts://HOST:PORT "
            f"(got {_redact(url)!r})"
        )
    tls = parts.scheme == "mqtts"
    try:
        port = parts.port or (8883 if tls else 1883)
    except ValueError:
        raise BrokerSettingsError(f"the broker port in {_redact(url)!r} is not a number") from None
    user = username or (unquote(parts.username) if parts.username else None)
    secret = unquote(parts.password) if parts.password else None
    if password_file:
        try:
            secret = Path(password_file).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise BrokerSettingsError(
                f"cannot read the broker password file {password_file}: {exc.strerror}"
            ) from None
    secret = secret or os.environ.get(PASSWORD_ENV) or None
    if secret and not user:
        raise BrokerSettingsError("a broker password needs a user name (--mqtt-user)")
    for label, path in (("CA", ca_file), ("certificate", cert_file), ("key", key_file)):
        if path and not Path(path).is_file():
            raise BrokerSettingsError(f"the TLS {label} file {path} does not exist")
    if (ca_file or cert_file) and not tls:
        raise BrokerSettingsError(
            "TLS files were given but the address is mqtt://; use mqtts://HOST:PORT"
        )
    if keepalive_s < 2:
        raise BrokerSettingsError("the keep-alive must be at least 2 seconds")
    return BrokerSettings(
        parts.hostname, port, tls, user, secret, ca_file, cert_file, key_file, keepalive_s
    )


def check_name(kind: str, name: str) -> str:
    """A venue or table name becomes one topic level: letters, digits, '-', '_' and '.'."""
    if not NAME_PATTERN.match(name or ""):
        raise BrokerSettingsError(
            f"the {kind} name {name!r} must be 1-64 letters, digits, '-', '_' or '.' "
            f"(it becomes part of the MQTT topic)"
        )
    return name


def _redact(url: str) -> str:
    return re.sub(r"//([^:/@]+):[^@/]*@", r"//\1:***@", url)
