// Drawing the page again draws only what changed (issue 26): the new HTML is
// compared with the page and the page's own nodes are kept and updated
// (idiomorph, pinned in package.json and copied into the site by make dist;
// it matches nodes by the ids inside them, then by tag, looking ahead, so a
// part that appears or goes does not take its neighbours with it).  So what
// the player did to the page that the HTML does not say survives a redraw by
// itself: the focused control, every scroller's position, an open fold
// (<details>), a half-typed text, a running animation.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  function typing(el) {
    return el.nodeName === "TEXTAREA" || (el.nodeName === "INPUT" && /^(text|search|number|)$/.test(el.type));
  }
  var config = {
    morphStyle: "innerHTML",
    restoreFocus: true,
    callbacks: {
      // an unchanged board or log entry is not walked at all (they hold no form
      // control, whose state may differ from its HTML while both look the same)
      beforeNodeMorphed: function (oldNode, newNode) {
        return !(oldNode.nodeType === 1 && (oldNode.namespaceURI === SVG || oldNode.nodeName === "LI")
                 && oldNode.isEqualNode(newNode));
      },
      // what belongs to the page, not to the HTML: a fold open or closed as the
      // player left it, the text being typed, and the page's own marks (data-page-*)
      beforeAttributeUpdated: function (name, element) {
        return !((name === "open" && element.nodeName === "DETAILS") || name.lastIndexOf("data-page-", 0) === 0
                 || (name === "value" && element === document.activeElement && typing(element)));
      }
    }
  };
  // root's content becomes `html`, keeping every node that stays
  window.speeltafelMorph = function (root, html) {
    Idiomorph.morph(root, html, config);
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
