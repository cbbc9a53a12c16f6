/* Mythe (俠鼠神抽) on the dashboard: the share phase's form, what the camera cannot see: the
   players count every hand after giving cards away and confirm ("done sharing"). */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;
  // The Mythe screen's parts share one namespace; each file adds its own functions and calls
  // the others' through it when a screen is drawn, so the files may load in any order.
  const M = (window.MytheParts = window.MytheParts || {});

  // -- the share phase: hand counts players confirm -------------------------------------------
  /* Counts to start the form from: the drawn cards join the active hand; a card whose source
     the camera did not see is taken from the next hands round (the players correct it). */
  function expectedCounts(desc, seat) {
    const hands = desc.hands.slice();
    hands[seat] += desc.drawn.length;
    let unknown = desc.unattributed_draws || 0;
    for (let step = 1; unknown > 0 && step < 50; step++) {
      const other = (seat + step) % hands.length;
      if (other !== seat && hands[other] > 0) { hands[other] -= 1; unknown -= 1; }
    }
    return hands;
  }

  let shareEdits = null;  // {key, counts, dummy}: the share form's counts being entered

  function renderShare(desc, seat, interactive) {
    const form = el("form", { class: "mythe-share", id: "mythe-share", onsubmit: (e) => e.preventDefault() });
    const total = desc.hands.reduce((a, b) => a + b, 0) + (desc.dummy || 0) + desc.drawn.length
      - (desc.unattributed_draws || 0);
    form.appendChild(el("h3", { text: t("mythe.shareTitle") }));
    form.appendChild(el("p", { class: "mythe-say small", text: t("mythe.shareIntro", { name: seatName(seat) }) }));
    form.appendChild(el("p", { class: "mythe-rule", id: "mythe-share-rule" }, M.pic("hand"), " ", t("mythe.shareRule")));
    if (desc.share_only_drawn) form.appendChild(el("p", { class: "mythe-rule", text: t("mythe.shareOnlyDrawn") }));
    if (desc.unattributed_draws) {
      // with no camera nobody "could not see": the source was just not entered
      const byHand = C.S.camera && !C.S.camera.attached;
      form.appendChild(el("p", { class: "mythe-tip",
        text: t(byHand ? "mythe.unknownFrom.byHand" : "mythe.unknownFrom", { n: desc.unattributed_draws }) }));
    }
    // The screen is redrawn on every table change: counts being entered must survive that.
    const key = [C.S.snap && C.S.snap.game_id, desc.turn_number, desc.drawn.length].join(":");
    if (!shareEdits || shareEdits.key !== key) {
      shareEdits = { key, counts: expectedCounts(desc, seat), dummy: desc.dummy };
    }
    const counts = shareEdits.counts;
    const edits = shareEdits;
    let dummy = edits.dummy;
    const rows = el("div", { class: "mythe-counts" });
    const status = el("div", { class: "mythe-count-status", id: "mythe-count-status" });
    const done = el("button", { type: "button", class: "mythe-btn done", id: "mythe-done",
      disabled: !interactive, onclick: () => submit() }, M.pic("check"), " ", t("mythe.btn.done"));

    function refresh() {
      clear(status);
      const sum = counts.reduce((a, b) => a + b, 0) + (dummy || 0);
      const empty = counts.map((n, s) => [n, s]).filter(([n]) => n < 1).map(([, s]) => s);
      for (const s of empty) status.appendChild(el("div", { class: "bad", text: t("mythe.needsOne", { name: seatName(s) }) }));
      status.appendChild(el("div", { class: sum === total ? "ok" : "bad",
        text: t("mythe.total", { n: sum, total }) + (sum === total ? "" : " " + t("mythe.totalWrong", { total })) }));
      done.disabled = !interactive || empty.length > 0 || sum !== total;
    }

    function stepper(label, colour, get, set, id) {
      const value = el("span", { class: "mythe-count-n", id: id + "-n", text: String(get()) });
      const change = (d) => () => { set(Math.max(0, get() + d)); value.textContent = String(get()); row.classList.toggle("empty", get() < 1); refresh(); };
      const row = el("div", { class: "mythe-count" + (get() < 1 ? " empty" : ""), id },
        colour ? M.pic("mouse", "", colour) : M.pic("card"),
        el("span", { class: "mythe-count-name", text: label }),
        el("button", { type: "button", class: "minus", "aria-label": "−", disabled: !interactive, onclick: change(-1) }, "−"),
        value,
        el("button", { type: "button", class: "plus", "aria-label": "+", disabled: !interactive, onclick: change(1) }, "+"),
        el("span", { class: "mythe-count-cards" }, M.pic("card")));
      return row;
    }

    desc.heroes.forEach((hero, s) => {
      const row = stepper(seatName(s), M.colourOf(hero), () => counts[s], (v) => { counts[s] = v; }, "mythe-count-" + s);
      if (s === seat && desc.drawn.length) {
        // the form starts from the hand after the drawn cards join it: the "Cards in hand"
        // row still shows the hand without them, so the sum is said here
        row.appendChild(el("span", { class: "mythe-count-from",
          text: t("mythe.inHandPlusDrawn", { hand: desc.hands[s], drawn: desc.drawn.length }) }));
      }
      rows.appendChild(row);
    });
    if (dummy != null) {
      rows.appendChild(stepper(t("mythe.extraDeck"), null, () => dummy,
        (v) => { dummy = v; edits.dummy = v; }, "mythe-count-dummy"));
    }
    form.appendChild(rows);
    form.appendChild(status);
    form.appendChild(el("div", { class: "mythe-buttons" }, done));

    function submit() {
      const move = { kind: "share", player: seat, hands: counts.slice() };
      if (dummy != null) move.dummy = dummy;
      C.command("/api/move", { move });
    }
    refresh();
    return form;
  }

  Object.assign(M, { renderShare });
})();
