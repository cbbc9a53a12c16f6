/* Mythe (俠鼠神抽) on the dashboard: a screen for young children.

   The path from the Village to the Dragon and the Sacred Cheese (each space with its cost in
   dots and the heroes on it), the cards drawn this turn with the running total and what it
   buys, the exact space the hero must stop on, an obstacle explained kindly, a revealed
   legendary card, and what the camera cannot see: "stop drawing", the hand-count
   confirmation of the share phase ("done sharing"). This file draws the screen and its turn
   panel; mythe_pictures.js has the pictures and names, mythe_path.js the path and the hands,
   mythe_share.js the share form (one file per part, each at most 400 lines). */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;
  // The Mythe screen's parts share one namespace; each file adds its own functions and calls
  // the others' through it when a screen is drawn, so the files may load in any order.
  const M = (window.MytheParts = window.MytheParts || {});

  // -- the view ------------------------------------------------------------------------------
  function renderMythe(box, snap, desc, interactive) {
    const root = el("div", { class: "mythe", "data-phase": desc.phase });
    if (desc.unverified && C.showsDataNotices()) {
      const note = (snap.notes || []).find((n) => C.isPlaceholderNote(n));
      root.appendChild(el("div", { class: "mythe-unverified", id: "mythe-unverified",
        title: note ? pick(note) : "" }, "⚠ ", t("mythe.unverified"),
        note ? el("span", { class: "mythe-unverified-why", text: " — " + pick(note) }) : null));
    }
    root.appendChild(renderStage(snap, desc, interactive));
    root.appendChild(M.renderPath(snap, desc));
    root.appendChild(M.renderHands(desc));
    box.appendChild(root);
    box.appendChild(renderGrownUps(snap, desc, interactive));
  }

  /* For the grown-up at the table: the plain facts, what the camera put on the table, and
     the dashboard's hand correction form (add a drawn card the camera missed). */
  function renderGrownUps(snap, desc, interactive) {
    const facts = {
      phase: desc.phase, turn_number: desc.turn_number, hands: desc.hands,
      drawn: desc.drawn.map((d) => d.card), points: desc.points, destination: desc.destination,
      revealed: desc.revealed, obstacle: desc.obstacle,
    };
    if (desc.dummy != null) facts.dummy = desc.dummy;
    if (desc.unattributed_draws) facts.unattributed_draws = desc.unattributed_draws;
    const section = el("details", { class: "mythe-grownups" }, el("summary", { text: t("mythe.grownups") }));
    C.renderGeneric(section, snap, facts, interactive);  // its correction form: the host's only
    return section;
  }

  /* The big friendly panel: what is happening in this turn, and what to do now. */
  function renderStage(snap, desc, interactive) {
    const stage = el("div", { class: "mythe-stage", id: "mythe-stage" });
    if (desc.phase === "over") {
      const seat = desc.winner;
      stage.classList.add("won");
      stage.appendChild(el("div", { class: "mythe-big" }, M.pic("mouse", "big", M.colourOf(desc.heroes[seat])),
        M.pic("cheese", "big"), el("span", { text: t("mythe.won", { name: seatName(seat) }) })));
      if (snap.outcome) stage.appendChild(el("p", { class: "mythe-say", text: pick(snap.outcome.explanation) }));
      if (desc.revealed) stage.appendChild(renderReveal(desc, seat));
      return stage;
    }
    const seat = desc.turn;
    const hero = desc.heroes[seat];
    // the turn's moves are its player's: another seat's phone says whose turn it is instead
    const acts = interactive && C.mayActFor(seat);
    const waiting = interactive && !acts ? C.turnNote(seat) : null;
    stage.appendChild(el("div", { class: "mythe-turn", style: "--hero:" + M.colourOf(hero) },
      M.pic("mouse", "big", M.colourOf(hero)), el("span", { text: t("mythe.turnOf", { name: seatName(seat) }) })));
    if (desc.revealed) stage.appendChild(renderReveal(desc, seat));

    if (desc.phase === "start") {
      stage.appendChild(el("p", { class: "mythe-say", text: t("mythe.start") }));
      if (!desc.revealed) {
        stage.appendChild(el("p", { class: "mythe-tip" }, M.pic("sword"), M.pic("shield"), M.pic("fairy"),
          el("span", { text: t("mythe.startDragon") })));
      }
      if (acts && !desc.revealed) stage.appendChild(renderRevealPicker(desc, seat));
      if (acts) stage.appendChild(renderDrawPicker(desc, seat));
      if (waiting) stage.appendChild(waiting);
      return stage;
    }
    stage.appendChild(renderDrawn(desc));
    if (acts && desc.phase === "adventure") stage.appendChild(renderDrawPicker(desc, seat));
    if (desc.phase === "adventure" || desc.phase === "move") {
      stage.appendChild(renderTotal(snap, desc));
      if (acts) stage.appendChild(renderAdventureButtons(desc, seat));
    } else if (desc.phase === "share") {
      if (desc.obstacle) stage.appendChild(renderObstacle(desc, seat));
      if (acts || !interactive) stage.appendChild(M.renderShare(desc, seat, acts));
    }
    if (waiting) stage.appendChild(waiting);
    return stage;
  }

  function renderReveal(desc, seat) {
    const card = { card: desc.revealed, type: "legendary", value: 0 };
    return el("div", { class: "mythe-reveal", id: "mythe-reveal" }, M.pic(M.cardPicture(card), "big"),
      el("div", {},
        el("strong", { text: t("mythe.revealTitle", { card: C.cardLabel(desc.revealed) }) }),
        el("div", { text: t("mythe.revealText", { name: seatName(seat) }) })));
  }

  function renderDrawn(desc) {
    const row = el("div", { class: "mythe-drawn", id: "mythe-drawn" });
    row.appendChild(el("div", { class: "mythe-label", text: t("mythe.drawn") }));
    const cards = el("div", { class: "mythe-cards" });
    if (!desc.drawn.length) cards.appendChild(el("span", { class: "none", text: t("mythe.noneDrawn") }));
    desc.drawn.forEach((card, i) => {
      if (i) cards.appendChild(el("span", { class: "mythe-plus", text: card.type === "obstacle" ? "" : "+" }));
      cards.appendChild(M.cardTile(card));
    });
    row.appendChild(cards);
    return row;
  }

  /* "4 points: you can reach the Bridge" and the exact space the hero must stop on. */
  function renderTotal(snap, desc) {
    const box = el("div", { class: "mythe-total", id: "mythe-total" });
    const points = desc.points;
    const here = desc.heroes[desc.turn].space;
    const target = desc.destination;
    // The number once, large, with its unit ("7 points" / "7 點"), then what it buys: it once
    // read "★7 7 點：…" (the big number and the sentence's own number).
    let buys;
    if (target === here) buys = t("mythe.notEnough");
    else if (desc.path[target] && desc.path[target].kind === "dragon") buys = t("mythe.canReachDragon");
    else buys = t("mythe.canReach", { space: M.spaceLabel(desc, target) });
    const said = points
      ? el("span", { class: "mythe-buys" }, el("span", { class: "mythe-points-n", text: M.pointsText(points) }),
        t("mythe.colon") + buys)
      : el("span", { class: "mythe-buys", text: t("mythe.zero") });
    box.appendChild(el("div", { class: "mythe-points" }, M.pic("star", "big"), said));
    if (points && target !== here) {
      const say = desc.phase === "move"
        ? t("mythe.moveNow", { hero: M.heroName(desc, desc.turn), space: M.spaceLabel(desc, target) })
        : t("mythe.mustStop", { space: M.spaceLabel(desc, target) });
      box.appendChild(el("div", { class: "mythe-muststop", id: "mythe-muststop" }, M.pic("flag"), " ", say));
    }
    const hint = M.pathHint(snap);
    // The engine's own explanation (points lost, heroes jumped, the dragon) when there is one.
    if (hint && (hint.data.lost || (hint.data.passed || []).length || (target === here && points))) {
      // its first sentence is the "N points: ..." already shown above
      const why = pick(hint.text).replace(/^[^.。]*[.。]\s*/, "").trim();
      if (why) box.appendChild(el("div", { class: "mythe-why", text: why }));
    }
    return box;
  }

  /* For tables without a camera: the card just drawn, picked from the cards this game has at
     this player count (not drawn yet this turn), instead of a code to type. */
  function renderDrawPicker(desc, seat) {
    const drawn = new Set((desc.drawn || []).map((d) => d.card));
    const cards = (C.S.catalogue || []).filter((p) => p.kind === "card" && p.in_play
      && !drawn.has(p.payload) && p.payload !== desc.revealed);
    const select = el("select", { class: "mythe-draw-pick", id: "mythe-draw-pick", "aria-label": t("mythe.drawPick") },
      el("option", { value: "", text: t("mythe.drawPick") }),
      cards.map((p) => el("option", { value: p.payload, text: pick(p.name) })));
    const from = renderDrawFrom(desc, seat);
    const button = el("button", { type: "button", class: "mythe-btn draw", id: "mythe-draw",
      onclick: () => {
        if (!select.value || !from.value) return;
        const source = from.value === "dummy" ? "dummy" : Number(from.value);
        C.command("/api/move", { move: { kind: "draw", player: seat, card: select.value, from: source } });
      } },
    t("mythe.btn.draw"));
    return el("div", { class: "mythe-buttons mythe-draw" }, select, from, button, C.needsChoice(button, [select, from]));
  }

  /* Whose hand the card came from (the rules: "choosing a hand each time"): without it the
     hand counts cannot follow the cards, and the share form had to guess. The other players
     who still hold a card, and the 2-player extra deck; one choice is chosen already. */
  function renderDrawFrom(desc, seat) {
    const hands = desc.hands.map((n, s) => ({ s, n }))
      .filter(({ s, n }) => s !== seat && n > 0)
      .map(({ s }) => el("option", { value: String(s), text: seatName(s) }));
    if (desc.dummy) hands.push(el("option", { value: "dummy", text: t("mythe.extraDeck") }));
    const from = el("select", { class: "mythe-draw-from", id: "mythe-draw-from", "aria-label": t("mythe.drawFrom") },
      el("option", { value: "", text: t("mythe.drawFrom") }), hands);
    if (hands.length === 1) from.value = hands[0].value;
    return from;
  }

  /* Before the first draw: the legendary card shown from the hand to face the dragon. */
  function renderRevealPicker(desc, seat) {
    const cards = (C.S.catalogue || []).filter((p) => p.kind === "card" && p.in_play
      && p.face && p.face.type === "legendary");
    const select = el("select", { class: "mythe-reveal-pick", id: "mythe-reveal-pick", "aria-label": t("mythe.revealPick") },
      el("option", { value: "", text: t("mythe.revealPick") }),
      cards.map((p) => el("option", { value: p.payload, text: pick(p.name) })));
    const button = el("button", { type: "button", class: "mythe-btn reveal", id: "mythe-reveal-btn",
      onclick: () => { if (select.value) C.command("/api/move", { move: { kind: "reveal", player: seat, card: select.value } }); } },
    t("mythe.btn.reveal"));
    return el("div", { class: "mythe-buttons mythe-reveal-form" }, select, button, C.needsChoice(button, [select]));
  }

  function renderAdventureButtons(desc, seat) {
    const row = el("div", { class: "mythe-buttons" });
    if (desc.phase === "adventure") {
      row.appendChild(el("button", { type: "button", class: "mythe-btn stop", id: "mythe-stop",
        onclick: () => C.command("/api/move", { move: { kind: "stop", player: seat } }) },
      M.pic("stopsign"), " ", t("mythe.btn.stop")));
    }
    const here = desc.heroes[seat].space;
    if (desc.points && desc.destination !== here) {
      // For tables without a camera: the camera sees the token move by itself.
      row.appendChild(el("button", { type: "button", class: "mythe-btn move", id: "mythe-move",
        onclick: () => C.command("/api/move", { move: { kind: "move", player: seat, to: desc.destination } }) },
      t("mythe.btn.move", { hero: M.heroName(desc, seat), space: M.spaceLabel(desc, desc.destination) })));
    }
    return row;
  }

  function renderObstacle(desc, seat) {
    const here = desc.heroes[seat].space;
    return el("div", { class: "mythe-obstacle", id: "mythe-obstacle" }, M.pic("obstacle", "big"),
      el("div", {},
        el("strong", { class: "mythe-obstacle-title", text: t("mythe.obstacleTitle") }),
        el("div", { class: "mythe-obstacle-stay",
          text: t("mythe.obstacleStay", { hero: M.heroName(desc, seat), space: M.spaceLabel(desc, here) }) }),
        el("div", { class: "mythe-obstacle-kind", text: t("mythe.obstacleKind") })));
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.mythe = renderMythe;
})();