// The watch page: follows a table in play from its event stream (server-sent events).
// Each `state` event is the table as the channel sees it; the board changes only once
// its new picture has loaded (no broken picture while a move arrives). When the table
// ends the stream is closed and the page says so, with the replay's link. `data-seq` on
// #watch is the move shown (a test waits on it). No framework, no globals.
(function () {
  "use strict";
  var box = document.getElementById("watch");
  if (!box || box.dataset.ended) { return; }
  var img = document.getElementById("board");
  var status = document.getElementById("status");
  var clock = document.getElementById("clock");
  var skew = 0;       // the server's clock minus this one, in seconds
  var deadline = null;
  var source = null;
  var newest = null;  // the latest board asked for

  function text(id, value) { document.getElementById(id).textContent = value; }

  function seats(players) {
    var body = document.getElementById("seats");
    var rows = [];
    players.forEach(function (p) {
      var row = document.createElement("tr");
      if (p.turn) { row.className = "current"; row.setAttribute("aria-current", "step"); }
      var name = document.createElement("td"), bdi = document.createElement("bdi");
      name.className = "name";
      bdi.textContent = p.name;
      name.appendChild(bdi);
      row.appendChild(name);
      [p.tiles, p.score].forEach(function (n) {
        var cell = document.createElement("td");
        cell.className = "num";
        cell.textContent = n === null ? "–" : String(n);
        row.appendChild(cell);
      });
      rows.push(row);
    });
    body.replaceChildren.apply(body, rows);
  }

  function tick() {
    if (deadline === null) { clock.hidden = true; return; }
    var left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + skew)));
    var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
    function two(n) { return (n < 10 ? "0" : "") + n; }
    var shown = h > 0 ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
    clock.textContent = box.dataset.clock.replace("{time}", shown);
    clock.hidden = false;
  }

  function board(state, done) {
    newest = state.board;
    var probe = new Image();
    probe.onload = function () {
      if (newest !== state.board) { return; }  // a newer move came meanwhile
      img.style.aspectRatio = probe.naturalWidth + " / " + probe.naturalHeight;
      img.src = state.board;
      img.alt = state.alt;
      done();
    };
    probe.onerror = function () { done(); };  // keep the last board; the next move redraws
    probe.src = state.board;
  }

  function ended(state) {
    if (source) { source.close(); }
    deadline = null;
    tick();
    var note = document.getElementById("ended");
    note.textContent = state.message;
    if (state.replay) {
      var link = document.createElement("a");
      link.id = "replay";
      link.href = state.replay;
      link.textContent = box.dataset.replayText;
      note.appendChild(document.createTextNode(" "));
      note.appendChild(link);
    }
    note.hidden = false;
    status.hidden = true;
    box.dataset.ended = "true";
  }

  function apply(state) {
    if (state.ended) { ended(state); return; }
    skew = state.now - Date.now() / 1000;
    deadline = state.deadline || null;
    text("turn", state.turn);
    text("move", state.move);
    text("stock", state.stock);
    seats(state.players);
    tick();
    board(state, function () { box.dataset.seq = String(state.seq); });
  }

  function connect() {
    source = new EventSource(box.dataset.events);
    source.onopen = function () { box.dataset.connected = "true"; };
    source.addEventListener("state", function (event) {
      status.textContent = box.dataset.live;
      apply(JSON.parse(event.data));
    });
    source.onerror = function () {
      if (box.dataset.ended) { return; }
      delete box.dataset.connected;
      if (source.readyState === EventSource.CLOSED) {
        // Refused (every place taken: 503) or gone: say so, and try again later.
        status.textContent = box.dataset.full;
        setTimeout(connect, 15000);
      } else {
        status.textContent = box.dataset.lost;  // the browser reconnects by itself
      }
    };
  }

  if (clock.dataset.deadline) {
    deadline = parseFloat(clock.dataset.deadline);
    skew = parseFloat(clock.dataset.now) - Date.now() / 1000;
  }
  tick();
  setInterval(tick, 1000);
  connect();
})();
