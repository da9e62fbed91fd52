// Games: play a card with the keyboard. Arrow keys move between the card buttons, Enter (or
// Space) plays the focused one; a number key 1-9 plays the card with that number. The forms
// work without this script; it only adds the keys.
(function () {
  function cards() {
    return Array.prototype.slice.call(document.querySelectorAll(".card-buttons .card-button"));
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    var list = cards();
    if (!list.length) return;
    var index = list.indexOf(document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      var step = event.key === "ArrowRight" ? 1 : -1;
      var next = index < 0 ? 0 : (index + step + list.length) % list.length;
      list[next].focus();
      event.preventDefault();
    } else if (/^[1-9]$/.test(event.key)) {
      var button = list.filter(function (b) { return b.dataset.key === event.key; })[0];
      if (button) { button.focus(); button.click(); event.preventDefault(); }
    }
  });
  // After htmx swaps the game in (a move, a take-back), focus is not left on the page's body:
  // it goes to what asks for attention (a refusal, the worked example's comparison), else to
  // the next decision. A table scrolled out of view comes back, so the computer's moves,
  // shown one after another, are seen.
  document.addEventListener("htmx:afterSettle", function () {
    var area = document.getElementById("game-area");
    if (!area) return;
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    var focus = area.querySelector("#move-error, #book-choice") ||
      area.querySelector(".other-moves button, .card-buttons .card-button:not([aria-disabled='true']), .move-form .primary-button");
    if (focus) focus.focus({ preventScroll: true });
    var table = area.querySelector(".game-table");
    if (table && table.getBoundingClientRect().top < 0) table.scrollIntoView({ block: "start" });
  });
  // A card that may not be played is not sent: its reason is shown instead.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".card-button[aria-disabled='true']");
    if (button) { event.preventDefault(); button.focus(); }
  });
})();
