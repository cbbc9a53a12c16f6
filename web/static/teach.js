/* Teach mode: the lesson panel (#lesson, web/templates/_lesson.html) on the dashboard, each
   seat's phone and the TV, and the set-up page's "Teach this game" button.
   The server keeps the lesson beside the session (web/lesson.py) and sends its view in every
   snapshot as `snap.lesson`; app.js calls Lesson.render(snap) after drawing a snapshot.
   A step moves on by itself when its condition holds; "Done" is offered only for what no
   camera can see. Back and Skip post to /api/lesson; skipping ends the lesson and play goes
   on as an ordinary game. */
"use strict";

const Lesson = (() => {
  const SHOWN_ON = ["dashboard", "tv"];
  const TEACH_FLAG = "companion.teachAfterSetup";

  function mySeat() {
    const seat = document.body.dataset.seat;
    return seat == null ? null : Number(seat);
  }

  async function command(action) {
    try {
      window.render(await api("POST", "/api/lesson", { action }), true);  // app.js draws it all
    } catch (exc) { showError(exc); }
  }

  function button(key, action, extra) {
    return el("button", { type: "button", class: "lesson-btn " + (extra || ""), "data-action": action,
                          text: t(key), onclick: () => command(action) });
  }

  function seatName(snap, seat) {
    const names = (snap.setup && snap.setup.names) || [];
    return names[seat] != null ? pick(names[seat]) : String(seat + 1);
  }

  function highlight(region) {
    document.querySelectorAll(".lesson-highlight").forEach((n) => n.classList.remove("lesson-highlight"));
    if (!region) return;
    // the outermost element of the region (its spaces carry the region's name too)
    const inRegion = (n) => n && n.dataset && n.dataset.region === region;
    document.querySelectorAll("[data-region]").forEach((n) => {
      if (!inRegion(n)) return;
      for (let up = n.parentElement; up; up = up.parentElement) if (inRegion(up)) return;
      n.classList.add("lesson-highlight");
    });
  }

  /* A rule card's link to the rule on the game's "how to play" page (/rules/<game>#<rule>). */
  function pageLink(ruleId) {
    if (!ruleId || !S.snap) return null;
    return el("a", { class: "rule-link", href: "/rules/" + S.snap.game.slug + "#" + ruleId,
                     text: t("rules.link") });
  }

  function whoLine(snap, step) {
    const seat = mySeat();
    if (step.seat == null || seat == null) return null;
    return el("p", { class: "lesson-who" + (seat === step.seat ? " mine" : ""),
                     text: seat === step.seat ? t("lesson.yours")
                       : t("lesson.watch", { name: seatName(snap, step.seat) }) });
  }

  /* The first time a rule applies: the rule, and the example from this very table. */
  function momentCard(moment) {
    const card = el("div", { class: "lesson-rule lesson-moment", role: "note" },
      el("strong", { text: t("lesson.rule") }), el("p", { text: pick(moment.rule) }), pageLink(moment.rule_id));
    if (moment.example) {
      const points = moment.points != null ? " " + t("lesson.points", { n: moment.points }) : "";
      card.appendChild(el("p", { class: "lesson-example" },
        el("strong", { text: t("lesson.example") }), " " + pick(moment.example) + points));
    }
    return card;
  }

  /* A refused move while teaching: why, and what is allowed instead. */
  function refusalBox(refusal) {
    return el("div", { class: "lesson-refusal", role: "alert" },
      el("strong", { text: t("lesson.refused") }),
      el("p", { text: refusal.why.map(pick).join(" ") }),
      el("strong", { text: t("lesson.instead") }),
      el("ul", {}, refusal.instead.map((line) => el("li", { text: pick(line) }))), pageLink(refusal.rule));
  }

  /* The step's picture: the game's mat with the region to use outlined (web/lesson.py draws
     it). The same <img> is kept while the step stays, so a new snapshot does not reload it. */
  let shownPicture = null;
  function stepPicture(step) {
    if (!step.picture) { shownPicture = null; return null; }
    if (!shownPicture || shownPicture.getAttribute("src") !== step.picture) {
      shownPicture = el("img", { class: "lesson-picture", src: step.picture, "data-step": step.id });
    }
    shownPicture.alt = t("lesson.picture");
    return shownPicture;
  }

  function stepBody(snap, view) {
    const step = view.step;
    const parts = [
      stepPicture(step),
      el("p", { class: "lesson-count", text: t("lesson.step", { n: view.number, total: view.steps }) }),
      whoLine(snap, step),
      el("p", { class: "lesson-say", text: pick(step.say) }),
    ];
    if (step.rule) {
      parts.push(el("div", { class: "lesson-rule", role: "note" },
        el("strong", { text: t("lesson.rule") }), el("p", { text: pick(step.rule) }), pageLink(step.rule_id)));
    }
    if (view.moment) parts.push(momentCard(view.moment));
    if (view.refusal) parts.push(refusalBox(view.refusal));
    if (!step.tap) parts.push(el("p", { class: "lesson-auto", text: t("lesson.auto") }));
    const buttons = el("div", { class: "lesson-buttons" });
    if (view.can_back) buttons.appendChild(button("lesson.back", "back"));
    if (step.tap) buttons.appendChild(button("lesson.done", "tap", "primary"));
    buttons.appendChild(button("lesson.skip", "skip"));
    parts.push(buttons);
    return parts;
  }

  function render(snap) {
    const page = document.body.dataset.page;
    if (page === "setup") { startAfterSetup(snap); return; }
    const box = document.getElementById("lesson");
    if (!box || !SHOWN_ON.includes(page)) return;
    const view = snap && snap.lesson;
    const viewer = document.body.dataset.role === "viewer";
    box.classList.toggle("hidden", !view || view.skipped);
    document.body.classList.toggle("teaching", Boolean(view && !view.skipped));
    clear(box);
    if (!view || view.skipped) { highlight(null); return; }
    box.appendChild(el("h2", { class: "lesson-title" },
      el("span", { class: "lesson-label", text: t("lesson.label") }), " ", pick(view.title)));
    if (view.step) {
      box.append(...stepBody(snap, view).filter(Boolean));
      highlight(view.step.highlight && view.step.highlight.region);
    } else {
      shownPicture = null;
      box.appendChild(el("p", { class: "lesson-say", text: t("lesson.finished") }));
      box.appendChild(el("div", { class: "lesson-buttons" }, button("lesson.close", "skip")));
      highlight(null);
    }
    if (viewer) box.querySelectorAll(".lesson-buttons").forEach((n) => n.remove());
    // The TV: a rule card floats beside the step's words, right under the title (teach.css)
    if (page === "tv") {
      const title = box.querySelector(".lesson-title");
      [...box.querySelectorAll(".lesson-rule, .lesson-refusal")].reverse()
        .forEach((card) => box.insertBefore(card, title.nextSibling));
    }
  }

  /* The set-up page: "Teach this game" starts the new game as the form does, then its lesson
     once the new game is on the table (its id differs from the one before). */
  function startAfterSetup(snap) {
    const wanted = sessionStorage.getItem(TEACH_FLAG);
    if (wanted == null || !snap || String(snap.game_id) === wanted) return;
    sessionStorage.removeItem(TEACH_FLAG);
    api("POST", "/api/lesson", { action: "start" }).then(() => { window.location.href = "/"; },
                                                         showError);
  }

  function wireSetup() {
    const teach = document.getElementById("teach-start");
    const form = document.getElementById("setup-form");
    if (!teach || !form) return;
    teach.addEventListener("click", () => {
      const before = (S.snap && S.snap.game_id) != null ? String(S.snap.game_id) : "";
      sessionStorage.setItem(TEACH_FLAG, before);
      form.requestSubmit();
    });
    // the plain "Start a new game" button starts no lesson
    form.querySelectorAll("button[type=submit]").forEach((b) =>
      b.addEventListener("click", () => sessionStorage.removeItem(TEACH_FLAG)));
  }

  document.addEventListener("DOMContentLoaded", wireSetup);
  if (document.readyState !== "loading") wireSetup();

  return { render };
})();
