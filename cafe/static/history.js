/* The café's evening in numbers: /api/history for a range of days, drawn with the vendored
   Chart.js (static/vendor/chartjs). Every text from the server is written with textContent. */
"use strict";

const H = { data: null, charts: [], from: null, to: null };
const INK = "#eef1f5";
const GRID = "#3a4350";
const COLOURS = { games: "#5aa9ff", minutes: "#3ecf6e", help: "#ffc44d", unpacked: "#ff5a52" };

function localDay(date) {
  const two = (x) => String(x).padStart(2, "0");
  return date.getFullYear() + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate());
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function waitText(seconds) {
  if (seconds == null) return "–";
  const whole = Math.round(seconds);
  if (whole < 60) return t("cafe.history.seconds", { n: whole });
  if (whole % 60 === 0 || whole >= 3600) return t("cafe.minutes", { n: Math.round(whole / 60) });
  return t("cafe.history.min_s", { m: Math.floor(whole / 60), s: whole % 60 });
}

// One bar chart; `rows` are [label, value] pairs, `title` and `unit` already in the language.
function barChart(id, title, unit, rows, colour) {
  const canvas = document.getElementById(id);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", title);
  const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 18;
  // A TV (as cafe.css): no label under 28 px, read from 3 m.
  const tv = window.matchMedia("(min-width: 1400px)").matches;
  const font = { size: Math.max(Math.round(rootSize * 0.9), tv ? 28 : 0) };
  const chart = new Chart(canvas, {
    type: "bar",
    data: {
      labels: rows.map((row) => row[0]),
      datasets: [{ label: unit, data: rows.map((row) => row[1]), backgroundColor: colour }],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: title, color: INK, font: { size: Math.round(rootSize * 1.1) } },
        legend: { display: false },
        // "3 games" / "3 局": not Chart.js's own "局: 3", an ASCII colon in Chinese
        tooltip: {
          titleFont: font, bodyFont: font,
          callbacks: { label: (item) => item.formattedValue + " " + unit },
        },
      },
      scales: {
        x: { ticks: { color: INK, font }, grid: { color: GRID } },
        y: { beginAtZero: true, ticks: { color: INK, font, precision: 0 }, grid: { color: GRID } },
      },
    },
  });
  H.charts.push(chart);
}

function figures(data) {
  const help = data.help;
  const lines = [
    t("cafe.history.games_total", { n: data.games.total }),
    t("cafe.history.help_calls", { n: help.calls, acked: help.acknowledged }),
    t("cafe.history.help_wait", {
      median: waitText(help.median_wait_s), max: waitText(help.max_wait_s) }),
    t("cafe.history.unpacked", { n: data.unpacked.count }),
    t("cafe.history.packups", {
      complete: data.packups.complete, incomplete: data.packups.incomplete }),
  ];
  document.getElementById("history-figures").replaceChildren(...lines.map((x) => el("li", "", x)));
}

function render() {
  H.charts.forEach((chart) => chart.destroy());
  H.charts = [];
  const data = H.data;
  if (!data) return;
  const range = document.getElementById("history-range");
  range.textContent = data.from === data.to ? t("cafe.history.one_day", { day: data.from })
    : t("cafe.history.days", { from: data.from, to: data.to });
  if (!data.games.total && !data.help.calls) range.textContent += " · " + t("cafe.history.nothing");
  figures(data);
  const pairs = (list) => list.map((x) => [x.table, x.count]);
  const games = t("cafe.history.unit_games");
  barChart("chart-tables", t("cafe.history.chart_tables"), games, pairs(data.games.per_table),
    COLOURS.games);
  barChart("chart-games", t("cafe.history.chart_games"), games,
    data.games.per_game.map((x) => [pick(x.name), x.count]), COLOURS.games);
  barChart("chart-minutes", t("cafe.history.chart_minutes"), t("cafe.history.unit_minutes"),
    data.games.per_game.map((x) => [pick(x.name), x.median_min]), COLOURS.minutes);
  barChart("chart-help", t("cafe.history.chart_help"), t("cafe.history.unit_calls"),
    pairs(data.help.per_table), COLOURS.help);
  barChart("chart-unpacked", t("cafe.history.chart_unpacked"), games,
    pairs(data.unpacked.per_table), COLOURS.unpacked);
  barChart("chart-days", t("cafe.history.chart_days"), games,
    data.games.per_day.map((x) => [x.day.slice(5), x.count]), COLOURS.games);
}

function showError(status) {
  const node = document.getElementById("history-error");
  node.textContent = t(status === 400 ? "cafe.history.bad_range" : "cafe.history.unavailable");
  node.classList.remove("hidden");
}

async function load() {
  const query = new URLSearchParams({ from: H.from, to: H.to });
  document.getElementById("history-error").classList.add("hidden");
  let response;
  try {
    response = await fetch("/api/history?" + query);
  } catch (error) {
    showError(0);
    return;
  }
  if (!response.ok) {
    showError(response.status);
    return;
  }
  H.data = await response.json();
  render();
}

function setRange(from, to) {
  H.from = from;
  H.to = to;
  document.getElementById("range-from").value = from;
  document.getElementById("range-to").value = to;
  load();
}

document.querySelectorAll("[data-lang]").forEach((button) => {
  button.addEventListener("click", () => setLang(button.dataset.lang));
});
document.getElementById("range-today").addEventListener("click", () => {
  const today = localDay(new Date());
  setRange(today, today);
});
document.getElementById("range-week").addEventListener("click", () => {
  const week = new Date();
  week.setDate(week.getDate() - 6);
  setRange(localDay(week), localDay(new Date()));
});
document.getElementById("range-show").addEventListener("click", () => {
  const from = document.getElementById("range-from").value;
  const to = document.getElementById("range-to").value || from;
  if (from) setRange(from, to);
});
document.addEventListener("langchange", render);
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
Chart.defaults.color = INK;
applyStaticText();
const today = localDay(new Date());
setRange(today, today);
