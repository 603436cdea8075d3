// The only script: filters a long list of choices as the user types. Everything works without it.
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
});
