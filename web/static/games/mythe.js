/* Mythe (俠鼠神抽) on the dashboard: a screen for young children.

   The path from the Village to the Dragon and the Sacred Cheese (each space with its cost in
   dots and the heroes on it), the cards drawn this turn with the running total and what it
   buys, the exact space the hero must stop on, an obstacle explained kindly, a revealed
   legendary card, and what the camera cannot see: "stop drawing", the hand-count
   confirmation of the share phase ("done sharing"). Pictures are small SVGs drawn here. */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;

  // Its sentences are in web/static/catalogue.json, with every other string.

  const COLOURS = { red: "#d83a34", blue: "#2f6fd1", green: "#2e9e49", yellow: "#e8b417", purple: "#8e44ad" };

  // -- pictures (static SVG written here; only fixed markup goes through innerHTML) ---------
  const PICS = {
    mouse: '<svg viewBox="0 0 48 40" aria-hidden="true"><path d="M6 30 C0 30 0 22 6 23" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/>'
      + '<ellipse cx="24" cy="27" rx="17" ry="11" fill="currentColor"/><circle cx="16" cy="12" r="7" fill="currentColor"/>'
      + '<circle cx="32" cy="12" r="7" fill="currentColor"/><circle cx="16" cy="12" r="3.5" fill="#f6c9cf"/>'
      + '<circle cx="32" cy="12" r="3.5" fill="#f6c9cf"/><circle cx="19" cy="24" r="2.6" fill="#fff"/><circle cx="29" cy="24" r="2.6" fill="#fff"/>'
      + '<circle cx="19.5" cy="24.5" r="1.4" fill="#222"/><circle cx="29.5" cy="24.5" r="1.4" fill="#222"/><circle cx="24" cy="30" r="2" fill="#f48fb1"/></svg>',
    village: '<svg viewBox="0 0 48 40" aria-hidden="true"><polygon points="4,20 16,8 28,20" fill="#c0392b"/><rect x="7" y="20" width="18" height="16" fill="#f3d9a4"/>'
      + '<rect x="13" y="26" width="6" height="10" fill="#8d5a2b"/><polygon points="24,22 35,11 46,22" fill="#d35400"/><rect x="27" y="22" width="16" height="14" fill="#fbe6b8"/>'
      + '<rect x="32" y="26" width="6" height="6" fill="#7fb3d5"/></svg>',
    tree: '<svg viewBox="0 0 48 40" aria-hidden="true"><rect x="21" y="22" width="6" height="15" fill="#8d5a2b"/><circle cx="24" cy="16" r="12" fill="#58a55c"/>'
      + '<circle cx="17" cy="19" r="7" fill="#4a9150"/><circle cx="31" cy="19" r="7" fill="#4a9150"/></svg>',
    dragon: '<svg viewBox="0 0 48 40" aria-hidden="true"><polygon points="10,10 14,2 18,10" fill="#f1c40f"/><polygon points="30,10 34,2 38,10" fill="#f1c40f"/>'
      + '<ellipse cx="24" cy="22" rx="18" ry="14" fill="#c0392b"/><ellipse cx="24" cy="30" rx="10" ry="6" fill="#e67e22"/>'
      + '<circle cx="17" cy="18" r="3.5" fill="#fff"/><circle cx="31" cy="18" r="3.5" fill="#fff"/><circle cx="17" cy="19" r="1.8" fill="#222"/>'
      + '<circle cx="31" cy="19" r="1.8" fill="#222"/><circle cx="21" cy="29" r="1.3" fill="#5d1a0f"/><circle cx="27" cy="29" r="1.3" fill="#5d1a0f"/></svg>',
    cheese: '<svg viewBox="0 0 48 40" aria-hidden="true"><polygon points="4,32 44,32 44,14 4,26" fill="#f7c948"/><polygon points="4,26 44,14 34,8" fill="#fde58a"/>'
      + '<circle cx="16" cy="28" r="3" fill="#e0a800"/><circle cx="30" cy="24" r="3.5" fill="#e0a800"/><circle cx="38" cy="29" r="2" fill="#e0a800"/></svg>',
    obstacle: '<svg viewBox="0 0 48 40" aria-hidden="true"><ellipse cx="16" cy="28" rx="13" ry="9" fill="#8e8e8e"/><ellipse cx="32" cy="25" rx="14" ry="12" fill="#a4a4a4"/>'
      + '<path d="M28 18 L32 24 L29 29" fill="none" stroke="#6e6e6e" stroke-width="2"/><circle cx="27" cy="23" r="1.6" fill="#333"/><circle cx="36" cy="23" r="1.6" fill="#333"/>'
      + '<path d="M27 31 Q31.5 28 36 31" fill="none" stroke="#333" stroke-width="1.6"/></svg>',
    sword: '<svg viewBox="0 0 48 40" aria-hidden="true"><polygon points="22,2 26,2 26,26 24,29 22,26" fill="#cfd8dc" stroke="#78909c"/>'
      + '<rect x="15" y="26" width="18" height="4" rx="2" fill="#b8860b"/><rect x="22" y="30" width="4" height="7" fill="#6d4c41"/><circle cx="24" cy="38" r="2" fill="#b8860b"/></svg>',
    shield: '<svg viewBox="0 0 48 40" aria-hidden="true"><path d="M24 2 L42 8 C42 24 34 34 24 38 C14 34 6 24 6 8 Z" fill="#2f6fd1" stroke="#1a3f7a" stroke-width="2"/>'
      + '<path d="M24 8 L24 32 M12 17 L36 17" stroke="#f1c40f" stroke-width="4"/></svg>',
    fairy: '<svg viewBox="0 0 48 40" aria-hidden="true"><ellipse cx="15" cy="18" rx="10" ry="6" fill="#b3e5fc" transform="rotate(-25 15 18)"/>'
      + '<ellipse cx="33" cy="18" rx="10" ry="6" fill="#b3e5fc" transform="rotate(25 33 18)"/><circle cx="24" cy="12" r="5" fill="#ffcc80"/>'
      + '<polygon points="24,16 30,36 18,36" fill="#f48fb1"/><polygon points="40,4 41.5,8 46,8 42.5,10.5 44,15 40,12 36,15 37.5,10.5 34,8 38.5,8" fill="#f1c40f"/></svg>',
    star: '<svg viewBox="0 0 40 40" aria-hidden="true"><polygon points="20,2 25,15 39,15 28,24 32,38 20,30 8,38 12,24 1,15 15,15" fill="#f1c40f" stroke="#c79100"/></svg>',
    flag: '<svg viewBox="0 0 40 40" aria-hidden="true"><rect x="8" y="4" width="3" height="34" fill="#5d4037"/>'
      + '<polygon points="11,5 34,11 11,19" fill="#2e9e49"/></svg>',
    stopsign: '<svg viewBox="0 0 40 40" aria-hidden="true"><polygon points="12,2 28,2 38,12 38,28 28,38 12,38 2,28 2,12" fill="#fff"/>'
      + '<polygon points="13,5 27,5 35,13 35,27 27,35 13,35 5,27 5,13" fill="#c0392b"/><rect x="10" y="17" width="20" height="6" fill="#fff"/></svg>',
    check: '<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="20" r="18" fill="#fff"/>'
      + '<path d="M10 21 L17 28 L31 12" fill="none" stroke="#2e9e49" stroke-width="5" stroke-linecap="round"/></svg>',
    hand: '<svg viewBox="0 0 40 40" aria-hidden="true"><rect x="17" y="3" width="6" height="20" rx="3" fill="#f5c6a0"/>'
      + '<rect x="10" y="16" width="22" height="18" rx="7" fill="#f5c6a0"/><circle cx="20" cy="6" r="3" fill="#fde4cf"/></svg>',
    card: '<svg viewBox="0 0 30 40" aria-hidden="true"><rect x="2" y="2" width="26" height="36" rx="4" fill="#6d4c9f" stroke="#fff" stroke-width="2"/>'
      + '<circle cx="15" cy="20" r="6" fill="#b39ddb"/></svg>',
  };

  function pic(name, extraClass, colour) {
    const node = el("span", { class: "mythe-pic pic-" + name + (extraClass ? " " + extraClass : "") });
    node.innerHTML = PICS[name];
    if (colour) node.style.color = colour;
    return node;
  }

  function colourOf(hero) { return COLOURS[hero.colour] || "#777"; }

  function heroName(desc, seat) { return t("mythe.hero", { name: seatName(seat) }); }

  /* "the Bridge (space 5)" in the chosen language. */
  function spaceLabel(desc, index) {
    const space = desc.path[index];
    if (!space) return String(index);
    if (index === 0) return pick(space.name);
    const name = pick(space.name);
    return currentLang() === "zh-TW" ? name + "（第 " + index + " 格）" : "the " + name + " (space " + index + ")";
  }

  function pointsText(n) { return t("mythe.points", { n }); }

  function cardPicture(card) {
    if (card.type === "obstacle") return "obstacle";
    if (card.type === "legendary") {
      if (/SWORD/.test(card.card)) return "sword";
      if (/SHIELD/.test(card.card)) return "shield";
      return "fairy";
    }
    return null;
  }

  function cardTile(card) {
    const picture = cardPicture(card);
    const tile = el("div", { class: "mythe-card type-" + card.type, "data-card": card.card,
      title: C.cardLabel(card.card) });
    if (picture) tile.appendChild(pic(picture));
    if (card.type !== "obstacle") {
      tile.appendChild(el("span", { class: "mythe-card-num", text: String(card.value) }));
      if (card.type === "number") {
        tile.appendChild(el("span", { class: "mythe-card-stars" },
          Array.from({ length: card.value }, () => pic("star"))));
      }
    }
    tile.appendChild(el("span", { class: "mythe-card-name", text: C.cardLabel(card.card) }));
    return tile;
  }

  /* The hint the engine gave about the path (why the hero stops where it does). */
  function pathHint(snap) {
    return (snap.hints || []).find((h) => h.region === "path" && h.data && h.data.points != null);
  }

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
    root.appendChild(renderPath(snap, desc));
    root.appendChild(renderHands(desc));
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
      stage.appendChild(el("div", { class: "mythe-big" }, pic("mouse", "big", colourOf(desc.heroes[seat])),
        pic("cheese", "big"), el("span", { text: t("mythe.won", { name: seatName(seat) }) })));
      if (snap.outcome) stage.appendChild(el("p", { class: "mythe-say", text: pick(snap.outcome.explanation) }));
      if (desc.revealed) stage.appendChild(renderReveal(desc, seat));
      return stage;
    }
    const seat = desc.turn;
    const hero = desc.heroes[seat];
    // the turn's moves are its player's: another seat's phone says whose turn it is instead
    const acts = interactive && C.mayActFor(seat);
    const waiting = interactive && !acts ? C.turnNote(seat) : null;
    stage.appendChild(el("div", { class: "mythe-turn", style: "--hero:" + colourOf(hero) },
      pic("mouse", "big", colourOf(hero)), el("span", { text: t("mythe.turnOf", { name: seatName(seat) }) })));
    if (desc.revealed) stage.appendChild(renderReveal(desc, seat));

    if (desc.phase === "start") {
      stage.appendChild(el("p", { class: "mythe-say", text: t("mythe.start") }));
      if (!desc.revealed) {
        stage.appendChild(el("p", { class: "mythe-tip" }, pic("sword"), pic("shield"), pic("fairy"),
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
      if (acts || !interactive) stage.appendChild(renderShare(desc, seat, acts));
    }
    if (waiting) stage.appendChild(waiting);
    return stage;
  }

  function renderReveal(desc, seat) {
    const card = { card: desc.revealed, type: "legendary", value: 0 };
    return el("div", { class: "mythe-reveal", id: "mythe-reveal" }, pic(cardPicture(card), "big"),
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
      cards.appendChild(cardTile(card));
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
    else buys = t("mythe.canReach", { space: spaceLabel(desc, target) });
    const said = points
      ? el("span", { class: "mythe-buys" }, el("span", { class: "mythe-points-n", text: pointsText(points) }),
        t("mythe.colon") + buys)
      : el("span", { class: "mythe-buys", text: t("mythe.zero") });
    box.appendChild(el("div", { class: "mythe-points" }, pic("star", "big"), said));
    if (points && target !== here) {
      const say = desc.phase === "move"
        ? t("mythe.moveNow", { hero: heroName(desc, desc.turn), space: spaceLabel(desc, target) })
        : t("mythe.mustStop", { space: spaceLabel(desc, target) });
      box.appendChild(el("div", { class: "mythe-muststop", id: "mythe-muststop" }, pic("flag"), " ", say));
    }
    const hint = pathHint(snap);
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
      pic("stopsign"), " ", t("mythe.btn.stop")));
    }
    const here = desc.heroes[seat].space;
    if (desc.points && desc.destination !== here) {
      // For tables without a camera: the camera sees the token move by itself.
      row.appendChild(el("button", { type: "button", class: "mythe-btn move", id: "mythe-move",
        onclick: () => C.command("/api/move", { move: { kind: "move", player: seat, to: desc.destination } }) },
      t("mythe.btn.move", { hero: heroName(desc, seat), space: spaceLabel(desc, desc.destination) })));
    }
    return row;
  }

  function renderObstacle(desc, seat) {
    const here = desc.heroes[seat].space;
    return el("div", { class: "mythe-obstacle", id: "mythe-obstacle" }, pic("obstacle", "big"),
      el("div", {},
        el("strong", { class: "mythe-obstacle-title", text: t("mythe.obstacleTitle") }),
        el("div", { class: "mythe-obstacle-stay",
          text: t("mythe.obstacleStay", { hero: heroName(desc, seat), space: spaceLabel(desc, here) }) }),
        el("div", { class: "mythe-obstacle-kind", text: t("mythe.obstacleKind") })));
  }

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
    form.appendChild(el("p", { class: "mythe-rule", id: "mythe-share-rule" }, pic("hand"), " ", t("mythe.shareRule")));
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
      disabled: !interactive, onclick: () => submit() }, pic("check"), " ", t("mythe.btn.done"));

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
        colour ? pic("mouse", "", colour) : pic("card"),
        el("span", { class: "mythe-count-name", text: label }),
        el("button", { type: "button", class: "minus", "aria-label": "−", disabled: !interactive, onclick: change(-1) }, "−"),
        value,
        el("button", { type: "button", class: "plus", "aria-label": "+", disabled: !interactive, onclick: change(1) }, "+"),
        el("span", { class: "mythe-count-cards" }, pic("card")));
      return row;
    }

    desc.heroes.forEach((hero, s) => {
      const row = stepper(seatName(s), colourOf(hero), () => counts[s], (v) => { counts[s] = v; }, "mythe-count-" + s);
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

  // -- the path ----------------------------------------------------------------------------
  /* Spaces snake across rows as on the printed mat (left to right, then back): 8 columns,
     the Village, the Dragon's lair and the Sacred Cheese two columns wide. */
  function snakePlaces(path, columns) {
    const places = [];
    let row = 0;
    let used = 0;
    for (const space of path) {
      const wide = space.kind === "space" ? 1 : 2;
      if (used + wide > columns) { row += 1; used = 0; }
      const start = row % 2 === 0 ? used : columns - used - wide;
      places.push({ row, col: start, wide });
      used += wide;
    }
    return places;
  }

  function renderPath(snap, desc) {
    const columns = 8;
    const places = snakePlaces(desc.path, columns);
    const wrap = el("div", { class: "mythe-path", id: "mythe-path", style: "--cols:" + columns });
    const heroesOn = {};
    for (const hero of desc.heroes) (heroesOn[hero.space] = heroesOn[hero.space] || []).push(hero);
    const active = desc.turn != null ? desc.heroes[desc.turn] : null;
    const hint = pathHint(snap);
    const passed = new Set(hint ? hint.data.passed || [] : []);
    const showTarget = (desc.phase === "adventure" || desc.phase === "move") && desc.points > 0
      && active && desc.destination !== active.space;
    desc.path.forEach((space, index) => {
      const place = places[index];
      const classes = ["mythe-space", "kind-" + space.kind, place.wide > 1 ? "wide" : "narrow"];
      if (showTarget && index === desc.destination) classes.push("target");
      if (passed.has(index)) classes.push("passed");
      if (active && index === active.space) classes.push("current");
      const tile = el("div", { class: classes.join(" "), "data-space": index,
        style: "grid-row:" + (place.row + 1) + ";grid-column:" + (place.col + 1) + " / span " + place.wide,
        title: spaceLabel(desc, index) });
      const picture = { village: "village", dragon: "dragon", cheese: "cheese" }[space.kind] || "tree";
      tile.appendChild(el("span", { class: "mythe-space-index", text: index ? String(index) : "" }));
      tile.appendChild(pic(picture));
      tile.appendChild(el("span", { class: "mythe-space-name", text: pick(space.name) }));
      if (space.cost) {
        tile.appendChild(el("span", { class: "mythe-dots", title: pointsText(space.cost) },
          Array.from({ length: space.cost }, () => el("i", { class: "dot" }))));
      } else if (space.kind === "village") {
        tile.appendChild(el("span", { class: "mythe-space-note", text: t("mythe.free") }));
      }
      if (space.kind === "dragon" && !(desc.revealed)) {
        tile.appendChild(el("span", { class: "mythe-space-note", text: t("mythe.dragonNeeds") }));
      }
      const heroes = el("span", { class: "mythe-heroes" });
      for (const hero of heroesOn[index] || []) {
        const token = pic("mouse", "hero", colourOf(hero));
        token.dataset.seat = hero.seat;
        token.title = heroName(desc, hero.seat);
        heroes.appendChild(el("span", { class: "mythe-hero", "data-seat": hero.seat }, token,
          el("span", { class: "mythe-hero-name", text: seatName(hero.seat) })));
      }
      tile.appendChild(heroes);
      if (showTarget && index === desc.destination) {
        tile.appendChild(el("span", { class: "mythe-flag" }, pic("flag"), el("span", { class: "mythe-flag-words", text: t("mythe.target") })));
      }
      if (passed.has(index)) {
        tile.appendChild(el("span", { class: "mythe-flag jump" }, "↷ ", el("span", { class: "mythe-flag-words", text: t("mythe.jump") })));
      }
      wrap.appendChild(tile);
    });
    return wrap;
  }

  function renderHands(desc) {
    const box = el("div", { class: "mythe-hands", id: "mythe-hands" });
    box.appendChild(el("span", { class: "mythe-label", text: t("mythe.hands") + C.colon() }));
    desc.hands.forEach((n, s) => {
      box.appendChild(el("span", { class: "mythe-hand", "data-seat": s },
        pic("mouse", "", colourOf(desc.heroes[s])), seatName(s) + " ", pic("card"), "× " + n));
    });
    if (desc.dummy != null) box.appendChild(el("span", { class: "mythe-hand" }, t("mythe.extraDeck") + " ", pic("card"), "× " + desc.dummy));
    return box;
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.mythe = renderMythe;
})();
