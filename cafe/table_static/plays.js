/* At the end of a game: the QR code that opens BG Stats with the play filled in, and the
   downloads for other play loggers. Its own strings in both languages (i18n.js picks). */
"use strict";

(function () {
  const TEXT = {
    scan: { en: "Log this play: scan with your phone to open BG Stats.",
            "zh-TW": "記錄這一局：用手機掃描，開啟 BG Stats。" },
    open: { en: "Open in BG Stats", "zh-TW": "在 BG Stats 開啟" },
    downloads: { en: "All plays of this table:", "zh-TW": "這桌的所有對局：" },
  };
  const box = document.getElementById("cafe-plays");
  let shownFor = null;

  function show() {
    document.getElementById("cafe-plays-scan").textContent = pick(TEXT.scan);
    document.getElementById("cafe-plays-open").textContent = pick(TEXT.open);
    document.getElementById("cafe-plays-dl").textContent = pick(TEXT.downloads);
  }

  async function refresh() {
    try {
      const response = await fetch("/plays/current.json", { credentials: "same-origin" });
      const body = response.ok ? await response.json() : { play: null };
      if (!body.play) { box.hidden = true; shownFor = null; return; }
      if (shownFor !== body.bgstats) {
        shownFor = body.bgstats;
        document.getElementById("cafe-plays-qr").src = "/plays/bgstats.svg?game=" + body.play.id;
        document.getElementById("cafe-plays-open").href = body.bgstats;
      }
      box.hidden = false;
    } catch (error) { /* the next poll tries again */ }
  }

  // The TV has no controls (nobody taps a TV): the code to scan and its sentence only.
  if (document.querySelector(".tv")) {
    box.classList.add("on-tv");
    box.querySelectorAll(".cafe-plays-links").forEach((line) => { line.hidden = true; });
  }
  document.addEventListener("langchange", show);
  show();
  refresh();
  setInterval(refresh, 5000);
})();
