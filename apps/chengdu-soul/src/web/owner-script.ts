/**
 * The owner's page's one small script, served from /assets/ (the page's CSP allows scripts from
 * this origin only): "Copy link" buttons, and the filter box over the scene picker. Everything
 * works without it — the link is in a field to select and copy, the picker is grouped by area —
 * so the buttons and the box stay hidden until it runs.
 */
export const OWNER_SCRIPT_PATH = '/assets/owner.js';

export const OWNER_SCRIPT = `"use strict";
for (const button of document.querySelectorAll("button[data-copy]")) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.target);
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      button.textContent = "Copied";
    } catch {
      if (field) field.select();
      button.textContent = "Selected: press Ctrl+C or ⌘C";
    }
  });
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
