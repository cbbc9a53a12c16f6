/* Crypt (皇家地窖) on the dashboard.

   The crypt row (each treasure face up with its value, or face down showing only its type,
   with the claimant's dice, their face and the effort), whose turn it is and what they may
   do, push-offs and refused moves explained, the collect phase roll by roll, the collectors
   in play with who has earned what, the scores with their breakdown, the solo ghost's
   placements and final rank. Buttons cover what the camera cannot see: a claim or a roll
   typed in, recover, end turn, the ghost's roll, idol re-rolls, collector flips, naming a
   face-down card at the end and the tie-break roll. */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;

  // Its sentences are in web/static/catalogue.json, with every other string.

  const COLOURS = { red: "#d83a34", blue: "#2f6fd1", green: "#2e9e49", yellow: "#e8b417" };
  const TYPE_COLOURS = { idols: "#b8860b", jewelry: "#c2185b", manuscripts: "#6d4c41",
    pottery: "#e65100", remains: "#607d8b", tapestries: "#6a1b9a" };
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  // Small pictures (fixed markup only goes through innerHTML): emoji fonts are not installed
  // on every table computer.
  const ICONS = {
    leader: '<svg viewBox="0 0 24 24"><rect x="10" y="12" width="4" height="11" rx="1" fill="#6d4c41"/>'
      + '<path d="M12 1 C16 6 17 9 12 13 C7 9 8 6 12 1 Z" fill="#ff9800"/><path d="M12 6 C14 8 14 10 12 12 C10 10 10 8 12 6 Z" fill="#ffeb3b"/></svg>',
    lights: '<svg viewBox="0 0 24 24"><rect x="10" y="12" width="4" height="11" rx="1" fill="#6d4c41"/>'
      + '<path d="M12 3 C15 6 15 9 12 12 C9 9 9 6 12 3 Z" fill="#546e7a"/><path d="M7 4 L17 12" stroke="#263238" stroke-width="2"/></svg>',
    trophy: '<svg viewBox="0 0 24 24"><path d="M6 3 H18 V8 C18 12 15 14 12 14 C9 14 6 12 6 8 Z" fill="#f1c40f"/>'
      + '<rect x="10.5" y="14" width="3" height="4" fill="#c79100"/><rect x="7" y="18" width="10" height="3" rx="1" fill="#8d6e63"/></svg>',
    crown: '<svg viewBox="0 0 24 24"><path d="M3 8 L8 12 L12 5 L16 12 L21 8 L19 19 H5 Z" fill="#f1c40f" stroke="#c79100"/></svg>',
    ghost: '<svg viewBox="0 0 24 24"><path d="M4 22 V10 C4 5 8 2 12 2 C16 2 20 5 20 10 V22 L17 19 L14 22 L12 19 L10 22 L7 19 Z" fill="#eceff1" stroke="#607d8b" stroke-width="1.5"/>'
      + '<circle cx="9" cy="10" r="1.6" fill="#263238"/><circle cx="15" cy="10" r="1.6" fill="#263238"/></svg>',
    cross: '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#d32f2f"/><path d="M7 7 L17 17 M17 7 L7 17" stroke="#fff" stroke-width="3"/></svg>',
  };

  function icon(name) {
    const node = el("span", { class: "crypt-icon icon-" + name });
    node.innerHTML = ICONS[name];
    return node;
  }

  // -- small pieces ------------------------------------------------------------------------
  function playerColour(desc, seat) {
    const p = desc.players[seat];
    return (p && COLOURS[p.colour]) || "#777";
  }

  /* A die drawn in SVG: its owner's colour, `face` pips (or "?" when unknown). */
  function die(colour, face, extra) {
    const node = el("span", { class: "crypt-die" + (extra ? " " + extra : ""), title: face ? String(face) : "?" });
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 40 40");
    const body = document.createElementNS(ns, "rect");
    Object.entries({ x: 2, y: 2, width: 36, height: 36, rx: 8, fill: colour, stroke: "#222", "stroke-width": 1.5 })
      .forEach(([k, v]) => body.setAttribute(k, v));
    svg.appendChild(body);
    const ink = colour === COLOURS.yellow ? "#222" : "#fff";
    if (face && PIPS[face]) {
      for (const [cx, cy] of PIPS[face]) {
        const pip = document.createElementNS(ns, "circle");
        pip.setAttribute("cx", 10 * cx); pip.setAttribute("cy", 10 * cy); pip.setAttribute("r", 4);
        pip.setAttribute("fill", ink);
        svg.appendChild(pip);
      }
    } else {
      const q = document.createElementNS(ns, "text");
      Object.entries({ x: 20, y: 28, "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: ink })
        .forEach(([k, v]) => q.setAttribute(k, v));
      q.textContent = "?";
      svg.appendChild(q);
    }
    node.appendChild(svg);
    return node;
  }

  function typeName(kind) { return t("crypt.type." + kind); }

  /* "the Idol 4 (crypt card 1)" for a row card, in the chosen language. */
  function slotLabel(desc, index) {
    const card = desc.row[index];
    if (!card) return t("crypt.slot", { n: index + 1 });
    return t("crypt.slotNamed", { name: pick(card.name), slot: t("crypt.slot", { n: index + 1 }) });
  }

  function button(id, text, onclick, extra) {
    return el("button", { type: "button", id, class: "crypt-btn" + (extra ? " " + extra : ""), onclick }, text);
  }

  function faceSelect(id, value) {
    const select = el("select", { id, class: "crypt-select" });
    for (let v = 1; v <= 6; v++) select.appendChild(el("option", { value: v, selected: v === value, text: String(v) }));
    return select;
  }

  function move(body) { return C.command("/api/move", { move: body }); }

  /* Sum of score lines by collector type (codes start with the type key) per seat. */
  function collectorEarnings(snap) {
    const earned = {};
    for (const side of snap.scores || []) {
      for (const line of side.lines) {
        const kind = line.code.split("_")[0];
        if (!TYPE_COLOURS[kind] || line.code.startsWith("treasure")) continue;
        (earned[kind] = earned[kind] || []).push({ seat: side.members[0], points: line.points, line });
      }
    }
    return earned;
  }

  // -- the view ------------------------------------------------------------------------------
  function renderCrypt(box, snap, desc, interactive) {
    const root = el("div", { class: "crypt", "data-phase": desc.phase });
    root.appendChild(renderStatus(snap, desc, interactive));
    if (["reveal", "claim", "collect"].includes(desc.phase)) root.appendChild(renderRow(snap, desc, interactive));
    if (desc.deal && interactive) root.appendChild(renderDeal(desc));
    if (desc.pushes && desc.pushes.length) root.appendChild(renderPushes(desc));
    if (desc.ghost) root.appendChild(renderGhost(desc, interactive));
    if (desc.phase === "collect") root.appendChild(renderRolls(desc, interactive));
    if (desc.phase === "before_scoring" && interactive) {
      root.appendChild(el("section", { class: "crypt-before-scoring", id: "crypt-before-scoring" },
        C.mayActFor(null)
          ? button("crypt-score-game", t("crypt.btn.scoreGame"), () => move({ kind: "score_game", player: null }), "primary")
          : C.turnNote(null)));
    }
    if (desc.phase === "final_reveal") root.appendChild(renderIdentify(desc, interactive));
    if (desc.phase === "tiebreak") root.appendChild(renderTiebreak(desc, interactive));
    root.appendChild(renderPlayers(snap, desc));
    root.appendChild(renderCollectors(snap, desc, interactive));
    root.appendChild(renderScores(snap, desc));
    box.appendChild(root);
  }

  /* The latest refused input, while nothing accepted has happened since: its reason. */
  function latestRefusal(snap) {
    const log = snap.log || [];
    for (let i = log.length - 1; i >= 0; i--) {
      const v = log[i];
      if (!v.accepted) return v;
      if (v.move) return null;
    }
    return null;
  }

  function renderStatus(snap, desc, interactive) {
    const panel = el("section", { class: "crypt-status", id: "crypt-status" });
    panel.appendChild(el("div", { class: "crypt-phase" },
      el("span", { class: "crypt-round", text: t("crypt.round", { n: desc.round, total: desc.rounds }) }),
      el("span", { class: "crypt-phase-name", text: t("crypt.phase." + desc.phase) }),
      el("span", { class: "crypt-deck", text: t("crypt.deckLeft", { n: desc.deck_left }) })));
    if (!["over", "before_scoring", "final_reveal", "tiebreak"].includes(desc.phase)) {
      panel.appendChild(el("div", { class: "crypt-torches", id: "crypt-torches" },
        el("span", { class: "crypt-torch leader" }, icon("leader"), t("crypt.leader") + C.colon() + seatName(desc.leader)),
        el("span", { class: "crypt-torch lights" }, icon("lights"), t("crypt.lightsOut") + C.colon() + seatName(desc.lights_out))));
    }
    const refusal = latestRefusal(snap);
    if (refusal) {
      panel.appendChild(el("div", { class: "crypt-refused", id: "crypt-refused" },
        icon("cross"), el("strong", { text: t("crypt.refused") + C.colon() }),
        refusal.violations.map((v, i) => el("span", { class: "crypt-reason", "data-code": v.code,
          text: (i && currentLang() !== "zh-TW" ? " " : "") + C.sentences([pick(v.message)]) }))));
    }
    if (desc.phase === "reveal") {
      // the engine's hint carries this player count's face-up / face-down split
      const hint = (snap.hints || []).find((h) => h.region === "crypt");
      panel.appendChild(el("p", { class: "crypt-say", text: hint ? pick(hint.text) : t("crypt.phase.reveal") }));
    } else if (desc.phase === "claim") {
      panel.appendChild(renderTurn(snap, desc, interactive));
    }
    return panel;
  }

  function renderTurn(snap, desc, interactive) {
    const seat = desc.actor;
    const player = desc.players[seat];
    const wrap = el("div", { class: "crypt-turn", id: "crypt-turn", style: "--player:" + playerColour(desc, seat) });
    wrap.appendChild(el("div", { class: "crypt-whose" + (player.ghost ? " ghost" : "") }, die(playerColour(desc, seat), null, "big"),
      el("span", { text: player.ghost ? t("crypt.ghostTurn") : t("crypt.turnOf", { name: seatName(seat) }) })));
    if (desc.last_turn) wrap.appendChild(el("div", { class: "crypt-lastturn", id: "crypt-lastturn" }, icon("lights"), t("crypt.lastTurn")));
    if (player.ghost) return wrap;
    const may = el("ul", { class: "crypt-may" });
    if (player.ready === 0) may.appendChild(el("li", { class: "must", text: t("crypt.mustRecover", { name: seatName(seat) }) }));
    else may.appendChild(el("li", { text: t("crypt.mayClaim") }));
    may.appendChild(el("li", { text: t("crypt.mayRecover") }));
    if (desc.pending.length) may.appendChild(el("li", { class: "pending", text: t("crypt.mayEnd") }));
    wrap.appendChild(may);
    if (!interactive) return wrap;
    if (!C.mayActFor(seat)) { wrap.appendChild(C.turnNote(seat)); return wrap; }
    const buttons = el("div", { class: "crypt-buttons" });
    if (desc.pending.length) {
      buttons.appendChild(button("crypt-end-turn", t("crypt.btn.endTurn"),
        () => move({ kind: "end_turn", player: desc.pending_player }), "primary"));
    }
    buttons.appendChild(button("crypt-recover", player.exhausted ? t("crypt.btn.recover") : t("crypt.btn.pass"),
      () => move({ kind: "recover", player: seat })));
    wrap.appendChild(buttons);
    if (player.ready > 0 && !desc.pending.length) wrap.appendChild(renderClaimForm(desc, seat));
    return wrap;
  }

  /* A claim typed in (no camera, or the camera could not see it): card, dice, face. Only
     claims the rules allow are offered: a card held by another player only with enough dice
     to beat its effort, and for the dice chosen only the faces that beat it (dice x face must
     be more than the effort there); a card once per claim, dice no more than are ready. A
     claim sent otherwise (by a script) is still refused by the server, in words. */
  let claimRows = null;  // survives redraws: {key, rows: [{card, dice, effort}]}

  const MAX_FACE = 6;
  const fewestDice = (c) => (c.claimant == null ? 1 : Math.floor(c.effort / MAX_FACE) + 1);
  const facesFor = (c, dice) => [1, 2, 3, 4, 5, 6].filter((f) => c.claimant == null || dice * f > c.effort);

  /* What row `r` may still choose, the other rows' cards and dice set aside; its own choice
     is brought inside that (the first card, the fewest dice, the smallest face that beats). */
  function claimChoices(desc, seat, cards, r) {
    const row = claimRows.rows[r];
    const others = claimRows.rows.filter((_, o) => o !== r);
    const free = desc.players[seat].ready - others.reduce((n, o) => n + o.dice, 0);
    const taken = new Set(others.map((o) => o.card));
    const offered = cards.filter(([c, i]) => !taken.has(i) && fewestDice(c) <= free);
    if (!offered.length) return null;
    if (!offered.some(([, i]) => i === row.card)) row.card = offered[0][1];
    const card = offered.find(([, i]) => i === row.card)[0];
    const dice = [];
    for (let n = fewestDice(card); n <= free; n++) dice.push(n);
    if (!dice.includes(row.dice)) row.dice = dice[0];
    const faces = facesFor(card, row.dice);
    if (!faces.includes(row.effort)) row.effort = faces[0];
    return { offered, dice, faces };
  }

  function renderClaimForm(desc, seat) {
    const key = [C.S.snap && C.S.snap.game_id, desc.round, desc.turn].join(":");
    const ready = desc.players[seat].ready;
    const cards = desc.row.map((c, i) => [c, i])
      .filter(([c]) => c && c.claimant !== seat && fewestDice(c) <= ready);
    if (!cards.length) return el("span");
    if (!claimRows || claimRows.key !== key) {
      claimRows = { key, rows: [{ card: cards[0][1], dice: 1, effort: 1 }] };
    }
    const form = el("form", { class: "crypt-claim", id: "crypt-claim", onsubmit: (e) => e.preventDefault() });
    form.appendChild(el("div", { class: "crypt-label", text: t("crypt.claimForm") }));
    claimRows.rows = claimRows.rows.filter((_, r) => claimChoices(desc, seat, cards, r));
    if (!claimRows.rows.length) claimRows.rows = [{ card: cards[0][1], dice: 1, effort: 1 }];
    claimRows.rows.forEach((row, r) => {
      const { offered, dice, faces } = claimChoices(desc, seat, cards, r);
      const cardSel = el("select", { class: "crypt-select", id: "crypt-claim-card-" + r,
        onchange: (e) => { row.card = Number(e.target.value); rerender(); } });
      for (const [c, i] of offered) {
        const beat = c.claimant != null ? " — " + t("crypt.needMore", { n: c.effort }) : " — " + t("crypt.free");
        cardSel.appendChild(el("option", { value: i, selected: i === row.card, text: slotLabel(desc, i) + beat }));
      }
      const diceSel = el("select", { class: "crypt-select", id: "crypt-claim-dice-" + r,
        onchange: (e) => { row.dice = Number(e.target.value); rerender(); } });
      for (const n of dice) diceSel.appendChild(el("option", { value: n, selected: n === row.dice, text: String(n) }));
      const effortSel = el("select", { class: "crypt-select", id: "crypt-claim-effort-" + r });
      for (const f of faces) effortSel.appendChild(el("option", { value: f, selected: f === row.effort, text: String(f) }));
      effortSel.addEventListener("change", (e) => { row.effort = Number(e.target.value); });
      form.appendChild(el("div", { class: "crypt-claim-row" },
        el("label", {}, t("crypt.card") + " ", cardSel), el("label", {}, t("crypt.dice") + " ", diceSel),
        el("label", {}, t("crypt.faceEach") + " ", effortSel)));
    });
    const buttons = el("div", { class: "crypt-buttons" });
    const spare = ready - claimRows.rows.reduce((n, row) => n + row.dice, 0);
    const more = cards.some(([c, i]) => !claimRows.rows.some((row) => row.card === i) && fewestDice(c) <= spare);
    if (!desc.last_turn && more) {
      buttons.appendChild(button("crypt-claim-more", t("crypt.btn.addCard"), () => {
        const next = cards.find(([c, i]) => !claimRows.rows.some((row) => row.card === i) && fewestDice(c) <= spare);
        claimRows.rows.push({ card: next[1], dice: fewestDice(next[0]), effort: 1 });
        rerender();
      }));
    }
    buttons.appendChild(button("crypt-claim-btn", t("crypt.btn.claim"), () => {
      const placements = claimRows.rows.map((row) => ({ card: row.card, dice: row.dice, effort: row.effort }));
      move({ kind: "claim", player: seat, placements });
    }, "primary"));
    form.appendChild(buttons);
    return form;
  }

  function rerender() {
    document.dispatchEvent(new Event("langchange"));  // the dashboard redraws on this event
  }

  // -- the deal, entered by hand (no camera, or it missed a card) ------------------------------
  let dealTo = null;  // the empty space the host tapped; else the first empty one

  function dealTarget(desc) {
    if (dealTo != null && desc.row[dealTo] === null) return dealTo;
    return desc.row.indexOf(null);
  }

  /* Face up: the card turned up, by type and value (only cards that may still turn up);
     face down: the type shown on its back. The whole table's move: the host's. */
  function renderDeal(desc) {
    const box = el("section", { class: "crypt-deal", id: "crypt-deal" }, el("h3", { text: t("crypt.deal.title") }));
    if (!C.mayActFor(null)) { box.appendChild(C.turnNote(null)); return box; }
    const deal = desc.deal;
    const index = dealTarget(desc);
    box.appendChild(el("p", { class: "crypt-deal-to", id: "crypt-deal-to", text: t("crypt.deal.to", { n: index + 1 }) }));
    const pieces = (C.S.catalogue || []).filter((p) => p.in_play && p.face && p.face.role === "treasure");
    const deal1 = (body) => move(Object.assign({ kind: "deal", player: null, index }, body));
    if (deal.face_up_left > 0) {
      box.appendChild(el("p", { class: "crypt-label", text: t("crypt.deal.up", { n: deal.face_up_left }) }));
      const grid = el("div", { class: "crypt-deal-grid" });
      for (const kind of Object.keys(TYPE_COLOURS)) {
        const values = [...new Set(pieces.filter((p) => p.face.type === kind).map((p) => p.face.value))].sort();
        const row = el("div", { class: "crypt-deal-type", style: "--type:" + TYPE_COLOURS[kind] },
          el("span", { class: "crypt-deal-name", text: typeName(kind) }));
        for (const value of values) {
          const card = deal.cards.find((c) => pieces.some((p) => p.payload === c && p.face.type === kind && p.face.value === value));
          row.appendChild(el("button", { type: "button", class: "crypt-deal-up", id: "crypt-deal-up-" + kind + "-" + value,
            disabled: !card, "aria-label": typeName(kind) + " " + value, onclick: () => deal1({ card }) }, String(value)));
        }
        grid.appendChild(row);
      }
      box.appendChild(grid);
    }
    if (deal.face_down_left > 0 && deal.face_up_left > 0) {
      // the rules deal the face-up cards first, then the face-down ones: no back offered yet
      box.appendChild(el("p", { class: "crypt-label crypt-deal-later", id: "crypt-deal-later",
        text: t("crypt.deal.downLater", { n: deal.face_down_left }) }));
    } else if (deal.face_down_left > 0) {
      box.appendChild(el("p", { class: "crypt-label", text: t("crypt.deal.down", { n: deal.face_down_left }) }));
      const backs = el("div", { class: "crypt-deal-backs" });
      for (const kind of Object.keys(TYPE_COLOURS)) {
        const back = (pieces.find((p) => p.face.type === kind) || {}).back;
        backs.appendChild(el("button", { type: "button", class: "crypt-deal-down", id: "crypt-deal-down-" + kind,
          style: "--type:" + TYPE_COLOURS[kind], disabled: !deal.backs.includes(back),
          onclick: () => deal1({ back }) }, typeName(kind)));
      }
      box.appendChild(backs);
    }
    return box;
  }

  // -- the crypt row ---------------------------------------------------------------------------
  function renderRow(snap, desc, interactive) {
    const row = el("section", { class: "crypt-row", id: "crypt-row" });
    const unread = {};  // dice the camera saw on a card but could not read
    for (const piece of snap.table || []) {
      if (piece.kind === "die" && piece.value == null && piece.where && piece.where.region === "crypt" && piece.where.slot) {
        (unread[piece.where.slot[0]] = unread[piece.where.slot[0]] || []).push(piece);
      }
    }
    const ghostAt = {};
    for (const p of (desc.ghost && desc.ghost.placements) || []) ghostAt[p.card] = p;
    desc.row.forEach((card, index) => {
      if (!card) {
        // while dealing by hand, the host taps an empty space to deal into it
        const deals = interactive && desc.deal && C.mayActFor(null);
        const target = deals && index === dealTarget(desc);
        row.appendChild(el(deals ? "button" : "div", { class: "crypt-card empty" + (target ? " target" : ""),
          "data-index": index, type: deals ? "button" : null,
          "aria-label": deals ? t("crypt.deal.to", { n: index + 1 }) : null,
          onclick: deals ? () => { dealTo = index; rerender(); } : null },
        el("span", { class: "crypt-slot-no", text: String(index + 1) })));
        return;
      }
      const tile = el("div", { class: "crypt-card " + (card.face_up ? "up" : "down") + (card.claimant != null ? " claimed" : ""),
        "data-index": index, "data-card": card.card || card.back, style: "--type:" + TYPE_COLOURS[card.type] });
      // the head (number, type, value) and the claim (dice, claimant) are each one line on the
      // TV, a column on the dashboard (crypt.css: display: contents there)
      tile.appendChild(el("div", { class: "crypt-card-head" },
        el("span", { class: "crypt-slot-no", text: String(index + 1) }),
        el("span", { class: "crypt-type", text: typeName(card.type) }),
        el("span", { class: "crypt-value", text: card.face_up ? String(card.value) : "?" })));
      if (card.claimant != null) {
        const colour = playerColour(desc, card.claimant);
        const dice = el("div", { class: "crypt-dice" });
        for (let d = 0; d < card.dice; d++) dice.appendChild(die(colour, card.die_face));
        tile.appendChild(el("div", { class: "crypt-card-claim" }, dice,
          el("div", { class: "crypt-claimant", style: "--player:" + colour },
            el("span", { class: "crypt-claimant-name", text: seatName(card.claimant) }),
            el("span", { class: "crypt-effort", text: t("crypt.effort") + " " + card.effort }))));
      }
      const pending = desc.pending.filter((p) => p.card === index);
      if (pending.length) {
        const colour = playerColour(desc, desc.pending_player);
        tile.appendChild(el("div", { class: "crypt-pending" },
          pending.map((p) => die(colour, p.effort, "small")),
          el("span", { text: seatName(desc.pending_player) + " " + t("crypt.pending") })));
      }
      if (ghostAt[index]) {
        const p = ghostAt[index];
        tile.classList.add("ghost-target");
        tile.appendChild(el("div", { class: "crypt-ghost-set" }, icon("ghost"), p.dice + " × " + p.effort));
      }
      for (const piece of unread[index] || []) tile.appendChild(renderUnread(desc, piece, index, interactive));
      row.appendChild(tile);
    });
    return row;
  }

  function renderUnread(desc, piece, index, interactive) {
    const seat = desc.players.findIndex((p) => p.die_payload === piece.payload);
    const box = el("div", { class: "crypt-unread", "data-die": piece.track_id },
      die(playerColour(desc, seat), null, "small"), el("span", { text: t("crypt.unread") }));
    if (interactive && seat >= 0 && C.mayActFor(seat)) {
      const faces = el("div", { class: "crypt-faces" });
      for (let v = 1; v <= 6; v++) {
        faces.appendChild(el("button", { type: "button", class: "crypt-face-btn",
          onclick: () => move({ kind: "place_die", player: seat, die: piece.track_id, card: index, effort: v }) },
        die(playerColour(desc, seat), v, "small")));
      }
      box.appendChild(faces);
    }
    return box;
  }

  function renderPushes(desc) {
    const box = el("section", { class: "crypt-pushes", id: "crypt-pushes" }, el("h3", { text: t("crypt.pushTitle") }));
    for (const p of desc.pushes) {
      box.appendChild(el("p", { class: "crypt-push", text: t(p.dice === 1 ? "crypt.push1" : "crypt.push", { by: seatName(p.by), from: seatName(p.from),
        dice: p.dice, card: slotLabel(desc, p.card), effort: p.effort, beaten: p.beaten }) }));
    }
    return box;
  }

  // -- the solo ghost --------------------------------------------------------------------------
  function renderGhost(desc, interactive) {
    const ghost = desc.ghost;
    const box = el("section", { class: "crypt-ghost", id: "crypt-ghost" }, el("h3", {}, icon("ghost"), t("crypt.ghostTitle")));
    if (ghost.rolled.length) box.appendChild(el("p", { text: t("crypt.ghostRolled", { values: ghost.rolled.join(", ") }) }));
    for (const p of ghost.placements) {
      box.appendChild(el("p", { class: "crypt-ghost-place", text: t("crypt.ghostSet", { dice: p.dice, face: p.effort, card: slotLabel(desc, p.card) }) }));
    }
    if (desc.phase === "claim" && desc.players[desc.actor] && desc.players[desc.actor].ghost) {
      if (!ghost.to_roll) box.appendChild(el("p", { text: t("crypt.ghostNothing") }));
      else {
        // the ghost's roll is the whole table's: entered on the host's screen
        const selects = C.mayActFor(null) ? Array.from({ length: ghost.to_roll }, (_, i) => faceSelect("crypt-ghost-die-" + i, 1)) : [];
        box.appendChild(el("div", { class: "crypt-ghost-roll" }, el("span", { text: t("crypt.ghostRoll", { n: ghost.to_roll }) }), selects));
        if (interactive && !selects.length) box.appendChild(C.turnNote(null));
        if (interactive && selects.length) {
          box.appendChild(button("crypt-ghost-btn", t("crypt.btn.ghost"),
            () => move({ kind: "ghost_roll", player: null, values: selects.map((s) => Number(s.value)) }), "primary"));
        }
      }
    }
    return box;
  }

  // -- the collect phase -------------------------------------------------------------------------
  function renderRolls(desc, interactive) {
    const box = el("section", { class: "crypt-rolls", id: "crypt-rolls" }, el("h3", { text: t("crypt.rollsTitle") }),
      el("p", { class: "crypt-help", text: t("crypt.rollsHelp") }));
    if (!desc.rolls.length) box.appendChild(el("p", { text: t("crypt.noRolls") }));
    const nextOf = {};
    for (const r of desc.rolls) if (r.exhausted == null && nextOf[r.card] == null) nextOf[r.card] = r.index;
    const idolsA = desc.collectors.some((c) => c.type === "idols" && c.side === "A");
    for (const r of desc.rolls) {
      const colour = playerColour(desc, r.owner);
      let outcome;
      if (r.exhausted == null) outcome = t("crypt.rollWait");
      else if (r.value != null) outcome = t(r.exhausted ? "crypt.rollBad" : "crypt.rollOk", { v: r.value });
      else outcome = t(r.exhausted ? "crypt.rollBadNoValue" : "crypt.rollOkNoValue");
      const line = el("div", { class: "crypt-roll" + (r.exhausted ? " bad" : r.exhausted === false ? " ok" : " wait"),
        id: "crypt-roll-" + r.index, style: "--player:" + colour },
      die(colour, r.value, "small"),
      el("span", { class: "crypt-roll-what", text: t("crypt.rollRow", { name: seatName(r.owner), card: slotLabel(desc, r.card), effort: r.effort }) }),
      // the TV's shorter words (crypt.css), two rolls to a line under a lesson
      el("span", { class: "crypt-roll-short", text: t("crypt.rollRowShort", { name: seatName(r.owner), n: r.card + 1, effort: r.effort }) }),
      el("span", { class: "crypt-roll-outcome", text: outcome }));
      if (interactive && nextOf[r.card] === r.index && !C.mayActFor(r.owner)) line.appendChild(C.turnNote(r.owner));
      if (interactive && nextOf[r.card] === r.index && C.mayActFor(r.owner)) {
        const faces = el("span", { class: "crypt-faces" }, el("span", { text: t("crypt.enterRoll") }));
        for (let v = 1; v <= 6; v++) {
          faces.appendChild(el("button", { type: "button", class: "crypt-face-btn", id: "crypt-roll-" + r.card + "-" + v,
            "aria-label": t("crypt.face.label", { n: v }), onclick: () => move({ kind: "roll", player: r.owner, card: r.card, value: v }) }, die(colour, v, "small")));
        }
        line.appendChild(faces);
      }
      const idols = (desc.players[r.owner].collection || []).filter((c) => c.type === "idols" && !c.flipped);
      if (interactive && idolsA && r.exhausted && idols.length && C.mayActFor(r.owner)) {
        const faces = el("span", { class: "crypt-faces reroll" }, el("span", { text: t("crypt.reroll") }));
        const idol = idols[0].card || "CRBIDOL";
        for (let v = 1; v <= 6; v++) {
          faces.appendChild(el("button", { type: "button", class: "crypt-face-btn", id: "crypt-reroll-" + r.index + "-" + v,
            "aria-label": t("crypt.face.relabel", { n: v }), onclick: () => move({ kind: "reroll", player: r.owner, roll: r.index, card: idol, value: v }) }, die(colour, v, "small")));
        }
        line.appendChild(faces);
      }
      box.appendChild(line);
    }
    if (interactive && desc.rolls.length && desc.rolls.every((r) => r.exhausted != null)) {
      if (!C.mayActFor(null)) box.appendChild(C.turnNote(null));
      else box.appendChild(button("crypt-end-collect", t("crypt.btn.noReroll"), () => move({ kind: "end_collect", player: null }), "primary"));
    }
    return box;
  }

  // -- end of game: naming face-down cards, tie-break --------------------------------------------
  function renderIdentify(desc, interactive) {
    const box = el("section", { class: "crypt-identify", id: "crypt-identify" }, el("h3", { text: t("crypt.identifyTitle") }));
    for (const [seat, kinds] of Object.entries(desc.identify_options || {})) {
      for (const [kind, options] of Object.entries(kinds)) {
        const row = el("div", { class: "crypt-identify-row" },
          el("span", { text: t("crypt.identify", { name: seatName(Number(seat)), type: typeName(kind) }) + " " }));
        if (interactive && !C.mayActFor(Number(seat))) row.appendChild(C.turnNote(Number(seat)));
        if (interactive && C.mayActFor(Number(seat))) {
          const select = el("select", { class: "crypt-select", id: "crypt-identify-" + seat + "-" + kind });
          for (const p of options) select.appendChild(el("option", { value: p, text: C.cardLabel(p) }));
          row.appendChild(select);
          row.appendChild(button("crypt-identify-btn-" + seat + "-" + kind, t("crypt.btn.identify"),
            () => move({ kind: "identify", player: Number(seat), card: select.value })));
        }
        box.appendChild(row);
      }
    }
    return box;
  }

  function renderTiebreak(desc, interactive) {
    const box = el("section", { class: "crypt-tiebreak", id: "crypt-tiebreak" }, el("h3", { text: t("crypt.phase.tiebreak") }));
    const rolled = desc.tiebreak.rolls || {};
    for (const seat of desc.tiebreak.tied) {
      if (rolled[seat] != null) continue;
      const n = desc.players[seat].ready;
      const mine = interactive && C.mayActFor(seat);
      const selects = mine ? Array.from({ length: n }, (_, i) => faceSelect("crypt-tie-" + seat + "-" + i, 1)) : [];
      const row = el("div", { class: "crypt-tie-row" }, el("span", { text: t("crypt.tiebreak", { name: seatName(seat), n }) + " " }), selects);
      if (interactive && !mine) row.appendChild(C.turnNote(seat));
      if (mine) {
        row.appendChild(button("crypt-tie-btn-" + seat, t("crypt.btn.tiebreak"),
          () => move({ kind: "tiebreak_roll", player: seat, values: selects.map((s) => Number(s.value)) })));
      }
      box.appendChild(row);
    }
    return box;
  }

  // -- players, collectors, scores -------------------------------------------------------------
  function renderPlayers(snap, desc) {
    const box = el("section", { class: "crypt-players", id: "crypt-players" }, el("h3", { text: t("crypt.players") }));
    const totals = {};
    for (const s of snap.scores || []) totals[s.members[0]] = s.total;
    for (const p of desc.players) {
      const colour = playerColour(desc, p.seat);
      const card = el("div", { class: "crypt-player" + (p.seat === desc.actor ? " active" : ""), "data-seat": p.seat, style: "--player:" + colour });
      const torches = [];
      if (!["over", "before_scoring", "final_reveal", "tiebreak"].includes(desc.phase)) {
        if (p.seat === desc.leader) torches.push(el("span", { class: "crypt-torch-badge" }, icon("leader"), t("crypt.leader")));
        if (p.seat === desc.lights_out) torches.push(el("span", { class: "crypt-torch-badge" }, icon("lights"), t("crypt.lightsOut")));
      }
      card.appendChild(el("div", { class: "crypt-player-head" },
        el("span", { class: "crypt-player-name", text: seatName(p.seat) }), torches,
        totals[p.seat] != null ? el("span", { class: "crypt-player-total", text: t("crypt.total", { n: C.fmtPoints(totals[p.seat]) }) }) : null));
      // dice the camera saw set down this turn are not in the hand any more
      const placing = p.seat === desc.pending_player ? desc.pending.length : 0;
      const ready = Math.max(0, p.ready - placing);
      const onCards = p.on_cards + placing;
      const dice = el("div", { class: "crypt-player-dice" });
      for (let i = 0; i < ready; i++) dice.appendChild(die(colour, null, "small"));
      dice.appendChild(el("span", { class: "crypt-count", text: ready + " " + t("crypt.ready") }));
      if (p.ghost) dice.appendChild(el("span", { class: "crypt-count", text: t("crypt.ghostNote") }));
      else {
        for (let i = 0; i < p.exhausted; i++) dice.appendChild(die("#9e9e9e", null, "small tired"));
        dice.appendChild(el("span", { class: "crypt-count", text: p.exhausted + " " + t("crypt.exhausted") }));
      }
      if (onCards) dice.appendChild(el("span", { class: "crypt-count", text: onCards + " " + t("crypt.onCards") }));
      card.appendChild(dice);
      if (!p.ghost) {
        const coll = el("div", { class: "crypt-collection" }, el("span", { class: "crypt-label", text: t("crypt.collected") + C.colon() }));
        if (!p.collection.length) coll.appendChild(el("span", { class: "none", text: t("crypt.nothingYet") }));
        for (const c of p.collection) {
          coll.appendChild(el("span", { class: "crypt-mini" + (c.card ? "" : " down") + (c.flipped ? " flipped" : ""),
            style: "--type:" + TYPE_COLOURS[c.type], title: c.card ? C.cardLabel(c.card) : typeName(c.type) },
          typeName(c.type) + " " + (c.value != null ? c.value : "?")));
        }
        card.appendChild(coll);
      }
      box.appendChild(card);
    }
    return box;
  }

  function renderCollectors(snap, desc, interactive) {
    const box = el("section", { class: "crypt-collectors", id: "crypt-collectors" }, el("h3", { text: t("crypt.collectors") }));
    const earned = collectorEarnings(snap);
    const grid = el("div", { class: "crypt-collector-grid" });
    for (const c of desc.collectors) {
      const who = (earned[c.type] || []).filter((e) => e.points);
      grid.appendChild(el("div", { class: "crypt-collector", "data-type": c.type, "data-side": c.side, style: "--type:" + TYPE_COLOURS[c.type] },
        el("div", { class: "crypt-collector-head" }, el("strong", { text: typeName(c.type) }), " ",
          el("span", { class: "crypt-side", text: t("crypt.side", { s: c.side }) })),
        el("div", { class: "crypt-collector-rule", text: t("crypt.col." + c.type + "." + c.side) }),
        el("div", { class: "crypt-collector-earned" }, who.length
          ? who.map((e) => el("span", { class: "crypt-earned", title: pick(e.line.source), text: t("crypt.earned", { name: seatName(e.seat), n: C.fmtPoints(e.points) }) }))
          : el("span", { class: "none", text: t("crypt.noneEarned") }))));
    }
    box.appendChild(grid);
    if (interactive) {
      const actions = flipActions(desc);
      if (actions.length) box.appendChild(el("div", { class: "crypt-flips", id: "crypt-flips" },
        el("span", { class: "crypt-label", text: t("crypt.flipTitle") + C.colon() }), actions));
    }
    return box;
  }

  /* Collector flips a player may want now (the engine still judges each). */
  function flipActions(desc) {
    const side = {};
    for (const c of desc.collectors) side[c.type] = c.side;
    const buttons = [];
    const open = ["reveal", "claim", "collect", "before_scoring"].includes(desc.phase);
    if (!open) return buttons;
    for (const p of desc.players) {
      if (p.ghost || !C.mayActFor(p.seat)) continue;  // a phone flips its own seat's collectors
      const unflipped = (kind) => p.collection.filter((c) => c.type === kind && !c.flipped);
      if (side.remains === "A" && p.exhausted && unflipped("remains").length >= 2) {
        buttons.push(button("crypt-recover-one-" + p.seat, t("crypt.btn.recoverOne", { name: seatName(p.seat) }),
          () => move({ kind: "recover_one", player: p.seat, cards: ["CRBREMN", "CRBREMN"] })));
      }
      const hidden = desc.row.map((c, i) => [c, i]).filter(([c]) => c && !c.face_up);
      if (side.manuscripts === "B" && hidden.length && unflipped("manuscripts").length && desc.phase !== "collect") {
        buttons.push(button("crypt-peek-" + p.seat, t("crypt.btn.peek", { name: seatName(p.seat) }),
          () => move({ kind: "peek", player: p.seat, card: "CRBMANU" })));
      }
      if (side.pottery === "B" && desc.phase === "claim" && desc.turn === 0 && !desc.pending.length
          && unflipped("pottery").length >= 2) {
        for (const [, i] of hidden) {
          buttons.push(button("crypt-take-" + p.seat + "-" + i, t("crypt.btn.take", { name: seatName(p.seat), card: slotLabel(desc, i) }),
            () => move({ kind: "take", player: p.seat, cards: ["CRBPOTT", "CRBPOTT"], index: i })));
        }
      }
    }
    return buttons;
  }

  function renderScores(snap, desc) {
    const final = desc.phase === "over";
    const box = el("section", { class: "crypt-scores" + (final ? " final" : ""), id: "crypt-scores" },
      el("h3", { text: final ? t("crypt.scoresFinal") : t("crypt.scoresRound", { n: desc.round }) }));
    if (final && snap.outcome) {
      box.appendChild(el("p", { class: "crypt-outcome", id: "crypt-outcome" }, icon("trophy"), pick(snap.outcome.explanation)));
      if (snap.outcome.tie_break) box.appendChild(el("p", { class: "crypt-tiebreak-note", text: pick(snap.outcome.tie_break) }));
    }
    if (desc.solo_rank) box.appendChild(el("p", { class: "crypt-rank", id: "crypt-rank" }, icon("crown"), t("crypt.rank", { rank: pick(desc.solo_rank) })));
    const grid = el("div", { class: "crypt-score-grid" });
    const sides = (snap.scores || []).slice();
    if (final) sides.sort((a, b) => b.total - a.total);
    for (const side of sides) {
      const seat = side.members[0];
      const list = el("ul", { class: "crypt-lines" });
      for (const line of side.lines) {
        list.appendChild(el("li", { class: "crypt-line", "data-code": line.code },
          el("span", { class: "pts", text: (line.points > 0 ? "+" : "") + C.fmtPoints(line.points) }), " ", pick(line.source)));
      }
      grid.appendChild(el("div", { class: "crypt-score", "data-side": side.side, style: "--player:" + playerColour(desc, seat) },
        el("div", { class: "crypt-score-head" }, el("span", { text: pick(side.label) }),
          el("strong", { class: "crypt-score-total", text: t("crypt.total", { n: C.fmtPoints(side.total) }) })), list));
    }
    box.appendChild(grid);
    return box;
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.crypt = renderCrypt;
})();
