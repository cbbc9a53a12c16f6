/* The TV (/tv): one screen, read from three metres, nothing to scroll. After each drawing
   (renderTv in app.js) the board takes the largest text size, from 44 px down to 28 px, at
   which it fits its box; the right column keeps the newest lines of the log that fit under the
   scores. The language: the switch in the top right corner (a remote), L at a keyboard, or
   /tv?lang=... */
"use strict";

const TvLayout = (() => {
  const LARGEST_PX = 44;
  const SMALLEST_PX = 28;  // readable from 3 m
  const { el, clear, t, pick } = window.Companion;

  const overflows = (box) => box.scrollHeight > box.clientHeight + 1
    || box.scrollWidth > box.clientWidth + 1;

  // the largest size that fits; at the smallest the game's TV styles must make it fit
  function fitBoard() {
    const box = document.querySelector(".tv-board");
    if (!box) return;
    let px = LARGEST_PX;
    for (; px > SMALLEST_PX; px -= 2) {
      box.style.fontSize = px + "px";
      if (!overflows(box)) break;
    }
    if (px <= SMALLEST_PX) box.style.fontSize = SMALLEST_PX + "px";
    box.dataset.fit = overflows(box) ? "overflow" : String(px);
  }

  function logLine(entry) {
    const text = entry.text ? pick(entry.text) : (entry.move && entry.move.kind) || "";
    const item = el("li", { class: entry.accepted ? "ok" : "rejected" });
    if (entry.kind === "undo") item.appendChild(el("strong", { text: t("log.undo") + " " }));
    item.appendChild(document.createTextNode(text));
    return item;
  }

  // newest first; the oldest lines go while the column is taller than the screen
  function fitLog(snap) {
    const list = document.getElementById("tv-log");
    const box = document.querySelector(".tv-log-box");
    if (!list || !box) return;
    clear(list);
    const entries = (snap.log || []).slice().reverse();
    for (const entry of entries.slice(0, 40)) list.appendChild(logLine(entry));
    box.hidden = false;
    while (list.lastChild && overflows(box)) list.removeChild(list.lastChild);
    box.hidden = !list.childNodes.length;  // no heading over an empty list
  }

  // The camera's picture and its legend under the scores: the picture narrows (down to 40 %
  // of the column) until the column fits, and the legend goes last; they were cut at the
  // bottom under a lesson mid-game.
  function fitSide() {
    const side = document.querySelector(".tv-side");
    const wrap = document.querySelector(".tv-side .overlay-wrap");
    const legend = document.getElementById("overlay-legend");
    if (!side || !wrap) return;
    wrap.style.width = "";
    wrap.style.margin = "";
    if (legend) legend.hidden = false;
    for (let share = 90; overflows(side) && share >= 40; share -= 10) {
      wrap.style.width = share + "%";
      wrap.style.margin = "0 auto";
    }
    if (legend && overflows(side)) legend.hidden = true;
    dropForTheCode(side);
  }

  // At the end, under a lesson panel, the code to log the play ran past the bottom of the
  // screen, half visible and impossible to scan (walk-through finding): while it is shown and
  // the column is too tall, the parts that matter less at the end go, one by one.
  const DROPPABLE = ["#overlay-panel", "#speech", ".tv-side .game-length", ".tv-side .tiebreak"];
  function dropForTheCode(side) {
    for (const part of side.querySelectorAll(".tv-dropped")) part.classList.remove("tv-dropped");
    const plays = document.getElementById("cafe-plays");
    if (!plays || plays.hidden) return;
    for (const selector of DROPPABLE) {
      if (!overflows(side)) return;
      const part = side.querySelector(selector);
      if (part) part.classList.add("tv-dropped");
    }
  }

  function after(snap) {
    fitBoard();
    fitSide();
    fitLog(snap);
  }

  // Parts drawn apart change the room: the code to log the play (fetched after the results),
  // the game's length (asked of the server), the lesson panel (teach.js). Fit again then.
  function watchParts() {
    if (typeof ResizeObserver === "undefined") return;
    const again = new ResizeObserver(() => { if (window.Companion.S.snap) after(window.Companion.S.snap); });
    for (const id of ["cafe-plays", "tv-scores", "lesson", "overlay-panel"]) {
      const part = document.getElementById(id);
      if (part) again.observe(part);
    }
    // every other part of the right column too (the spoken prompts, the game's length...):
    // one that grew after the log was fitted left its last line cut at the bottom
    for (const part of document.querySelectorAll(".tv-side > :not(.tv-log-box)")) again.observe(part);
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== "l" && event.key !== "L") return;
    setLang(currentLang() === "en" ? "zh-TW" : "en");
  });
  window.addEventListener("resize", () => {
    if (window.Companion.S.snap) after(window.Companion.S.snap);
  });
  watchParts();
  return { after, fitBoard };
})();
