// The only script; everything works without it. It filters a long list of choices as the user
// types, shows a score pad's cells that matter now (Ships' present area, Age of Discovery's next
// ship), and keeps its running totals (asked of the server, which scores as
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
  for (const pad of document.querySelectorAll("form[data-totals]")) {
    presentArea(pad);
    shipSlots(pad);
    runningTotals(pad);
  }
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

// Ships: only the present area's trade boxes, cities and Area 7 rows are shown (and sent);
// without the script every area is listed and the server says which cells lie outside it.
function presentArea(pad) {
  const chosen = pad.querySelector("select[name=area]");
  if (!chosen) return;
  const show = () => {
    for (const part of pad.querySelectorAll("[data-area]")) {
      const off = part.dataset.area !== chosen.value;
      part.hidden = off;
      for (const cell of part.querySelectorAll("input, select")) cell.disabled = off;
    }
    for (const hint of pad.querySelectorAll(".area-none")) hint.hidden = chosen.value !== "";
  };
  chosen.addEventListener("change", show);
  show();
}

// Age of Discovery: an expedition shows its filled ships and one empty line for the next.
function shipSlots(pad) {
  for (const fleet of pad.querySelectorAll(".fleet")) {
    const slots = [...fleet.querySelectorAll(".slot")];
    const show = () => {
      const used = slots.map((slot) =>
        [...slot.querySelectorAll("select")].some((s) => s.value) ||
        slot.querySelector("input").checked);
      const last = used.lastIndexOf(true);
      slots.forEach((slot, i) => { slot.hidden = i > last + 1; });
    };
    fleet.addEventListener("change", show);
    show();
  }
}
