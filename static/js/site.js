/* cardtutor: small progressive enhancements. Every feature also works without this file. */
(function () {
  "use strict";

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var focusedNav = null;
  var wanted = null; // the step the keys asked for, while a step is on its way
  var busy = false; // a request for #replay-step is under way

  function replayStep() {
    return document.getElementById("replay-step");
  }

  // Ask for step `number` in the current perspective. The controls' <nav> carries the address
  // pattern and hx-push-url, so the address bar and the history follow as with a click.
  function load(number) {
    var step = replayStep();
    var nav = step && step.querySelector("[data-step-url]");
    if (!nav) return;
    var url = nav.getAttribute("data-step-url").replace("{n}", String(number));
    if (!window.htmx) {
      window.location.assign(url);
      return;
    }
    busy = true;
    window.htmx.ajax("GET", url, { source: nav, target: "#replay-step", swap: "outerHTML" });
  }

  // The key list (a <details>): "?" opens it and moves focus to its Close button; Escape or
  // Close shut it and put focus back where it was (or on its summary, or the step heading).
  var focusBeforeKeys = null;

  function visible(el) {
    return !!(el && el.isConnected && el.getClientRects().length);
  }

  function toggleKeyList(open) {
    var keys = document.getElementById("replay-keys");
    if (!keys) return false;
    var opening = open === undefined ? !keys.open : open;
    if (opening === keys.open) return true;
    if (opening) {
      focusBeforeKeys = document.activeElement;
      keys.open = true;
      var close = keys.querySelector("[data-keys-close]");
      if (visible(close)) close.focus();
      return true;
    }
    var hadFocus = keys.contains(document.activeElement) || document.activeElement === document.body;
    keys.open = false;
    if (hadFocus) {
      // where focus was before "?", else the summary (hidden on phones), else the step heading
      var back = [focusBeforeKeys, keys.querySelector("summary"), document.querySelector("[data-focus-after-swap]")];
      for (var i = 0; i < back.length; i++) {
        if (back[i] && back[i] !== document.body && visible(back[i])) {
          back[i].focus();
          break;
        }
      }
    }
    focusBeforeKeys = null;
    return true;
  }

  // The keys, the Close button and the Escape line work only with this script: show them.
  function enableKeyList() {
    document.querySelectorAll("#replay-keys, #replay-keys [data-keys-close], #replay-keys [data-keys-js]").forEach(function (el) {
      el.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", enableKeyList);
  document.addEventListener("htmx:afterSettle", enableKeyList);
  document.addEventListener("click", function (event) {
    var close = event.target && event.target.closest && event.target.closest("[data-keys-close]");
    if (close) toggleKeyList(false);
  });

  // Replay viewer: left/right arrows, Home and End step through the replay; "?" lists the keys.
  // Presses are counted, not clicked: while a step is loading, further presses move the wanted
  // step, and when the swap is done the wanted step is fetched (one request, however many
  // presses). No press can fall through to a link's plain navigation (a full reload).
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    var step = replayStep();
    if (!step) return;
    if (event.key === "?") {
      if (toggleKeyList()) event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      var keys = document.getElementById("replay-keys");
      if (keys && keys.open) {
        event.preventDefault();
        toggleKeyList(false);
      }
      return;
    }
    // The step controls look like buttons: Space presses them, as it presses a button (on a
    // link it would scroll the page).
    if (event.key === " " && target && target.matches && target.matches("#replay-step a[data-nav]")) {
      event.preventDefault();
      go(step, target.getAttribute("data-nav"));
      return;
    }
    var rel = KEYS[event.key];
    if (!rel || event.shiftKey) return;
    event.preventDefault();
    go(step, rel);
  });

  // Move the wanted step by `rel` (prev, next, first, last) from the step last asked for.
  function go(step, rel) {
    var shown = parseInt(step.getAttribute("data-step"), 10);
    var last = parseInt(step.getAttribute("data-last"), 10);
    var from = wanted === null ? shown : wanted;
    var to = { prev: from - 1, next: from + 1, first: 0, last: last }[rel];
    to = Math.max(0, Math.min(last, to));
    if (to === from) return;
    wanted = to;
    if (!busy) load(to);
  }

  // The step controls count as the keys do: a click (or Enter) while a step is loading moves
  // the wanted step too, instead of being dropped by htmx as a second request of the same link.
  // Caught on the way down (capture), before htmx's own handler on the link sees it; a click
  // that opens a new tab (a modifier key, the middle button) is left to the browser.
  document.addEventListener(
    "click",
    function (event) {
      var link = event.target && event.target.closest && event.target.closest("#replay-step a[data-nav]");
      if (!link || !window.htmx || event.button !== 0) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      go(replayStep(), link.getAttribute("data-nav"));
    },
    true
  );

  function isStep(el) {
    return !!(el && el.id === "replay-step");
  }

  // Remember which step control has focus just before a step is swapped in (not when it was
  // asked for: the learner may have tabbed on while it loaded), so focus can return to it.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail && isStep(event.detail.target)) busy = true;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail || !isStep(event.detail.target)) return;
    var active = document.activeElement;
    focusedNav = active && active.getAttribute ? active.getAttribute("data-nav") : null;
  });

  // A step arrived: fetch the step the keys want now, if it is another one.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.target || event.target.id !== "replay-step") return;
    busy = false;
    var shown = parseInt(event.target.getAttribute("data-step"), 10);
    if (wanted === null || wanted === shown) wanted = null;
    else load(wanted);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && !event.detail.successful) {
      busy = false;
      wanted = null;
    }
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
  // Only after a step's swap: the advice below the source loads when it scrolls into view,
  // and the panel must stay where the reader (or a link to a quotation in it) left it.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (isStep(event.target)) showCurrentSentence();
  });

  // After a step swap keep focus sensible: on the same control if it still leads somewhere,
  // otherwise on the step heading, so keyboard and screen-reader users land on the new step.
  // Only after a step's swap: another part of the page loading (the advice below the source,
  // when it scrolls into view) must not pull the focus, and the page, back to the heading.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (isStep(event.target)) focusStep();
  });

  function focusStep() {
    var step = document.getElementById("replay-step");
    if (!step || step.contains(document.activeElement)) return;
    var again = focusedNav && step.querySelector("a[data-nav='" + focusedNav + "']");
    var heading = step.querySelector("[data-focus-after-swap]");
    focusedNav = null;
    if (again) again.focus();
    else if (heading) heading.focus();
  }

  // Switching language (or deck) returns to the same place on the page: the address the form
  // sends back to gets the page's #section, which only the browser knows.
  // Without a #section the page comes back at its top, and the focus goes back to the switch
  // just pressed (now showing the new choice), not to the start of the page: a keyboard or
  // screen-reader user is where they were. (With a #section the browser starts there.)
  var SWITCHED = "cardtutor-switched";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.classList) return;
    var next = form.querySelector("#language-next, #deck-next");
    if (!next) return;
    try { window.sessionStorage.setItem(SWITCHED, next.id); } catch (e) { /* storage off */ }
    if (window.location.hash && next.value.indexOf("#") < 0) next.value += window.location.hash;
  });
  (function refocusSwitch() {
    var which = null;
    try {
      which = window.sessionStorage.getItem(SWITCHED);
      window.sessionStorage.removeItem(SWITCHED);
    } catch (e) { return; }
    if (!which || window.location.hash) return;
    var form = document.getElementById(which);
    form = form && form.form;
    var button = form && (form.querySelector("button[aria-pressed='true']") || form.querySelector("button"));
    if (button) button.focus({ preventScroll: true });
  })();

  // A checkbox (a card to pick in the drills and the games' exchange and declarations, a meld
  // in the meld spotter) or a card drawn as a radio button: Enter ticks it, as Space does,
  // instead of sending the form (the browser's implicit submission), so a learner who presses
  // Enter on a card or a meld to pick it does not send a half-made answer.
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box || box.tagName !== "INPUT") return;
    if (box.type !== "checkbox" && !(box.type === "radio" && box.classList.contains("card-pick-input"))) return;
    event.preventDefault();
    if (!box.disabled) box.click();
  });

  // A request made in place that fails (an error status, no connection) changes nothing on the
  // page: say so, with a link that loads the page afresh (with a fresh form), instead of a
  // click that seems to do nothing. The next request that goes through hides the note.
  function requestFailed() {
    var note = document.getElementById("request-failed");
    if (!note) return;
    var reload = note.querySelector("a");
    if (reload) reload.href = window.location.href;
    note.hidden = false;
  }
  document.addEventListener("htmx:responseError", requestFailed);
  document.addEventListener("htmx:sendError", requestFailed);
  document.addEventListener("htmx:afterRequest", function (event) {
    var note = document.getElementById("request-failed");
    if (note && !note.hidden && event.detail && event.detail.successful) note.hidden = true;
  });

  // Practice pages: after htmx swaps a verdict (or an error) into the answer area, move the
  // keyboard focus to it, so a screen reader reads it and Tab continues from there.
  document.addEventListener("htmx:afterSettle", function (event) {
    var area = document.getElementById("answer-area");
    if (!area || (!area.contains(event.target) && event.target !== area)) return;
    var target = document.getElementById("feedback") || document.getElementById("answer-error");
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus();
    }
  });
})();
