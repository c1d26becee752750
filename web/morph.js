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
  var FORM = "input, select, textarea";
  function typing(el) {
    return el.nodeName === "TEXTAREA" || (el.nodeName === "INPUT" && /^(text|search|number|)$/.test(el.type));
  }
  // A part the page holds already comes as a placeholder (ui/memo.py):
  // <g id="k" data-keep="7"></g> keeps the page's node of id k, if that node
  // was drawn as version 7 (data-memo="7"); else the drawing is "missed" and
  // Python sends it again with every part whole.
  var missed = false;
  // The focused control the morph takes away (one without an id: only the
  // morph knows whether it keeps it; the tapped action button, mostly): the
  // browser's blur of it, in the middle of the morph, redoes the page's
  // style and layout on the spot with the morph's changes half made (7-11
  // ms of a slow tablet's frame at 4x CPU, then the frame's own layout
  // again: issue 26).  So it is moved, keeping its focus (moveBefore), into
  // a hidden holder outside the table, and let go in a task after the frame,
  // where the blur finds the layout clean; the focus ends where it would
  // have (the page's body).  Without moveBefore it is removed as before.
  var away = null;
  function putAway(node) {
    var active = document.activeElement;
    if (node.nodeType !== 1 || !active || active === document.body || !node.contains(active)) return false;
    if (!away) {
      away = document.createElement("div");
      away.hidden = true;
      away.id = "morph-away";
    }
    if (!away.isConnected) document.body.append(away);
    if (!away.moveBefore) return false;
    try {
      away.moveBefore(node, null);
    } catch (err) {
      return false;  // moveBefore refused (a node not in the page): removed as before
    }
    setTimeout(function () { away.replaceChildren(); }, 0);
    return true;
  }
  function placeholder(node) {
    return node.nodeType === 1 && node.hasAttribute("data-keep");
  }
  function drawn(node) {
    return node.nodeType === 1 && node.hasAttribute("data-drawn");
  }
  var config = {
    morphStyle: "innerHTML",
    restoreFocus: true,
    callbacks: {
      beforeNodeMorphed: function (oldNode, newNode) {
        if (drawn(newNode)) return false;  // a part drawn in a frame before (speeltafelMorphPart)
        if (placeholder(newNode)) {
          if (oldNode.nodeType !== 1 || oldNode.getAttribute("data-memo") !== newNode.getAttribute("data-keep")) {
            missed = true;
          }
          return false;
        }
        // an unchanged part is not walked at all (the browser compares it at
        // native speed; walking it was most of a morph's time): a board, a log
        // entry, any part without a form control (whose state may differ from
        // its HTML while both look the same)
        return !(oldNode.nodeType === 1 && oldNode.isEqualNode(newNode)
                 && (oldNode.namespaceURI === SVG || oldNode.nodeName === "LI"
                     || !(oldNode.matches(FORM) || oldNode.querySelector(FORM))));
      },
      // a placeholder the page has no node for: nothing to keep
      beforeNodeAdded: function (node) {
        if (placeholder(node) || drawn(node) || (node.nodeType === 1 && node.querySelector("[data-keep], [data-drawn]"))) {
          missed = true;
          return false;
        }
        return true;
      },
      beforeNodeRemoved: function (node) {
        return !putAway(node);
      },
      // what belongs to the page, not to the HTML: a fold open or closed as the
      // player left it, the text being typed, and the page's own marks (data-page-*)
      beforeAttributeUpdated: function (name, element) {
        return !((name === "open" && element.nodeName === "DETAILS") || name.lastIndexOf("data-page-", 0) === 0
                 || (name === "value" && element === document.activeElement && typing(element)));
      }
    }
  };
  // What becomes of el (inside root) when root is drawn as `html`: "stays"
  // inside a part the HTML keeps as the page has it (a placeholder), or with
  // an id the HTML has (the morph keeps the node of that id); "goes" with an
  // id the HTML lacks; "open" without an id (the morph may reuse it, or not).
  function fate(el, root, html) {
    for (var up = el.parentElement; up && up !== root; up = up.parentElement) {
      var kept = up.getAttribute("id");
      if (kept && html.indexOf('id="' + kept + '" data-keep="') >= 0) return "stays";
    }
    var id = el.getAttribute("id");
    return !id ? "open" : html.indexOf('id="' + id + '"') >= 0 ? "stays" : "goes";
  }
  // The control under the finger (or the mouse) is what a tap just pressed,
  // and often what its drawing takes away; taking away the element the
  // pointer is over makes the browser redo style and layout on the spot,
  // with the morph's changes half made (40-75 ms on a slow tablet).  So a
  // control that may go is swapped for a copy of itself first, while the
  // page's layout is still clean: one that goes for sure (its focus with it),
  // or one without an id and without the focus (the morph may reuse it; a
  // focused one stays, its focus is the player's).
  function letGo(root, parsed) {
    var over = root.querySelectorAll(":hover");
    var control = over.length ? over[over.length - 1].closest("[data-cmd]") : null;
    if (!control || control === root || !root.contains(control)) return;
    var fated = fate(control, root, parsed.html);
    if (fated === "stays" || (fated === "open" && control.contains(document.activeElement))) return;
    control.replaceWith(control.cloneNode(true));
  }
  // The focused control is mostly the one a tap just pressed, and often what
  // its drawing takes away; taken away in the middle of a morph, Chromium
  // blurs it and redoes style and layout on the spot with the morph's changes
  // half made (5-11 ms of a slow tablet's frame at 4x CPU), and a blur in
  // the frame costs 3-7 ms there too.  So a focused control that goes for
  // sure gives up its focus when the drawing is parsed, in the task that
  // builds it, before any frame: the focus ends where it would have (the
  // page's body).
  function blurGoing(root, html) {
    var active = document.activeElement;
    if (root && active && active !== document.body && root.contains(active) && fate(active, root, html) === "goes") {
      active.blur();
    }
  }
  // The HTML parsed into nodes of this page, not yet shown: parsing is half a
  // morph's time, and a drawing parses in the task that builds it, so that the
  // frame that shows it only compares and changes (issue 26).  Used once.
  // Given the root it will be drawn into, the focus leaves what goes.
  window.speeltafelParse = function (html, root) {
    blurGoing(root, html);
    var template = document.createElement("template");
    template.innerHTML = html;
    var holder = document.createElement("div");
    holder.append(template.content);
    return { html: html, holder: holder };
  };
  // root's content becomes `html` (or what speeltafelParse made of it), keeping
  // every node that stays; false when a placeholder found no node of its
  // version (then the drawing must come again whole)
  window.speeltafelMorph = function (root, html) {
    var parsed = typeof html === "string" ? window.speeltafelParse(html, root) : html;
    missed = !!parsed.missed;
    letGo(root, parsed);
    Idiomorph.morph(root, parsed.holder.childNodes, config);
    return !missed;
  };
  // A large part of the table (data-frame: the board, the players, the log)
  // morphed on its own, one per call, before speeltafelMorph does the rest:
  // the drawing of a move spread over a few animation frames, each frame the
  // morph of one part and the browser's rendering of it (issue 26: no frame
  // over 50 ms on a slow device).  The part drawn leaves a stub in the parsed
  // drawing (data-drawn) that the rest's morph passes by.  False when no part
  // is left to draw on its own (one the page lacks is drawn with the rest).
  var partConfig = Object.assign({}, config, { morphStyle: "outerHTML" });
  // The part speeltafelMorphPart draws next: [its index in parsed.parts, its
  // node on the page], or null when none is left; parts it cannot draw on
  // its own (kept as they are, or not on the page) are passed by.
  function nextPart(root, parsed) {
    if (!parsed.parts) parsed.parts = Array.prototype.slice.call(parsed.holder.querySelectorAll("[data-frame]"));
    while (parsed.parts.length) {
      // a part inside a part (the board inside the screen) before the part around it
      var at = 0;
      while (at < parsed.parts.length - 1 && parsed.parts[at].contains(parsed.parts[at + 1])) at += 1;
      var part = parsed.parts[at];
      var id = part.getAttribute("id");
      var old = id ? document.getElementById(id) : null;
      if (!placeholder(part) && old && root.contains(old) && old.nodeName === part.nodeName) return [at, old];
      parsed.parts.splice(at, 1);
    }
    return null;
  }
  // the id of the part speeltafelMorphPart would draw next ("" when none is
  // left): the page decides whether this frame has time for it (ui/drawing.py)
  window.speeltafelNextPart = function (root, parsed) {
    var next = nextPart(root, parsed);
    return next ? next[1].getAttribute("id") : "";
  };
  window.speeltafelMorphPart = function (root, parsed) {
    var next = nextPart(root, parsed);
    if (next) {
      var part = parsed.parts.splice(next[0], 1)[0], old = next[1], id = old.getAttribute("id");
      var stub = document.createElementNS(part.namespaceURI, part.localName);
      stub.setAttribute("id", id);
      stub.setAttribute("data-drawn", "");
      part.replaceWith(stub);
      missed = !!parsed.missed;
      letGo(old, parsed);
      Idiomorph.morph(old, part, partConfig);
      parsed.missed = missed;
      return true;
    }
    return false;
  };

  // `callback` called in a task of its own after the frame that calls the
  // function returned: a ResizeObserver's callback runs inside the frame's
  // rendering, after its layout, and a Python one there makes a drawing's
  // frame 3-6 ms longer on a slow tablet (issue 26; ui/dom.py, the board's view).
  window.speeltafelAfterFrame = function (callback) {
    return function () {
      var args = arguments;
      setTimeout(function () { callback.apply(null, args); }, 0);
    };
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
