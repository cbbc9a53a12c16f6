/* "Call staff" at the table: tap to call, then see the call waiting, then "someone is coming"
   once café staff acknowledge it. Its own strings in both languages (i18n.js picks). */
"use strict";

(function () {
  const TEXT = {
    button: { en: "Call staff", "zh-TW": "呼叫店員" },
    waiting: { en: "Staff called at {time}: please wait.", "zh-TW": "已在 {time} 呼叫店員，請稍候。" },
    coming: { en: "Someone is coming (seen {time}).", "zh-TW": "店員已看到（{time}），馬上過來。" },
    auto: { en: "This table asked staff for help at {time}.", "zh-TW": "這桌已在 {time} 自動請店員協助。" },
    failed: { en: "The call did not go through: try again.", "zh-TW": "呼叫沒有送出，請再試一次。" },
  };
  const button = document.getElementById("cafe-help-btn");
  const line = document.getElementById("cafe-help-state");
  let status = { open: false };

  function say(key, vars) {
    let text = pick(TEXT[key]);
    Object.entries(vars || {}).forEach(([name, value]) => { text = text.replace("{" + name + "}", value); });
    return text;
  }

  function hhmm(seconds) {
    const d = new Date(seconds * 1000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }

  function show() {
    button.textContent = say("button");
    button.disabled = status.open;
    line.className = "cafe-help-state" + (status.acknowledged_at ? " coming" : "");
    if (!status.open) line.textContent = "";
    else if (status.acknowledged_at) line.textContent = say("coming", { time: hhmm(status.acknowledged_at) });
    else line.textContent = say(status.reason === "called" ? "waiting" : "auto", { time: hhmm(status.since) });
  }

  async function refresh() {
    try {
      const response = await fetch("/api/call-staff", { credentials: "same-origin" });
      if (response.ok) { status = await response.json(); show(); }
    } catch (error) { /* the next poll tries again */ }
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const response = await fetch("/api/call-staff", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: "{}",
      });
      if (!response.ok) throw new Error(String(response.status));
      status = await response.json();
      show();
    } catch (error) {
      button.disabled = false;
      line.textContent = say("failed");
    }
  });
  document.addEventListener("langchange", show);
  show();
  refresh();
  setInterval(refresh, 3000);
})();
