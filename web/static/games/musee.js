/* Musée on the dashboard: each museum's galleries and spaces, the cards laid, the staircase
   and bonus tokens, and the numbers each open space can still take (the teaching hints).
   A seat lays a card in an open space of its own museum from its phone (a `place` move);
   the host puts the table right by hand (a click on any space, then a card: a correction).
   Both go through the card picker of the dashboard page (#picker). */
"use strict";

(function () {
  const C = window.Companion;
  const { S, $, el, clear, t, pick, seatName, cardLabel, command, tableBySlot, isHost, mayActFor } = C;

  /* The numbers an open space can still take: "3–7", one number as itself ("4", never
     "4–4"), "×" when none can. */
  function rangeText(hint) {
    if (!hint.count) return "×";
    if (hint.number != null) return String(hint.number);
    return hint.low === hint.high ? String(hint.low) : hint.low + "–" + hint.high;
  }

  function renderMusee(box, snap, desc, interactive) {
    const onTable = tableBySlot(snap);
    const alertCards = new Set((snap.alerts || []).flatMap((v) => v.cards || []));
    const hintFor = {};
    for (const h of snap.hints || []) {
      if (h.region && h.data && h.data.gallery != null) hintFor[h.region + "|" + h.data.gallery + "|" + h.data.space] = h.data;
    }
    const themes = desc.themes || {};
    const turnSeat = desc.turn;
    for (const museum of desc.museums) {
      const owners = museum.seats.map(seatName).join(" & ");
      // a phone sees the open spaces of its own museum; the host of every museum
      const mine = interactive && museum.seats.includes(turnSeat) && museum.seats.some(mayActFor);
      const corrects = interactive && isHost();  // a card put right by hand: the host's
      const wrap = el("div", { class: "museum" + (mine ? " active" : ""), "data-region": museum.region });
      const bonusTaken = (desc.bonuses || []).map((b, g) => [b, g]).filter(([b]) => b != null);
      wrap.appendChild(el("h3", { text: t("board.museum", { names: owners }) }));
      const grid = el("div", { class: "musee-grid", style: "--spaces:" + museum.galleries[0].length });
      museum.galleries.forEach((row, gallery) => {
        const galleryName = pick((desc.gallery_names || [])[gallery]);
        grid.appendChild(el("div", { class: "gallery-label", text: galleryName }));
        row.forEach((cell, space) => {
          const key = museum.region + "|" + JSON.stringify([gallery, space]);
          const seen = onTable[key];
          const hint = hintFor[museum.region + "|" + gallery + "|" + space];
          // the seat in turn lays a card in an empty space of its museum from its phone
          const lays = mine && !corrects && !cell && !seen && mayActFor(turnSeat);
          const node = el("button", {
            type: "button", class: "slot", "data-region": museum.region,
            "data-slot": gallery + "," + space, disabled: !corrects && !lays,
            title: galleryName + " " + (space + 1),
            onclick: corrects || lays ? () => openPicker(museum, gallery, space, galleryName, cell, seen, hint,
              lays ? turnSeat : null) : null,
          });
          if (cell) {
            const theme = themes[cell.theme] || {};
            node.classList.add("filled");
            node.style.setProperty("--theme", theme.colour || "#999");
            node.appendChild(el("span", { class: "num", text: cell.number }));
            node.appendChild(el("span", { class: "theme", text: pick(theme) }));
            if (alertCards.has(cell.card)) node.classList.add("alert");
          } else if (seen && seen.kind === "card") {
            // On the table but not accepted by the rules: show it, in red.
            node.classList.add("rejected");
            node.title = t("board.notCounted");
            node.appendChild(el("span", { class: "num", text: cardLabel(seen.payload).split(" ")[0] }));
            node.appendChild(el("span", { class: "theme", text: "✗" }));
          } else if (hint && mine) {
            node.classList.add(hint.count ? "open" : "dead");
            node.appendChild(el("span", { class: "range", text: rangeText(hint) }));
          }
          grid.appendChild(node);
        });
        if (gallery < museum.tokens.length) {
          grid.appendChild(el("div", { class: "gallery-label token-label", text: "T" + (gallery + 1) }));
          museum.tokens[gallery].forEach((token) => {
            grid.appendChild(el("div", { class: "token " + token, title: t("board." + token),
              text: token === "staircase" ? "▤" : "✺" }));
          });
        }
      });
      wrap.appendChild(grid);
      for (const [side, gallery] of bonusTaken) {
        const sideId = museum.seats.length > 1 ? "team" + museum.index : "p" + museum.index;
        if (side === sideId) {
          wrap.appendChild(el("div", { class: "bonus",
            text: "★ " + t("board.bonus", { who: pick((desc.gallery_names || [])[gallery]) }) }));
        }
      }
      box.appendChild(wrap);
    }
  }

  // -- the two-click correction picker ----------------------------------------------------------
  /* `laidBy`: a seat laying a card from its phone (a move), not the host correcting the table. */
  function openPicker(museum, gallery, space, galleryName, cell, seen, hint, laidBy) {
    const snap = S.snap;
    const region = museum.region;
    const slot = [gallery, space];
    $("picker-title").textContent = t("board.museum", { names: museum.seats.map(seatName).join(" & ") })
      + " · " + galleryName + " " + (space + 1);
    const removeBox = clear($("picker-remove"));
    // only a card lying on the table can be taken off it (one laid from a phone is not there)
    const present = seen || null;
    if (present && laidBy == null) {
      removeBox.appendChild(el("button", { type: "button", class: "remove",
        onclick: () => { closePicker(); command("/api/correct", { action: "remove", payload: present.payload }); },
        text: t("picker.remove", { card: cardLabel(present.payload) }) }));
      // a card picked below swaps for it, even one laid moves ago (the game is re-judged)
      removeBox.appendChild(el("p", { class: "replace-with",
        text: t("picker.replaceWith", { card: cardLabel(present.payload) }) }));
    }
    // A card already on the table (hung, or lying there not allowed) is not offered again: it
    // is marked and says where it lies (the server refused it with "remove it first").
    const lies = {};
    for (const m of snap.state.museums || []) {
      m.galleries.forEach((row, g) => row.forEach((c, s) => { if (c) lies[c.card] = [m, g, s]; }));
    }
    for (const p of snap.table || []) {
      const m = (snap.state.museums || []).find((x) => x.region === p.where.region);
      const at = p.where.slot || [];
      lies[p.payload] = m && at.length === 2 ? [m, at[0], at[1]] : null;
    }
    const liesAt = (payload) => {
      const at = lies[payload];
      if (!at) return t("picker.onTable", { card: cardLabel(payload) });
      const [m, g, s] = at;
      return t("picker.liesAt", { card: cardLabel(payload), place: t("board.museum", {
        names: m.seats.map(seatName).join(" & ") }) + " · " + pick((snap.state.gallery_names || [])[g]) + " " + (s + 1) });
    };
    const box = clear($("picker-cards"));
    // Only cards in play at this player count (a 2-player Musée has no 51-60).
    const cards = (S.catalogue || []).filter((p) => p.kind === "card" && p.in_play);
    for (const piece of cards) {
      const number = piece.face && piece.face.number;
      const fits = hint && number != null && number >= hint.low && number <= hint.high;
      const theme = ((snap.state.themes || {})[piece.face && piece.face.theme]) || {};
      box.appendChild(el("button", {
        type: "button", class: "pick" + (fits ? " fits" : "") + (piece.payload in lies ? " used" : ""),
        "data-payload": piece.payload, disabled: piece.payload in lies,
        style: "--theme:" + (theme.colour || "#999"),
        title: piece.payload in lies ? liesAt(piece.payload) : pick(piece.name),
        onclick: () => {
          closePicker();
          if (laidBy != null) {
            command("/api/move", { move: { kind: "place", player: laidBy, card: piece.payload,
              museum: museum.index, gallery, space } });
          } else command("/api/correct", { action: "add", payload: piece.payload, region, slot });
        },
      }, number != null ? String(number) : piece.payload));
    }
    $("picker").classList.remove("hidden");
  }

  function closePicker() { $("picker").classList.add("hidden"); }

  if ($("picker")) {  // the dashboard's card picker (other pages show the museums only)
    $("picker-close").addEventListener("click", closePicker);
    $("picker").addEventListener("click", (e) => { if (e.target === $("picker")) closePicker(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePicker(); });
  }

  window.GameViews = window.GameViews || {};
  window.GameViews.musee = (box, snap, desc, interactive) => {
    if (Array.isArray(desc.museums)) renderMusee(box, snap, desc, interactive);
    else C.renderGeneric(box, snap, desc, interactive);
  };
})();
