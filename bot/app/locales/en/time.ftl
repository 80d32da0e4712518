## lalao's messages (English): time controls, notices and vacations. Each id exists in every language (a test checks).

## Time controls, notifications, vacations (docs/time-controls.md)
no-timeout = Nobody has run out of time in match { $id }.
which-timeout = Several of your matches here have run out of time: { $ids }. Say which, like { $action ->
    [grant] `grant 1d { $example }`.
    [waive] `waive { $example }`.
   *[claim] `claim { $example }`.
}
no-timeout-here = Nobody has run out of time in your matches here.
timeout-not-yours = Only the opponent of the player who ran out of time can decide that in match { $id }.
grant-too-long = You can give at most { $max } at once.
timeout-claimed = { $winner } wins match { $id } on time: { $loser } did not move in time.
time-granted = { $player } gets { $extra } more to move in match { $id }.
timeout-waived = { $winner } does not take the win on time: { $player } has a new full time to move in match { $id }.
vacation-already = You are already on vacation. `vacation off` ends it.
vacation-too-long = You have { $left } vacation days left this month (at most { $limit }).
vacation-none = You are not on vacation.
vacation-started = Have a good rest! Your clocks are stopped for { $days } days (timed matches: { $count }). Vacation days left this month: { $left }.
vacation-ended = Welcome back! Your clocks run again (timed matches: { $count }).
notify-mode-every = every move
notify-mode-digest = a digest
notify-quiet-none = none
notify-reminders-none = none
notify-current = Notifications: { $mode }. Direct messages: { $dm }. Digest at { $digest }. Quiet hours: { $quiet } ({ $tz }). Reminders: { $reminders }.
notify-saved = Saved. Notifications: { $mode }. Direct messages: { $dm }. Digest at { $digest }. Quiet hours: { $quiet } ({ $tz }). Reminders: { $reminders }.

# Help and the slash command's description of the verbs this folder owns.
help-claim = when your opponent has run out of time, take the win.
help-grant = when your opponent has run out of time, give them more, like `1d`.
help-waive = do not take a win on time; your opponent gets a new full time to move.
help-vacation = stop your clocks in all your matches for some days (a few per month); `off` ends it early.
help-notify = how and when I tell you it is your turn: `every | digest`, `dm=on|off`, `digest=9,18`, `quiet=22-7|off`, `tz=Europe/Paris|+3`, `remind=75%,24h|off`.
discord-cmd-claim-desc = Your opponent ran out of time: take the win
discord-cmd-grant-desc = Your opponent ran out of time: give them more
discord-cmd-waive-desc = Your opponent ran out of time: let them go on with a fresh budget
discord-cmd-vacation-desc = Pause your clocks for some days (or end the pause)
discord-cmd-notify-desc = How and when lalao tells you it is your turn
