## lalao's messages (English): the scheduler's notices. Each id exists in every language (a test checks).

## Time controls, notifications, vacations (docs/time-controls.md)
challenge-expired = { $player }, nobody accepted your challenge in time: { $match } has expired. You can start a new one with `play { $game }`.
match-aborted = Nobody moved in { $match }, so it is stopped. It does not count for anyone.
turn-notice = { $player }, it is your turn in { $match }.
reminder = { $player }, remember to move in { $match }: { $left } left.
timeout-forfeit = { $late } has run out of time in { $match }. { $winner } wins! (This channel ends matches on time at once. `waive` gives the match back.)
digest-line = • { $match } in { $channel }
digest-line-timed = • { $match } in { $channel }: { $left } left
