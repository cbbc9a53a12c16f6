/* Mythe (俠鼠神抽) on the dashboard: its pictures and small shared pieces (mythe.js draws the
   screen; mythe_path.js the path and hands, mythe_share.js the share form). The pictures are
   small SVGs drawn here; the space and hero names and the card tiles every part shows. */
"use strict";

(function () {
  const C = window.Companion;
  const { el, clear, t, pick, seatName } = C;
  // The Mythe screen's parts share one namespace; each file adds its own functions and calls
  // the others' through it when a screen is drawn, so the files may load in any order.
  const M = (window.MytheParts = window.MytheParts || {});

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

  Object.assign(M, { pic, colourOf, heroName, spaceLabel, pointsText, cardPicture, cardTile, pathHint });
})();
