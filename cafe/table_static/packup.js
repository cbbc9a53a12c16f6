/* "Check the box" at the table (host only): the cards laid out face up under the camera, one
   tap reads them, and the answer lists what is missing with a link to print each card again.
   Its own strings in both languages (i18n.js picks). */
"use strict";

(function () {
  const TEXT = {
    title: { en: "Pack-up check", "zh-TW": "收盒檢查" },
    button: { en: "Check the box", "zh-TW": "檢查盒內的牌" },
    hint: {
      en: "Lay every card face up under the camera, then tap.",
      "zh-TW": "把所有牌正面朝上攤在鏡頭下，再按一下。",
    },
    reading: { en: "Reading the cards…", "zh-TW": "正在讀牌……" },
    failed: { en: "The check did not work: {why}", "zh-TW": "檢查沒有完成：{why}" },
    print: { en: "Print {card} again", "zh-TW": "重印 {card}" },
  };
  const title = document.getElementById("cafe-packup-title");
  const button = document.getElementById("cafe-packup-btn");
  const hint = document.getElementById("cafe-packup-hint");
  const list = document.getElementById("cafe-packup-result");
  let result = null;

  function say(key, vars) {
    let text = pick(TEXT[key]);
    Object.entries(vars || {}).forEach(([name, value]) => { text = text.replace("{" + name + "}", value); });
    return text;
  }

  function item(text, className) {
    const li = document.createElement("li");
    li.textContent = text;
    if (className) li.className = className;
    return li;
  }

  function show() {
    title.textContent = say("title");
    button.textContent = say("button");
    list.replaceChildren();
    if (!result || !result.sentences) { hint.textContent = say("hint"); return; }
    hint.textContent = "";
    result.sentences.forEach((s) => list.append(item(pick(s), result.complete ? "complete" : "")));
    (result.missing || []).forEach((card) => {
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = card.replace.url;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = say("print", { card: pick(card.name) });
      li.append(link);
      list.append(li);
    });
  }

  async function load() {
    try {
      const response = await fetch("/api/packup-check", { credentials: "same-origin" });
      if (response.ok) { result = await response.json(); show(); }
    } catch (error) { /* shown on the next tap */ }
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    hint.textContent = say("reading");
    try {
      const response = await fetch("/api/packup-check", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: "{}",
      });
      const body = await response.json();
      if (!response.ok) throw new Error(body.error && body.error.text ? pick(body.error.text) : String(response.status));
      result = body;
      show();
    } catch (error) {
      list.replaceChildren();
      hint.textContent = say("failed", { why: error.message });
    } finally {
      button.disabled = false;
    }
  });
  document.addEventListener("langchange", show);
  show();
  load();
})();
