/* Interface strings in English and Traditional Chinese; the choice is kept in localStorage.
   Game sentences (violations, score lines, hints) come from the server already in both
   languages as {"en": ..., "zh-TW": ...}; `pick` chooses one. */
"use strict";

const I18N = {
  "en": {
    "brand": "Table companion",
    "nav.dashboard": "Dashboard", "nav.setup": "Set-up", "nav.games": "Past games",
    "nav.summary": "Summary",
    "conn.connecting": "connecting…", "conn.live": "live", "conn.lost": "connection lost — retrying",
    "camera.title": "Camera",
    "camera.none": "No camera attached. Start with --source, or correct the table by hand.",
    "camera.offline": "Camera offline",
    "camera.live": "Camera live",
    "camera.age": "last frame {s} s ago",
    "camera.never": "no frame received yet",
    "camera.finished": "recording finished",
    "camera.reason.connecting": "Connecting to the camera…",
    "camera.reason.open_failed": "The camera cannot be opened: is it plugged in? Retrying.",
    "camera.reason.stopped": "The camera stopped sending pictures (unplugged?). Reconnecting.",
    "camera.reason.no_frames": "No picture from the camera for a while. Reconnecting.",
    "camera.reason.frozen": "The camera shows the same frozen picture. Reconnecting.",
    "camera.reason.closed": "The camera was closed.",
    "camera.reason.finished": "The recording has ended.",
    "camera.calibrated": "calibrated", "camera.uncalibrated": "not calibrated",
    "camera.error": "reprojection error {e} mm",
    "turn.title": "Turn", "turn.of": "{name} to play", "turn.over": "The game is over.",
    "turn.partner": "{name} may also act now",
    "turn.stopped": "Stopped: {names}",
    "turn.deck": "Deck: {n} cards", "turn.hands": "Cards in hand",
    "btn.undo": "Undo last move", "btn.cannot": "{name}: I cannot play",
    "confirm.cannot": "{name} cannot place any card and stops for the rest of the game. Sure?",
    "hints.title": "What can be played now",
    "hints.none": "Nothing to suggest right now.",
    "alerts.title": "Rule alerts", "alerts.none": "No rule problems on the table.",
    "board.title": "Table",
    "board.help": "Click a space, then a card, to correct what the camera read.",
    "board.museum": "Museum of {names}",
    "board.bonus": "gallery bonus (4 points): {who}",
    "board.staircase": "staircase", "board.chandelier": "chandelier",
    "board.onTable": "Pieces the camera sees",
    "board.empty": "(empty)",
    "board.notCounted": "On the table but not counted: take it back, or click to correct it.",
    "picker.title": "{place}",
    "picker.choose": "Choose the card that lies here:",
    "picker.remove": "Remove {card} from the table",
    "picker.filter": "type a number…",
    "generic.correct": "Add or remove a card by hand",
    "generic.region": "region", "generic.slot": "slot (e.g. 0,2)", "generic.payload": "card code",
    "generic.add": "Add", "generic.remove": "Remove",
    "match.on": "Match, first to {n} wins: {tally}", "match.won": "{names} won the match ({tally})",
    "scores.title": "Scores", "scores.total": "{n} points", "scores.none": "No points yet.",
    "log.title": "Game log", "log.empty": "Nothing has happened yet.",
    "log.undo": "Undo", "log.rejected": "rejected", "log.place": "{who} placed {card}",
    "log.cannot": "{who} cannot play and stops", "log.manual": "by hand", "log.camera": "camera",
    "end.title": "Game over", "end.summary": "Printable summary",
    "end.winner": "Winner", "end.tiebreak": "Tie-break",
    "setup.new": "New game", "setup.game": "Game", "setup.players": "Players",
    "setup.names": "Names (comma separated)", "setup.staircases": "Musée staircase layout",
    "setup.stairs.first": "First-game layout", "setup.stairs.custom": "Custom: staircase columns",
    "setup.start": "Start a new game", "setup.started": "New game started.",
    "setup.current": "Now playing: game #{id}, {game}, {players} players{resumed}.",
    "setup.resumed": " (resumed after a restart)",
    "setup.calibration": "Camera calibration",
    "setup.corners.help": "If the table markers are not found, click the four corners of the play mat on the preview (top-left, top-right, bottom-right, bottom-left).",
    "setup.corners.reset": "Clear corners", "setup.corners.sent": "Corners sent to the camera.",
    "setup.kit": "Printable kit", "setup.kit.cmd": "Print from a terminal:",
    "kit.cards": "Cards with QR codes (PDF)", "kit.stickers": "QR stickers for your own cards (PDF)",
    "kit.tokens": "Tokens (PDF)", "kit.mat": "Play mat (PDF)",
    "games.title": "Past games", "games.game": "Game", "games.date": "Started",
    "games.players": "Players", "games.result": "Result", "games.unfinished": "unfinished",
    "games.export": "Export", "games.open": "Open", "games.current": "current",
    "games.import": "Import a game record", "games.imported": "Imported as game #{id}.",
    "summary.print": "Print", "summary.title": "{game} — game #{id}",
    "summary.meta": "{date} · {names}", "summary.ongoing": "The game is still going on.",
    "err.stale": "The table changed meanwhile; the page has been refreshed. Try again.",
    "points": "pts",
  },
  "zh-TW": {
    "brand": "桌遊小幫手",
    "nav.dashboard": "即時看板", "nav.setup": "開局設定", "nav.games": "過去的對局",
    "nav.summary": "對局摘要",
    "conn.connecting": "連線中…", "conn.live": "即時", "conn.lost": "連線中斷，重新連線中",
    "camera.title": "攝影機",
    "camera.none": "沒有接上攝影機。請用 --source 啟動，或手動修正桌面。",
    "camera.offline": "攝影機離線",
    "camera.live": "攝影機連線中",
    "camera.age": "最後一張畫面是 {s} 秒前",
    "camera.never": "還沒收到任何畫面",
    "camera.finished": "錄影已播放完畢",
    "camera.reason.connecting": "正在連接攝影機…",
    "camera.reason.open_failed": "無法開啟攝影機：有插好嗎？正在重試。",
    "camera.reason.stopped": "攝影機停止傳送畫面（被拔掉了嗎？），正在重新連接。",
    "camera.reason.no_frames": "一段時間沒有收到攝影機畫面，正在重新連接。",
    "camera.reason.frozen": "攝影機畫面停住不動，正在重新連接。",
    "camera.reason.closed": "攝影機已關閉。",
    "camera.reason.finished": "錄影已經播放完畢。",
    "camera.calibrated": "已校正", "camera.uncalibrated": "尚未校正",
    "camera.error": "重投影誤差 {e} 公釐",
    "turn.title": "輪到誰", "turn.of": "輪到 {name}", "turn.over": "遊戲結束。",
    "turn.partner": "{name} 現在也可以行動",
    "turn.stopped": "已停止出牌：{names}",
    "turn.deck": "牌堆：剩 {n} 張", "turn.hands": "手牌數",
    "btn.undo": "復原上一步", "btn.cannot": "{name}：我無法出牌",
    "confirm.cannot": "{name} 沒有牌能放，本局剩下的時間都不再出牌。確定嗎？",
    "hints.title": "現在可以怎麼下",
    "hints.none": "目前沒有建議。",
    "alerts.title": "規則提醒", "alerts.none": "桌面上沒有違反規則的地方。",
    "board.title": "桌面",
    "board.help": "先點一個空格，再點一張牌，就能修正攝影機讀錯的地方。",
    "board.museum": "{names} 的美術館",
    "board.bonus": "展覽廳獎勵卡（4 分）：{who}",
    "board.staircase": "樓梯", "board.chandelier": "吊燈",
    "board.onTable": "攝影機看到的物件",
    "board.empty": "（空）",
    "board.notCounted": "桌上有這張牌，但沒有計入：請拿回，或點一下修正。",
    "picker.title": "{place}",
    "picker.choose": "選擇放在這裡的牌：",
    "picker.remove": "把 {card} 從桌面移除",
    "picker.filter": "輸入數字…",
    "generic.correct": "手動加入或移除一張牌",
    "generic.region": "區域", "generic.slot": "位置（例如 0,2）", "generic.payload": "卡牌代碼",
    "generic.add": "加入", "generic.remove": "移除",
    "match.on": "比賽（先贏 {n} 局者勝）：{tally}", "match.won": "{names} 贏得整場比賽（{tally}）",
    "scores.title": "分數", "scores.total": "{n} 分", "scores.none": "還沒有得分。",
    "log.title": "對局紀錄", "log.empty": "還沒有任何動作。",
    "log.undo": "復原", "log.rejected": "不被接受", "log.place": "{who} 放了 {card}",
    "log.cannot": "{who} 無法出牌，停止出牌", "log.manual": "手動", "log.camera": "攝影機",
    "end.title": "遊戲結束", "end.summary": "可列印的摘要",
    "end.winner": "贏家", "end.tiebreak": "平手時的判定",
    "setup.new": "開新的一局", "setup.game": "遊戲", "setup.players": "玩家人數",
    "setup.names": "玩家名字（用逗號分隔）", "setup.staircases": "私藏美術館的樓梯位置",
    "setup.stairs.first": "第一次玩的擺法", "setup.stairs.custom": "自訂樓梯所在的欄",
    "setup.start": "開始新的一局", "setup.started": "新的一局已開始。",
    "setup.current": "目前對局：第 {id} 局，{game}，{players} 位玩家{resumed}。",
    "setup.resumed": "（重新啟動後接續）",
    "setup.calibration": "攝影機校正",
    "setup.corners.help": "如果找不到桌面標記，請在畫面上依序點選遊戲墊的四個角（左上、右上、右下、左下）。",
    "setup.corners.reset": "清除四角", "setup.corners.sent": "四個角已送給攝影機。",
    "setup.kit": "可列印的道具", "setup.kit.cmd": "在終端機列印：",
    "kit.cards": "附 QR 碼的卡牌（PDF）", "kit.stickers": "貼在自己卡牌上的 QR 貼紙（PDF）",
    "kit.tokens": "標記（PDF）", "kit.mat": "遊戲墊（PDF）",
    "games.title": "過去的對局", "games.game": "遊戲", "games.date": "開始時間",
    "games.players": "玩家", "games.result": "結果", "games.unfinished": "未完成",
    "games.export": "匯出", "games.open": "開啟", "games.current": "目前這局",
    "games.import": "匯入對局紀錄", "games.imported": "已匯入為第 {id} 局。",
    "summary.print": "列印", "summary.title": "{game}：第 {id} 局",
    "summary.meta": "{date} · {names}", "summary.ongoing": "這局還在進行中。",
    "err.stale": "桌面剛剛有變化，頁面已更新，請再試一次。",
    "points": "分",
  },
};

const LANG_KEY = "companion.lang";

function currentLang() {
  const saved = window.localStorage ? localStorage.getItem(LANG_KEY) : null;
  return saved === "zh-TW" || saved === "en" ? saved : "en";
}

function setLang(lang) {
  localStorage.setItem(LANG_KEY, lang);
  applyStaticText();
  document.dispatchEvent(new CustomEvent("langchange"));
}

/* t("turn.of", {name: "Amy"}) -> "Amy to play" */
function t(key, vars) {
  const table = I18N[currentLang()] || I18N.en;
  let text = key in table ? table[key] : (I18N.en[key] || key);
  for (const [name, value] of Object.entries(vars || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

/* A server Text {"en", "zh-TW"} in the chosen language. */
function pick(text) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return currentLang() === "zh-TW" ? (text["zh-TW"] || text.en || "") : (text.en || "");
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
