/* The camera check's "Save a recording of this game" panel (web/recording_api.py): start
   and stop a recording of the camera's frames, the readings and the corrections, and say
   where it was saved. Uses api(), t() and pick() of app.js and i18n.js (loaded first). */
"use strict";

(function recordingPanel() {
  const panel = document.getElementById("rec-panel");
  if (!panel) return;
  const start = document.getElementById("rec-start");
  const stop = document.getElementById("rec-stop");
  const matOnly = document.getElementById("rec-mat-only");
  const state = document.getElementById("rec-state");
  const why = document.getElementById("rec-why");
  let last = null;

  function show(status) {
    last = status;
    start.hidden = status.recording;
    stop.hidden = !status.recording;
    // No camera: nothing could be recorded. The button stays in sight, disabled, the
    // reason beside it (and read with it by a screen reader).
    const impossible = !status.recording && status.can_record === false;
    start.disabled = impossible;
    why.hidden = !impossible;
    if (impossible) start.setAttribute("aria-describedby", "rec-why");
    else start.removeAttribute("aria-describedby");
    matOnly.disabled = status.recording || impossible;
    if (status.recording) {
      state.textContent = t("rec.running", { n: status.frames_kept, folder: status.folder });
    } else if (status.written) {
      state.textContent = t("rec.saved", { folder: status.folder });
    } else {
      state.textContent = "";
    }
  }

  function failed(exc) {
    const info = (exc && exc.info) || {};
    state.textContent = info.text ? pick(info.text) : t("rec.failed");
  }

  async function command(body) {
    start.disabled = stop.disabled = true;
    try { show(await api("POST", "/api/recording", body)); } catch (exc) { failed(exc); }
    stop.disabled = false;
    start.disabled = Boolean(last && !last.recording && last.can_record === false);
  }

  async function refresh() {
    try { show(await api("GET", "/api/recording")); } catch (exc) { /* the next beat retries */ }
  }

  start.addEventListener("click", () => command({ action: "start", mat_only: matOnly.checked }));
  stop.addEventListener("click", () => command({ action: "stop" }));
  document.addEventListener("langchange", () => { if (last) show(last); });
  refresh();
  setInterval(() => { if (last && last.recording) refresh(); }, 2000);
})();
