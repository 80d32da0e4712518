// The class screen: the boards of a class, played by taps. A tap on a piece or a
// hole lights the places its moves go (a Katro hole lights the hole its first seed would fall
// in, one each way); a tap on a lit place plays that move. A move without a second place (a
// sowing, a fano placement) lights its own place: a second tap plays it. Nothing here needs
// reading: the words the page shows are for grown-ups and screen readers.
"use strict";
(function () {
  var main = document.getElementById("class");
  var notice = document.getElementById("notice");
  var sound = document.getElementById("sound");
  if (!main || !notice || !sound) {
    return;
  }
  var picked = null;
  try {
    if (window.localStorage.getItem("lalao-sound") === "off") {
      sound.checked = false;
    }
  } catch (e) {}
  sound.addEventListener("change", function () {
    try {
      window.localStorage.setItem("lalao-sound", sound.checked ? "on" : "off");
    } catch (e) {}
  });

  var page = document.body.classList.contains("seat") ? "seat"
    : document.body.classList.contains("projector") ? "projector" : "teacher";

  // A notice's words, and under them in small print the notation they leave out.
  function say(text, small) {
    notice.textContent = text || "";
    if (text && small) {
      var print = document.createElement("span");
      print.className = "small";
      print.textContent = small;
      notice.appendChild(print);
    }
    fit();
  }

  function each(list, f) {
    Array.prototype.forEach.call(list, f);
  }

  // The activities a seat has seen to their end ("next" tapped), for this tab.
  function seen(key) {
    try {
      return window.sessionStorage.getItem("lalao-seen-" + key) === "1";
    } catch (e) {
      return false;
    }
  }

  // One activity at a time on a seat, in the teacher's order: the first one not yet seen
  // to its end shows, the others wait.
  function pace() {
    if (page !== "seat") {
      return;
    }
    var activities = main.querySelectorAll("article.activity");
    var shown = null;
    each(activities, function (article) {
      var look = article.getAttribute("data-look");
      if (shown === null && !(look && seen(look))) {
        shown = article;
      }
    });
    if (shown === null && activities.length > 0) {
      shown = activities[activities.length - 1];
    }
    each(activities, function (article) {
      article.hidden = article !== shown;
    });
  }

  // The first board and its every row in the first screen, without scrolling: on a seat
  // and on the projector a board is never taller than the room left under what is above it.
  function fit() {
    if (page === "teacher") {
      return;
    }
    // A simul's mosaic on the projector: every board in the first screen, each row of boards
    // as tall as the room left divided by the rows.
    var mosaic = main.querySelector(".boards.mosaic");
    if (page === "projector" && mosaic) {
      var cards = mosaic.querySelectorAll("article");
      var columns = window.getComputedStyle(mosaic).gridTemplateColumns.split(" ").length;
      var rows = Math.max(1, Math.ceil(cards.length / columns));
      var per = (window.innerHeight - (mosaic.getBoundingClientRect().top + window.scrollY)) / rows;
      each(cards, function (article) {
        var svg = article.querySelector(".board svg");
        if (!svg) {
          return;
        }
        svg.style.maxHeight = "";
        var extra = article.getBoundingClientRect().height - svg.getBoundingClientRect().height;
        svg.style.maxHeight = Math.max(60, Math.floor(per - extra - 14)) + "px";
      });
      return;
    }
    var first = true;
    each(main.querySelectorAll("article"), function (article) {
      var svg = article.querySelector(".board svg");
      if (article.hidden || !svg) {
        return;
      }
      svg.style.maxHeight = "";
      var box = svg.getBoundingClientRect();
      var card = article.getBoundingClientRect();
      var under = card.bottom - box.bottom;
      // Whatever is under the board in its card that must be seen with it: a button.
      var button = article.querySelector("button.pass, button.next, button.next-lesson");
      var below = button ? button.getBoundingClientRect().height + 24 : 16;
      var top = first ? box.top + window.scrollY : box.top - card.top + 16;
      var room = window.innerHeight - top - below - (first ? 0 : under);
      svg.style.maxHeight = Math.max(240, Math.floor(room)) + "px";
      first = false;
    });
  }

  function movesOf(article) {
    try {
      return JSON.parse(article.getAttribute("data-moves") || "[]");
    } catch (e) {
      return [];
    }
  }

  function clear() {
    picked = null;
    each(main.querySelectorAll(".tap.lit, .tap.picked"), function (el) {
      el.classList.remove("lit");
      el.classList.remove("picked");
    });
  }

  // Every place a move starts from, outlined: where a child may tap; and on a lesson's board,
  // the places its sentence points at.
  function markMovable() {
    each(main.querySelectorAll("article"), function (article) {
      var targets = (article.getAttribute("data-targets") || "").split(" ");
      each(article.querySelectorAll("[data-tap]"), function (el) {
        if (targets.indexOf(el.getAttribute("data-tap")) >= 0) {
          el.classList.add("target");
        }
      });
      var from = {};
      movesOf(article).forEach(function (m) {
        if (m.f !== null) {
          from[m.f] = true;
        }
      });
      each(article.querySelectorAll("[data-tap]"), function (el) {
        if (from[el.getAttribute("data-tap")]) {
          el.classList.add("can");
        }
      });
    });
  }

  // The way a named move goes, as an arrow from its first place to its second: drawn under
  // the tap targets (which stay on top), from near one centre to near the other, so that the
  // seeds' counts stay readable.
  function drawArrows() {
    var ns = "http://www.w3.org/2000/svg";
    each(main.querySelectorAll("article[data-arrow]"), function (article) {
      var ends = article.getAttribute("data-arrow").split(" ");
      var svg = article.querySelector(".board svg");
      if (!svg || ends.length !== 2 || svg.querySelector(".arrow")) {
        return;
      }
      var places = ends.map(function (name) {
        return svg.querySelector("[data-tap='" + name + "']");
      });
      if (!places[0] || !places[1]) {
        return;
      }
      var centre = function (el) {
        var w = Number(el.getAttribute("width"));
        var h = Number(el.getAttribute("height"));
        return { x: Number(el.getAttribute("x")) + w / 2, y: Number(el.getAttribute("y")) + h / 2, size: Math.min(w, h) };
      };
      var a = centre(places[0]);
      var b = centre(places[1]);
      var dx = b.x - a.x;
      var dy = b.y - a.y;
      var length = Math.sqrt(dx * dx + dy * dy);
      if (length === 0) {
        return;
      }
      var ux = dx / length;
      var uy = dy / length;
      var off = a.size * 0.25;
      var head = a.size * 0.26;
      var start = { x: a.x + ux * off, y: a.y + uy * off };
      var tip = { x: b.x - ux * off, y: b.y - uy * off };
      var base = { x: tip.x - ux * head, y: tip.y - uy * head };
      var d = "M" + start.x + " " + start.y + "L" + base.x + " " + base.y +
        "M" + tip.x + " " + tip.y +
        "L" + (base.x - uy * head * 0.7) + " " + (base.y + ux * head * 0.7) +
        "L" + (base.x + uy * head * 0.7) + " " + (base.y - ux * head * 0.7) + "Z";
      var group = document.createElementNS(ns, "g");
      group.setAttribute("class", "arrow");
      group.setAttribute("aria-hidden", "true");
      [["#fffaf0", a.size * 0.18], ["#c05a00", a.size * 0.09]].forEach(function (pen) {
        var path = document.createElementNS(ns, "path");
        path.setAttribute("d", d);
        path.setAttribute("fill", pen[0]);
        path.setAttribute("stroke", pen[0]);
        path.setAttribute("stroke-width", pen[1]);
        path.setAttribute("stroke-linecap", "round");
        path.setAttribute("stroke-linejoin", "round");
        group.appendChild(path);
      });
      svg.insertBefore(group, svg.querySelector(".tap"));
    });
  }

  function nonce() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  // The board the teacher just played on: once the page shows that move, the next board that
  // waits for the teacher (after it, in the page's order, else the first) is marked and brought
  // into view.
  var playedOn = null;

  function nextWaiting() {
    var waiting = Array.prototype.slice.call(main.querySelectorAll("article.mine"));
    var all = Array.prototype.slice.call(main.querySelectorAll("article[data-match]"));
    var at = all.findIndex(function (a) { return a.getAttribute("data-match") === playedOn; });
    var next = waiting.find(function (a) { return all.indexOf(a) > at; }) || waiting[0];
    each(main.querySelectorAll("article.next-up"), function (a) { a.classList.remove("next-up"); });
    if (next && next.getAttribute("data-match") !== playedOn) {
      next.classList.add("next-up");
      next.scrollIntoView({ block: "nearest" });
    }
  }

  function send(article, text, again, nextLesson, closeVote) {
    clear();
    var body = JSON.stringify({
      match: Number(article.getAttribute("data-match")),
      board: Number(article.getAttribute("data-board")),
      move: text,
      nonce: nonce(),
      again: again === true,
      next_lesson: nextLesson === true,
      close_vote: closeVote === true
    });
    window.fetch(main.getAttribute("data-play"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: body
    }).then(function (response) {
      return response.json();
    }).then(function (answer) {
      // A refusal says why; a lesson says how the move did.
      say(answer.text || "", answer.small);
      // The teacher who answered on one board of several goes on to the next that waits.
      if (answer.outcome === "applied" && document.body.classList.contains("teacher") && text !== "") {
        playedOn = article.getAttribute("data-match");
        // The page may show the move already, its stream having been quicker than this answer.
        var shown = main.querySelector("article[data-match='" + playedOn + "']");
        if (shown && !shown.classList.contains("mine")) {
          nextWaiting();
          playedOn = null;
        }
      }
    }).catch(function () {
      say(main.getAttribute("data-nothing"));
    });
  }

  function tap(article, name) {
    var moves = movesOf(article);
    if (picked && picked.article === article) {
      var from = picked.from;
      var chosen = moves.filter(function (m) {
        return m.f === from && (m.t === name || (m.t === null && name === from));
      });
      if (chosen.length > 0) {
        send(article, chosen[0].m);
        return;
      }
    }
    clear();
    var starting = moves.filter(function (m) {
      return m.f === name;
    });
    if (starting.length === 0) {
      if (moves.length > 0) {
        say(main.getAttribute("data-nothing"));
      } else if (article.classList.contains("playing")) {
        say(main.getAttribute("data-not-yours"));
      }
      return;
    }
    say("");
    pick(article, name, starting);
  }

  // The place a child tapped first, outlined, and where its moves may end, lit.
  function pick(article, name, starting) {
    picked = { article: article, from: name, match: article.getAttribute("data-match"),
      board: article.getAttribute("data-board") };
    each(article.querySelectorAll("[data-tap]"), function (el) {
      var place = el.getAttribute("data-tap");
      if (place === name) {
        el.classList.add("picked");
      }
      var lit = starting.some(function (m) {
        return m.t === place || (m.t === null && place === name);
      });
      if (lit) {
        el.classList.add("lit");
      }
    });
  }

  // A page drawn again while nothing changed on this board (a classmate's vote, another
  // board's move) keeps the child's first tap: the next tap still finishes the move.
  function keepPick(before) {
    var article = before && main.querySelector("article[data-match='" + before.match + "']");
    if (!article || article.getAttribute("data-board") !== before.board) {
      return;
    }
    var starting = movesOf(article).filter(function (m) {
      return m.f === before.from;
    });
    if (starting.length > 0) {
      pick(article, before.from, starting);
    }
  }

  function activate(el) {
    var article = el.closest("article");
    // The projector plays nothing, and says nothing when touched.
    if (!article || !main.hasAttribute("data-play")) {
      return;
    }
    if (el.classList.contains("next")) {
      try {
        window.sessionStorage.setItem("lalao-seen-" + article.getAttribute("data-look"), "1");
      } catch (e) {}
      say("");
      pace();
      fit();
      window.scrollTo(0, 0);
    } else if (el.classList.contains("next-lesson")) {
      // The finished lesson is seen: the next one shows as soon as the page has it.
      try {
        window.sessionStorage.setItem("lalao-seen-" + article.getAttribute("data-look"), "1");
      } catch (e) {}
      el.disabled = true;
      send(article, "", false, true);
    } else if (el.classList.contains("again")) {
      send(article, "", true);
    } else if (el.classList.contains("play-vote")) {
      el.disabled = true;
      send(article, "", false, false, true);
    } else if (el.classList.contains("pass")) {
      send(article, el.getAttribute("data-move"));
    } else {
      tap(article, el.getAttribute("data-tap"));
    }
  }

  // A class vote's turn counts down to its closing time (the tablet's own clock), each second.
  function countDown() {
    var now = Date.now() / 1000;
    each(main.querySelectorAll(".vote-left[data-closes]"), function (el) {
      var left = Math.max(0, Math.ceil(Number(el.getAttribute("data-closes")) - now));
      el.textContent = el.getAttribute("data-words").replace("{}", String(left));
    });
  }
  countDown();
  window.setInterval(countDown, 1000);

  main.addEventListener("click", function (event) {
    var el = event.target.closest("[data-tap], button.pass, button.again, button.next, button.next-lesson, button.play-vote");
    if (el) {
      activate(el);
    }
  });
  main.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") {
      return;
    }
    var el = event.target.closest("[data-tap]");
    if (el) {
      event.preventDefault();
      activate(el);
    }
  });

  function beep() {
    if (!sound.checked) {
      return;
    }
    try {
      var Context = window.AudioContext || window.webkitAudioContext;
      var audio = new Context();
      var tone = audio.createOscillator();
      var gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
    } catch (e) {}
  }

  markMovable();
  drawArrows();
  pace();
  fit();
  window.addEventListener("resize", fit);
  // The words above a board take their room once the page's fonts are in.
  if (document.fonts && document.fonts.ready) {
    document.fonts.ready.then(fit);
  }
  if (!window.EventSource) {
    return;
  }
  // The browser reconnects by itself when a stream merely drops; when the server answered
  // otherwise (busy, or the store briefly unreachable) it gives up, so this tries again a
  // little later, for as long as the page is open.
  function follow(url, name, handle) {
    var events = new EventSource(url);
    events.addEventListener(name, handle);
    events.onerror = function () {
      if (events.readyState === EventSource.CLOSED) {
        setTimeout(function () { follow(url, name, handle); }, 5000 + Math.floor(Math.random() * 5000));
      }
    };
  }

  follow(main.getAttribute("data-events"), "screen", function (event) {
    var before = {};
    each(main.querySelectorAll("article[data-match]"), function (article) {
      before[article.getAttribute("data-match")] = article.getAttribute("data-board");
    });
    var kept = picked;
    main.innerHTML = event.data;
    countDown();
    main.setAttribute("data-version", event.lastEventId);
    picked = null;
    markMovable();
    keepPick(kept);
    var played = playedOn && main.querySelector("article[data-match='" + playedOn + "']");
    if (played && !played.classList.contains("mine")) {
      nextWaiting();
      playedOn = null;
    }
    drawArrows();
    pace();
    fit();
    var captured = false;
    each(main.querySelectorAll("article[data-captured='1']"), function (article) {
      var id = article.getAttribute("data-match");
      if (before[id] !== undefined && before[id] !== article.getAttribute("data-board")) {
        article.classList.add("captured-now");
        captured = true;
      }
    });
    if (captured) {
      beep();
    }
  });
})();
