/* The dashboard's script: plain JavaScript, no framework, no network beyond this server.
   The server pushes the whole game snapshot over Server-Sent Events; every command is a JSON
   POST carrying the state id the page last saw (a stale one is answered 409). */
"use strict";

const S = { snap: null, camera: null, catalogue: null, picker: null, lastCameraMsg: 0,
            dismissed: new Set(), refusedOnTable: new Set(), problem: null, toastNote: null };

// -- small helpers ---------------------------------------------------------------------------
function $(id) { return document.getElementById(id); }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return node;
}

function clear(node) { while (node && node.firstChild) node.removeChild(node.firstChild); return node; }

async function api(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (method === "POST") {  // the server takes commands as JSON only (no cross-site forms)
    options.headers["Content-Type"] = "application/json";
    // a refusal is an answer this page says itself: asked as 200, no failed load in the console
    options.headers["X-Companion-Refusals"] = "expected";
    options.body = typeof body === "string" ? body : JSON.stringify(body === undefined ? {} : body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (exc) {  // no answer at all (Wi-Fi gone, server stopped): say so in words
    const error = new Error("network");
    error.info = { status: 0, code: "network" };
    throw error;
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok || (data && data.error)) {
    const error = (data && data.error) || { status: response.status, message: response.statusText };
    const exc = new Error(error.message);
    exc.info = error;
    throw exc;
  }
  return data;
}

/* One feedback channel. Everything that needs a player's attention — a rule alert on the
   table, the last refused move, a camera problem, a command that failed — is one item in the
   alert panel (#alerts): said in the current language at every render, kept until it is
   resolved (the server's state or the camera says so) or dismissed. The toast only confirms
   things that went well, and is redrawn when the language changes. Pages without an alert
   panel show a failed command in the toast instead, until it is dismissed. */
let toastTimer = null;
function toast(key, vars) {
  S.toastNote = key ? { key, vars } : null;
  clearTimeout(toastTimer);
  if (key) toastTimer = setTimeout(() => { S.toastNote = null; renderToast(); }, 4000);
  renderToast();
}

function renderToast() {
  const box = $("toast");
  if (!box) return;
  clear(box);
  const problem = $("alerts") ? null : S.problem;  // no alert panel here: the toast carries it
  if (problem) {
    box.className = "toast error";
    box.append(el("span", { text: sayProblem(problem) }),
      el("button", { type: "button", class: "dismiss", "aria-label": t("feedback.dismiss"),
                     onclick: () => { S.problem = null; renderToast(); }, text: "×" }));
  } else if (S.toastNote) {
    box.className = "toast info";
    box.textContent = t(S.toastNote.key, S.toastNote.vars);
  } else {
    box.className = "toast hidden";
  }
}

function sayProblem(problem) {
  if (problem.violations && problem.violations.length) return problem.violations.map((v) => pick(v.message)).join(" ");
  if (problem.text) return pick(problem.text);
  return t(problem.key);
}

/* A command failed: keep why, in words the page can say in either language. */
function showError(exc) {
  const info = exc.info || {};
  if (info.status === 409 && info.code === "stale_state") refreshState();
  if (info.code === "network") S.problem = { key: "error.network" };
  else if (info.violations && info.violations.length) {
    // A rule break is in the game log: the alert panel shows it from there until a move is
    // accepted. Pages without that panel, and a refusal kept out of the log (a correction
    // by hand refused whole), keep it in the toast.
    S.problem = $("alerts") && info.logged !== false ? null : { violations: info.violations };
    refreshState();
    if (!S.problem) return;
  }
  else if (info.text) S.problem = { text: info.text };  // the catalogue's sentence, both languages
  else S.problem = { key: "error.internal_error" };
  S.problem.at = Date.now();
  renderFeedback();
}

/* The latest refused move while nothing has been accepted since (it is then resolved). */
function latestRefusal(snap) {
  const log = (snap && snap.log) || [];
  for (let i = log.length - 1; i >= 0; i--) {
    if (!log[i].accepted) return log[i];
    if (log[i].move) return null;
  }
  return null;
}

function feedbackItems() {
  const snap = S.snap;
  const items = [];
  const said = new Set();
  for (const v of (snap && snap.alerts) || []) {
    const text = pick(v.message);
    said.add(text);
    items.push({ id: "rule:" + v.code + ":" + (v.cards || []).join(","), kind: "rule", code: v.code, text });
  }
  const refusal = latestRefusal(snap);
  // A refused card that has been taken off the table is resolved too.
  const onTable = new Set(((snap && snap.table) || []).map((p) => p.payload));
  const refusedCards = refusal ? (refusal.violations || []).flatMap((v) => v.cards || [])
    .concat(refusal.move && refusal.move.card ? [refusal.move.card] : []) : [];
  if (refusal && refusedCards.some((c) => onTable.has(c))) S.refusedOnTable.add(refusal.seq);
  const takenBack = refusal && S.refusedOnTable.has(refusal.seq)
    && !refusedCards.some((c) => onTable.has(c));
  if (refusal && !takenBack) {
    const why = (refusal.violations || []).map((v) => pick(v.message)).filter((x) => !said.has(x));
    if (why.length) {
      const what = refusal.text ? pick(refusal.text) : describeMove(refusal.move);
      const cited = (refusal.violations || []).map((v) => v.code)
        .find((code) => (snap.rule_links || {})[code]);
      items.push({ id: "refused:" + refusal.seq, kind: "refused", dismissible: true, ruleCode: cited,
                   text: t("feedback.refused", { what }) + " " + why.join(" ") });
      why.forEach((x) => said.add(x));
    }
  }
  const camera = S.camera;
  if (camera && camera.attached && !camera.finished && !cameraIsLive(camera) && camera.reason) {
    const key = "camera.reason." + (camera.code || "");
    items.push({ id: "camera:" + (camera.code || "unknown"), kind: "camera", dismissible: true,
                 text: camera.code && key in I18N.en ? t(key) : t("camera.reason.unknown") });
  }
  if (S.problem && $("alerts")) {
    const text = sayProblem(S.problem);
    if (!said.has(text)) items.push({ id: "problem:" + S.problem.at, kind: "problem", dismissible: true, text });
  }
  for (const item of items) {
    const at = staffSawAt(snap, item.id);
    if (at != null) item.staffSaw = at;
  }
  return items.filter((item) => !S.dismissed.has(item.id));
}

/* When café staff acknowledged this alert from their page (null: not yet, or no café). */
function staffSawAt(snap, itemId) {
  for (const ack of (snap && snap.staff_acks) || []) {
    const id = ack.kind === "camera" ? "camera:" + ack.code
                                     : "rule:" + ack.code + ":" + (ack.cards || []).join(",");
    if (id === itemId) return ack.at;
  }
  return null;
}

function clockOf(seconds) {
  const d = new Date(seconds * 1000);
  return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
}

function renderFeedback() {
  renderToast();
  const list = $("alerts");
  if (!list) return;
  const items = feedbackItems();
  const signature = currentLang() + JSON.stringify(items);
  if (signature === S.feedbackSignature) return;  // the camera reports every second
  S.feedbackSignature = signature;
  clear(list);
  $("alerts-panel").classList.toggle("has-alerts", items.length > 0);
  if (!items.length) { list.appendChild(el("li", { class: "none", text: t("alerts.none") })); return; }
  for (const item of items) {
    list.appendChild(el("li", { class: "violation feedback-" + item.kind, "data-code": item.code || "",
                                "data-kind": item.kind },
      el("span", { class: "feedback-text", text: item.text }), ruleLink(item.ruleCode || item.code),
      item.staffSaw != null ? el("span", { class: "staff-ack",
        text: t("feedback.staff_saw", { time: clockOf(item.staffSaw) }) }) : null,
      item.dismissible ? el("button", { type: "button", class: "dismiss", "aria-label": t("feedback.dismiss"),
        title: t("feedback.dismiss"), onclick: () => { S.dismissed.add(item.id);
          if (item.kind === "problem") S.problem = null; renderFeedback(); }, text: "×" }) : null));
  }
}

/* Commands go one at a time, each carrying the state id the page showed when it was tapped.
   A second quick tap is made before the first one's answer arrives, so it saw the state the
   first one changed: that change was this page's own, not another device's, and the tap goes
   with the state id this page's own commands led to (`ownSteps`: state id before -> after).
   A page that missed another device's move still sends the id it saw and is answered 409. */
let commandQueue = Promise.resolve();
const ownSteps = new Map();

function command(path, body) {
  if (!S.snap) return Promise.resolve(null);
  const seen = { game: S.snap.game_id, id: S.snap.state_id };
  const run = commandQueue.then(() => sendCommand(path, body, seen));
  commandQueue = run.catch(() => null);
  return run;
}

async function sendCommand(path, body, seen) {
  let stateId = seen.id;
  const visited = new Set();
  while (S.snap && S.snap.game_id === seen.game && ownSteps.has(stateId) && !visited.has(stateId)) {
    visited.add(stateId);
    stateId = ownSteps.get(stateId);
  }
  try {
    const answer = await api("POST", path, Object.assign({ state_id: stateId }, body || {}));
    S.problem = null;  // it went through: an earlier failure is resolved
    if (answer && answer.state) {
      if (answer.state.game_id !== seen.game) ownSteps.clear();
      else if (answer.state.state_id !== stateId) ownSteps.set(stateId, answer.state.state_id);
      render(answer.state);
    }
    return answer;
  } catch (exc) {
    showError(exc);
    refreshState();
    return null;
  }
}

async function refreshState() {
  try { render(await api("GET", "/api/state")); } catch (exc) { /* SSE will retry */ }
}

function names() { return S.snap ? S.snap.setup.names.map(localNames) : []; }
function seatName(seat) { return names()[seat] != null ? names()[seat] : "#" + seat; }
function cardLabel(payload) {
  const piece = (S.catalogue || []).find((p) => p.payload === payload);
  return piece ? pick(piece.name) : payload;
}
/* A label's colon: full width in Chinese (「手牌數：」), ": " in English. */
function colon() { return currentLang() === "zh-TW" ? "：" : ": "; }
/* Sentences one after another as each language writes them: each ends with its full stop
   ("." / "。") unless it ends one already, a space between them in English, none in Chinese
   (a move's words and the reason it was refused are two sentences, never glued). */
function sentences(texts) {
  const zh = currentLang() === "zh-TW";
  return texts.map((x) => String(x == null ? "" : x).trim()).filter(Boolean)
    .map((x) => (/[.!?。！？][」』”’）)]*$/.test(x) ? x : x + (zh ? "。" : ".")))
    .join(zh ? "" : " ");
}
function fmtPoints(n) { return (Math.round(n * 10) / 10).toString(); }
/* Money as players say it: $3.5M / $500K in English, 350 萬元 / 50 萬元 in Chinese (amounts
   are integer thousands, as the engine keeps them; the same as companion/games/masterpiece/
   words.py money). */
function fmtMoney(k) {
  if (k == null) return "—";
  const zh = currentLang() === "zh-TW";
  if (k === 0) return zh ? "0 元" : "$0";
  const sign = k < 0 ? "-" : "";
  k = Math.abs(k);
  if (zh) return sign + (k / 10).toLocaleString("en") + " 萬元";
  return sign + (k >= 1000 ? "$" + (k / 1000).toLocaleString("en") + "M" : "$" + k + "K");
}
/* A score as its game counts it: points, or money (Masterpiece's wealth). */
function isMoney(game) { return !!game && game.score_unit === "money_k"; }
function fmtTotal(n, game) { return isMoney(game) ? fmtMoney(n) : t("scores.total", { n: fmtPoints(n) }); }
function fmtLine(n, game) { return isMoney(game) ? fmtMoney(n) : fmtPoints(n); }

// -- live connection ---------------------------------------------------------------------------
function connect() {
  const source = new EventSource("/api/events");
  source.addEventListener("open", () => setConn("live"));
  source.addEventListener("state", (msg) => { setConn("live"); render(JSON.parse(msg.data)); });
  source.addEventListener("camera", (msg) => { setConn("live"); renderCamera(JSON.parse(msg.data)); });
  source.addEventListener("error", () => setConn("lost"));
}

function setConn(kind) {
  const node = $("conn");
  if (!node) return;
  node.dataset.i18n = "conn." + kind;
  node.textContent = t("conn." + kind);
  node.className = "conn " + kind;
}

/* Say what is true: with no camera the host lays each card by hand (not "corrects what the
   camera read"); a demo is a recorded game playing itself, and the page says so. */
function sayHowCardsAreLaid(camera) {
  const help = document.querySelector("#board-panel .help");
  if (help) {
    // each game is entered by hand in its own way (catalogue board.help.byHand.<game>)
    const own = "board.help.byHand." + (S.snap ? S.snap.game.slug : "");
    help.dataset.i18n = camera.attached ? "board.help" : own in I18N.en ? own : "board.help.byHand";
    help.textContent = t(help.dataset.i18n);
  }
  const demo = $("demo-note");
  if (demo) demo.classList.toggle("hidden", !String(camera.source || "").startsWith("demo:"));
}

// -- rendering: dispatch ----------------------------------------------------------------------
function render(snap, force) {
  if (!snap) return;
  if (S.snap && snap.version != null && S.snap.version != null && snap.version < S.snap.version
      && snap.game_id === S.snap.game_id) return; // an older answer arrived late
  // The same snapshot delivered twice (a command's answer, then the live stream) is drawn
  // once: redrawing would wipe what a player is typing (a bid) between two taps.
  if (!force && S.snap && snap !== S.snap && snap.version != null && snap.version === S.snap.version
      && snap.game_id === S.snap.game_id && snap.state_id === S.snap.state_id
      && (snap.log || []).length === (S.snap.log || []).length) {
    if (snap.camera) renderCamera(snap.camera);
    return;
  }
  // A new game may change the player count, and with it the cards in play.
  const gameChanged = S.snap && (S.snap.game.slug !== snap.game.slug || S.snap.game_id !== snap.game_id);
  S.snap = snap;
  if (gameChanged) loadCatalogue().then(() => render(S.snap, true));
  if (snap.camera) renderCamera(snap.camera);
  else if (S.camera) sayHowCardsAreLaid(S.camera);  // the game (and its way by hand) changed
  const page = document.body.dataset.page;
  if (page === "dashboard") renderDashboard(snap);
  else if (page === "tv") renderTv(snap);
  else if (page === "rules") loadRules();
  else if (page === "summary") renderSummary(snap);
  else if (page === "setup") renderSetupCurrent(snap);
  if (typeof Lesson !== "undefined") Lesson.render(snap);  // teach mode (static/teach.js)
  loadPrivate(snap);
}

/* A seat's own secret (Masterpiece: its cash) never travels in the state every screen gets:
   a seat's phone asks /api/private for its own whenever the state changes, and views mark
   where it goes with data-private-money="KEY" (filled here, so no redraw wipes a typed bid). */
function loadPrivate(snap) {
  if (pageRole() !== "player" || snap.over || S.privateFor === snap.state_id) { renderPrivate(); return; }
  S.privateFor = snap.state_id;
  api("GET", "/api/private").then((answer) => {
    S.private = answer.private;
    S.privateStateId = answer.state_id;  // the state it is the secret of
    renderPrivate();
  })
    .catch(() => { S.privateFor = null; });
}

function renderPrivate() {
  for (const node of document.querySelectorAll("[data-private-money]")) {
    const k = S.private ? S.private[node.dataset.privateMoney] : null;
    node.textContent = fmtMoney(k);
  }
}

function renderAll() {
  applyStaticText();
  renderFeedback();
  if (S.snap) render(S.snap, true);
  if (document.body.dataset.page === "games") loadGames();
  if (document.body.dataset.page === "setup") { loadSetup(); loadKit(); loadJoin(); }
  const invite = $("invite-panel");  // the dashboard's "Invite players": the host's only
  if (invite && isHost()) {
    invite.hidden = false;
    invite.addEventListener("toggle", () => { if (invite.open) loadJoin(); });
  }
}

// -- camera -----------------------------------------------------------------------------------
function cameraIsLive(camera) {
  return camera && camera.online && camera.has_preview
    && camera.preview_age_s != null && camera.preview_age_s < 3;
}

function renderCamera(camera) {
  S.camera = camera;
  S.lastCameraMsg = Date.now();
  sayHowCardsAreLaid(camera);
  renderFeedback();
  renderDiagnostics(camera);
  if (camera.has_preview && !S.previewLoadedOnce) loadPreview();
  for (const [imgId, overlayId, statusId] of [["preview", "preview-overlay", "camera-status"],
                                             ["calib-preview", "calib-overlay", "calib-status"]]) {
    const img = $(imgId);
    if (!img) continue;
    const live = cameraIsLive(camera);
    const wrap = img.parentElement;
    wrap.classList.toggle("offline", !live);
    const overlay = $(overlayId);
    const age = camera.preview_age_s != null ? Math.round(camera.preview_age_s) : null;
    if (!camera.attached) {
      overlay.textContent = t("camera.none");
    } else if (live) {
      overlay.textContent = "";
    } else {
      let line = t("camera.offline");
      if (camera.finished) line += " · " + t("camera.finished");
      line += " · " + (age != null ? t("camera.age", { s: age }) : t("camera.never"));
      overlay.textContent = line;
    }
    img.hidden = !camera.has_preview;
    const status = $(statusId);
    if (status) {
      clear(status);
      status.appendChild(el("span", { class: live ? "dot on" : "dot off" }));
      status.appendChild(el("span", { class: "camera-state",
        text: live ? t("camera.live") : t("camera.offline") }));
      if (age != null) status.appendChild(el("span", { class: "age", text: " · " + t("camera.age", { s: age }) }));
      if (camera.calibrated != null) {
        status.appendChild(el("span", { text: " · " + (camera.calibrated ? t("camera.calibrated") : t("camera.uncalibrated")) }));
      }
      if (camera.reprojection_error_mm != null) {
        status.appendChild(el("span", { text: " · " + t("camera.accuracy", { e: camera.reprojection_error_mm.toFixed(1) }) }));
      }
      if (camera.reason && !live && camera.attached) {
        // A known reason is said in the page's language; the source's own words stay as
        // detail for the host (a tooltip), never as the sentence a player reads.
        const key = "camera.reason." + (camera.code || "");
        const said = camera.code && key in I18N.en ? t(key) : t("camera.reason.unknown");
        status.appendChild(el("div", { class: "reason", "data-code": camera.code || "",
                                       title: camera.reason, text: said }));
      }
      // The camera's own words, and what went wrong behind the scenes (logged with its
      // cause), are for whoever debugs it: folded away, not in a player's face.
      const warnings = camera.warnings || [];
      const problems = camera.problems || [];
      if (problems.length) status.appendChild(el("div", { class: "problem-said", text: t("camera.problem") }));
      if (warnings.length || problems.length) {
        status.appendChild(el("details", { class: "camera-detail" },
          el("summary", { text: t("camera.details") }),
          warnings.map(sayCameraWarning),
          problems.map((p) => el("div", { class: "problem warning", lang: "en", title: p.cause || "",
                                          text: p.message + (p.cause ? " (" + p.cause + ")" : "") }))));
      }
    }
  }
}

/* A camera warning the catalogue knows is said in the page's language (its English words
   stay as the tooltip); any other stays as the camera's own English words. */
const CARDS_SMALL = /^cards small: about ([\d.]+) px per QR module at the far edge of the mat, below ([\d.]+); codes there may not read$/;
function sayCameraWarning(warning) {
  const small = CARDS_SMALL.exec(warning);
  if (!small) return el("div", { class: "warning", lang: "en", text: warning });
  return el("div", { class: "warning", "data-code": "cards_small", title: warning,
                     text: t("camera.warn.cards_small", { ppm: small[1], need: small[2] }) });
}

/* Fetch the newest preview off-screen, then swap it in (no flicker, no half images). */
function loadPreview() {
  for (const id of ["preview", "calib-preview"]) {
    const img = $(id);
    if (!img || img.dataset.loading) continue;
    img.dataset.loading = "1";
    const next = new Image();
    next.onload = () => { img.src = next.src; delete img.dataset.loading; S.previewLoadedOnce = true; };
    next.onerror = () => { delete img.dataset.loading; };
    next.src = "/api/preview.jpg?t=" + Date.now();
  }
}

/* Refresh the preview only while frames are fresh: an old frame stays, greyed out. */
function previewLoop() {
  const camera = S.camera;
  if (camera && camera.has_preview && (camera.online || !S.previewLoadedOnce)) loadPreview();
  // No camera message for a while means the server or the stream is gone: show it greyed.
  if (S.camera && Date.now() - S.lastCameraMsg > 5000) {
    renderCamera(Object.assign({}, S.camera, { online: false,
      preview_age_s: (S.camera.preview_age_s || 0) + (Date.now() - S.lastCameraMsg) / 1000 }));
    S.lastCameraMsg = Date.now() - 5000;
  }
  setTimeout(previewLoop, 1000);
}

// -- dashboard --------------------------------------------------------------------------------
function renderDashboard(snap) {
  renderTurn(snap);
  renderAlerts(snap);
  renderHints(snap);
  renderBoard($("board"), snap, true);
  renderScores($("scores"), snap);
  renderLog(snap);
  renderEnd(snap);
  $("undo-btn").disabled = !snap.can_undo;
  $("redo-btn").hidden = !snap.can_redo;
  $("redo-btn").textContent = snap.redo_text ? t("btn.redoWhat", { what: pick(snap.redo_text) }) : t("btn.redo");
}

/* Undo takes a move back (the next move ends any redo), so it asks first and names it. */
function askUndo() {
  const snap = S.snap;
  if (!snap || !snap.can_undo) return;
  const question = snap.undo_text ? t("confirm.undo", { what: pick(snap.undo_text) }) : t("confirm.undoLast");
  if (window.confirm(question)) command("/api/undo");
}

/* Whose phone this is: a seat's link plays that seat only (the server refuses the others);
   the old link for the whole table only watches now, and says so. */
function mySeat() {
  const seat = document.body.dataset.seat;
  return seat == null ? null : Number(seat);
}

/* What this page may do, as the server decides it (web/roles.py): the host acts for every
   seat and makes the whole table's moves (seat null); a seat's phone acts for its own seat
   only; a viewer for nobody. Views offer a control only when mayActFor(the move's player)
   (the server still refuses the rest); in its place, turnNote says whose turn it is. */
function pageRole() { return document.body.dataset.role || "viewer"; }

function isHost() { return pageRole() === "host"; }

/* Placeholder data (a card list or table not typed in from the real game yet) is the host's
   concern, said in the README and the print kit: the host's own dashboard flags it, never the
   TV or a seat's phone (walk-through finding). */
function showsDataNotices() { return isHost() && document.body.dataset.page !== "tv"; }
function isPlaceholderNote(note) { return !!note && /placeholder|unverified/i.test(note.en || ""); }
function playerNotes(notes) {
  return showsDataNotices() ? (notes || []) : (notes || []).filter((n) => !isPlaceholderNote(n));
}

function mayActFor(seat) {
  if (isHost()) return true;
  return pageRole() === "player" && seat != null && Number(seat) === mySeat();
}

function turnNote(seat) {
  return el("p", { class: "turn-note", "data-waiting-for": seat == null ? "host" : String(seat),
    text: seat == null ? t("seat.waitHost") : t("seat.waitFor", { name: seatName(seat) }) });
}

function renderMySeat() {
  const node = $("my-seat");
  if (!node) return;
  const seat = mySeat();
  const old = document.body.dataset.oldLink === "1";
  node.classList.toggle("hidden", seat == null && !old);
  node.textContent = seat != null ? t("role.yourSeat", { name: seatName(seat) }) : old ? t("role.oldLink") : "";
}

/* A deal (Crypt's reveal of the row, Masterpiece's set-up): the engine counts every seat
   as current, since the cards go to all of them, but only the host deals. */
function dealing(desc, current) {
  return current.length > 1 && ((desc.phase === "reveal" && desc.deal != null) || desc.phase === "setup");
}

function renderTurn(snap) {
  renderMySeat();
  const box = clear($("turn"));
  const desc = snap.state || {};
  if (snap.over) {
    box.appendChild(el("div", { class: "turn-now over", text: t("turn.over") }));
  } else if (desc.ending) {
    // the rounds are over and only the final count's steps remain (Crypt's face-down cards,
    // a tie-break roll): nobody "plays" or "may also act" any more
    box.appendChild(el("div", { class: "turn-now over ending", text: t("turn.ending") }));
    const current = snap.current_players || [];
    if (current.length) {
      box.appendChild(el("div", { class: "turn-waiting",
        text: t("turn.waitingFor", { names: current.map(seatName).join(currentLang() === "zh-TW" ? "、" : ", ") }) }));
    }
  } else {
    const current = snap.current_players || [];
    if (desc.setup_waiting) {  // Masterpiece's set-up: what it waits for, not "Amy to play"
      box.appendChild(el("div", { class: "turn-now deal", text: pick(desc.setup_waiting) }));
    } else if (dealing(desc, current)) {
      box.appendChild(el("div", { class: "turn-now deal", text: t("turn.deal") }));
    } else if (current.length) {
      box.appendChild(el("div", { class: "turn-now", text: t("turn.of", { name: seatName(current[0]) }) }));
      for (const seat of current.slice(1)) {
        box.appendChild(el("div", { class: "turn-extra", text: t("turn.partner", { name: seatName(seat) }) }));
      }
    }
  }
  if (Array.isArray(desc.hands)) {
    box.appendChild(el("div", { class: "hands" }, t("turn.hands") + colon(),
      desc.hands.map((n, seat) => t("turn.handOf", { name: seatName(seat), n })).join(" · ")));
  }
  if (desc.deck != null) box.appendChild(el("div", { class: "deck", text: t("turn.deck", { n: desc.deck }) }));
  if (Array.isArray(desc.stopped) && desc.stopped.length) {
    box.appendChild(el("div", { class: "stopped",
      text: t("turn.stopped", { names: desc.stopped.map(seatName).join(", ") }) }));
  }
  // Musée: hands are hidden, so the player says "I cannot play" on the dashboard.
  const cannot = clear($("cannot-play-box"));
  if (snap.game.slug === "musee" && !snap.over) {
    for (const seat of (snap.current_players || []).slice(0, 1)) {
      if (!mayActFor(seat)) { cannot.appendChild(turnNote(seat)); continue; }  // another's to say
      cannot.appendChild(el("button", {
        type: "button", class: "cannot-play", id: "cannot-play-" + seat,
        onclick: () => {
          if (window.confirm(t("confirm.cannot", { name: seatName(seat) }))) {
            command("/api/cannot-play", { player: seat });
          }
        },
      }, t("btn.cannot", { name: seatName(seat) })));
    }
  }
}

function renderAlerts() { renderFeedback(); }

function renderHints(snap) {
  const list = clear($("hints"));
  const why = $("teach-why");
  if (why) {
    const refusal = latestRefusal(snap);
    clear(why);
    why.classList.toggle("hidden", !refusal);
    if (refusal) {
      why.append(el("strong", { text: t("teach.why") + " " }),
        (refusal.violations || []).map((v) => pick(v.message)).join(" "), " ",
        (refusal.violations || []).map((v) => ruleLink(v.code)).find(Boolean) || "");
    }
  }
  const hints = snap.hints || [];
  if (!hints.length) { list.appendChild(el("li", { class: "none", text: t("hints.none") })); return; }
  const items = hints.map((h) => {
    const count = h.data && h.data.count;
    return el("li", { class: count === 0 ? "dead" : "" }, pick(h.text));
  });
  foldHints(list, snap.hint_summary, items);
}

/* A teacher's sentences first; the full list of options folded away under them. */
function foldHints(list, summary, items) {
  if (!summary || !summary.length || summary.length >= items.length) {
    list.append(...items);
    return;
  }
  for (const line of summary) list.appendChild(el("li", { class: "hint-line", text: pick(line) }));
  const all = el("ul", { class: "hints all-hints" }, items);
  list.appendChild(el("li", { class: "fold" }, el("details", {},
    el("summary", { text: t("hints.all", { n: items.length }) }), all)));
}

function renderScores(box, snap) {
  clear(box);
  const winners = (snap.outcome && snap.outcome.winners) || [];
  const match = snap.match;
  if (match && match.games) {
    const label = (side) => { const s = (snap.scores || []).find((x) => x.side === side); return s ? pick(s.label) : side; };
    const tally = Object.entries(match.wins).map(([side, n]) => label(side) + " " + n).join(" · ");
    box.appendChild(el("div", { class: "match", id: "match" },
      match.winners.length ? t("match.won", { names: match.winners.map(label).join(" & "), tally })
        : t("match.on", { n: match.wins_needed, tally })));
  }
  for (const side of snap.scores || []) {
    const card = el("div", { class: "side" + (winners.includes(side.side) ? " winner" : ""), "data-side": side.side });
    card.appendChild(el("div", { class: "side-head" },
      el("span", { class: "side-name", text: pick(side.label) }),
      el("span", { class: "side-total", text: sideTotal(side, snap.game) })));
    const lines = el("ul", { class: "lines" });
    if (!side.lines.length) lines.appendChild(el("li", { class: "none", text: t("scores.none") }));
    for (const line of side.lines) {
      lines.appendChild(el("li", { "data-code": line.code },
        el("span", { class: "pts", text: isSecret(line) ? "?" : "+" + fmtLine(line.points, snap.game) }),
        " ", pick(line.source)));
    }
    card.appendChild(lines);
    box.appendChild(card);
  }
}

/* A hand form's button waits for its choice: disabled while a picker still shows its empty
   first option, with a line saying what to choose (an empty "Value card drawn" used to come
   back as a 400, an empty "Card drawn" did nothing at all). Returns that line, to place. */
function needsChoice(button, pickers) {
  const note = el("span", { class: "choose-first", role: "status" });
  const update = () => {
    const missing = pickers.find((p) => !p.value);
    button.disabled = !!missing;
    note.textContent = missing ? t("form.chooseFirst", { what: missing.getAttribute("aria-label") }) : "";
  };
  pickers.forEach((p) => p.addEventListener("change", update));
  update();
  return note;
}

/* A score line the rules keep secret until the end (Masterpiece's cash and painting values):
   it counts 0 until then, so the side's total is not known either. */
function isSecret(line) { return /_hidden$/.test(line.code); }
function sideTotal(side, game) {
  return side.lines.some(isSecret) ? t("scores.secret") : fmtTotal(side.total, game);
}

function describeMove(move) {
  if (!move) return "";
  const who = move.player != null ? seatName(move.player) : "";
  if (move.kind === "place") return t("log.place", { who, card: cardLabel(move.card) });
  if (move.kind === "cannot_play") return t("log.cannot", { who });
  const params = Object.entries(move).filter(([k]) => k !== "kind" && k !== "player")
    .map(([k, v]) => k + "=" + (typeof v === "object" ? JSON.stringify(v) : v)).join(", ");
  return (who ? who + ": " : "") + move.kind + (params ? " (" + params + ")" : "");
}

function renderLog(snap) {
  const list = clear($("log"));
  const entries = (snap.log || []).slice().reverse();
  if (!entries.length) { list.appendChild(el("li", { class: "none", text: t("log.empty") })); return; }
  for (const v of entries) {
    const item = el("li", { class: (v.accepted ? "ok" : "rejected") + " kind-" + v.kind, value: v.number || v.seq });
    const head = el("div", { class: "log-head" });
    if (v.kind === "undo") head.appendChild(el("strong", { text: t("log.undo") + colon() }));
    // The engine says the move in words when it can; otherwise its name and details.
    head.appendChild(document.createTextNode(v.text ? pick(v.text) : describeMove(v.move)));
    if (v.source) {
      // every source the core knows (companion.validation.EVENT_SOURCES) has its word
      head.appendChild(el("span", { class: "badge " + v.source, text: t("log.source." + v.source) }));
    }
    if (!v.accepted) head.appendChild(el("span", { class: "badge bad", text: t("log.rejected") }));
    item.appendChild(head);
    if (v.note) item.appendChild(el("div", { class: "note", text: pick(v.note) }));
    for (const viol of v.violations || []) item.appendChild(el("div", { class: "violation", text: pick(viol.message) }));
    list.appendChild(item);
  }
}

function renderEnd(snap) {
  const panel = $("end-panel");
  panel.classList.toggle("hidden", !snap.outcome);
  if (snap.outcome) { const box = clear($("end")); renderOutcome(box, snap); renderResults(box, snap, true); linkResultsImage(snap); }
}

function renderOutcome(box, snap) {
  const outcome = snap.outcome;
  // the explanation names the winner ("Ben wins with 50 points"): no "Winner:" before it
  box.appendChild(el("p", { class: "winner-line", text: pick(outcome.explanation) }));
  if (outcome.tie_break) {
    box.appendChild(el("p", { class: "tiebreak" }, el("strong", { text: t("end.tiebreak") + colon() }), pick(outcome.tie_break)));
  }
}

/* The final table: rank, score with its breakdown, tie-break and the game's length. Sides
   are ranked by total; the winners the engine named (after any tie-break) come first. */
function renderResults(box, snap, tieBreakShown) {
  const winners = (snap.outcome && snap.outcome.winners) || [];
  const sides = (snap.scores || []).slice().sort((a, b) =>
    (winners.includes(b.side) - winners.includes(a.side)) || (b.total - a.total));
  const table = el("ol", { class: "results", id: "results" });
  let rank = 0;
  sides.forEach((side, i) => {
    const previous = sides[i - 1];
    const tied = previous && previous.total === side.total
      && winners.includes(previous.side) === winners.includes(side.side);
    if (!tied) rank = i + 1;
    table.appendChild(el("li", { class: "result" + (winners.includes(side.side) ? " winner" : ""),
                                 "data-side": side.side, "data-rank": rank },
      el("div", { class: "result-head" },
        el("span", { class: "result-rank", text: t("results.rank", { n: rank }) }),
        el("span", { class: "result-name", text: pick(side.label) }),
        el("span", { class: "result-total", text: fmtTotal(side.total, snap.game) })),
      el("ul", { class: "result-lines" }, side.lines.map((line) =>
        el("li", { "data-code": line.code }, el("span", { class: "pts", text: fmtLine(line.points, snap.game) }), " ",
          pick(line.source))))));
  });
  box.appendChild(table);
  if (snap.outcome && snap.outcome.tie_break && !tieBreakShown) {
    box.appendChild(el("p", { class: "tiebreak" }, el("strong", { text: t("end.tiebreak") + colon() }),
      pick(snap.outcome.tie_break)));
  }
  const moves = (snap.log || []).filter((v) => v.accepted && v.move).length;
  // start and length as the server reckons them for every screen (companion.record.game_times)
  const times = snap.times || {};
  let length = t("results.moves", { n: moves });
  if (times.started) length += " · " + t("results.started", { date: fmtDate(times.started * 1000) });
  if (times.minutes) length += " · " + t("results.minutes", { n: times.minutes });
  box.appendChild(el("p", { class: "game-length", id: "game-length", text: length }));
}

// -- the table: the game's own view (web/static/games/<slug>.js), or a generic one ------------
function renderBoard(box, snap, interactive) {
  if (!box) return;
  clear(box);
  const desc = snap.state || {};
  const view = (window.GameViews || {})[desc.kind];
  if (view) view(box, snap, desc, interactive);
  else renderGeneric(box, snap, desc, interactive);
}

/* Pieces the camera (or a correction) put on the table, by "region|slot". */
function tableBySlot(snap) {
  const bySlot = {};
  for (const piece of snap.table || []) {
    if (!piece.where || piece.where.region == null) continue;
    bySlot[piece.where.region + "|" + JSON.stringify(piece.where.slot)] = piece;
  }
  return bySlot;
}

function renderGeneric(box, snap, desc, interactive) {
  box.appendChild(renderValue(desc));
  const pieces = snap.table || [];
  if (pieces.length) {
    box.appendChild(el("h3", { text: t("board.onTable") }));
    const list = el("ul", { class: "pieces" });
    for (const p of pieces) {
      list.appendChild(el("li", {}, el("code", { text: p.payload }), " ",
        cardLabel(p.payload), " — ", regionName(p.where.region), p.where.slot ? " " + JSON.stringify(p.where.slot) : ""));
    }
    box.appendChild(list);
  }
  if (!interactive || !isHost()) return;  // hand corrections are the host's
  box.appendChild(correctionForm());
}

/* Add or remove a piece by hand, everything picked: the table's regions and the spaces in
   each (from /api/layout, for this game and player count) and the pieces in play. */
function correctionForm() {
  const form = el("form", { class: "generic-correct" });  // inside the folded host details
  form.appendChild(el("strong", { text: t("generic.correct") }));
  const regions = (S.layout && S.layout.regions) || [];
  const region = el("select", { name: "region", class: "correct-region", "aria-label": t("generic.region") },
    regions.map((r) => el("option", { value: r.region, text: regionName(r.region) })));
  const slots = el("span", { class: "correct-slots" });
  const drawSlots = () => {
    clear(slots);
    const shape = regions.find((r) => r.region === region.value);
    (shape ? shape.slots : []).forEach(([lo, hi], i, all) => {
      const options = [];
      for (let v = lo; v <= hi; v++) options.push(el("option", { value: v, text: t("generic.slotValue", { n: v + 1 }) }));
      slots.appendChild(el("select", { class: "correct-slot", "aria-label": t(all.length > 1 ? "generic.slotPart" + i : "generic.slot") }, options));
    });
  };
  region.addEventListener("change", drawSlots);
  drawSlots();
  const payload = el("select", { name: "payload", class: "correct-payload", "aria-label": t("generic.payload") },
    (S.catalogue || []).filter((p) => p.in_play)
      .map((p) => el("option", { value: p.payload, text: pick(p.name) + " (" + p.payload + ")" })));
  const send = (action) => (event) => {
    event.preventDefault();
    const slot = [...slots.querySelectorAll("select")].map((s) => Number(s.value));
    command("/api/correct", { action, payload: payload.value, region: region.value || null, slot: slot.length ? slot : null });
  };
  form.append(region, slots, payload,
    el("button", { type: "submit", class: "correct-add", onclick: send("add"), text: t("generic.add") }),
    el("button", { type: "button", class: "correct-remove", onclick: send("remove"), text: t("generic.remove") }));
  return form;
}

/* "player1" -> "Bo's area", "row-red" -> "red row", "path" -> "the path": region.<name>
   entries, a trailing seat number filled in as the player's name. */
function regionName(region) {
  const seat = /^(.*?)(\d+)(-tokens)?$/.exec(region);
  if (seat) return t("region." + seat[1] + (seat[3] || ""), { name: seatName(Number(seat[2])) });
  return t("region." + region);
}

/* Any describe() dict, shown generically: keys become labels, Texts are translated, lists
   of similar objects become tables, card codes get their names, colours get a swatch. */
function renderValue(value, depth) {
  depth = depth || 0;
  if (value == null) return el("span", { class: "nil", text: "—" });
  if (typeof value === "string") return renderScalarString(value);
  if (typeof value !== "object") return el("span", { text: String(value) });
  if (!Array.isArray(value) && ("en" in value) && ("zh-TW" in value)) return el("span", { text: pick(value) });
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "nil", text: "—" });
    if (value.every((v) => v == null || typeof v !== "object")) {
      return el("span", { class: "inline-list" }, value.map((v, i) => [i ? " · " : "", renderValue(v, depth + 1)]));
    }
    const objects = value.every((v) => v && typeof v === "object" && !Array.isArray(v) && !("en" in v && "zh-TW" in v));
    if (objects) return renderTable(value, depth);
    return el("ol", { class: "generic-list", start: 0 }, value.map((v) => el("li", {}, renderValue(v, depth + 1))));
  }
  const table = el("dl", { class: "generic depth-" + Math.min(depth, 3) });
  for (const [key, v] of Object.entries(value)) {
    if (key === "kind" && depth === 0) continue;
    table.appendChild(el("dt", { text: fieldLabel(key) }));
    table.appendChild(el("dd", {}, renderValue(v, depth + 1)));
  }
  return table;
}

function renderTable(rows, depth) {
  const keys = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return el("table", { class: "generic-table" },
    el("thead", {}, el("tr", {}, keys.map((k) => el("th", { text: fieldLabel(k) })))),
    el("tbody", {}, rows.map((row) => el("tr", {}, keys.map((k) => el("td", {}, renderValue(row[k], depth + 1)))))));
}

/* A describe() field's name or a state word, said in the page's language when the catalogue
   knows it (field.<name>, value.<word>); otherwise as the engine wrote it. */
function fieldLabel(key) { return ("field." + key) in I18N.en ? t("field." + key) : key.replace(/_/g, " "); }

function renderScalarString(text) {
  if (("value." + text) in I18N.en) return el("span", { title: text, text: t("value." + text) });
  if (/^#[0-9a-fA-F]{6}$/.test(text)) {
    return el("span", { class: "swatch", style: "--swatch:" + text, title: text });
  }
  const piece = (S.catalogue || []).find((p) => p.payload === text);
  if (piece) return el("span", { class: "card-ref", title: text }, pick(piece.name), " ", el("code", { text }));
  return el("span", { text });
}

// -- teach mode: a short rules page per game -----------------------------------------------------
async function loadRules() {
  const box = $("rules");
  if (!box) return;
  const slug = box.dataset.slug || (S.snap && S.snap.game.slug);
  if (!slug) return;
  let info;
  try { info = S.rules && S.rules.slug === slug ? S.rules : await api("GET", "/api/rules/" + slug); }
  catch (exc) { showError(exc); return; }
  S.rules = info;
  $("rules-title").textContent = pick(info.name);
  $("rules-summary").textContent = pick(info.summary);
  $("rules-players").textContent = t("teach.players", { counts: info.player_counts.join(currentLang() === "zh-TW" ? "、" : ", ") });
  renderHowToPlay(info);
  const notes = clear($("rules-notes"));
  for (const note of playerNotes(info.notes)) notes.appendChild(el("li", { text: pick(note) }));
  const playing = S.snap && S.snap.game.slug === info.slug;
  $("rules-now-box").classList.toggle("hidden", !playing);
  if (playing) {
    const now = clear($("rules-now"));
    foldHints(now, S.snap.hint_summary, (S.snap.hints || []).map((h) => el("li", { text: pick(h.text) })));
    if (!(S.snap.hints || []).length) now.appendChild(el("li", { class: "none", text: t("hints.none") }));
  }
}

/* The game's "how to play" (companion/data/rules/): a contents list, then each section with
   its rules, each rule an anchor (#rising) that lessons and refusals link to. */
function renderHowToPlay(info) {
  const how = clear($("rules-how"));
  const contents = clear($("rules-contents-list"));
  $("rules-contents").classList.toggle("hidden", !info.page);
  for (const section of info.page || []) {
    contents.appendChild(el("li", {}, el("a", { href: "#" + section.id, text: pick(section.title) })));
    const box = el("section", { id: section.id, class: "rules-section" },
      el("h2", { text: pick(section.title) }));
    for (const rule of section.rules) {
      const item = el("div", { id: rule.id, class: "rules-rule" }, el("h3", { text: pick(rule.title) }),
        ...rule.say.map((words) => el("p", { text: pick(words) })));
      if (rule.picture) {
        item.appendChild(el("img", { class: "rules-picture", src: rule.picture, alt: pick(rule.title),
                                     width: "720" }));
      }
      box.appendChild(item);
    }
    how.appendChild(box);
  }
  // the anchor a link came for exists only now that the page is drawn: go to it once
  if (info.page && location.hash && !S.rulesScrolled) {
    S.rulesScrolled = true;
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    // (drawn after the browser looked for the anchor, so :target does not mark it: a class does)
    if (target) {
      target.classList.add("rules-here");
      target.scrollIntoView();
      // the pictures above it take their height as they arrive: go to it again once they have
      const pending = [...how.querySelectorAll("img")].filter((img) => !img.complete)
        .map((img) => new Promise((done) => { img.onload = img.onerror = done; }));
      Promise.all(pending).then(() => target.scrollIntoView());
    }
  }
}

/* "The rule" link of a refusal: its code's rule on the game's page (null when none). */
function ruleLink(code) {
  const anchor = code && S.snap && (S.snap.rule_links || {})[code];
  if (!anchor) return null;
  return el("a", { class: "rule-link", href: "/rules/" + S.snap.game.slug + "#" + anchor,
                   text: t("rules.link") });
}

// -- diagnostics: the camera in plain words, for the host --------------------------------------
/* One sentence of what is going on and one of what to do, then the figures. */
function cameraVerdict(camera) {
  if (!camera.attached) return ["diag.none", "diag.do.none"];
  if (camera.finished) return ["diag.finished", "diag.do.finished"];
  if (!camera.online) {
    const known = camera.code && ("diag.do." + camera.code) in I18N.en;
    return [camera.code && ("camera.reason." + camera.code) in I18N.en ? "camera.reason." + camera.code
      : "camera.reason.unknown", known ? "diag.do." + camera.code : "diag.do.offline"];
  }
  if (!camera.calibrated) return ["diag.uncalibrated", "diag.do.uncalibrated"];
  const error = camera.reprojection_error_mm;
  if (error != null && error > 5) return ["diag.poor", "diag.do.poor"];
  return ["diag.good", "diag.do.good"];
}

function renderDiagnostics(camera) {
  if (!$("diag-state")) return;
  const [state, todo] = cameraVerdict(camera);
  $("diag-state").textContent = t(state);
  $("diag-state").dataset.state = state;
  $("diag-do").textContent = t(todo);
  const facts = clear($("diag-facts"));
  const fact = (key, value) => facts.append(el("dt", { text: t(key) }), el("dd", { text: value }));
  const age = camera.last_frame_age_s != null ? camera.last_frame_age_s : camera.preview_age_s;
  fact("diag.frameAge", age != null ? t("diag.seconds", { n: Math.round(age * 10) / 10 }) : t("camera.never"));
  fact("diag.frames", fmtNumber(camera.frames_read || 0));
  const error = camera.reprojection_error_mm;
  fact("diag.calibration", camera.calibrated ? (error != null
    ? t(error <= 2 ? "diag.quality.good" : error <= 5 ? "diag.quality.fair" : "diag.quality.poor", { e: error.toFixed(1) })
    : t("camera.calibrated")) : t("camera.uncalibrated"));
  fact("diag.pieces", fmtNumber(((S.snap && S.snap.table) || []).length));
  renderDecoding(camera.decoding);
  $("diag-raw").textContent = JSON.stringify(camera, null, 2);
}

/* How the card codes were read: how often the picture was decoded, then per pass of the
   reader (in the order it tries them) what it read and missed; names and times folded. */
function renderDecoding(counts) {
  const list = clear($("diag-decoding"));
  $("diag-decoding-detail").hidden = !counts;  // nothing to unfold before the first picture
  if (!counts) {
    $("diag-decoding-summary").textContent = t("diag.decoding.none");
    $("diag-decoding-raw").textContent = "";
    return;
  }
  $("diag-decoding-summary").textContent = t("diag.decoding.summary", {
    frames: counts.frames, whole: counts.whole, part: counts.changed_part,
    background: counts.whole_in_background || 0, unchanged: counts.unchanged,
    codes: counts.codes_last_frame });
  counts.passes.filter((p) => p.tried).forEach((p, i) => {
    const key = "diag.pass." + p.pass;
    const name = key in I18N.en ? t(key) : t("diag.pass.other", { n: i + 1 });
    list.appendChild(el("li", { "data-pass": p.pass },
      t("diag.pass.line", { name, read: p.read, missed: p.tried - p.read })));
  });
  $("diag-decoding-raw").textContent = counts.passes
    .map((p) => p.pass + ": " + p.read + "/" + p.tried + " read, " + p.ms + " ms").join("\n");
}

// -- TV: the table, the scores and the last event, from across the room ----------------------
function renderTv(snap) {
  const turn = clear($("tv-turn"));
  const current = snap.current_players || [];
  turn.textContent = snap.over ? t("turn.over") : (snap.state || {}).ending ? t("turn.ending")
    : (snap.state || {}).setup_waiting ? pick(snap.state.setup_waiting)
    : current.length ? t("turn.of", { name: seatName(current[0]) }) : "";
  const last = clear($("tv-last"));
  const entry = (snap.log || []).slice(-1)[0];
  if (entry) {
    last.classList.toggle("rejected", !entry.accepted);
    // the label ends with its colon ("Last:" / "剛才："); the move's words, then why it was
    // refused, are sentences each ending with its full stop
    const gap = currentLang() === "zh-TW" ? "" : " ";
    const said = entry.text ? pick(entry.text) : describeMove(entry.move);
    const why = (entry.accepted ? [] : entry.violations || []).map((v) => pick(v.message));
    last.append(el("span", { class: "tv-last-label", text: t(entry.accepted ? "tv.last" : "tv.refused") }),
      gap, el("span", { class: "tv-last-move", text: sentences([said]) }));
    if (why.length) last.append(gap, el("span", { class: "tv-last-why", text: sentences(why) }));
  } else {
    last.textContent = t("log.empty");
  }
  renderBoard($("board"), snap, false);
  const scores = clear($("tv-scores"));
  if (snap.outcome) renderResults(scores, snap);
  else {
    const sides = (snap.scores || []).slice().sort((a, b) => b.total - a.total);
    scores.appendChild(el("ol", { class: "tv-score-list" }, sides.map((side) =>
      el("li", { "data-side": side.side }, el("span", { class: "tv-name", text: pick(side.label) }),
        el("span", { class: "tv-total" + (side.lines.some(isSecret) ? " secret" : ""),
          text: sideTotal(side, snap.game) })))));
  }
  // sized to the screen once the lesson panel is drawn too (static/tv.js)
  if (typeof TvLayout !== "undefined") requestAnimationFrame(() => TvLayout.after(S.snap));
}

// -- summary page -----------------------------------------------------------------------------
// The print button is wired here: the page's security policy runs no inline handlers.
document.addEventListener("click", (event) => {
  if (event.target && event.target.id === "summary-print") window.print();
});
/* The picture of the results (drawn by the server) in the page's language, named after the game. */
function linkResultsImage(snap) {
  for (const link of document.querySelectorAll("#results-image, .results-image-link")) {
    link.href = "/results.png?lang=" + encodeURIComponent(currentLang());
    link.download = snap.game.slug + "-game-" + snap.game_id + "-results.png";
  }
}

function renderSummary(snap) {
  linkResultsImage(snap);
  const game = pick(snap.game.name);
  $("summary-title").textContent = t("summary.title", { game, id: snap.game_id });
  const started = snap.times && snap.times.started ? snap.times.started * 1000 : new Date();
  $("summary-meta").textContent = t("summary.meta", { date: fmtDate(started), names: names().join(", ") });
  const outcome = clear($("summary-outcome"));
  if (snap.outcome) { renderOutcome(outcome, snap); renderResults(outcome, snap, true); }
  else outcome.appendChild(el("p", { text: t("summary.ongoing") }));
  renderScores($("summary-scores"), snap);
  renderBoard($("board"), snap, false);
}

// -- set-up page ------------------------------------------------------------------------------
async function loadSetup() {
  const data = await api("GET", "/api/games");
  const select = $("setup-game");
  // Open on the game being played (never silently on another one).
  const current = (data.games || []).find((g) => g.id === data.current);
  const chosen = select.value || (current && current.game) || (S.snap && S.snap.game.slug) || "musee";
  clear(select);
  for (const info of data.available) {
    select.appendChild(el("option", { value: info.slug, selected: info.slug === chosen, text: pick(info.name) }));
  }
  S.available = data.available;
  updatePlayerCounts();
}

function updatePlayerCounts() {
  const slug = $("setup-game").value;
  const info = (S.available || []).find((g) => g.slug === slug);
  const players = $("setup-players");
  const previous = players.value;
  clear(players);
  for (const n of (info ? info.player_counts : [2])) {
    players.appendChild(el("option", { value: n, selected: String(n) === previous, text: n }));
  }
  $("musee-options").classList.toggle("hidden", slug !== "musee");
  const stairs = { "2": ["2,4,6", "1,3,5"], "3": ["2,4", "1,3,5"], "4": ["2,4,6", "1,3,5"] }[players.value];
  if (stairs && document.querySelector("input[name=stairs]:checked").value === "first-game") {
    $("stairs-t1").value = stairs[0];
    $("stairs-t2").value = stairs[1];
  }
}

async function submitSetup(event) {
  event.preventDefault();
  const game = $("setup-game").value;
  const info = (S.available || []).find((g) => g.slug === game);
  // Starting a game replaces the one on the table: ask first (the old one stays in Past games).
  if (!window.confirm(t("confirm.newGame", { game: info ? pick(info.name) : game,
                                           current: S.snap ? pick(S.snap.game.name) : "" }))) return;
  const body = { game, players: Number($("setup-players").value),
    names: $("setup-names").value.split(",").map((s) => s.trim()).filter(Boolean), options: {} };
  if (game === "musee" && document.querySelector("input[name=stairs]:checked").value === "custom") {
    const cols = (id) => $(id).value.split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
    body.options.staircases = { T1: cols("stairs-t1"), T2: cols("stairs-t2") };
  }
  try {
    render(await api("POST", "/api/new-game", body));
    toast("setup.started");
  } catch (exc) { showError(exc); }
}

function renderSetupCurrent(snap) {
  const node = $("setup-current");
  if (!node) return;
  node.textContent = t("setup.current", { id: snap.game_id, game: pick(snap.game.name),
    players: snap.setup.players, resumed: snap.resumed ? t("setup.resumed") : "" });
}

/* The host's invitation: a QR code and link per role, with this machine's LAN address; on
   the set-up page and in the dashboard's "Invite players" panel. Served on this computer
   only, no phone can open a link: then it says how to open the dashboard to the network. */
async function loadJoin() {
  const box = $("join");
  if (!box) return;
  clear(box);
  let data;
  try { data = await api("GET", "/api/join"); } catch (exc) { showError(exc); return; }
  // "scan with a phone" only where a phone can open the codes
  for (const help of document.querySelectorAll("[data-i18n='join.help']")) help.hidden = !data.reachable_from_lan;
  if (!data.reachable_from_lan) {
    // the command is for whoever runs the computer: folded away, as the kit's are
    box.appendChild(el("div", { class: "join-local", id: "join-local" }, el("p", { text: t("join.local") }),
      el("details", { class: "kit-commands" }, el("summary", { text: t("join.cmd") }),
        el("code", { lang: "en", text: "companion serve --host 0.0.0.0" }))));
  }
  const tv = data.links.viewer.replace("/?", "/tv?").replace(/\/$/, "/tv");
  const tvHref = tv + (tv.includes("?") ? "&" : "?") + "lang=" + currentLang();  // the TV in this language
  box.appendChild(el("figure", { class: "join-card", "data-role": "tv" },
    el("figcaption", {}, el("strong", { text: t(data.reachable_from_lan ? "join.tv" : "join.tv.here") }), el("br"),
      el("a", { href: tvHref, class: "join-link", id: "tv-link", text: tv }))));
  if (!data.reachable_from_lan) return;
  // one card per seat (that phone plays that seat only), then the viewers' and the host's
  const cards = data.seats.map((s) => ({ key: "seat-" + s.seat, seat: s.seat, link: s.link,
    label: t("join.seat", { name: s.name ? localNames(s.name) : "#" + (s.seat + 1) }) }));
  for (const role of ["viewer", "host"]) cards.push({ key: role, link: data.links[role], label: t("role." + role) });
  for (const card of cards) {
    const attrs = { class: "join-card", "data-role": card.seat != null ? "player" : card.key };
    if (card.seat != null) attrs["data-seat"] = card.seat;
    box.appendChild(el("figure", attrs,
      el("img", { src: "/join/" + card.key + ".png", alt: card.label, class: "join-qr" }),
      el("figcaption", {}, el("strong", { text: card.label }), el("br"),
        el("a", { href: card.link, class: "join-link", text: card.link }))));
  }
}

async function loadKit() {
  const list = clear($("kit"));
  try {
    const kit = await api("GET", "/api/kit");
    for (const d of kit.downloads) {
      list.appendChild(el("li", {}, el("a", { href: d.url, download: "", "data-kit": d.name, text: t("kit." + d.name) })));
    }
    // the same kit from a terminal: folded away, it is for whoever runs the computer
    list.appendChild(el("li", {}, el("details", { class: "kit-commands" },
      el("summary", { text: t("setup.kit.cmd") }),
      kit.commands.map((c) => el("div", {}, el("code", { lang: "en", text: c }))))));
  } catch (exc) { showError(exc); }
}

/* Click-four-corners fallback: clicks are mapped to the frame's own pixels. */
const corners = [];
function calibClick(event) {
  const img = $("calib-preview");
  if (img.hidden || !img.naturalWidth) return;
  const rect = img.getBoundingClientRect();
  const x = (event.clientX - rect.left) * img.naturalWidth / rect.width;
  const y = (event.clientY - rect.top) * img.naturalHeight / rect.height;
  corners.push([Math.round(x), Math.round(y)]);
  drawCorners();
  if (corners.length === 4) {
    api("POST", "/api/calibration/corners", { points: corners.slice() })
      .then((status) => { renderCamera(status); toast("setup.corners.sent"); })
      .catch(showError)
      .finally(() => { corners.length = 0; setTimeout(drawCorners, 1500); });
  }
}

function drawCorners() {
  const svg = $("calib-marks");
  const img = $("calib-preview");
  if (!svg || !img) return;
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (!img.naturalWidth) return;
  svg.setAttribute("viewBox", "0 0 " + img.naturalWidth + " " + img.naturalHeight);
  corners.forEach(([x, y], i) => {
    const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", Math.max(6, img.naturalWidth / 100));
    c.setAttribute("class", "corner");
    svg.appendChild(c);
    const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
    label.setAttribute("x", x + 10); label.setAttribute("y", y - 10);
    label.textContent = String(i + 1);
    svg.appendChild(label);
  });
}

// -- past games -------------------------------------------------------------------------------
async function loadGames() {
  const data = await api("GET", "/api/games");
  const body = clear($("games-body"));
  for (const g of data.games) {
    let result = g.result && g.result.outcome ? pick(g.result.outcome.explanation) : t("games.unfinished");
    const info = data.available.find((a) => a.slug === g.game);
    if (g.result && g.result.scores) {
      result += t("games.scores", { list: g.result.scores.map((s) => pick(s.label) + " " + fmtLine(s.total, info)).join(" · ") });
    }
    // each cell carries its column's name: a phone shows a game as a card of labelled lines
    const label = (key) => ({ "data-label": t(key) });
    body.appendChild(el("tr", { "data-game-id": g.id },
      el("td", { ...label("games.number"), text: g.id }),
      el("td", { ...label("games.game"), text: info ? pick(info.name) : g.game }),
      el("td", { ...label("games.date"), class: "games-date", text: fmtDate(g.created * 1000) }),
      el("td", { ...label("games.players"),
        text: (g.setup.names || []).map(localNames).join(currentLang() === "zh-TW" ? "、" : ", ") }),
      el("td", { ...label("games.result"), text: result }),
      el("td", { class: "games-actions" },
        el("a", { href: "/api/games/" + g.id + "/record", download: "", text: t("games.export") }), " ",
        g.id === data.current ? el("em", { text: t("games.current") })
          : el("button", { type: "button", text: t("games.open"),
            onclick: async () => {
              // switching the table's game asks first; the current one stays in this list
              if (!window.confirm(t("confirm.open", { id: g.id }))) return;
              try { await api("POST", "/api/games/" + g.id + "/open"); window.location = "/"; } catch (e) { showError(e); } } }))));
  }
}

async function importFile() {
  const file = $("import-file").files[0];
  const name = $("import-name");
  if (file) delete name.dataset.i18n;  // a file's own name, in no language
  name.textContent = file ? file.name : t("games.noFile");
  if (!file) return;
  try {
    const answer = await api("POST", "/api/games/import", await file.text());
    $("import-result").textContent = t("games.imported", { id: answer.game_id });
    loadGames();
  } catch (exc) { showError(exc); }
}

/* The game's pieces and its table's regions: both change only with the game. */
async function loadCatalogue() {
  try { S.layout = await api("GET", "/api/layout"); } catch (e) { S.layout = { regions: [] }; }
  try { S.catalogue = (await api("GET", "/api/catalogue")).pieces; } catch (e) { S.catalogue = []; }
}

// -- start ------------------------------------------------------------------------------------
document.addEventListener("DOMContentLoaded", async () => {
  document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => setLang(b.dataset.lang)));
  document.addEventListener("langchange", renderAll);
  applyStaticText();
  const page = document.body.dataset.page;
  if (page === "dashboard") {
    $("undo-btn").addEventListener("click", askUndo);
    $("redo-btn").addEventListener("click", () => command("/api/redo"));
    // a click on the preview shows it large (the annotated frame is hard to read in a corner)
    $("preview-wrap").addEventListener("click", () => $("preview-wrap").classList.toggle("zoom"));
  }
  if (page === "setup") {
    $("setup-form").addEventListener("submit", submitSetup);
    $("setup-game").addEventListener("change", updatePlayerCounts);
    $("setup-players").addEventListener("change", updatePlayerCounts);
    $("calib-wrap").addEventListener("click", calibClick);
    $("corners-reset").addEventListener("click", () => { corners.length = 0; drawCorners(); });
    $("calib-preview").addEventListener("load", drawCorners);
  }
  if (page === "games") $("import-file").addEventListener("change", importFile);
  if ($("print-btn")) $("print-btn").addEventListener("click", () => window.print());
  // a TV has no language buttons: /tv?lang=zh-TW chooses once
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked && LANGS.includes(asked) && asked !== currentLang()) setLang(asked);
  await loadCatalogue();
  renderAll();
  connect();
  if (page !== "games") previewLoop();
});

/* What a game's own view (web/static/games/<slug>.js) may use: it registers
   window.GameViews[slug] = (box, snap, desc, interactive) => { ... } and draws into box. */
window.Companion = { S, $, el, clear, api, command, toast, showError, seatName, cardLabel,
                     fmtPoints, fmtMoney, colon, sentences, tableBySlot, renderGeneric, isHost, mayActFor,
                     turnNote, showsDataNotices, isPlaceholderNote, playerNotes,
                     sayCameraWarning, renderPrivate, needsChoice,
                     t: (...a) => t(...a), pick: (...a) => pick(...a) };
