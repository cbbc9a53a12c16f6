"""Who may do what: the host, the players and the viewers, enforced here on the server.

- host: sets up, undoes and redoes, corrects what the camera read, starts or opens a game;
  and plays for any seat (and makes the moves of the whole table: a deal, the ghost's roll).
- player: one seat's moves and bids, and no other seat's (the engine then checks that the
  move is legal for that seat). Each seat has its own link and QR code.
- viewer: watches only.

On loopback without a token (one computer, the default) whoever opens the page is the host.
When the dashboard is served wider it has an access token: that token is the host's, and the
seats' and the viewers' tokens are derived from it (HMAC), so their join links and QR codes
stay the same across restarts of the same server (and seat 1's link stays seat 1's from one
game to the next). A request's token comes from the header, the query (`?token=`, remembered
in a cookie) or the cookie.

Old links: before each seat had its own link, one player link served the whole table. That
token still opens the table, but only to watch (a link that could move for every seat is what
seats replaced); the page says to ask the host for a seat's link (`data-old-link`).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import socket
from dataclasses import dataclass

from flask import Flask, current_app, render_template, request

from . import i18n
from .errors import ApiError, error_response

TOKEN_COOKIE = "companion_token"
TOKEN_HEADER = "X-Companion-Token"
ROLES = ("host", "player", "viewer")
RANK = {"viewer": 0, "player": 1, "host": 2}

# Commands and who may send them; anything not listed (every GET) is open to every role.
PLAYER_COMMANDS = (
    "/api/move",
    "/api/cannot-play",
    "/api/call-staff",  # cafe/help_web.py
    "/api/lesson",  # web/lesson.py
)
HOST_COMMANDS = (
    "/api/undo",
    "/api/redo",
    "/api/correct",
    "/api/new-game",
    "/api/games/import",
    "/api/calibration/corners",
)
HOST_PREFIXES = ("/api/games/",)  # /api/games/<id>/open
HOST_PAGES = ("/setup", "/diagnostics", "/api/join")
# The stylesheet of the page that asks for a join link (refused.html): the app's own look,
# no game data. Asking it for the token left that page unstyled.
OPEN_TO_ANYONE = ("/static/app.css",)
HOST_PAGE_PREFIXES = ("/join/",)  # the join QR codes carry tokens: the host's screen only


def _derive(host_token: str, name: str) -> str:
    return hmac.new(host_token.encode(), f"companion-{name}".encode(), hashlib.sha256).hexdigest()[
        :24
    ]


def role_tokens(host_token: str) -> dict[str, str]:
    """The host's and the viewers' tokens, and `player`: the old link for the whole table
    (now a viewer's, see the module's note)."""
    return {
        "host": host_token,
        "player": _derive(host_token, "player"),
        "viewer": _derive(host_token, "viewer"),
    }


def seat_token(host_token: str, seat: int) -> str:
    """The token of one seat's player link (seat 0 is the first player)."""
    return _derive(host_token, f"seat-{seat}")


@dataclass(frozen=True)
class Visitor:
    role: str  # host, player or viewer
    seat: int | None = None  # a player's seat
    old_link: bool = False  # the old link for the whole table: watches only


def _seats() -> int:
    return current_app.extensions["companion_runtime"].session.setup.players


def offered_token() -> str:
    header = request.headers.get(TOKEN_HEADER, "")
    auth = request.headers.get("Authorization", "")
    bearer = auth[7:].strip() if auth.lower().startswith("bearer ") else ""
    return header or bearer or request.args.get("token") or request.cookies.get(TOKEN_COOKIE) or ""


def visitor_of_request() -> Visitor | None:
    """Who is asking; None when a token is required and none of the table's was offered."""
    host_token = current_app.config.get("ACCESS_TOKEN")
    if not host_token:
        return Visitor("host")  # loopback only: the person at this computer
    offered = offered_token().encode()
    tokens = role_tokens(host_token)
    if hmac.compare_digest(offered, tokens["host"].encode()):
        return Visitor("host")
    if hmac.compare_digest(offered, tokens["viewer"].encode()):
        return Visitor("viewer")
    if hmac.compare_digest(offered, tokens["player"].encode()):
        return Visitor("viewer", old_link=True)
    for seat in range(_seats()):
        if hmac.compare_digest(offered, seat_token(host_token, seat).encode()):
            return Visitor("player", seat)
    return None


def role_of_request() -> str | None:
    """host, player or viewer; None when a token is required and none of them was offered."""
    visitor = visitor_of_request()
    return visitor.role if visitor else None


def require_own_seat(acting_seat: object) -> None:
    """A player's link makes its own seat's moves and bids only; the host acts for anyone.
    Called by the commands that act for a seat (the request is already known to be allowed)."""
    visitor = visitor_of_request()
    if visitor is None or visitor.role != "player":
        return
    if acting_seat is None:
        raise ApiError(
            403, "moves of the whole table are made on the host's screen", "table_move_host_only"
        )
    if acting_seat != visitor.seat:
        raise ApiError(
            403, f"this link plays seat {visitor.seat}, not seat {acting_seat}", "not_your_seat"
        )


def required_role(method: str, path: str) -> str:
    if method in ("GET", "HEAD", "OPTIONS"):
        return "host" if path in HOST_PAGES or path.startswith(HOST_PAGE_PREFIXES) else "viewer"
    if path in HOST_COMMANDS or (path.startswith(HOST_PREFIXES) and path.endswith("/open")):
        return "host"
    if path in PLAYER_COMMANDS:
        return "player"
    return "host" if path.startswith("/api/") else "viewer"


def allows(role: str | None, needed: str) -> bool:
    return role is not None and RANK[role] >= RANK[needed]


def refuse(status: int, code: str, message: str, lang_page: bool):
    """An API gets the one JSON error shape; a browser opening a page gets a friendly page in
    the visitor's language (no JSON on a phone's screen)."""
    if lang_page:
        lang = i18n.lang_of_request(request)
        html = render_template(
            "refused.html",
            code=code,
            lang=lang,
            title=i18n.say(f"refused.{code}.title", lang),
            text=i18n.say(f"refused.{code}.text", lang),
            other_lang="zh-TW" if lang == "en" else "en",
        )
        return html, status, {"Content-Type": "text/html; charset=utf-8"}
    return error_response(status, message, code)


def install_token_guard(app: Flask) -> None:
    """When a token is configured, every request must carry one of the table's (header, query
    or cookie), and its role must allow what it asks: a missing or wrong token is a 401 (a
    friendly page for a browser). A join link `/?token=...` sets a cookie, so the page's own
    requests carry it from then on."""
    app.before_request(check_request)
    app.after_request(remember_token)


def check_request():
    """before_request: authenticate (which role?) and authorise (may it do this?)."""
    if request.method in ("GET", "HEAD") and request.path in OPEN_TO_ANYONE:
        return None
    role = role_of_request()
    page = request.method == "GET" and not request.path.startswith(("/api/", "/static/", "/kit/"))
    if role is None:
        return refuse(
            401,
            "unauthorized",
            "this dashboard needs its access token: open a join link printed by "
            f"'companion serve', or send the {TOKEN_HEADER} header",
            page,
        )
    needed = required_role(request.method, request.path)
    if not allows(role, needed):
        code = "viewer_only" if role == "viewer" else "host_only"
        return refuse(403, code, f"a {role} may not do this: it needs the {needed}", page)
    return None


def remember_token(response):
    """after_request: a join link's token is kept in a cookie for the page's own requests."""
    host_token = current_app.config.get("ACCESS_TOKEN")
    offered = request.args.get("token")
    if host_token and offered and visitor_of_request() is not None:
        response.set_cookie(TOKEN_COOKIE, offered, httponly=True, samesite="Strict")
    return response


# -- join links --------------------------------------------------------------------------------
def lan_address(bound_host: str | None) -> str | None:
    """The address other devices on the local network reach this machine at, or None.

    A specific bound address is itself; for "every interface" (0.0.0.0, ::, empty) the address
    of the interface that would route outward is asked of the system (a UDP socket that is
    connected but never sends anything)."""
    host = (bound_host or "").strip("[]")
    if host and host not in ("0.0.0.0", "::"):
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return host  # a name the host chose
        return None if ip.is_loopback else host
    for probe in ("10.254.254.254", "192.168.254.254"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))  # UDP connect sends no packet
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address and not ipaddress.ip_address(address).is_loopback:
            return address
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    except OSError:
        pass
    return None


def join_links(host_token: str | None, address: str, port: int | str, seats: int = 0) -> dict:
    """The host's and the viewers' links, and one per seat (`seat-0`, `seat-1`, ...):
    http://ADDRESS:PORT/?token=TOKEN (no token on loopback)."""
    shown = f"[{address}]" if ":" in address else address
    base = f"http://{shown}:{port}/"
    if not host_token:
        tokens = {name: "" for name in ("host", "viewer", *(f"seat-{n}" for n in range(seats)))}
    else:
        tokens = {
            "host": host_token,
            "viewer": role_tokens(host_token)["viewer"],
            **{f"seat-{n}": seat_token(host_token, n) for n in range(seats)},
        }
    return {name: f"{base}?token={token}" if token else base for name, token in tokens.items()}


def qr_png(data: str, scale: int = 8) -> bytes:
    """A QR code of `data` as PNG (segno: pure Python, no network)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(data, error="m").save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


def qr_terminal(data: str) -> str:
    """The same QR code drawn with block characters, for the console."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(data, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()
