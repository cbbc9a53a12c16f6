/* Interface strings in English and Traditional Chinese come from the one catalogue,
   web/static/catalogue.json, which the server inlines into every page (#i18n-catalogue).
   Game sentences (violations, score lines, hints) come from the server already in both
   languages as {"en": ..., "zh-TW": ...}; `pick` chooses one. The choice of language is
   kept in localStorage and in a cookie, so pages the server draws speak it too. */
"use strict";

const LANGS = ["en", "zh-TW"];
const I18N = { "en": {}, "zh-TW": {} };
(function loadCatalogue() {
  const node = document.getElementById("i18n-catalogue");
  const catalogue = node ? JSON.parse(node.textContent) : {};
  for (const [key, entry] of Object.entries(catalogue)) {
    for (const lang of LANGS) I18N[lang][key] = entry[lang] != null ? entry[lang] : entry.en;
  }
})();

const LANG_KEY = "companion.lang";

const LANG_COOKIE = "companion_lang";

function currentLang() {
  const saved = window.localStorage ? localStorage.getItem(LANG_KEY) : null;
  if (LANGS.includes(saved)) return saved;
  const cookie = (document.cookie.match(/(?:^|; )companion_lang=([^;]+)/) || [])[1];
  if (LANGS.includes(cookie)) return cookie;
  return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh-TW" : "en";
}

function setLang(lang) {
  localStorage.setItem(LANG_KEY, lang);
  document.cookie = LANG_COOKIE + "=" + lang + "; path=/; max-age=31536000; SameSite=Lax";
  applyStaticText();
  document.dispatchEvent(new CustomEvent("langchange"));
}

const TIDY_ZH = /(?<=[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]) +(?=[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef])/g;

/* t("turn.of", {name: "Amy"}) -> "Amy to play". A count `n` picks the plural form
   ({"one": "{n} point", "other": "{n} points"}) and is written with separators. */
function t(key, vars) {
  const lang = currentLang();
  const table = I18N[lang] || I18N.en;
  let text = key in table ? table[key] : (I18N.en[key] || key);
  vars = vars || {};
  if (text && typeof text === "object") {
    const n = Number(vars.n);
    text = text[new Intl.PluralRules(lang).select(Number.isFinite(n) ? n : 0)] || text.other;
  }
  for (const [name, value] of Object.entries(vars)) {
    const shown = name === "n" && typeof value === "number" ? fmtNumber(value) : String(value);
    text = text.split("{" + name + "}").join(shown);
  }
  // as companion.games.words.tidy_zh: a space a sentence keeps beside a name ("把 {hero} 移到")
  // goes when the name is Chinese ("把小明的俠鼠移到"), stays beside a Latin one ("把 Amy 的")
  return lang === "zh-TW" ? text.replace(TIDY_ZH, "") : text;
}

function fmtNumber(n) {
  return new Intl.NumberFormat(currentLang(), { maximumFractionDigits: 1 }).format(n);
}

/* Dates as zh-TW readers write them (YYYY/MM/DD); English gets the same order with dashes.
   Word joiners (U+2060) keep the date and the time whole: a narrow box broke "2026-/12-02"
   after the dash. A line may still break between the date and the time. */
function fmtDate(date) {
  const d = date instanceof Date ? date : new Date(date);
  const two = (x) => String(x).padStart(2, "0");
  const J = "\u2060";
  const sep = J + (currentLang() === "zh-TW" ? "/" : "-") + J;
  return d.getFullYear() + sep + two(d.getMonth() + 1) + sep + two(d.getDate())
    + " " + two(d.getHours()) + J + ":" + J + two(d.getMinutes());
}

/* A server Text {"en", "zh-TW"} (or a player's name) in the chosen language. */
function pick(text) {
  if (text == null) return "";
  if (typeof text === "string") return localNames(text);
  return currentLang() === "zh-TW" ? localNames(text["zh-TW"] || text.en || "") : (text.en || "");
}

/* A seat given no name is "Player 1", "Player 2"… in the record, which keeps it so; a
   Chinese page says 玩家 1, 玩家 2…, in the names and in the sentences that name them
   (web/i18n.py local_names does the same for what the server draws). */
const DEFAULT_NAME = /\bPlayer (\d+)\b/g;
function localNames(text) {
  if (typeof text !== "string" || currentLang() !== "zh-TW") return text;
  return text.replace(DEFAULT_NAME, (whole, n) => t("seat.default", { n }));
}

function applyStaticText() {
  const lang = currentLang();
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
  document.querySelectorAll("[data-lang]").forEach((btn) => {
    btn.classList.toggle("active", btn.dataset.lang === lang);
    btn.setAttribute("aria-pressed", btn.dataset.lang === lang ? "true" : "false");
  });
}
