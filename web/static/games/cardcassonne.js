/* Cardcassonne's table view: four colour rows growing from their scoring boards, cards face
   up or down, followers with the stretch of cards each one claims, the moves a camera cannot
   see as buttons, and the round-scoring screen (turn-ups, choices, points per round).
   Registered through the dashboard hook: window.GameViews.cardcassonne(box, snap, desc, interactive). */
"use strict";

(function () {
  const C = window.Companion;
  const { el, t, pick } = C;

  // Its sentences are in web/static/catalogue.json, with every other string.

  const PLAYER_HEX = { red: "#d13c32", yellow: "#e0b526", blue: "#2f6fd1", green: "#2e9e49", black: "#333333" };
  // Glyphs every installed font has (no emoji font on the kiosk machines).
  // Marks, not words: a card's name is its catalogue name (the dragon's mark was 龍, a second
  // name beside "Dragon joker" / 火龍萬用卡 in the log, and Chinese on the English page).
  const TYPE_MARK = { person: "", animal: "♞", building: "⌂", dragon: "✹", fairy: "✧",
                      animal_joker: "♞★", building_joker: "⌂★" };
  // The picker of legal moves stays open across re-renders (the camera may push a new state).
  const ui = { open: null };

  function rowName(desc, colour) {
    const row = (desc.rows || []).find((r) => r.colour === colour);
    return row ? pick(row.name).replace(/^the /, "").replace(/ row$/, "").replace(/卡牌列$/, "") : colour;
  }
  function rowHex(desc, colour) {
    const row = (desc.rows || []).find((r) => r.colour === colour);
    return row ? row.hex : "#999";
  }
  function playerHex(desc, seat) {
    const p = (desc.players || [])[seat];
    return p ? PLAYER_HEX[p.colour] || "#666" : "#666";
  }
  function faceOf(payload) {
    const piece = (C.S.catalogue || []).find((p) => p.payload === payload);
    return piece ? piece.face || {} : {};
  }
  function move(body) { ui.open = null; return C.command("/api/move", { move: body }); }

  // -- one card or follower in a row ------------------------------------------------------------
  function cardNode(desc, payload, faceDown, extraClass) {
    if (faceDown || !payload || payload === "CCBACK") {
      return el("div", { class: "cc-card back " + (extraClass || ""), title: t("cc.back"), "data-payload": "CCBACK" },
        el("span", { class: "cc-back-mark", text: "?" }), el("span", { class: "cc-type", text: t("cc.back") }));
    }
    const face = faceOf(payload);
    const hex = face.colour ? rowHex(desc, face.colour) : "#6b4fa0";
    const joker = !face.colour;
    return el("div", { class: "cc-card face " + (joker ? "joker " : "") + (extraClass || ""),
      style: "--card:" + hex, title: C.cardLabel(payload) + " (" + payload + ")", "data-payload": payload },
      el("span", { class: "cc-value", text: face.type === "person" ? String(face.value) : TYPE_MARK[face.type] || "?" }),
      el("span", { class: "cc-type", "data-kind": face.type, text: C.cardLabel(payload) }));
  }

  function renderRows(box, snap, desc) {
    const preview = {};  // "row|position" -> seat, for the live claim preview
    for (const claim of desc.claims_preview || []) for (const p of claim.positions) preview[claim.row + "|" + p] = claim.seat;
    const wrap = el("div", { class: "cc-rows" });
    for (const row of desc.rows || []) {
      const line = el("div", { class: "cc-row", "data-row": row.colour, style: "--row:" + row.hex });
      line.appendChild(el("div", { class: "cc-board" },
        el("span", { class: "cc-board-name", text: rowName(desc, row.colour) }),
        el("span", { class: "cc-board-sub", text: t("cc.board", { row: rowName(desc, row.colour) }) })));
      const slots = el("div", { class: "cc-slots" });
      const followers = row.slots.filter((s) => s.kind === "follower").map((s) => s.position);
      const lastFollower = followers.length ? Math.max(...followers) : -1;
      for (const slot of row.slots) {
        if (slot.kind === "follower") {
          slots.appendChild(el("div", { class: "cc-follower", "data-seat": slot.seat,
            style: "--player:" + (PLAYER_HEX[slot.colour] || "#666"), title: t("cc.follower", { name: C.seatName(slot.seat) }) },
            el("span", { class: "cc-meeple", text: "♟" }),
            el("span", { class: "cc-follower-name", text: C.seatName(slot.seat) })));
          continue;
        }
        const seat = preview[row.colour + "|" + slot.position];
        const claimed = seat != null;
        const node = cardNode(desc, slot.payload, slot.face_down && !slot.card,
          claimed ? "claimed" : (slot.position > lastFollower && followers.length ? "unclaimed" : ""));
        node.dataset.position = slot.position;
        if (claimed) {
          node.style.setProperty("--player", playerHex(desc, seat));
          node.dataset.claimedBy = seat;
        }
        slots.appendChild(node);
      }
      line.appendChild(slots);
      wrap.appendChild(line);
    }
    box.appendChild(wrap);
  }

  // -- live preview of what each follower would claim -----------------------------------------
  function renderPreview(box, desc) {
    if (desc.phase !== "play") return;
    const panel = el("div", { class: "cc-preview", id: "cc-preview" }, el("h4", { text: t("cc.preview") }));
    const claims = desc.claims_preview || [];
    if (!claims.length) panel.appendChild(el("p", { class: "none", text: t("cc.previewNone") }));
    for (const claim of claims) {
      const name = C.seatName(claim.seat);
      const item = el("div", { class: "cc-preview-line", "data-seat": claim.seat, style: "--player:" + playerHex(desc, claim.seat) },
        el("span", { class: "cc-dot" }),
        el("strong", { text: claim.cards.length ? t("cc.takes", { name, n: claim.cards.length }) : t("cc.takesNone", { name }) }),
        " · " + t("cc.row", { row: rowName(desc, claim.row) }));
      const mini = el("span", { class: "cc-mini" });
      for (const payload of claim.cards) mini.appendChild(cardNode(desc, payload, payload === "CCBACK", "mini"));
      item.appendChild(mini);
      panel.appendChild(item);
    }
    box.appendChild(panel);
  }

  // -- players: hand, follower, collections, chest, total -------------------------------------
  function renderPlayers(box, desc) {
    const list = el("div", { class: "cc-players" });
    for (const p of desc.players || []) {
      const active = desc.turn === p.seat;
      const card = el("div", { class: "cc-player" + (active ? " active" : ""), "data-seat": p.seat,
        style: "--player:" + (PLAYER_HEX[p.colour] || "#666") },
        el("div", { class: "cc-player-head" }, el("span", { class: "cc-dot" }),
          el("strong", { text: pick(p.name) }),
          desc.dealer === p.seat ? el("span", { class: "cc-tag", text: t("cc.dealer") }) : null,
          el("span", { class: "cc-player-total", text: t("scores.total", { n: C.fmtPoints(p.total) }) })));
      const facts = [];
      if (desc.phase === "play") {
        facts.push(t("cc.hand", { n: p.cards_in_hand }));
        facts.push(p.follower_row ? t("cc.followerIn", { row: rowName(desc, p.follower_row) }) : t("cc.followerHome"));
      }
      facts.push(t("cc.chest", { n: p.chest_count }));
      card.appendChild(el("div", { class: "cc-facts", text: facts.join(" · ") }));
      const animals = Object.entries(p.animals || {});
      if (animals.length) {
        const line = el("div", { class: "cc-animals" }, t("cc.animals") + C.colon());
        for (const [colour, cards] of animals) {
          line.appendChild(el("span", { class: "cc-chip", style: "--card:" + rowHex(desc, colour) },
            rowName(desc, colour) + " × " + cards.length));
        }
        card.appendChild(line);
      }
      list.appendChild(card);
    }
    box.appendChild(list);
  }

  // -- whose turn and what they may do (buttons for what the camera cannot see) ---------------
  function renderActions(box, snap, desc, interactive) {
    const panel = el("div", { class: "cc-actions", id: "cc-actions" });
    let head;
    if (desc.phase === "setup") head = t("cc.setup", { name: C.seatName(desc.dealer), n: desc.setup_cards_left });
    else if (desc.phase === "play") head = t("cc.round", { n: desc.round, of: desc.rounds }) + " · " + t("cc.turnOf", { name: C.seatName(desc.turn) });
    else if (desc.phase === "scoring") head = t("cc.scoring", { n: desc.round });
    else head = t("cc.over");
    panel.appendChild(el("div", { class: "cc-status", id: "cc-status", text: head }));
    if (!interactive || (desc.phase !== "play" && desc.phase !== "setup")) { box.appendChild(panel); return; }
    const seat = desc.phase === "setup" ? desc.dealer : desc.turn;
    const player = (desc.players || [])[seat] || {};
    if (!C.mayActFor(seat)) { panel.appendChild(C.turnNote(seat)); box.appendChild(panel); return; }
    panel.appendChild(el("div", { class: "cc-may", text: t("cc.mayDo", { name: C.seatName(seat) }) }));
    const buttons = el("div", { class: "cc-buttons" });
    const rows = (desc.rows || []).map((r) => r.colour);
    const rowButton = (colour, id, onclick) => el("button", { type: "button", class: "cc-row-btn", id,
      style: "--row:" + rowHex(desc, colour), onclick }, t("cc.row", { row: rowName(desc, colour) }));
    if (desc.phase === "setup") {
      buttons.appendChild(el("button", { type: "button", id: "cc-open-reveal", class: "cc-open",
        onclick: () => openPicker(desc, "reveal") }, t("cc.revealSetup")));
    } else {
      if (player.cards_in_hand > 0 && !player.face_down_played) {
        buttons.appendChild(el("div", { class: "cc-group" }, el("span", { text: t("cc.faceDown") }),
          rows.map((colour) => rowButton(colour, "cc-fd-" + colour,
            () => move({ kind: "play_card", player: seat, card: null, row: colour, face_down: true })))));
      } else if (player.cards_in_hand > 0) {
        buttons.appendChild(el("button", { type: "button", id: "cc-open-faceup", class: "cc-open",
          onclick: () => openPicker(desc, "play_card") }, t("cc.faceUp")));
      }
      // only the rows the engine would accept the follower in (another follower may hold a
      // row's end): its own legal moves, not a copy of its rule here
      const legal = player.follower_row ? null : legalNow(snap);
      const free = (legal || []).filter((m) => m.kind === "place_follower" && m.player === seat);
      if (free.length) {
        buttons.appendChild(el("div", { class: "cc-group", id: "cc-followers" }, el("span", { text: t("cc.placeFollower") }),
          free.map((m) => rowButton(m.row, "cc-follower-" + m.row,
            () => move({ kind: "place_follower", player: seat, row: m.row })))));
      }
    }
    panel.appendChild(buttons);
    if (ui.open && ui.open.stateId === snap.state_id) panel.appendChild(ui.open.node);
    const byHand = C.S.camera && !C.S.camera.attached;  // no camera sees anything then
    panel.appendChild(el("p", { class: "cc-help", text: t(byHand ? "cc.help.byHand" : "cc.help") }));
    box.appendChild(panel);
  }

  /* The engine's legal moves now, or null while they load (asked once per state; the view is
     drawn again when they arrive). */
  let legalAsked = null;
  function legalNow(snap) {
    if (C.S.ccLegal && C.S.ccLegal.stateId === snap.state_id) return C.S.ccLegal.moves;
    if (legalAsked !== snap.state_id) {
      legalAsked = snap.state_id;
      C.api("GET", "/api/legal-moves?limit=2000").then((data) => {
        if (C.S.snap && data.state_id === C.S.snap.state_id) {
          C.S.ccLegal = { stateId: data.state_id, moves: data.moves };
          window.dispatchEvent(new Event("cc-redraw"));
        }
      }).catch(() => { legalAsked = null; });
    }
    return null;
  }

  /* The legal moves of one kind (from the engine), as card buttons grouped by row. */
  async function openPicker(desc, kind) {
    const stateId = C.S.snap.state_id;
    let data;
    try { data = await C.api("GET", "/api/legal-moves?limit=2000"); } catch (exc) { C.showError(exc); return; }
    const moves = data.moves.filter((m) => m.kind === kind && m.card);
    const node = el("div", { class: "cc-picker", id: "cc-picker" }, el("strong", { text: t("cc.pickCard") }));
    const byRow = {};
    for (const m of moves) (byRow[m.row] = byRow[m.row] || []).push(m);
    for (const [colour, list] of Object.entries(byRow)) {
      const group = el("div", { class: "cc-pick-row", style: "--row:" + rowHex(desc, colour) },
        el("span", { class: "cc-pick-label", text: t("cc.row", { row: rowName(desc, colour) }) }));
      for (const m of list) {
        const b = el("button", { type: "button", class: "cc-pick", "data-card": m.card, "data-row": m.row,
          title: C.cardLabel(m.card), onclick: () => move(m) });
        b.appendChild(cardNode(desc, m.card, false, "mini"));
        group.appendChild(b);
      }
      node.appendChild(group);
    }
    node.appendChild(el("button", { type: "button", class: "cc-cancel", onclick: () => { ui.open = null; C.S.snap && window.dispatchEvent(new Event("cc-redraw")); } }, t("cc.cancel")));
    ui.open = { stateId, node };
    const panel = document.getElementById("cc-actions");
    if (panel) { const old = document.getElementById("cc-picker"); if (old) old.remove(); panel.insertBefore(node, panel.lastChild); }
  }

  // -- round scoring: turn-ups, choices, per-round points -------------------------------------
  function renderScoring(box, snap, desc, interactive) {
    if (desc.phase !== "scoring") return;
    const panel = el("section", { class: "cc-scoring", id: "cc-scoring" },
      el("h3", { text: t("cc.scoringTitle", { n: desc.round }) }),
      el("p", { class: "cc-help", text: t("cc.scoringHelp") }));
    const bySeat = {};
    for (const c of desc.scoring || []) (bySeat[c.seat] = bySeat[c.seat] || []).push(c);
    const pending = {};  // "row|position" -> candidate cards, from the engine's legal moves
    const loaded = (C.S.ccLegal && C.S.ccLegal.stateId === snap.state_id) ? C.S.ccLegal.moves : null;
    for (const [seat, claims] of Object.entries(bySeat)) {
      const name = C.seatName(Number(seat));
      const block = el("div", { class: "cc-claims", "data-seat": seat, style: "--player:" + playerHex(desc, Number(seat)) },
        el("h4", {}, el("span", { class: "cc-dot" }), t("cc.takenBy", { name })));
      const strip = el("div", { class: "cc-mini cc-taken" });
      for (const c of claims) {
        const face = c.card ? faceOf(c.card) : {};
        const off = face.colour && face.colour !== c.row;  // jokers match any row
        const node = cardNode(desc, c.card, !c.card, "mini" + (c.needs_reveal || c.needs_choice ? " waiting" : "")
          + (off ? " off-colour" : ""));
        if (off) node.title += " · " + t("cc.offColour");
        strip.appendChild(node);
      }
      block.appendChild(strip);
      for (const c of claims) {
        const where = { row: c.row, position: c.position };
        const key = c.row + "-" + c.position;
        if (c.needs_reveal) {
          const q = el("div", { class: "cc-question cc-reveal", "data-claim": key },
            el("span", { text: t("cc.turnUp", { name, row: rowName(desc, c.row), p: c.position + 1 }) }));
          if (interactive && C.mayActFor(c.seat)) {
            const select = el("select", { class: "cc-reveal-select", id: "cc-reveal-" + key,
              "aria-label": t("cc.turnUpPick") });
            const candidates = loaded ? loaded.filter((m) => m.kind === "reveal_face_down" && m.row === c.row && m.position === c.position) : [];
            select.appendChild(el("option", { value: "", text: "—" }));
            for (const m of candidates) select.appendChild(el("option", { value: m.card, text: C.cardLabel(m.card) + " (" + m.card + ")" }));
            const turnUp = el("button", { type: "button", class: "cc-reveal-btn", id: "cc-reveal-btn-" + key,
              onclick: () => { if (select.value) move(Object.assign({ kind: "reveal_face_down", player: c.seat, card: select.value }, where)); } },
              t("cc.turnUpBtn"));
            q.append(select, turnUp, C.needsChoice(turnUp, [select]));
            pending[key] = true;
          } else if (interactive) q.appendChild(C.turnNote(c.seat));
          block.appendChild(q);
        } else if (c.needs_choice) {
          const face = faceOf(c.card);
          const q = el("div", { class: "cc-question cc-choice", "data-claim": key },
            el("span", { text: t("cc.choose", { name, card: C.cardLabel(c.card), row: rowName(desc, c.row) }) }));
          const opts = el("div", { class: "cc-options" });
          // the choice is its owner's: another seat's phone says who chooses instead
          const theirs = interactive && !C.mayActFor(c.seat);
          if (theirs) opts.appendChild(C.turnNote(c.seat));
          (theirs ? [] : c.options).forEach((option, i) => {
            const value = (c.values || {})[option];
            const label = option === "score" ? t("cc.opt.score", { n: value })
              : t("cc.opt.keep." + face.type, { n: value, colour: rowName(desc, face.colour) });
            opts.appendChild(el("button", { type: "button", class: "cc-option" + (i === 0 ? " better" : ""),
              "data-option": option, disabled: !interactive,
              onclick: () => move(Object.assign({ kind: "choose", player: c.seat, option }, where)) },
              label, i === 0 ? el("span", { class: "cc-better", text: " ★ " + t("cc.better") }) : null));
          });
          q.appendChild(opts);
          block.appendChild(q);
        } else if (c.choice) {
          block.appendChild(el("div", { class: "cc-answered", text: C.cardLabel(c.card) + C.colon() + t("cc.chosen." + c.choice) }));
        }
      }
      panel.appendChild(block);
    }
    box.appendChild(panel);
    // The turn-up lists need the engine's candidates (cards not seen yet): fetch once per state.
    if (interactive && Object.keys(pending).length && !loaded) legalNow(snap);
  }

  function renderRounds(box, desc) {
    const rounds = desc.round_points || [];
    const players = desc.players || [];
    if (!rounds.length && !desc.final_points) return;
    const table = el("table", { class: "cc-rounds", id: "cc-rounds" });
    table.appendChild(el("thead", {}, el("tr", {}, el("th", { text: t("cc.roundCol") }),
      players.map((p) => el("th", { style: "--player:" + (PLAYER_HEX[p.colour] || "#666") }, el("span", { class: "cc-dot" }), pick(p.name))))));
    const body = el("tbody");
    const running = players.map(() => 0);
    rounds.forEach((points, i) => {
      body.appendChild(el("tr", { "data-round": i + 1 }, el("td", { text: String(i + 1) }),
        points.map((n, seat) => {
          running[seat] += n;
          return el("td", {}, el("strong", { text: "+" + n }), el("span", { class: "cc-run", title: t("cc.running"), text: " → " + running[seat] }));
        })));
    });
    if (desc.final_points) {
      body.appendChild(el("tr", { class: "cc-final-row" }, el("td", { text: t("cc.final") }),
        desc.final_points.map((n, seat) => { running[seat] += n; return el("td", {}, el("strong", { text: "+" + n })); })));
    }
    body.appendChild(el("tr", { class: "cc-total-row" }, el("td", { text: t("cc.total") }),
      players.map((p) => el("td", { class: "cc-total", "data-seat": p.seat, text: C.fmtPoints(p.total) }))));
    table.appendChild(body);
    box.appendChild(el("section", { class: "cc-rounds-box" }, el("h3", { text: t("cc.roundsTitle") }), table));
  }

  function renderFinal(box, snap, desc) {
    if (desc.phase !== "over") return;
    const panel = el("section", { class: "cc-final", id: "cc-final" }, el("h3", { text: t("cc.finalTitle") }));
    for (const p of desc.players || []) {
      const side = (snap.scores || []).find((s) => s.side === "p" + p.seat);
      const lines = side ? side.lines.filter((l) => l.code === "buildings") : [];
      const block = el("div", { class: "cc-chest", style: "--player:" + (PLAYER_HEX[p.colour] || "#666") },
        el("h4", {}, el("span", { class: "cc-dot" }), t("cc.chestOf", { name: pick(p.name) })));
      const strip = el("div", { class: "cc-mini" });
      for (const payload of p.chest || []) strip.appendChild(cardNode(desc, payload, false, "mini"));
      block.appendChild(strip);
      const ul = el("ul");
      for (const l of lines) ul.appendChild(el("li", {}, el("strong", { text: "+" + l.points + " " }), pick(l.source)));
      block.appendChild(ul);
      panel.appendChild(block);
    }
    box.appendChild(panel);
  }

  function renderNotes(box, snap, desc) {
    const panel = el("section", { class: "cc-notes", id: "cc-notes" }, el("h3", { text: t("cc.notesTitle") }));
    for (const [key, table] of Object.entries(desc.tables || {})) {
      panel.appendChild(el("div", { class: "cc-table-line" },
        table.unverified && C.showsDataNotices()
          ? el("span", { class: "cc-unverified", text: t("cc.unverified") }) : null,
        " " + t("cc.table." + key) + C.colon() + table.points.join(", ")));
    }
    const ul = el("ul");
    for (const note of C.playerNotes(snap.notes)) ul.appendChild(el("li", { text: pick(note) }));
    panel.appendChild(ul);
    box.appendChild(panel);
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.cardcassonne = function (box, snap, desc, interactive) {
    const root = el("div", { class: "cc-view phase-" + desc.phase });
    renderActions(root, snap, desc, interactive);
    renderScoring(root, snap, desc, interactive);
    renderRows(root, snap, desc);
    renderPreview(root, desc);
    renderPlayers(root, desc);
    renderRounds(root, desc);
    renderFinal(root, snap, desc);
    renderNotes(root, snap, desc);
    box.appendChild(root);
  };

  window.addEventListener("cc-redraw", () => {
    const box = document.getElementById("board");
    const snap = C.S.snap;
    if (!box || !snap || !snap.state || snap.state.kind !== "cardcassonne") return;
    C.clear(box);
    window.GameViews.cardcassonne(box, snap, snap.state, document.body.dataset.page === "dashboard");
  });
})();
