// The game page's stepper: the slider, the buttons, the arrow keys, Home and End show the
// board after each move (the pictures are drawn by the server). No framework, no globals.
// On a part's page (a long game folded) it steps through that part's moves only (data-first).
//
// Scrubbing must never show a broken picture: the shown board changes only once the new
// one has loaded (fetched through an Image, retried after a refusal such as 429), only
// the latest position asked for is fetched, and the neighbours are fetched ahead. While
// a picture is on its way the figure is aria-busy.
(function () {
  "use strict";
  var box = document.getElementById("stepper");
  if (!box) { return; }
  var img = document.getElementById("board");
  var figure = img.closest("figure");
  var caption = document.getElementById("caption");
  var slider = document.getElementById("slider");
  var list = document.getElementById("movelist");
  var first = parseInt(box.dataset.first || "0", 10);  // a part's page: its moves only
  var last = parseInt(box.dataset.last, 10);
  var RETRIES = 6;
  var loaded = {};   // move number -> true once its picture is in the browser's cache
  var wanted = null; // the move whose picture is being fetched for showing
  var shown = last;
  // The box keeps the opening board's shape whatever the size of the next picture.
  img.style.aspectRatio = img.getAttribute("width") + " / " + img.getAttribute("height");

  function url(n) { return box.dataset.base + n + ".png" + box.dataset.suffix; }

  // Fetch move n's picture, then call done(ok); a refusal is retried, waiting longer each
  // time (the server's limit answers 429 with Retry-After; an Image cannot read it).
  function fetch(n, done) {
    if (loaded[n]) { done(true); return; }
    var tries = 0;
    function attempt() {
      var probe = new Image();
      probe.onload = function () { loaded[n] = true; done(true); };
      probe.onerror = function () {
        tries += 1;
        if (tries > RETRIES) { done(false); return; }
        setTimeout(attempt, 250 * tries);
      };
      probe.src = url(n);
    }
    attempt();
  }

  function prefetch(n) {
    [n + 1, n - 1, n + 2, n - 2].forEach(function (k) {
      if (k >= first && k <= last && !loaded[k]) { fetch(k, function () {}); }
    });
  }

  // The row of move n: its own, or on a folded game's page the row of the part holding it.
  function holds(row, n) {
    if (row.dataset.move !== undefined) { return row.dataset.move === String(n); }
    return parseInt(row.dataset.from, 10) <= n && n <= parseInt(row.dataset.to, 10);
  }

  function mark(n) {
    var rows = document.querySelectorAll("tr[data-move], tr[data-to]");
    var row = null;
    for (var i = 0; i < rows.length; i++) {
      var here = holds(rows[i], n);
      rows[i].classList.toggle("current", here);
      if (here) { row = rows[i]; rows[i].setAttribute("aria-current", "step"); }
      else { rows[i].removeAttribute("aria-current"); }
    }
    if (n === first && list) { list.scrollTop = 0; }  // the start: the list from its top
    // The current move kept in view inside the move list (never scrolling the page).
    if (row && list && list.scrollHeight > list.clientHeight) {
      var view = list.getBoundingClientRect(), at = row.getBoundingClientRect();
      var head = list.querySelector("thead");
      var covered = head ? head.getBoundingClientRect().height : 0;  // the sticky heads
      if (at.top < view.top + covered) {
        list.scrollTop -= view.top + covered - at.top;
      } else if (at.bottom > view.bottom) {
        list.scrollTop += at.bottom - view.bottom;
      }
    }
  }

  function show(n) {
    n = Math.max(first, Math.min(last, n));
    slider.value = String(n);
    caption.textContent = img.dataset.caption.replace("{n}", String(n));
    mark(n);
    var busy = wanted !== null;
    wanted = n;
    if (busy) { return; }  // the fetch under way shows the latest wanted move when done
    step();
  }

  function step() {
    var n = wanted;
    figure.setAttribute("aria-busy", "true");
    fetch(n, function (ok) {
      if (ok && wanted === n) {
        img.src = url(n);
        img.alt = img.dataset.alt.replace("{n}", String(n));
        shown = n;
      }
      if (wanted !== n && wanted !== null) { step(); return; }
      wanted = null;
      figure.removeAttribute("aria-busy");
      if (!ok) { caption.textContent = img.dataset.caption.replace("{n}", String(shown)); }
      prefetch(n);
    });
  }

  function current() { return parseInt(slider.value, 10); }
  loaded[last] = true;  // the page opens on it
  slider.addEventListener("input", function () { show(current()); });
  document.getElementById("prev").addEventListener("click", function () { show(current() - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current() + 1); });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      if (event.target === slider) { return; }  // the slider moves itself with the arrows
      show(current() + moves[event.key]);
    } else if (event.key === "Home") {
      show(first);
    } else if (event.key === "End") {
      show(last);
    } else {
      return;
    }
    event.preventDefault();
  });
  var links = document.querySelectorAll("tr[data-move] a.step");
  for (var j = 0; j < links.length; j++) {
    links[j].addEventListener("click", function (event) {
      show(parseInt(this.closest("tr").dataset.move, 10));
      event.preventDefault();
    });
  }
  mark(last);
  prefetch(last);
})();
