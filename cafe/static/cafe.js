/* The café page: one tile per table, redrawn from the server's Server-Sent Events.
   Everything from the tables is written with textContent (never as HTML). */
"use strict";

const C = { snap: null, frame: 0, venues: 1, filter: "all", sort: "name", asked: {} };
// A table in these phases may be asked to check its box (never while a game is played).
const PACKUP_PHASES = ["finished", "packed", "idle"];
const ASKED_SHOWN_MS = 30000;
// Sorting "by phase" puts what needs staff first: a finished table to clear, then games.
const PHASE_ORDER = ["finished", "scoring", "playing", "setting_up", "packed", "idle"];
// Every key spelled out, so the catalogue test sees each one.
const PHASE_TEXT = {
  idle: () => t("cafe.phase.idle"), setting_up: () => t("cafe.phase.setting_up"),
  playing: () => t("cafe.phase.playing"), scoring: () => t("cafe.phase.scoring"),
  finished: () => t("cafe.phase.finished"), packed: () => t("cafe.phase.packed"),
};
const WARNING_TEXT = {
  unpacked: (vars) => t("cafe.warn.unpacked", vars),
  overlong: (vars) => t("cafe.warn.overlong", vars),
};

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
  return duration(minutesSince(seconds));
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

function minutesSince(seconds, until) {
  return Math.max(0, Math.floor(((until || Date.now() / 1000) - seconds) / 60));
}

function duration(minutes) {
  return minutes < 60 ? t("cafe.minutes", { n: minutes })
                      : t("cafe.hours", { h: Math.floor(minutes / 60), m: minutes % 60 });
}

// "Playing · 23 min · game 41 min": the sensed phase, how long in it, how long the game runs.
function phaseLine(phase) {
  const node = el("div", "phase phase-" + phase.name);
  node.append(el("span", "phase-name", PHASE_TEXT[phase.name]()));
  if (phase.since) node.append(el("span", "phase-time", duration(minutesSince(phase.since))));
  if (phase.started && phase.name !== "idle") {
    const game = duration(minutesSince(phase.started, phase.ended));
    node.append(el("span", "game-time", t("cafe.game_time", { time: game })));
  }
  return node;
}

function warningLines(data) {
  return (data.warnings || []).filter((warning) => WARNING_TEXT[warning.code]).map((warning) =>
    el("p", "floor-warning warn-" + warning.code, WARNING_TEXT[warning.code]({
      minutes: duration(warning.minutes), usual: duration(warning.usual || 0) })));
}

function phaseOf(data) {
  return data.state && data.state.table_phase ? data.state.table_phase : null;
}

function shown(tables) {
  const kept = tables.filter((x) => C.filter === "all"
    || (phaseOf(x) && phaseOf(x).name === C.filter));
  const rank = (x) => (phaseOf(x) ? PHASE_ORDER.indexOf(phaseOf(x).name) : PHASE_ORDER.length);
  const since = (x) => (phaseOf(x) && phaseOf(x).since) || Infinity;
  if (C.sort === "phase") kept.sort((a, b) => rank(a) - rank(b) || since(a) - since(b));
  if (C.sort === "time") kept.sort((a, b) => since(a) - since(b));
  return kept;
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
  if (running && phaseOf(data)) node.append(phaseLine(phaseOf(data)));
  if (online && phaseOf(data) && PACKUP_PHASES.includes(phaseOf(data).name)) {
    node.append(packupButton(data));
  }
  const warnings = running ? warningLines(data) : [];
  if (warnings.length) { node.classList.add("has-warnings"); node.append(...warnings); }

  const state = data.state;
  if (!state) {
    node.append(el("p", "waiting", t("cafe.waiting")));
  } else {
    head.insertBefore(el("span", "game", pick(state.game.name)), head.querySelector(".conn-state"));
    const turn = new Set(state.turn || []);
    const players = el("ol", "players");
    (state.scores || []).forEach((score) => {
      const label = pick(score.label);
      const row = el("li", "player" + (turn.has(label) ? " turn" : ""));
      row.dataset.side = score.side;
      // A score partly secret until the end (Masterpiece's cash) is 0 in the payload: never shown.
      // The total as the game says it (Masterpiece's wealth: $29.5M / 2,950 萬元); an older
      // table sends only the number.
      const said = score.said ? pick(score.said) : fmtNumber(score.total);
      const total = score.hidden ? t("cafe.score_secret") : said;
      row.append(el("span", "name", label), el("span", "score" + (score.hidden ? " secret" : ""), total));
      players.append(row);
    });
    // every score secret (Masterpiece's cash): a TV says it once, under the names (cafe.css)
    if (players.children.length && (state.scores || []).every((score) => score.hidden)) {
      players.dataset.secret = t("cafe.score_secret");
    }
    node.append(players);
    let line;
    if (state.over) {
      line = t("cafe.over") + (state.winners && state.winners.length
        ? " · " + t("cafe.winners", { names: state.winners.join(t("cafe.list_sep")) }) : "");
    } else {
      line = state.turn && state.turn.length
        ? t("cafe.to_play", { names: state.turn.join(t("cafe.list_sep")) }) : "";
      if (state.round != null) line += (line ? " · " : "") + t("cafe.round", { n: state.round });
    }
    // only whose turn it is: a TV leaves it to the ▶ in the list of players (cafe.css)
    const turnOnly = !state.over && state.round == null ? " turn-only" : "";
    if (running || state.over) node.append(el("div", "turn-line" + turnOnly, line));
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
      if (alert.kind === "packup") item.prepend(el("span", "help-mark", t("cafe.packup")));
      if (alert.kind === "help") {
        item.prepend(el("span", "help-mark", t("cafe.help")));
        if (alert.since) item.append(el("span", "help-since", t("cafe.help_since", { time: clockShort(alert.since) })));
      }
      if (alert.acknowledged) {
        item.append(el("span", "acked-mark", t(alert.kind === "help" ? "cafe.help_coming" : "cafe.acked")));
      } else {
        item.append(actionButton(data, alert.id, "ack", t("cafe.ack")));
      }
      if (alert.kind === "help") item.append(actionButton(data, alert.id, "clear", t("cafe.help_clear")));
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
  tiles.replaceChildren(...tvOrder(shown(snap.tables)).map(safeTile));
  fitTv(tiles);
  document.querySelectorAll("#filters button").forEach((button) => {
    button.setAttribute("aria-pressed", button.dataset.phase === C.filter ? "true" : "false");
  });
  document.getElementById("empty").classList.toggle("hidden", snap.tables.length > 0);
  const alerts = snap.tables.reduce((sum, x) => sum + (x.alerts ? x.alerts.length : 0), 0);
  const calls = snap.tables.filter((x) => (x.alerts || []).some((a) => a.kind === "help")).length;
  const online = snap.tables.filter((x) => x.online).length;
  document.getElementById("summary").textContent =
    t("cafe.tables_online", { n: snap.tables.length, online })
    + (alerts ? " · " + t("cafe.alerts", { n: alerts }) : "")
    + (calls ? " · " + t("cafe.calls", { n: calls }) : "")
    + (snap.rejected ? " · " + t("cafe.rejected", { n: snap.rejected }) : "");
  const conn = document.getElementById("conn");
  conn.textContent = snap.connected ? t("cafe.live") : t("cafe.broker_lost");
  conn.className = "conn " + (snap.connected ? "live" : "lost");
}

// A TV (the CSS's TV width): nobody scrolls it, so the tables with an alert come first and
// the tiles that do not fit the screen give way, last first, to one "+N more tables" line.
const TV_SCREEN = window.matchMedia("(min-width: 1400px)");

function tvOrder(tables) {
  if (!TV_SCREEN.matches) return tables;
  const alerted = (x) => Boolean((x.alerts && x.alerts.length) || x.name_clash);
  return [...tables.filter(alerted), ...tables.filter((x) => !alerted(x))];
}

function fitTv(tiles) {
  const more = document.getElementById("more-tables");
  more.classList.add("hidden");
  const page = document.documentElement;
  const over = () => page.scrollHeight > innerHeight + 1;
  const all = [...tiles.children];
  let hidden = 0;
  if (TV_SCREEN.matches) {
    while (over() && hidden < all.length - 1) {
      hidden += 1;
      all[all.length - hidden].classList.add("hidden");
      more.textContent = t("cafe.more_tables", { n: hidden });
      more.classList.remove("hidden");
    }
  }
  tiles.dataset.fit = hidden ? String(hidden) + " hidden" : "all";
}

function schedule() {
  if (!C.frame) C.frame = requestAnimationFrame(render);
}

// "Check the box": the table reads the cards laid out under its camera (cafe/packup.py).
function packupButton(data) {
  const asked = Date.now() - (C.asked[data.key] || 0) < ASKED_SHOWN_MS;
  const button = el("button", "ack packup-ask",
                    asked ? t("cafe.packup_asked") : t("cafe.packup_check"));
  button.type = "button";
  button.disabled = asked;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const response = await fetch("/api/packup-check", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ venue: data.venue, table: data.table }),
      });
      if (response.ok) C.asked[data.key] = Date.now();
    } catch (error) { /* the page says nothing new: the button comes back */ }
    render();
  });
  return button;
}

function actionButton(data, alertId, action, label) {
  const button = el("button", action === "clear" ? "ack clear" : "ack", label);
  button.type = "button";
  button.addEventListener("click", () => acknowledge(data, alertId, button, action));
  return button;
}

async function acknowledge(data, alertId, button, action) {
  button.disabled = true;
  try {
    const response = await fetch("/api/ack", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ venue: data.venue, table: data.table, alert: alertId, action }),
    });
    if (!response.ok) button.disabled = false;
  } catch (error) {
    button.disabled = false;
  }
}

// The stream sends every tile first, then only the tiles that changed, with every tile's key.
function merged(old, update) {
  const known = new Map((old && update.since >= 0 ? old.tables : []).map((x) => [x.key, x]));
  update.changed.forEach((x) => known.set(x.key, x));
  return { ...update, tables: update.keys.map((key) => known.get(key)).filter(Boolean) };
}

function connect() {
  const source = new EventSource("/api/stream");
  source.onmessage = (message) => { C.snap = merged(C.snap, JSON.parse(message.data)); schedule(); };
  source.onerror = () => {
    const conn = document.getElementById("conn");
    conn.textContent = t("cafe.page_lost");
    conn.className = "conn lost";
  };
}

document.querySelectorAll("[data-lang]").forEach((button) => {
  button.addEventListener("click", () => setLang(button.dataset.lang));
});
document.querySelectorAll("#filters button").forEach((button) => {
  button.addEventListener("click", () => { C.filter = button.dataset.phase; render(); });
});
document.getElementById("sort").addEventListener("change", (event) => {
  C.sort = event.target.value;
  render();
});
document.addEventListener("langchange", render);
window.addEventListener("resize", schedule);
applyStaticText();
connect();
setInterval(schedule, 30000);  // "offline since 20:14 (35 min)" keeps counting
