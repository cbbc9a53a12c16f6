/* "Not sure yet": readings the camera has not settled (vision/uncertainty.py, in the camera
   status as `uncertain`) are listed under the preview instead of being scored; once one has
   lasted, the host is asked to look at the card and confirm it, which adds it as a hand
   correction (POST /api/correct). Uses api(), t(), showError(), refreshState() and
   regionName() of app.js and i18n.js (loaded first). */
"use strict";

(function unsurePanel() {
  const panel = document.getElementById("unsure-panel");
  if (!panel) return;
  const list = document.getElementById("unsure-list");
  const isHost = document.body.dataset.role === "host";
  let last = [];

  function placeOf(r) {
    const name = typeof regionName === "function" ? regionName(r.region) : r.region;
    return r.slot ? name + " " + r.slot.map((n) => n + 1).join("·") : name;
  }

  function line(r) {
    // a card whose face the rules hide comes without its code (Catalogue.may_name)
    const card = r.payload === null ? t("unsure.hidden_card") : r.payload;
    const vars = { card: card, place: placeOf(r), read: r.read_in, of: r.of_frames };
    return t(r.why === "moving" ? "unsure.moving" : "unsure.line", vars);
  }

  function render(readings) {
    last = readings;
    while (list.firstChild) list.removeChild(list.firstChild);
    panel.hidden = readings.length === 0;
    for (const r of readings) {
      const item = document.createElement("li");
      item.className = "unsure-item" + (r.ask ? " unsure-ask" : "");
      if (r.payload !== null) item.dataset.payload = r.payload;
      const said = document.createElement("span");
      said.textContent = line(r);
      item.appendChild(said);
      if (r.ask && r.why === "not_counted" && r.payload !== null) {
        const ask = document.createElement("p");
        ask.className = "unsure-question";
        ask.textContent = t("unsure.ask", { card: r.payload });
        item.appendChild(ask);
        if (isHost) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "unsure-confirm";
          button.textContent = t("unsure.confirm", { card: r.payload });
          button.addEventListener("click", () => confirm(r, button));
          item.appendChild(button);
        }
      }
      list.appendChild(item);
    }
  }

  async function confirm(r, button) {
    button.disabled = true;
    try {
      const state = await api("GET", "/api/state");
      await api("POST", "/api/correct", { state_id: state.state_id, action: "add",
        payload: r.payload, region: r.region, slot: r.slot, kind: r.kind });
      if (typeof refreshState === "function") refreshState();
      await refresh();
    } catch (exc) {
      button.disabled = false;
      if (typeof showError === "function") showError(exc);
    }
  }

  async function refresh() {
    try {
      const camera = await api("GET", "/api/camera");
      render(camera.uncertain || []);
    } catch (exc) { /* the next beat retries */ }
  }

  document.addEventListener("langchange", () => render(last));
  refresh();
  setInterval(refresh, 1500);
})();
