// A match's live page (issue 21): the server sends the page's main part again after every
// change, as `board` events; the browser reconnects by itself when the stream drops.
"use strict";
(function () {
  var main = document.getElementById("live");
  if (!main || !window.EventSource) {
    return;
  }
  var events = new EventSource(main.getAttribute("data-events"));
  events.addEventListener("board", function (event) {
    main.innerHTML = event.data;
    main.setAttribute("data-version", event.lastEventId);
  });
})();
