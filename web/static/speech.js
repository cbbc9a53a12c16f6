/* Spoken prompts on the TV (issue 26, item 6), off until switched on (remembered in this
   browser: localStorage "companion.speak"). Each new lesson step (snap.lesson, web/lesson.py)
   and each "your turn" is said with the browser's speechSynthesis in the page's language —
   only with a voice of that language: a Chinese page is said by a Traditional Chinese voice
   (zh-TW) or not at all, never by an English one; without such a voice the page says so.
   Reads S.snap, t(), pick(), seatName() and currentLang() of app.js and i18n.js. */
"use strict";

(function spokenPrompts() {
  const box = document.getElementById("speech");
  if (!box) return;
  const toggle = document.getElementById("speech-toggle");
  const note = document.getElementById("speech-note");
  const KEY = "companion.speak";
  const synth = window.speechSynthesis || null;
  let said = { step: null, turn: null };  // what was said last (so each is said once)
  let noteKey = null;

  function on() { return localStorage.getItem(KEY) === "1"; }

  /* A voice for the page's language: zh-TW (Taiwan, or Traditional Chinese) for a Chinese
     page, any English voice for an English one; null when the device has none. */
  function voiceFor(lang) {
    const voices = synth ? synth.getVoices() : [];
    const fits = lang === "zh-TW"
      ? (v) => /^(zh|cmn)[-_](tw|hant)/i.test(v.lang) || /^zh[-_]hant/i.test(v.lang)
      : (v) => /^en([-_]|$)/i.test(v.lang);
    return voices.find((v) => fits(v) && v.localService) || voices.find(fits) || null;
  }

  function showNote(key) {
    noteKey = key;
    note.hidden = !key;
    note.textContent = key ? t(key) : "";
  }

  function speak(text) {
    if (!text || !on()) return;
    const lang = currentLang();
    const voice = voiceFor(lang);
    if (!voice) { showNote("speech.noVoice"); return; }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.onerror = (event) => { if (event.error === "not-allowed") showNote("speech.allow"); };
    synth.speak(utterance);
  }

  function stepLine(snap) {
    const view = snap.lesson;
    if (!view || view.skipped || !view.step) return null;
    return { key: view.number + "|" + JSON.stringify(view.step.say), text: pick(view.step.say) };
  }

  function turnLine(snap) {
    const current = snap.current_players || [];
    if (snap.over || current.length !== 1) return null;
    return { seat: current[0], text: t("speech.turn", { name: seatName(current[0]) }) };
  }

  /* mode "prime": only remember where the table is; "news": say a new step, or the turn
     passing to another seat; "now": say where the table is (just switched on). */
  function follow(mode) {
    const snap = typeof S !== "undefined" ? S.snap : null;
    if (!snap) return;
    const step = stepLine(snap);
    const turn = turnLine(snap);
    const last = said.turn;
    const newStep = step && step.key !== said.step;
    const newTurn = turn && (!last || turn.seat !== last.seat || snap.game_id !== last.game);
    if (mode === "now") {
      const line = step || turn;
      if (line) speak(line.text);
    } else if (mode === "news") {
      if (newStep) speak(step.text);
      if (newTurn) speak(turn.text);
    }
    said = { step: step ? step.key : said.step,
             turn: turn ? { seat: turn.seat, game: snap.game_id } : said.turn };
  }

  function render() {
    const speaking = on();
    toggle.setAttribute("aria-pressed", speaking ? "true" : "false");
    toggle.dataset.i18n = speaking ? "speech.on" : "speech.off";
    toggle.textContent = t(toggle.dataset.i18n);
    if (!speaking) showNote(null);
    else if (!voiceFor(currentLang())) showNote("speech.noVoice");
    else if (noteKey === "speech.noVoice") showNote(null);
    else if (noteKey) showNote(noteKey);
  }

  toggle.addEventListener("click", () => {
    localStorage.setItem(KEY, on() ? "0" : "1");
    if (!on() && synth) synth.cancel();
    render();
    if (on()) follow("now");
  });
  if (synth && synth.addEventListener) synth.addEventListener("voiceschanged", render);
  document.addEventListener("langchange", render);
  // What is on the table now is not news: only what changes after the page opened is said.
  const start = setInterval(() => {
    if (typeof S === "undefined" || !S.snap) return;
    clearInterval(start);
    follow("prime");
    setInterval(() => follow("news"), 500);
  }, 200);
  render();
})();
