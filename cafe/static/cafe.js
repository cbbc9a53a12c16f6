/* The café page: one tile per table, redrawn from the server's Server-Sent Events.
   Everything from the tables is written with textContent (never as HTML). */
"use strict";

const C = { snap: null, frame: 0, venues: 1 };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function cameraLine(camera) {
  if (!camera || !camera.attached) return ["none", t("cafe.camera_none")];
  if (camera.finished) return ["done", t("cafe.camera_done")];
  if (camera.online) return ["ok", t("cafe.camera_ok")];
  return ["off", t("cafe.camera_off") + (camera.reason ? " — " + camera.reason : "")];
}

function clock(seconds) {
  const d = new Date(seconds * 1000);
  const two = (x) => String(x).padStart(2, "0");
  return two(d.getHours()) + ":" + two(d.getMinutes()) + ":" + two(d.getSeconds());
}

function clockShort(seconds) {
  const d = new Date(seconds * 1000);
  return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
}

function ago(seconds) {
  const minutes = Math.max(0, Math.floor((Date.now() / 1000 - seconds) / 60));
  return minutes < 60 ? t("cafe.minutes", { n: minutes })
                      : t("cafe.hours", { h: Math.floor(minutes / 60), m: minutes % 60 });
}

function connectionText(data, status) {
  if (data.online) return t("cafe.online");
  // Silent: the table still says online but its heartbeats stopped (a frozen PC, a cable).
  if (data.silent) {
    return data.last_heard ? t("cafe.silent_since", { time: clock(data.last_heard) })
                           : t("cafe.silent");
  }
  return status ? t("cafe.offline") : t("cafe.unknown");
}

// A table that is not running: one clear line, with since when, instead of its last (stale)
// camera and turn lines.
function offlineBanner(data) {
  const since = data.silent ? data.last_heard : data.offline_since;
  const key = data.silent ? "cafe.banner_silent" : "cafe.banner_offline";
  const text = since ? t(key + "_since", { time: clockShort(since), ago: ago(since) }) : t(key);
  return el("p", "offline-banner", text);
}

function tile(data) {
  const online = data.online;
  const status = data.status ? data.status.status : null;
  const node = el("article", "tile " + (online ? "online" : status ? "offline" : "unknown")
                              + (data.silent ? " silent" : ""));
  node.dataset.key = data.key;
  node.dataset.table = data.table;
  const dashboard = data.status && data.status.dashboard;
  if (dashboard) {
    node.classList.add("linked");
    node.title = t("cafe.open");
    node.addEventListener("click", (event) => {
      if (event.target.closest("button")) return;
      window.open(dashboard, "_blank", "noopener");
    });
  }
  const head = el("header", "tile-head");
  const name = el(dashboard ? "a" : "span", "tile-name", data.table);
  if (dashboard) { name.href = dashboard; name.target = "_blank"; name.rel = "noopener"; }
  head.append(name);
  // The venue only when this page shows several (a head office's '*' view).
  if (C.venues > 1) head.append(el("span", "venue", data.venue));
  head.append(el("span", "conn-state", connectionText(data, status)));
  node.append(head);
  const running = online || !status;
  if (!running) node.append(offlineBanner(data));

  const state = data.state;
  if (!state) {
    node.append(el("p", "waiting", t("cafe.waiting")));
  } else {
    node.append(el("div", "game", pick(state.game.name)));
    const turn = new Set(state.turn || []);
    const players = el("ol", "players");
    (state.scores || []).forEach((score) => {
      const label = pick(score.label);
      const row = el("li", "player" + (turn.has(label) ? " turn" : ""));
      row.dataset.side = score.side;
      row.append(el("span", "name", label), el("span", "score", fmtNumber(score.total)));
      players.append(row);
    });
    node.append(players);
    let line;
    if (state.over) {
      line = t("cafe.over") + (state.winners && state.winners.length
        ? " · " + t("cafe.winners", { names: state.winners.join(", ") }) : "");
    } else {
      line = state.turn && state.turn.length ? t("cafe.to_play", { names: state.turn.join(", ") }) : "";
      if (state.round != null) line += (line ? " · " : "") + t("cafe.round", { n: state.round });
    }
    if (running || state.over) node.append(el("div", "turn-line", line));
    if (running) {
      const [cameraClass, cameraText] = cameraLine(state.camera);
      node.append(el("div", "camera camera-" + cameraClass, cameraText));
    }
  }

  if (data.name_clash) {
    // Two PCs started with one table name take turns on the broker: this tile mixes both.
    node.classList.add("has-alerts");
    node.append(el("p", "name-clash", t("cafe.name_clash", { table: data.table })));
  }
  if (data.alerts && data.alerts.length) {
    node.classList.add("has-alerts");
    const list = el("ul", "alerts");
    data.alerts.forEach((alert) => {
      const item = el("li", "alert alert-" + alert.kind + (alert.acknowledged ? " acked" : ""));
      item.dataset.alert = alert.id;
      item.append(el("span", "alert-text", pick(alert.message)));
      if (alert.acknowledged) {
        item.append(el("span", "acked-mark", t("cafe.acked")));
      } else {
        const button = el("button", "ack", t("cafe.ack"));
        button.type = "button";
        button.addEventListener("click", () => acknowledge(data, alert.id, button));
        item.append(button);
      }
      list.append(item);
    });
    node.append(list);
  }
  if (data.recent && data.recent.length) {
    const recent = el("ul", "recent");
    data.recent.slice(-3).forEach((entry) => {
      recent.append(el("li", entry.accepted === false ? "refused" : "", pick(entry.text)));
    });
    node.append(recent);
  }
  return node;
}

// One tile that cannot be drawn (a payload this page does not understand) must never blank the
// others: the server checks every message against TOPICS.md, and this is the second line.
function safeTile(data) {
  try {
    return tile(data);
  } catch (error) {
    const node = el("article", "tile unknown unreadable");
    node.dataset.table = String(data && data.table);
    node.append(el("span", "tile-name", String(data && data.table)),
                el("p", "waiting", t("cafe.unreadable")));
    return node;
  }
}

function render() {
  C.frame = 0;
  const snap = C.snap;
  if (!snap) return;
  C.venues = new Set(snap.tables.map((x) => x.venue)).size;
  const tiles = document.getElementById("tiles");
  tiles.replaceChildren(...snap.tables.map(safeTile));
  document.getElementById("empty").classList.toggle("hidden", snap.tables.length > 0);
  const alerts = snap.tables.reduce((sum, x) => sum + (x.alerts ? x.alerts.length : 0), 0);
  const online = snap.tables.filter((x) => x.online).length;
  document.getElementById("summary").textContent =
    t("cafe.tables", { n: snap.tables.length }) + " (" + online + " " + t("cafe.online") + ")"
    + (alerts ? " · " + t("cafe.alerts", { n: alerts }) : "")
    + (snap.rejected ? " · " + t("cafe.rejected", { n: snap.rejected }) : "");
  const conn = document.getElementById("conn");
  conn.textContent = snap.connected ? t("cafe.live") : t("cafe.broker_lost");
  conn.className = "conn " + (snap.connected ? "live" : "lost");
}

function schedule() {
  if (!C.frame) C.frame = requestAnimationFrame(render);
}

async function acknowledge(data, alertId, button) {
  button.disabled = true;
  try {
    const response = await fetch("/api/ack", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ venue: data.venue, table: data.table, alert: alertId }),
    });
    if (!response.ok) button.disabled = false;
  } catch (error) {
    button.disabled = false;
  }
}

function connect() {
  const source = new EventSource("/api/stream");
  source.onmessage = (message) => { C.snap = JSON.parse(message.data); schedule(); };
  source.onerror = () => {
    const conn = document.getElementById("conn");
    conn.textContent = t("cafe.page_lost");
    conn.className = "conn lost";
  };
}

document.querySelectorAll("[data-lang]").forEach((button) => {
  button.addEventListener("click", () => setLang(button.dataset.lang));
});
document.addEventListener("langchange", render);
applyStaticText();
connect();
setInterval(schedule, 30000);  // "offline since 20:14 (35 min)" keeps counting
