/* Mythe (俠鼠神抽) on the dashboard: the path from the Village to the Dragon and the Sacred
   Cheese, snaking as on the printed mat (each space with its cost in dots and the heroes on
   it, the space to stop on and the heroes jumped), and the row of hand counts. */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;
  // The Mythe screen's parts share one namespace; each file adds its own functions and calls
  // the others' through it when a screen is drawn, so the files may load in any order.
  const M = (window.MytheParts = window.MytheParts || {});

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
    const hint = M.pathHint(snap);
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
        title: M.spaceLabel(desc, index) });
      const picture = { village: "village", dragon: "dragon", cheese: "cheese" }[space.kind] || "tree";
      tile.appendChild(el("span", { class: "mythe-space-index", text: index ? String(index) : "" }));
      tile.appendChild(M.pic(picture));
      tile.appendChild(el("span", { class: "mythe-space-name", text: pick(space.name) }));
      if (space.cost) {
        tile.appendChild(el("span", { class: "mythe-dots", title: M.pointsText(space.cost) },
          Array.from({ length: space.cost }, () => el("i", { class: "dot" }))));
      } else if (space.kind === "village") {
        tile.appendChild(el("span", { class: "mythe-space-note", text: t("mythe.free") }));
      }
      if (space.kind === "dragon" && !(desc.revealed)) {
        tile.appendChild(el("span", { class: "mythe-space-note", text: t("mythe.dragonNeeds") }));
      }
      const heroes = el("span", { class: "mythe-heroes" });
      const here = heroesOn[index] || [];
      // names listed with the language's separator: on the TV they ran together ("BenCal")
      const sep = currentLang() === "zh-TW" ? "、" : ", ";
      for (const [i, hero] of here.entries()) {
        const token = M.pic("mouse", "hero", M.colourOf(hero));
        token.dataset.seat = hero.seat;
        token.title = M.heroName(desc, hero.seat);
        heroes.appendChild(el("span", { class: "mythe-hero", "data-seat": hero.seat }, token,
          el("span", { class: "mythe-hero-name", text: seatName(hero.seat) + (i < here.length - 1 ? sep : "") })));
      }
      tile.appendChild(heroes);
      if (showTarget && index === desc.destination) {
        tile.appendChild(el("span", { class: "mythe-flag" }, M.pic("flag"), el("span", { class: "mythe-flag-words", text: t("mythe.target") })));
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
        M.pic("mouse", "", M.colourOf(desc.heroes[s])), seatName(s) + " ", M.pic("card"), "× " + n));
    });
    if (desc.dummy != null) box.appendChild(el("span", { class: "mythe-hand" }, t("mythe.extraDeck") + " ", M.pic("card"), "× " + desc.dummy));
    return box;
  }

  Object.assign(M, { renderPath, renderHands });
})();
