// A match's live page: the server sends the page's main part again after every
// change, as `board` events; the browser reconnects by itself when the stream drops.
"use strict";
(function () {
  var main = document.getElementById("live");
  if (!main || !window.EventSource) {
    return;
  }
  follow(main.getAttribute("data-events"), "board", function (event) {
    main.innerHTML = event.data;
    main.setAttribute("data-version", event.lastEventId);
  });

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
})();
