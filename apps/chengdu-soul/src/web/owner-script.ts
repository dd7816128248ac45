/**
 * The owner's pages' one small script, served from /assets/ (the pages' CSP allows scripts from
 * this origin only): "Copy link" buttons, "Share" buttons where the browser has a share sheet (the
 * Web Share API), and the filter box over the scene picker. Everything works without it — the
 * link is in a field to select and copy, the picker is grouped by area — so the buttons and the
 * box stay hidden until it runs.
 */
export const OWNER_SCRIPT_PATH = '/assets/owner.js';

export const OWNER_SCRIPT = `"use strict";
for (const button of document.querySelectorAll("button[data-copy]")) {
  button.hidden = false;
  // A button in a list names its plan after its words ("Copy link (saved plan 2: …)"); the new
  // words keep that name, so what a screen reader says still starts with what the eye reads.
  const label = button.getAttribute("aria-label");
  const plan = label && label.includes(" (") ? label.slice(label.indexOf(" (")) : "";
  const say = (words) => {
    button.textContent = words;
    if (label) button.setAttribute("aria-label", words + plan);
  };
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.target);
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      say("Copied");
    } catch {
      if (field) field.select();
      say("Selected: press Ctrl+C or ⌘C");
    }
  });
}
if (typeof navigator.share === "function") {
  for (const button of document.querySelectorAll("button[data-share]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      // A dismissed share sheet rejects; nothing is lost, the link stays on the page.
      navigator.share({ title: button.dataset.shareTitle, url: button.dataset.share }).catch(() => {});
    });
  }
}
for (const box of document.querySelectorAll("input[data-filter]")) {
  const scope = document.getElementById(box.dataset.filter);
  if (!scope) continue;
  box.closest(".scene-filter").hidden = false;
  const status = document.getElementById(box.dataset.status);
  box.addEventListener("input", () => {
    const words = box.value.trim().toLowerCase();
    let shown = 0;
    for (const choice of scope.querySelectorAll(".scene-choice")) {
      const match = words === "" || choice.dataset.search.includes(words);
      choice.hidden = !match;
      if (match) shown += 1;
    }
    for (const group of scope.querySelectorAll("details.scene-group")) {
      group.hidden = !group.querySelector(".scene-choice:not([hidden])");
      if (words !== "") group.open = true;
    }
    if (status) status.textContent = words === "" ? "" : shown + (shown === 1 ? " scene matches" : " scenes match");
  });
}
`;
