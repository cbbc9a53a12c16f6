/* Masterpiece (曠世鉅作) on the dashboard: the ring board with pawns, the space being carried
   out with its options, the auction panel (bids entered by the auctioneer for anyone, or by
   each player from a phone through the join link), the bank ledger, cash and paintings per
   player (values hidden until the end) and the final wealth breakdown.

   Every input is a move sent to the engine (POST /api/move); the engine refuses what the
   rules forbid and the refusal's sentence (it names the rule) is shown in the auction panel,
   on every screen, from the game log. Amounts are integer thousands (amount_k) as in the
   engine; the screen shows them as $3.5M / 350 萬元. */
"use strict";

(function () {
  // Its sentences are in web/static/catalogue.json, with every other string.

  const PAWN_COLOURS = { red: "#d32f2f", yellow: "#f9c800", blue: "#1e63c6", green: "#2e9e49",
                         purple: "#8e44ad", white: "#fafafa" };
  const SEAT_COLOURS = ["#d32f2f", "#f9c800", "#1e63c6", "#2e9e49", "#8e44ad", "#fafafa"];
  const AUCTION_MOVES = ["bid", "tie", "overbid", "hammer", "no_sale"];
  const ME_KEY = "companion.masterpiece.me";

  const C = () => window.Companion;
  const tr = (key, vars) => C().t(key, vars);

  /* $3.5M / $500K in English, 350 萬元 / 50 萬元 in Chinese: the dashboard's one money format. */
  const money = (k) => C().fmtMoney(k);

  function send(move) { return C().command("/api/move", { move }); }

  function pawnColour(payload, seat) {
    const piece = (C().S.catalogue || []).find((p) => p.payload === payload);
    const colour = piece && piece.face && piece.face.colour;
    return PAWN_COLOURS[colour] || SEAT_COLOURS[seat % SEAT_COLOURS.length];
  }

  function spaceLabel(space) {
    return tr("mp.kind." + space.kind, { price: money(space.price_k) });
  }

  /* Every space of the board to pick from, named as the board shows it (number and kind). */
  function spaceSelect(desc, attrs, value) {
    const { el } = C();
    return el("select", Object.assign({ class: "mp-select mp-space-pick" }, attrs),
      desc.board.spaces.map((space) => el("option", { value: space.index, selected: space.index === value,
        text: tr("mp.space", { n: space.index }) + " · " + spaceLabel(space) })));
  }

  /* Which seat this screen bids for, or null: everyone. A seat's join link fixes it (the
     server takes that seat's bids only); otherwise the screen's own choice. */
  function me(desc) {
    const fixed = document.body.dataset.seat;
    if (fixed != null) return Number(fixed);
    const raw = localStorage.getItem(ME_KEY);
    const seat = raw == null || raw === "" ? null : Number(raw);
    return seat != null && seat < desc.players.length ? seat : null;
  }

  // -- the whole view ------------------------------------------------------------------------
  function view(box, snap, desc, interactive) {
    const { el } = C();
    const root = el("div", { class: "mp" + (desc.values_hidden ? "" : " revealed") });
    root.appendChild(notesBox(snap));
    root.appendChild(statusBox(snap, desc));
    if (desc.auction) root.appendChild(auctionPanel(snap, desc, interactive));
    else if (interactive && desc.phase !== "over") root.appendChild(actionPanel(snap, desc));
    root.appendChild(ring(snap, desc));
    if (desc.phase === "over") root.appendChild(finalWealth(snap, desc));
    root.appendChild(playersBox(desc));
    root.appendChild(ledgerBox(desc));
    if (interactive && C().isHost()) root.appendChild(correction(snap, desc));  // the host's
    box.appendChild(root);
  }

  function notesBox(snap) {
    const { el, pick } = C();
    const notes = C().playerNotes(snap.notes);
    const unverified = notes.filter((n) => C().isPlaceholderNote(n));
    if (!notes.length) return el("span");
    return el("details", { class: "mp-notes" + (unverified.length ? " mp-unverified" : ""), id: "mp-notes" },
      el("summary", { text: (unverified.length ? "⚠ " + tr("mp.unverified") : "ℹ") }),
      el("ul", {}, notes.map((n) => el("li", { text: pick(n) }))));
  }

  function statusBox(snap, desc) {
    const { el, pick } = C();
    const box = el("div", { class: "mp-status", id: "mp-status" });
    box.appendChild(el("div", { class: "mp-waiting" },
      el("strong", { text: tr("mp.phase") + C().colon() }), pick(desc.waiting_for)));
    const facts = [];
    if (desc.turn) facts.push(tr("mp.turn", { n: desc.turn }));
    if (desc.last_roll != null) facts.push(tr("mp.roll", { n: desc.last_roll }));
    facts.push(tr("mp.bank", { n: desc.bank.paintings_left }));
    facts.push(tr("mp.deck", { n: desc.value_deck.cards_left }));
    box.appendChild(el("div", { class: "mp-facts", text: facts.join(" · ") }));
    if (desc.space) {
      box.appendChild(el("div", { class: "mp-space-now", "data-kind": desc.space.kind },
        el("strong", { text: tr("mp.space", { n: desc.space.index }) + C().colon() }), pick(desc.space.text)));
    }
    const recent = (desc.journal || []).slice(-3).reverse();
    if (recent.length) {
      box.appendChild(el("ul", { class: "mp-journal", "aria-label": tr("mp.journal") },
        recent.map((n) => el("li", { "data-code": n.code, text: pick(n.text) }))));
    }
    return box;
  }

  // -- the ring --------------------------------------------------------------------------------
  /* 30 spaces clockwise round a 10 x 7 grid: top row left to right, right side down, bottom
     row right to left, left side up (as on the printed mat). */
  function ringCell(index, count) {
    const top = 10;
    const side = Math.floor((count - 2 * top) / 2);
    if (index < top) return [1, index + 1];
    if (index < top + side) return [index - top + 2, top];
    if (index < 2 * top + side) return [side + 2, top - (index - top - side)];
    return [side + 1 - (index - 2 * top - side), 1];
  }

  function ring(snap, desc) {
    const { el, pick, seatName } = C();
    const spaces = desc.board.spaces;
    const rows = Math.floor((spaces.length - 20) / 2) + 2;
    const grid = el("div", { class: "mp-ring" + (desc.board.unverified && C().showsDataNotices() ? " unverified" : ""),
      id: "mp-ring", style: "--rows:" + rows });
    const here = {};
    desc.players.forEach((p) => { if (p.position != null) (here[p.position] = here[p.position] || []).push(p); });
    for (const space of spaces) {
      const [row, col] = ringCell(space.index, spaces.length);
      const current = desc.space && desc.space.index === space.index;
      const cell = el("div", { class: "mp-space kind-" + space.kind + (current ? " current" : ""),
        "data-space": space.index, title: pick(space.text),
        style: "grid-row:" + row + ";grid-column:" + col },
        el("span", { class: "mp-idx", text: String(space.index) }),
        el("span", { class: "mp-kind", text: spaceLabel(space) }));
      const pawns = el("span", { class: "mp-pawns" });
      for (const p of here[space.index] || []) {
        pawns.appendChild(el("span", { class: "mp-pawn" + (p.seat === desc.active ? " active" : ""),
          "data-seat": p.seat, title: tr("mp.here", { name: C().pick(p.name) }),
          style: "--pawn:" + pawnColour(p.pawn, p.seat), text: C().pick(p.name || seatName(p.seat)).slice(0, 2) }));
      }
      cell.appendChild(pawns);
      grid.appendChild(cell);
    }
    // The middle of the ring: the easel.
    const a = desc.auction;
    grid.appendChild(el("div", { class: "mp-centre", style: "grid-row:2 / " + rows + ";grid-column:2 / 10" },
      el("div", { class: "mp-easel" + (a ? " busy" : "") },
        el("div", { class: "mp-easel-label", text: (a ? pick(a.name) : "—") }),
        a ? el("div", { class: "mp-easel-bid",
          text: a.standing_k != null ? tr("mp.standing", { amount: money(a.standing_k), name: seatName(a.bidder) })
            : tr("mp.nobid") }) : null)));
    return grid;
  }

  // -- the space being carried out: its options as buttons -------------------------------------
  function paintingSelect(payloads, id) {
    const { el, cardLabel } = C();
    return el("select", { class: "mp-select", id },
      payloads.map((p) => el("option", { value: p, text: cardLabel(p) + " (" + p + ")" })));
  }

  function actButton(kind, label, move, attrs) {
    const { el } = C();
    return el("button", Object.assign({ type: "button", class: "mp-act", "data-kind": kind,
      onclick: () => send(typeof move === "function" ? move() : move) }, attrs || {}), label);
  }

  function actionPanel(snap, desc) {
    const { el, seatName } = C();
    const seat = desc.active;
    // the heading names who acts now: an auction's winner draws on another player's turn
    const acting = (snap.current_players || []).length === 1 ? snap.current_players[0] : seat;
    const name = acting != null ? seatName(acting) : "";
    const box = el("div", { class: "mp-panel mp-action", id: "mp-action", "data-phase": desc.phase });
    box.appendChild(el("h3", { text: acting != null ? tr("mp.options", { name }) : tr("mp.phase") }));
    // whose move each phase's buttons make: another seat's phone says whose turn it is instead
    const mover = desc.phase === "pick" ? (seat + 1) % desc.players.length
      : desc.phase === "draw" ? desc.draw.player : seat;
    if (desc.phase !== "setup" && !C().mayActFor(mover)) {
      box.appendChild(C().turnNote(mover));
      return box;
    }
    const row = el("div", { class: "mp-buttons" });
    box.appendChild(row);
    const own = seat != null ? desc.players[seat].paintings.map((h) => h.card) : [];
    const bank = desc.bank.paintings;
    const withPainting = (kind, label, payloads, extra) => {
      if (!payloads.length) return;
      const select = paintingSelect(payloads, "mp-paint-" + kind);
      row.append(select, actButton(kind, label,
        () => Object.assign({ kind, player: seat, painting: select.value }, extra || {})));
    };
    switch (desc.phase) {
      case "setup": setupControls(box, desc); break;
      case "draw": drawControls(box, desc); break;
      case "roll":
        row.appendChild(el("p", { class: "mp-ask", text: tr("mp.roll.ask", { name }) }));
        for (let n = 1; n <= 6; n++) {
          row.appendChild(actButton("roll", tr("mp.roll.btn", { n }), { kind: "roll", player: seat, value: n },
            { class: "mp-act mp-die", "data-value": n }));
        }
        break;
      case "easel":
        row.appendChild(el("p", { class: "mp-ask", text: tr("mp.easel.ask") }));
        withPainting("easel", tr("mp.easel"), bank);
        break;
      case "pick": {
        const picker = (seat + 1) % desc.players.length;
        row.appendChild(el("p", { class: "mp-ask", text: tr("mp.pick.ask", { picker: seatName(picker), name }) }));
        const select = paintingSelect(own, "mp-paint-pick");
        row.append(select, actButton("pick", tr("mp.pick", { name: seatName(picker) }),
          () => ({ kind: "pick", player: picker, painting: select.value })));
        break;
      }
      case "collect":
        row.append(actButton("take_cash", tr("mp.take_cash"), { kind: "take_cash", player: seat }),
                   actButton("take_value", tr("mp.take_value"), { kind: "take_value", player: seat },
                     { disabled: own.length ? null : true }));
        break;
      case "inherit": withPainting("inherit", tr("mp.inherit"), bank); break;
      case "buy_bank":
        withPainting("buy", tr("mp.buy") + " " + money((desc.board.spaces[desc.space.index] || {}).price_k), bank);
        row.appendChild(actButton("pass", tr("mp.pass"), { kind: "pass", player: seat }));
        break;
      case "buy_player": {
        const others = desc.players.filter((p) => p.seat !== seat).flatMap((p) => p.paintings.map((h) => h.card));
        withPainting("buy", tr("mp.buy") + " " + money(3500), others);
        row.appendChild(actButton("pass", tr("mp.pass"), { kind: "pass", player: seat }));
        break;
      }
      case "sell_value":
      case "must_sell":
        withPainting("sell", tr("mp.sell"), own);
        if (desc.phase === "sell_value") row.appendChild(actButton("pass", tr("mp.pass"), { kind: "pass", player: seat }));
        break;
      default: break;
    }
    return box;
  }

  function setupControls(box, desc) {
    const { el, api, seatName, S } = C();
    // The next seat to deal to comes from the engine (it starts at the banker).
    const deal = el("div", { class: "mp-buttons", id: "mp-deal" });
    box.appendChild(deal);
    const stateId = S.snap.state_id;
    const mine = desc.players.filter((p) => C().mayActFor(p.seat));  // a phone sets its own pawn
    const start = el("div", { class: "mp-buttons", id: "mp-start" });
    api("GET", "/api/legal-moves?limit=50").then((answer) => {
      if (!S.snap || S.snap.state_id !== stateId) return;
      // "X starts" only once the engine offers it: every painting dealt, every pawn placed
      const starts = answer.moves.filter((m) => m.kind === "start" && C().mayActFor(m.player));
      if (starts.length) {
        starts.forEach((m) => start.appendChild(actButton("start", tr("mp.start.btn", { name: seatName(m.player) }),
          { kind: "start", player: m.player })));
      } else {
        start.appendChild(el("p", { class: "mp-later", id: "mp-start-later", text: tr("mp.start.later") }));
      }
      const next = answer.moves.find((m) => m.kind === "deal");
      if (!next) return;
      if (!C().mayActFor(next.player)) return;  // dealt on the host's screen or the seat's phone
      const select = paintingSelect(desc.bank.paintings, "mp-paint-deal");
      deal.append(el("span", { class: "mp-ask", text: tr("mp.deal.ask", { name: seatName(next.player) }) }), select,
        actButton("deal", tr("mp.deal.btn"), () => ({ kind: "deal", player: next.player, painting: select.value })));
    }).catch(() => {});
    box.appendChild(el("p", { class: "mp-ask", text: tr("mp.pawn.ask") }));
    const pawns = el("div", { class: "mp-buttons" });
    for (const p of mine) {
      if (p.position != null) {  // placed once: the engine refuses a second placement
        pawns.appendChild(el("span", { class: "mp-pawn-entry mp-pawn-placed", "data-seat": p.seat,
          text: tr("mp.pawn.placed", { name: C().pick(p.name), space: p.position }) }));
        continue;
      }
      const input = spaceSelect(desc, { "data-seat": p.seat, "aria-label": tr("mp.pawn.btn") }, p.position);
      pawns.appendChild(el("span", { class: "mp-pawn-entry" }, el("span", { class: "mp-who", text: C().pick(p.name) }), input,
        actButton("place_pawn", tr("mp.pawn.btn"), () => ({ kind: "place_pawn", player: p.seat, space: Number(input.value) }))));
    }
    box.appendChild(pawns);
    box.appendChild(el("p", { class: "mp-ask", text: tr("mp.start.ask") }));
    box.appendChild(start);
  }

  /* The draw the host opened the value-card picker for, on this screen (see drawControls). */
  let privateDraw = null;

  function drawControls(box, desc) {
    const { el, pick, seatName } = C();
    const seat = desc.draw.player;
    const name = seatName(seat);
    box.appendChild(el("p", { class: "mp-ask", text: tr("mp.draw.ask", { name }) }));
    // A value card's worth is its owner's secret: the host's screen is the one the whole
    // table sees, so it offers the picker (which names every card's worth) only on request.
    const drawKey = desc.turn + ":" + seat + ":" + desc.value_deck.cards_left;
    if (C().isHost() && privateDraw !== drawKey) {
      box.appendChild(el("p", { class: "mp-private", text: tr("mp.draw.private", { name }) }));
      box.appendChild(el("button", { type: "button", class: "mp-act", id: "mp-draw-private",
        onclick: () => { privateDraw = drawKey; window.render(C().S.snap); } },
        tr("mp.draw.open", { name })));
      return;
    }
    const row = el("div", { class: "mp-buttons" });
    // A picker of the value cards this game has (no codes to type); the card drawn is chosen.
    // Only the cards still in the draw pile: one already under a painting cannot be drawn. Which
    // cards are left is the drawer's to see (/api/private), never in the state every screen gets.
    const code = el("select", { class: "mp-select mp-code", id: "mp-draw-code", "aria-label": tr("mp.draw.pick") },
      el("option", { value: "", text: tr("mp.draw.pick") }));
    const stateId = C().S.snap.state_id;
    const asked = document.body.dataset.seat != null ? "/api/private" : "/api/private?seat=" + seat;
    C().api("GET", asked).then((answer) => {
      if (!C().S.snap || C().S.snap.state_id !== stateId || answer.seat !== seat) return;
      const left = new Set(answer.private.draw_cards || []);
      const valueCards = (C().S.catalogue || []).filter((p) => left.has(p.payload));
      code.append(...valueCards.map((p) => el("option", { value: p.payload, text: pick(p.name) + " (" + p.payload + ")" })));
    }).catch(C().showError);
    row.appendChild(code);
    let under = null;
    if (!desc.draw.painting) {
      under = paintingSelect(desc.players[seat].paintings.map((h) => h.card), "mp-draw-under");
      row.append(el("span", { text: tr("mp.draw.under") }), under);
    }
    const drawn = actButton("draw_value", tr("mp.draw.btn"), () => {
      const move = { kind: "draw_value", player: seat, card: code.value };
      if (under) move.painting = under.value;
      return move;
    });
    row.append(drawn, C().needsChoice(drawn, [code]));
    box.appendChild(row);
  }

  // -- the auction -----------------------------------------------------------------------------
  function lastRefusal(snap) {
    const log = snap.log || [];
    const last = log[log.length - 1];
    if (!last || last.accepted || !last.move || !AUCTION_MOVES.includes(last.move.kind)) return null;
    return last;
  }

  function auctionPanel(snap, desc, interactive) {
    const { el, pick, seatName } = C();
    const a = desc.auction;
    const box = el("div", { class: "mp-panel mp-auction", id: "mp-auction", "data-kind": a.kind });
    box.appendChild(el("h3", {}, (a.kind === "bank" ? tr("mp.auction.bank") : tr("mp.auction.private")) + C().colon(),
      el("span", { class: "mp-lot", text: pick(a.name) })));
    box.appendChild(el("div", { class: "mp-auctioneer", text: tr("mp.auctioneer", { name: seatName(a.auctioneer) }) }));
    box.appendChild(el("div", { class: "mp-standing", id: "mp-standing",
      text: a.standing_k != null ? tr("mp.standing", { amount: money(a.standing_k), name: seatName(a.bidder) }) : tr("mp.nobid") }));
    if (interactive && a.standing_k != null) {
      const call = overbidControl(desc);
      if (call) box.appendChild(call);
    }
    box.appendChild(el("div", { class: "mp-min", id: "mp-min", text: tr("mp.minbid", { amount: money(a.min_bid_k) }) }));
    if (a.cancelled_k.length) {
      box.appendChild(el("div", { class: "mp-cancelled", text: tr("mp.cancelled", { list: a.cancelled_k.map(money).join(", ") }) }));
    }
    const refusal = lastRefusal(snap);
    if (refusal) {
      const code = (refusal.violations[0] || {}).code;
      const rule = code && ("mp.rule." + code) in I18N.en ? tr("mp.rule." + code) : tr("mp.refused");
      const who = refusal.move.player != null ? tr("mp.refusal.who", { name: seatName(refusal.move.player), amount: money(refusal.move.amount_k) }) + C().colon() : "";
      const node = el("div", { class: "mp-refusal", id: "mp-refusal", role: "alert", "data-code": code || "" },
        el("strong", { class: "mp-rule", text: "✗ " + rule }),
        el("div", { class: "mp-why" }, who, C().sentences(refusal.violations.map((v) => pick(v.message)))));
      box.appendChild(node);
    }
    if (interactive) box.appendChild(bidders(desc));
    if (a.bids.length) {
      box.appendChild(el("div", { class: "mp-bids" }, el("strong", { text: tr("mp.bidsofar") + C().colon() }),
        a.bids.map((b) => seatName(b.seat) + " " + money(b.amount_k)).join(" → ")));
    }
    // The hammer is the auctioneer's: a phone bidding for another player does not show it.
    const mine = me(desc);
    if (interactive && (mine == null || mine === a.auctioneer) && C().mayActFor(a.auctioneer)) {
      const end = el("div", { class: "mp-buttons mp-end" });
      // the hammer sells to the standing bid: with none there is nothing to sell (no sale instead)
      if (a.standing_k != null) {
        end.appendChild(actButton("hammer", tr("mp.hammer", { name: seatName(a.bidder), amount: money(a.standing_k) }),
          { kind: "hammer", player: a.auctioneer }, { class: "mp-act mp-hammer", id: "mp-hammer" }));
      } else {
        end.appendChild(actButton("no_sale", tr("mp.nosale"), { kind: "no_sale", player: a.auctioneer },
          { class: "mp-act", id: "mp-nosale" }));
      }
      box.appendChild(end);
      if (C().mayActFor(null)) box.appendChild(tieControl(desc));  // a tie is the whole table's
    }
    return box;
  }

  /* Cash is hidden: a bid above it stands until someone calls it, and only then is it checked.
     Anyone but the bidder may call it (calling one's own bid is no call): a screen bidding as
     one player calls as that player; the host's screen for everyone picks who calls. */
  function overbidControl(desc) {
    const { el, seatName } = C();
    const a = desc.auction;
    const label = tr("mp.overbid", { name: seatName(a.bidder), amount: money(a.standing_k) });
    const called = (caller) => ({ kind: "overbid", player: caller, bidder: a.bidder, amount_k: a.standing_k });
    const attrs = { class: "mp-act mp-overbid", id: "mp-overbid" };
    const mine = me(desc);
    if (mine != null) {
      return mine !== a.bidder && C().mayActFor(mine) ? actButton("overbid", label, called(mine), attrs) : null;
    }
    const others = desc.players.filter((p) => p.seat !== a.bidder && C().mayActFor(p.seat));
    if (!others.length) return null;
    const who = el("select", { class: "mp-select", id: "mp-overbid-by", "aria-label": tr("mp.overbid.choose") },
      el("option", { value: "", text: tr("mp.overbid.choose") }),
      others.map((p) => el("option", { value: p.seat, text: seatName(p.seat) })));
    const button = actButton("overbid", label, () => called(Number(who.value)), attrs);
    return el("div", { class: "mp-buttons mp-call" }, button,
      el("label", {}, tr("mp.overbid.by") + " ", who), C().needsChoice(button, [who]));
  }

  /* An amount in $M, in steps of $0.5M: the box steps by 0.5 and says so at once when a typed
     amount is off the step (3.2), leaving its button disabled until it is fixed. */
  function amountInput(k, seat) {
    const { el } = C();
    return el("input", { type: "number", class: "mp-amount", step: "0.5", min: "0", inputmode: "decimal",
      value: String(k / 1000), "aria-label": tr("mp.amount"), "data-seat": seat });
  }

  const toK = (input) => Math.round(Number(input.value) * 1000);
  const onStep = (input) => input.value !== "" && toK(input) > 0 && toK(input) % 500 === 0
    && Math.abs(Number(input.value) * 1000 - toK(input)) < 1e-6;

  /* The input, then its button, then a note that says the step while the amount is off it. */
  function steppedAmount(input, button) {
    const note = C().el("span", { class: "mp-step-note", role: "status" });
    const update = () => {
      const off = !onStep(input);
      button.disabled = off;
      input.setAttribute("aria-invalid", off ? "true" : "false");
      note.textContent = off ? tr("mp.step") : "";
    };
    input.addEventListener("input", update);
    update();
    return [input, button, note];
  }

  /* One row per player: the minimum bid in one tap, or any amount typed in $M. A phone that
     chose "bidding as" shows only its own row, big. */
  function bidders(desc) {
    const { el, seatName } = C();
    const a = desc.auction;
    const mine = me(desc);
    const box = el("div", { class: "mp-bidders" + (mine != null ? " mine" : "") });
    const chooser = el("select", { id: "mp-me", class: "mp-select",
      onchange: (e) => { localStorage.setItem(ME_KEY, e.target.value); window.render(C().S.snap); } },
      el("option", { value: "", text: tr("mp.everyone"), selected: mine == null }),
      desc.players.map((p) => el("option", { value: p.seat, text: C().pick(p.name), selected: mine === p.seat })));
    if (C().isHost()) box.appendChild(el("label", { class: "mp-me" }, tr("mp.biddingAs") + " ", chooser));
    for (const p of desc.players) {
      if ((mine != null && p.seat !== mine) || !C().mayActFor(p.seat)) continue;
      const excluded = a.excluded.includes(p.seat);
      const leading = a.bidder === p.seat;
      const input = amountInput(a.min_bid_k, p.seat);
      box.appendChild(el("div", { class: "mp-bidder" + (excluded ? " excluded" : "") + (leading ? " leading" : ""),
        "data-seat": p.seat },
        el("span", { class: "mp-who", style: "--pawn:" + pawnColour(p.pawn, p.seat) }, el("span", { class: "mp-dot" }), seatName(p.seat)),
        cashOf(p, "mp-cashnow"),
        // who may not bid says so instead of buttons the rules refuse; the standing bidder
        // would only outbid themselves, so that row waits for a higher bid or the hammer
        excluded ? el("span", { class: "mp-excluded", text: tr("mp.excluded") })
          : leading ? el("span", { class: "mp-leading", text: tr("mp.leading", { name: seatName(p.seat) }) })
            : [actButton("bid", tr("mp.bidmin", { amount: money(a.min_bid_k) }),
              { kind: "bid", player: p.seat, amount_k: a.min_bid_k }, { class: "mp-act mp-bid-min" }),
            ...steppedAmount(input, actButton("bid", tr("mp.bid"),
              () => ({ kind: "bid", player: p.seat, amount_k: toK(input) }), { class: "mp-act mp-bid" }))]));
    }
    return box;
  }

  function tieControl(desc) {
    const { el, seatName } = C();
    const a = desc.auction;
    const box = el("details", { class: "mp-tie", id: "mp-tie" }, el("summary", { text: tr("mp.tie") }));
    const checks = desc.players.filter((p) => !a.excluded.includes(p.seat)).map((p) =>
      el("label", {}, el("input", { type: "checkbox", value: p.seat }), " " + seatName(p.seat)));
    const input = amountInput(a.min_bid_k, "tie");
    box.append(el("div", { class: "mp-buttons" }, checks, ...steppedAmount(input,
      actButton("tie", tr("mp.tie.btn"), () => ({ kind: "tie", player: null, amount_k: toK(input),
        players: [...box.querySelectorAll("input[type=checkbox]:checked")].map((c) => Number(c.value)) })))));
    return box;
  }

  // -- players, ledger, the end ----------------------------------------------------------------
  /* A player's cash as this screen may show it. Cash is secret until the end (an overbid is a
     bluff only while nobody knows it): a seat's phone shows its own (from /api/private, see
     app.js), the host's screen (the one the whole table sees) shows one only while that
     player asks, for a few seconds; every other screen shows that it is secret. */
  const CASH_SHOWN_MS = 5000;

  function cashOf(p, cls) {
    const { el, seatName } = C();
    if (p.cash_k != null) return el("span", { class: cls, "data-cash-k": p.cash_k, text: money(p.cash_k) });
    if (document.body.dataset.seat != null && Number(document.body.dataset.seat) === p.seat) {
      const k = C().S.private ? C().S.private.cash_k : null;
      return el("span", { class: cls + " mp-own-cash", "data-private-money": "cash_k", text: money(k) });
    }
    const secret = el("span", { class: cls + " mp-secret", text: tr("mp.cash.secret") });
    if (!C().isHost()) return secret;
    const name = seatName(p.seat);
    const show = el("button", { type: "button", class: "mp-act mp-cash-show", "data-seat": p.seat,
      title: tr("mp.cash.showWhy", { name }), text: tr("mp.cash.show", { name }) });
    const box = el("span", { class: cls + " mp-cash-ask" }, show);
    show.addEventListener("click", () => C().api("GET", "/api/private?seat=" + p.seat).then((answer) => {
      const shown = el("span", { class: "mp-cash-shown", "data-cash-k": answer.private.cash_k,
        text: money(answer.private.cash_k) });
      box.replaceChildren(shown);
      setTimeout(() => box.replaceChildren(show), CASH_SHOWN_MS);
    }).catch(C().showError));
    return box;
  }

  function playersBox(desc) {
    const { el, pick } = C();
    const box = el("div", { class: "mp-panel mp-players", id: "mp-players" }, el("h3", { text: tr("mp.players") }));
    const grid = el("div", { class: "mp-player-grid" });
    for (const p of desc.players) {
      const paintings = el("ul", { class: "mp-paintings" });
      if (!p.paintings.length) paintings.appendChild(el("li", { class: "none", text: tr("mp.none") }));
      for (const h of p.paintings) {
        const value = h.hidden
          ? el("span", { class: "mp-value mp-hidden", title: tr("mp.value.hidden") }, "? · " + tr("mp.cards", { n: h.value_cards }))
          : el("span", { class: "mp-value", text: h.values.some((v) => v.forgery) ? tr("mp.forgery") + " → $0" : money(h.value_k) });
        paintings.appendChild(el("li", { class: "mp-painting", "data-card": h.card }, el("span", { text: pick(h.name) }), " ", value));
      }
      grid.appendChild(el("div", { class: "mp-player" + (p.seat === desc.active ? " active" : ""), "data-seat": p.seat },
        el("div", { class: "mp-player-head" },
          el("span", { class: "mp-dot", style: "--pawn:" + pawnColour(p.pawn, p.seat) }),
          el("strong", { text: C().pick(p.name) }),
          cashOf(p, "mp-cash")),
        p.lost_turns ? el("div", { class: "mp-lost", text: tr("mp.lost", { n: p.lost_turns }) }) : null,
        paintings));
    }
    box.appendChild(grid);
    return box;
  }

  // Every payment adds up to each player's cash, which the rules keep secret until the end: on
  // the shared screen the ledger stays folded until someone opens it (and stays as they left it).
  let ledgerOpen = false;
  function ledgerBox(desc) {
    const { el, pick, seatName } = C();
    const over = desc.phase === "over";
    const box = el("details", { class: "mp-panel mp-ledger", id: "mp-ledger" },
      el("summary", {}, el("h3", { text: tr("mp.ledger") }),
        over ? null : el("span", { class: "mp-ledger-why", text: tr("mp.ledger.folded") })));
    box.open = over || ledgerOpen;
    box.addEventListener("toggle", () => { if (!over) ledgerOpen = box.open; });
    const entries = (desc.ledger || []).slice().reverse();
    if (!entries.length) { box.appendChild(el("p", { text: tr("mp.ledger.empty") })); return box; }
    const body = el("tbody");
    entries.forEach((e, i) => {
      const sign = e.kind === "start" || e.kind === "collect" || e.kind === "sale" ? "+" : "";
      body.appendChild(el("tr", { class: "mp-ledger-row kind-" + e.kind, "data-kind": e.kind, "data-index": entries.length - 1 - i },
        el("td", { text: e.turn ? String(e.turn) : tr("mp.ledger.setup") }),
        el("td", {}, el("span", { class: "mp-badge", text: tr("mp.lk." + e.kind) }), " ", pick(e.text)),
        el("td", { class: "mp-amt", text: sign + money(e.amount_k) })));
    });
    box.appendChild(el("div", { class: "mp-ledger-scroll" }, el("table", {},
      el("thead", {}, el("tr", {}, el("th", { text: tr("mp.ledger.turn") }), el("th", { text: tr("mp.ledger.what") }),
        el("th", { text: tr("mp.ledger.amount") }))), body)));
    return box;
  }

  function finalWealth(snap, desc) {
    const { el, pick } = C();
    const winners = (snap.outcome && snap.outcome.winners) || [];
    const box = el("div", { class: "mp-panel mp-final", id: "mp-final" }, el("h3", { text: tr("mp.final") }));
    const ranked = desc.players.slice().sort((x, y) => (y.wealth_k - x.wealth_k) || (y.cash_k - x.cash_k));
    for (const p of ranked) {
      const lines = el("ul");
      lines.appendChild(el("li", {}, tr("mp.cash") + C().colon(), el("strong", { text: money(p.cash_k) })));
      for (const h of p.paintings) {
        const parts = h.values.map((v) => (v.forgery ? tr("mp.forgery") : money(v.value_k))).join(" + ");
        lines.appendChild(el("li", {}, pick(h.name) + C().colon() + (parts || "—") + " → ", el("strong", { text: money(h.value_k) })));
      }
      box.appendChild(el("div", { class: "mp-final-side" + (winners.includes("p" + p.seat) ? " winner" : ""), "data-seat": p.seat },
        el("div", { class: "mp-final-head" }, el("strong", { text: C().pick(p.name) }),
          el("span", { class: "mp-wealth", "data-wealth-k": p.wealth_k, text: tr("mp.wealth") + " " + money(p.wealth_k) })),
        lines));
    }
    return box;
  }

  /* When the camera misread a piece: lay it (pawn on a space, painting in an area or on the
     easel) or take it off by hand; the engine judges it like a camera event. */
  function correction(snap, desc) {
    const { el, cardLabel, S } = C();
    const box = el("details", { class: "mp-panel mp-correct", id: "mp-correct" },
      el("summary", { text: tr(C().S.camera && !C().S.camera.attached ? "mp.correct.byHand" : "mp.correct") }));
    const pieces = (S.catalogue || []).filter((p) => p.in_play && (p.kind === "token" || (p.face && p.face.painting != null)));
    const payload = el("select", { class: "mp-select", id: "mp-correct-piece" },
      pieces.map((p) => el("option", { value: p.payload, text: cardLabel(p.payload) + " (" + p.payload + ")" })));
    const regions = [["ring", tr("mp.correct.ring")], ["easel", tr("mp.correct.easel")]]
      .concat(desc.players.map((p) => ["player" + p.seat, tr("mp.correct.area", { name: C().pick(p.name) })]));
    const region = el("select", { class: "mp-select", id: "mp-correct-region" },
      regions.map(([value, text]) => el("option", { value, text })));
    const space = spaceSelect(desc, { id: "mp-correct-space" }, 0);
    const slotOf = () => (region.value === "ring" ? [Number(space.value)] : region.value === "easel" ? [0] : null);
    box.appendChild(el("div", { class: "mp-buttons" }, payload, region, space,
      el("button", { type: "button", class: "mp-act", id: "mp-correct-add", text: tr("mp.correct.add"),
        onclick: () => C().command("/api/correct", { action: "add", payload: payload.value, region: region.value,
          slot: slotOf(), kind: payload.value.startsWith("MPPAWN") ? "token" : "card" }) }),
      el("button", { type: "button", class: "mp-act", id: "mp-correct-remove", text: tr("mp.correct.remove"),
        onclick: () => C().command("/api/correct", { action: "remove", payload: payload.value }) })));
    return box;
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.masterpiece = view;
})();
