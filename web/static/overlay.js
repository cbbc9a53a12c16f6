/* The camera's picture with what was read (GET /api/overlay, web/overlay.py): every card read
   outlined, the one just laid highlighted, an illegal one in red with its reason, cards not
   sure yet and places not seen in this picture marked. The host's dashboard and the TV only
   (a seat's phone keeps the small annotated preview).
   Same frame: the data names its frame, and the picture asked for is that frame's
   (/api/overlay/<frame>.jpg); both are put on the page together, and the <img> and the <svg>
   carry the frame's number (data-frame). Nothing is asked while no camera is attached.
   Uses api(), t(), pick() and S (the camera status) of app.js and i18n.js (loaded first). */
"use strict";

(function cameraOverlay() {
  const panel = document.getElementById("overlay-panel");
  if (!panel) return;
  const page = document.body.dataset.page;
  if (page !== "tv" && document.body.dataset.role !== "host") return;
  const img = document.getElementById("overlay-img");
  const svg = document.getElementById("overlay-svg");
  const why = document.getElementById("overlay-why");
  const legend = document.getElementById("overlay-legend");
  const SVG = "http://www.w3.org/2000/svg";
  const STATES = ["just_laid", "illegal", "uncertain", "unread", "read"];
  let shown = null;  // the data drawn now
  let pictureUrl = null;  // its picture (an object URL)
  let busy = false;

  function cameraAttached() {
    const camera = typeof S !== "undefined" ? S.camera : null;
    return Boolean(camera && camera.attached && camera.has_picture);
  }

  function nameOf(item) {
    if (item.code) return item.code;
    return t(item.face_down ? "overlay.faceDown" : "overlay.hidden");
  }

  function clearNode(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function svgNode(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    return node;
  }

  function drawOutlines(data) {
    clearNode(svg);
    svg.setAttribute("viewBox", "0 0 " + data.width + " " + data.height);
    const labelPx = Math.max(12, Math.round(data.height / 28));
    for (const item of data.items) {
      const points = item.polygon.map((p) => p[0] + "," + p[1]).join(" ");
      const shape = svgNode("polygon", { points, class: "ov ov-" + item.state,
                                         "data-state": item.state, "data-code": item.code || "" });
      const title = svgNode("title", {});
      title.textContent = nameOf(item) + " · " + t("overlay.state." + item.state);
      shape.appendChild(title);
      svg.appendChild(shape);
      // Names on the laptop only: on the TV the reasons below the picture say it in large type.
      if (page !== "tv" && item.code && item.state !== "read") {
        const top = item.polygon.reduce((a, b) => (b[1] < a[1] ? b : a));
        const label = svgNode("text", { x: top[0], y: Math.max(labelPx, top[1] - 4),
                                        class: "ov-label" + (item.state === "illegal" ? " ov-illegal-label" : ""),
                                        "font-size": labelPx });
        label.textContent = item.code;
        svg.appendChild(label);
      }
    }
  }

  function sayWhy(data) {
    clearNode(why);
    for (const item of data.items) {
      if (item.state !== "illegal") continue;
      for (const reason of item.reasons || []) {
        const line = document.createElement("li");
        line.dataset.code = item.code || "";
        line.textContent = t("overlay.why", { card: nameOf(item), why: pick(reason) });
        why.appendChild(line);
      }
    }
    clearNode(legend);
    const present = new Set(data.items.map((item) => item.state));
    for (const state of STATES) {
      if (!present.has(state)) continue;
      const entry = document.createElement("li");
      entry.className = "lg-" + state;
      entry.textContent = t("overlay.state." + state);
      legend.appendChild(entry);
    }
  }

  function hide() {
    panel.hidden = true;
    const camera = panel.closest(".camera");
    if (camera) camera.classList.remove("overlay-on");
  }

  /* The picture of exactly this frame, then picture and outlines on the page at once. */
  async function show(data) {
    const answer = await fetch(data.picture, { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) return;  // replaced meanwhile: the next round asks for the newest
    const url = URL.createObjectURL(await answer.blob());
    await new Promise((done) => { img.onload = done; img.onerror = done; img.src = url; });
    if (pictureUrl) URL.revokeObjectURL(pictureUrl);
    pictureUrl = url;
    shown = data;
    drawOutlines(data);
    sayWhy(data);
    img.dataset.frame = svg.dataset.frame = String(data.frame);
    panel.hidden = false;
    const camera = panel.closest(".camera");
    if (camera) camera.classList.add("overlay-on");
  }

  async function refresh() {
    if (busy || !cameraAttached()) {
      if (!cameraAttached()) hide();
      return;
    }
    busy = true;
    try {
      const data = await api("GET", "/api/overlay");
      if (!shown || data.frame !== shown.frame || JSON.stringify(data.items) !== JSON.stringify(shown.items)) {
        await show(data);
      }
    } catch (exc) {
      if (exc && exc.info && exc.info.status === 404) hide();
    } finally {
      busy = false;
    }
  }

  panel.querySelector(".overlay-wrap").addEventListener("click", () => panel.classList.toggle("zoom"));
  document.addEventListener("langchange", () => { if (shown) { drawOutlines(shown); sayWhy(shown); } });
  setInterval(refresh, 1000);
  refresh();
})();
