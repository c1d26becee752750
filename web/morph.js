// Drawing the page again draws only what changed (issue 26): the new HTML is
// compared with the page and the page's own nodes are kept and updated
// (morphdom, pinned in package.json and copied into the site by make dist).
// So whatever the player did to the page that the HTML does not say survives
// a redraw by itself: the focused control, every scroller's position, an
// open fold (<details>), a half-typed text, a running animation.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  function textual(el) {
    return el.nodeName === "TEXTAREA" || (el.nodeName === "INPUT" && /^(text|search|number|)$/.test(el.type));
  }
  // What belongs to the page, not to the HTML: an open fold, the text being
  // typed, and the page's own marks (data-page-*, e.g. the log scrolled away).
  function keep(fromEl, toEl) {
    if (fromEl.nodeName === "DETAILS") toEl.open = fromEl.open;
    if (fromEl === document.activeElement && textual(fromEl)) toEl.value = fromEl.value;
    for (var names = fromEl.getAttributeNames(), i = 0; i < names.length; i++) {
      if (names[i].lastIndexOf("data-page-", 0) === 0) toEl.setAttribute(names[i], fromEl.getAttribute(names[i]));
    }
    // an unchanged board or log entry is not walked at all (they hold no form
    // control, whose state may differ from its HTML while both look the same)
    return !((fromEl.namespaceURI === SVG || fromEl.nodeName === "LI") && fromEl.isEqualNode(toEl));
  }
  var options = { childrenOnly: true, onBeforeElUpdated: keep };
  // root's content becomes `html`, keeping every node that stays
  window.speeltafelMorph = function (root, html) {
    var next = root.cloneNode(false);
    next.innerHTML = html;
    morphdom(root, next, options);
  };
  // The log's scroller (a reversed column: scrollTop 0 is its newest end)
  // says when the player scrolled away from the newest entry, so the page
  // shows a "newest" button; the mark is the page's, kept by every redraw.
  document.addEventListener("scroll", function (event) {
    var el = event.target;
    if (!el.classList || !el.classList.contains("log-scroll")) return;
    var away = el.scrollTop < -8;
    if (away !== el.hasAttribute("data-page-away")) el.toggleAttribute("data-page-away", away);
  }, { capture: true, passive: true });
})();
