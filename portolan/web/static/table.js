// The only script; everything works without it. It filters a long list of choices as the user
// types, and keeps a score pad's running totals (asked of the server, which scores as
// `portolan score` does) at the top of the pad while the table fills it in.
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll("input[data-filter]")) {
    const list = document.querySelector(box.dataset.filter);
    if (!list) continue;
    box.addEventListener("input", () => {
      const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const item of list.children) {
        const text = item.textContent.toLowerCase();
        item.hidden = !words.every((w) => text.includes(w));
      }
    });
  }
  for (const pad of document.querySelectorAll("form[data-totals]")) runningTotals(pad);
});

function runningTotals(pad) {
  const shown = pad.querySelector(".running");
  if (!shown) return;
  let timer = null;
  let asked = 0;
  const ask = async () => {
    const mine = ++asked;
    let answer;
    try {
      const response = await fetch(pad.dataset.totals, {
        method: "POST",
        body: new URLSearchParams(new FormData(pad)),
      });
      answer = await response.json();
    } catch {
      return; // the Score button still works
    }
    if (mine !== asked) return; // a later answer is on its way
    for (const cell of pad.querySelectorAll("[data-marked]")) {
      cell.removeAttribute("aria-invalid");
      cell.removeAttribute("data-marked");
    }
    shown.hidden = false;
    shown.classList.toggle("bad", !answer.totals);
    if (answer.totals) {
      const parts = Object.entries(answer.totals).map(([p, t]) => `${p} ${t}`);
      shown.textContent = "Totals so far: " + parts.join(" · ");
      return;
    }
    const messages = Object.values(answer.wrong).concat(answer.problems || []);
    for (const name of Object.keys(answer.wrong)) {
      const cell = pad.querySelector(`[name="${CSS.escape(name)}"]`);
      if (cell) {
        cell.setAttribute("aria-invalid", "true");
        cell.setAttribute("data-marked", "");
      }
    }
    shown.textContent = "Check: " + [...new Set(messages)].slice(0, 3).join(" · ");
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(ask, 350);
  };
  pad.addEventListener("input", later);
  pad.addEventListener("change", later);
}
