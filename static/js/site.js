/* cardtutor: small progressive enhancements. Every feature also works without this file. */
(function () {
  "use strict";
  // After htmx swaps a region, move focus to its heading so keyboard and screen-reader
  // users land on the new content.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target) return;
    var focusTarget = target.querySelector("[data-focus-after-swap]");
    if (focusTarget) focusTarget.focus({ preventScroll: false });
  });
})();
