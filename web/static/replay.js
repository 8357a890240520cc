// The game page's stepper: the slider, the buttons and the arrow keys show the board
// after each move (the pictures are drawn by the server). No framework, no globals.
(function () {
  "use strict";
  var box = document.getElementById("stepper");
  if (!box) { return; }
  var img = document.getElementById("board");
  var caption = document.getElementById("caption");
  var slider = document.getElementById("slider");
  var last = parseInt(box.dataset.last, 10);
  function show(n) {
    n = Math.max(0, Math.min(last, n));
    slider.value = String(n);
    img.src = box.dataset.base + n + ".png" + box.dataset.suffix;
    img.alt = img.dataset.alt.replace("{n}", String(n));
    caption.textContent = img.dataset.caption.replace("{n}", String(n));
    var rows = document.querySelectorAll("tr[data-move]");
    for (var i = 0; i < rows.length; i++) {
      rows[i].classList.toggle("current", rows[i].dataset.move === String(n));
    }
  }
  function current() { return parseInt(slider.value, 10); }
  slider.addEventListener("input", function () { show(current()); });
  document.getElementById("prev").addEventListener("click", function () { show(current() - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current() + 1); });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider) { return; }  // the slider moves itself with the arrows
    if (event.key === "ArrowLeft") { show(current() - 1); event.preventDefault(); }
    if (event.key === "ArrowRight") { show(current() + 1); event.preventDefault(); }
  });
  var rows = document.querySelectorAll("tr[data-move] a");
  for (var j = 0; j < rows.length; j++) {
    rows[j].addEventListener("click", function (event) {
      show(parseInt(this.closest("tr").dataset.move, 10));
      event.preventDefault();
    });
  }
})();
