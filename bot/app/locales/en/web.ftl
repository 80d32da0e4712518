## lalao's messages (English): the web pages' own words. Each id exists in every language (a test checks).

## Finding the match
web-not-found = There is no match at this address. Ask for the link again: it may have changed.
web-busy = Too many pages are open right now. This one will try again by itself.
web-drawing-busy = Many pictures are being drawn just now. Try again in a moment.
web-store-unreachable = lalao cannot reach its records just now. This page will try again by itself.
web-class-tap-unreachable = lalao cannot reach its records just now: nothing was played. Try again in a moment.
web-moves = { $count ->
    [one] One move
   *[other] { $count } moves
}

## Review
web-back-to-live = Back to the match as it is now

## The class screen, a web page for the projector and tablets.
web-class-standings = Standings
web-class-no-matches = No match is being played.
web-class-seats = Each pupil's link
web-class-sound = Sound on capture
web-class-too-fast = Too many taps at once: wait a moment, then play.
web-class-other-site = This page can only play from its own address.
web-class-pick-direction = Which way do the seeds go?
web-class-clockwise = clockwise
web-class-anticlockwise = anticlockwise
web-class-pass = Pass
web-class-next = Next
web-class-next-lesson = Next lesson: { $title }
web-class-again = Play again
web-class-nothing-here = Nothing can be played from there. Tap a piece or a hole that is lit.
web-class-not-your-turn = It is not your turn on this board: wait for the other player.
web-animation = Whole game (animated)
web-class-progress = Lessons and homework
web-lesson-replay = Your last move, seed by seed

## The teacher's print page.
report-col-pupil = Pupil
report-col-played = Matches played
report-col-won = Matches won
web-print-heading = { $class } — report
web-print-report = Each pupil
web-print-pairings = Pairings
web-print-bye = Bye: { $name }
web-print-standings = Standings
web-print-cards = Seat cards: each pupil scans their own code with the tablet's camera
web-print-card-hint = Scan me to play
web-print-no-cards = The class has no pupils yet.
