// Games: play a card with the keyboard. While the hand has the focus, the arrow keys (Home,
// End) move between the card buttons, Enter (or Space) plays the focused one and a number key 1-9
// plays the card with that number (shown on the card); outside the hand these keys do what
// they always do (a digit typed elsewhere plays nothing: WCAG 2.1.4). The hand is one Tab stop,
// a toolbar: Tab goes to the hand's first playable card (or the one last focused) and the next
// Tab leaves the hand, instead of stopping on each of up to twelve cards. The forms work
// without this script (each card its own Tab stop, and no key hint, then); it adds the keys,
// the reasons in the line under the hand and the focus after a swap.
(function () {
  document.documentElement.classList.add("game-keys");
  function cards() {
    return Array.prototype.slice.call(document.querySelectorAll(".card-buttons .card-button"));
  }
  function playable(button) {
    return button.getAttribute("aria-disabled") !== "true";
  }
  // The one card of the hand that Tab reaches: tabindex 0 on it, -1 on the others.
  function makeTabStop(stop) {
    cards().forEach(function (button) { button.tabIndex = button === stop ? 0 : -1; });
  }
  function resetTabStop() {
    var list = cards();
    if (!list.length) return;
    // a toolbar to screen readers (arrows move within it), its items no longer list items
    var hand = list[0].closest("ul");
    hand.setAttribute("role", "toolbar");
    if (document.getElementById("card-keys")) hand.setAttribute("aria-describedby", "card-keys");
    Array.prototype.forEach.call(hand.children, function (item) { item.setAttribute("role", "none"); });
    makeTabStop(list.filter(playable)[0] || list[0]);
  }
  resetTabStop();
  document.addEventListener("htmx:afterSwap", resetTabStop);
  // Why a faded card may not be played: written into the line under the hand when the card is
  // pointed at, focused or tapped (the reasons' own boxes would cover the buttons below);
  // a playable card or Escape puts the line's general text back.
  document.documentElement.classList.add("why-inline");
  function cardAt(node) {
    var item = node && node.closest && node.closest(".card-buttons li");
    return item ? item.querySelector(".card-button") : null;
  }
  function whyLine(reason) {
    var line = document.querySelector(".why-line");
    if (!line) return;
    if (!line.dataset.general) line.dataset.general = line.textContent;
    line.textContent = reason || line.dataset.general;
    line.classList.toggle("is-reason", Boolean(reason));
  }
  function showWhy(event) {
    var button = cardAt(event.target);
    if (button && event.type === "focusin") makeTabStop(button);
    if (!button) return;
    var reason = button.getAttribute("aria-disabled") === "true" ? button.nextElementSibling : null;
    whyLine(reason ? reason.textContent : "");
  }
  // Right and Down go to the next card, Left and Up to the one before (a hand wraps onto a
  // second line on a phone, where Down would otherwise scroll the page away from it).
  var STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  document.addEventListener("focusin", showWhy);
  document.addEventListener("mouseover", showWhy);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { whyLine(""); return; }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    var list = cards();
    var index = list.indexOf(document.activeElement);
    if (index < 0) return;  // the keys act only while the hand has the focus
    if (event.key in STEPS) {
      var step = STEPS[event.key];
      list[(index + step + list.length) % list.length].focus();
      event.preventDefault();
    } else if (event.key === "Home" || event.key === "End") {
      list[event.key === "Home" ? 0 : list.length - 1].focus();
      event.preventDefault();
    } else if (/^[1-9]$/.test(event.key)) {
      var button = list.filter(function (b) { return b.dataset.key === event.key; })[0];
      if (button) { button.focus(); button.click(); event.preventDefault(); }
    }
  });
  // After htmx swaps the game in (a move, a take-back), the focus goes to what asks for
  // attention (a refusal, the worked example's comparison, the hint asked for, the example's
  // move made with its reasons), else to the next decision: a card to play, the first card
  // to pick for the exchange, the button that makes the ticked declaration. Not left where
  // htmx puts it, on an element of the new game with the old one's id (the exchange's second
  // card, now the declaration's second card).
  // A table scrolled out of view comes back, so the computer's moves, shown one after
  // another, are seen; then the focused control is brought into view (a phone's Declare).
  document.addEventListener("htmx:afterSettle", function (event) {
    var area = document.getElementById("game-area");
    // Only the game swapped in: the line "As ticked now, you say", fetched in place as a card
    // is ticked, must leave the focus on that card (it went to "Declare": Space declared).
    if (!area || event.target !== area) return;
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active) && !area.contains(active)) return;
    var focus = area.querySelector("#move-error, #book-choice, #hint, #game-note") ||
      area.querySelector(".other-moves button, .card-buttons .card-button:not([aria-disabled='true']), .move-form input[name=type][value=exchange] ~ fieldset .card-pick-input, .move-form .primary-button") ||
      area.querySelector("#moves-heading[tabindex]");  // the game is over: "The game is over"
    if (!focus) return;
    focus.focus({ preventScroll: true });
    if (focus.id === "hint") { focus.scrollIntoView({ block: "nearest" }); return; }
    // the worked example's move made, and why: read from its first line (brought into view by
    // the control under it, its first lines were above the screen); Tab goes on from there
    if (focus.id === "game-note") { focus.scrollIntoView({ block: "start" }); return; }
    var table = area.querySelector(".game-table");
    if (table && table.getBoundingClientRect().top < 0) table.scrollIntoView({ block: "start" });
    var shown = focus.classList.contains("card-pick-input") ? focus.nextElementSibling : focus;
    var box = shown.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 0) shown.scrollIntoView({ block: "nearest" });
    // The decision's other choices come into view too, as far as the table's top (and the
    // focused choice) stay on the screen: at a table of three or four the other players'
    // melds put "Draw from the talon", under a meld offered, below a phone's first screen.
    var choices = area.querySelectorAll(".move-form .other-moves button");
    var last = choices[choices.length - 1];
    if (!last || !table) return;
    var over = Math.ceil(last.getBoundingClientRect().bottom - window.innerHeight) + 8;
    var room = Math.min(table.getBoundingClientRect().top, shown.getBoundingClientRect().top);
    if (over > 8 && room > 0) window.scrollBy(0, Math.min(over, Math.floor(room)));
  });
  // The moves made since the learner's last one are shown on the table one after another
  // (games.css, 0.9 s each, up to 8 moves in a game for four). A card sent meanwhile went to a
  // trick not yet seen on the table: games.css veils the move form while they show, and a
  // click on it, or a move sent by a key (Enter, a number), ends the showing: the table as it
  // stands appears, and nothing is sent; the next one is. Whether the veil is up is read from
  // the page, so the script and the animation never disagree about when the showing ends (a
  // click just after it would have been lost).
  function veiled(form) {
    var area = document.getElementById("game-area");
    if (!form || !area || area.classList.contains("frames-skipped")) return false;
    var veil = window.getComputedStyle(form, "::after");  // (no veil: its content is "none")
    return veil.content !== "none" && veil.content !== "normal" && veil.visibility === "visible";
  }
  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest(".move-form");
    if (!veiled(form)) return;
    event.preventDefault();
    event.stopPropagation();
    var area = document.getElementById("game-area");
    area.classList.add("frames-skipped");
    // said, not only seen: a key pressed for a move did nothing a screen reader would tell
    var announcer = document.getElementById("game-announcer");
    if (announcer && area.dataset.skipped) announcer.textContent = area.dataset.skipped;
  }, true);
  // A card that may not be played is not sent: its reason is shown instead.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".card-button[aria-disabled='true']");
    if (button) { event.preventDefault(); button.focus(); }
  });
})();
