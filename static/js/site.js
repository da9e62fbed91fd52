/* cardtutor: small progressive enhancements. Every feature also works without this file. */
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var focusedNav = null;

  // Replay viewer: left/right arrows, Home and End step through the replay.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var rel = KEYS[event.key];
    if (!rel) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var link = document.querySelector("#replay-step a[data-nav='" + rel + "']");
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  // Remember which step control had focus, so focus can return to it after the swap.
  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focusedNav = active && active.getAttribute ? active.getAttribute("data-nav") : null;
  });

  // The source text stays on the page while steps swap: mark the current step's sentences
  // and keep the first of them in view inside the scrolling panel.
  function showCurrentSentence() {
    var panel = document.querySelector(".source-body");
    var step = document.getElementById("replay-step");
    if (!panel || !step) return;
    var current = step.getAttribute("data-step");
    var first = null;
    panel.querySelectorAll(".source-sentence").forEach(function (link) {
      var here = link.getAttribute("data-step") === current;
      link.classList.toggle("is-current", here);
      if (here) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
      if (here && !first) first = link;
    });
    if (first) panel.scrollTop = Math.max(0, first.offsetTop - panel.offsetTop - panel.clientHeight / 3);
  }
  document.addEventListener("DOMContentLoaded", showCurrentSentence);
  document.addEventListener("htmx:afterSettle", showCurrentSentence);

  // After a step swap keep focus sensible: on the same control if it still leads somewhere,
  // otherwise on the step heading, so keyboard and screen-reader users land on the new step.
  document.addEventListener("htmx:afterSettle", function () {
    var step = document.getElementById("replay-step");
    if (!step || step.contains(document.activeElement)) return;
    var again = focusedNav && step.querySelector("a[data-nav='" + focusedNav + "']");
    var heading = step.querySelector("[data-focus-after-swap]");
    focusedNav = null;
    if (again) again.focus();
    else if (heading) heading.focus();
  });
})();
