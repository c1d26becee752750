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
  // A part the page holds already comes as a placeholder (ui/memo.py):
  // <g id="k" data-keep="7"></g> keeps the page's node of id k, if that node
  // was drawn as version 7 (data-memo="7"); else the drawing is "missed" and
  // Python sends it again with every part whole.
  var missed = false;
  function placeholder(node) {
    return node.nodeType === 1 && node.hasAttribute("data-keep");
  }
  var config = {
    morphStyle: "innerHTML",
    restoreFocus: true,
    callbacks: {
      beforeNodeMorphed: function (oldNode, newNode) {
        if (placeholder(newNode)) {
          if (oldNode.nodeType !== 1 || oldNode.getAttribute("data-memo") !== newNode.getAttribute("data-keep")) {
            missed = true;
          }
          return false;
        }
        // an unchanged board or log entry is not walked at all (they hold no form
        // control, whose state may differ from its HTML while both look the same)
        return !(oldNode.nodeType === 1 && (oldNode.namespaceURI === SVG || oldNode.nodeName === "LI")
                 && oldNode.isEqualNode(newNode));
      },
      // a placeholder the page has no node for: nothing to keep
      beforeNodeAdded: function (node) {
        if (placeholder(node) || (node.nodeType === 1 && node.querySelector("[data-keep]"))) {
          missed = true;
          return false;
        }
        return true;
      },
      // what belongs to the page, not to the HTML: a fold open or closed as the
      // player left it, the text being typed, and the page's own marks (data-page-*)
      beforeAttributeUpdated: function (name, element) {
        return !((name === "open" && element.nodeName === "DETAILS") || name.lastIndexOf("data-page-", 0) === 0
                 || (name === "value" && element === document.activeElement && typing(element)));
      }
    }
  };
  // The control under the finger (or the mouse) is what a tap just pressed,
  // and often what its drawing takes away; taking away the element the
  // pointer is over makes the browser redo style and layout on the spot,
  // with the morph's changes half made (40-75 ms on a slow tablet).  So a
  // control that may go is swapped for a copy of itself first, while the
  // page's layout is still clean: one whose id the new HTML lacks (it goes
  // for sure, its focus with it), or one without an id and without the focus
  // (the morph may reuse it; a focused one stays, its focus is the player's).
  function letGo(root, html) {
    var over = root.querySelectorAll(":hover");
    var control = over.length ? over[over.length - 1].closest("[data-cmd]") : null;
    if (!control || control === root || !root.contains(control)) return;
    var id = control.getAttribute("id");
    if (id ? html.indexOf('id="' + id + '"') >= 0 : control.contains(document.activeElement)) return;
    control.replaceWith(control.cloneNode(true));
  }
  // root's content becomes `html`, keeping every node that stays; false when
  // a placeholder found no node of its version (then `html` must come again whole)
  window.speeltafelMorph = function (root, html) {
    missed = false;
    letGo(root, html);
    Idiomorph.morph(root, html, config);
    return !missed;
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
