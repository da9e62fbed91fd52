// Practice pages: after htmx swaps a verdict (or an error) into the answer area, move the
// keyboard focus to it, so a screen reader reads it and Tab continues from there.
document.addEventListener("htmx:afterSettle", function (event) {
  var area = document.getElementById("answer-area");
  if (!area || !area.contains(event.target) && event.target !== area) return;
  var target = document.getElementById("feedback") || document.getElementById("answer-error");
  if (target) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
});
