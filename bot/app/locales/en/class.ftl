## lalao's messages (English): classroom mode and the class screen. Each id exists in every language (a test checks).
## Words for children: short sentences, say what to do next.

## Finding the match
web-class-projector = This screen only shows the boards: play on your own page.

## Classroom mode (docs/classroom.md). Pupils read these on the class screen: simple words.
class-default-name = My class
class-created = The class “{ $name }” is ready. Teacher: { $teacher }. Add pupils with `class add Ana Bob`.
class-new-moderators = Only a moderator of this channel can create a class here: a class's language and board style apply to everyone in the channel.
class-settings = The class “{ $name }”: language { $language }, boards { $style }. { $next ->
    [on] A pupil who finishes a lesson on their seat may start the next one there.
   *[off] A pupil who finishes a lesson on their seat waits for the next one you give.
} { $keep ->
    [always] Finished matches, lessons and homework are kept until you delete the class.
   *[other] Finished matches, lessons and homework are removed after { $keep } days.
}
# A pupil's seat goes on with the next lesson (`class settings next=on`); the tapped words are
# the pupil's, the others the teacher's.
class-next-lesson = { $name } starts lesson { $number } of { $game } on their seat: { $title } (match { $id }).
class-next-lesson-tapped = Lesson { $number }: { $title }. Let's go!
class-next-lesson-off = Your teacher will give the next lesson.
class-next-lesson-not-done = This lesson is not finished yet.
class-next-lesson-none = You finished every lesson of { $game }!
class-delete-active = The class still has matches in progress ({ $ids }). End them first, for example with `class result { $example } draw`.
class-deleted = The class “{ $name }” is deleted with everything it kept of its pupils ({ $matches ->
    [one] { $matches } finished match
   *[other] { $matches } finished matches
}): this channel is an ordinary channel again.
class-exists = This channel already has a class: “{ $name }”, by { $teacher }.
class-none = There is no class here yet. The teacher creates one with `class new`.
class-teacher-only = Only the teacher ({ $teacher }) can do that.
class-replay-step = Step { $step } of { $count }:
class-csv = Results (CSV):
class-report = Each pupil's report (CSV):
class-report-print = To print (the table, the standings and a card per pupil with their seat's QR code, on A4): { $url }
class-report-print-first = { $link } gives the class its pages, and this report a page to print.
class-export = The class's whole data (its roster, what each pupil learned, its tournament and its { $count } matches, without its page links) is in the file { $file }: for the school's records, or to move the class to another server (`lalao class import`).
class-export-too-large = This class's data is larger than a chat message can carry (8 MB): whoever runs lalao can write it with `lalao class export`.
class-import-taken = That channel already has a class (or another change got in first): nothing was imported.
class-bad-name = “{ $name }” cannot be a name here. Use a first name, letters only, 20 at most.
class-name-taken = The name “{ $name }” is already used in this class.
class-full = A class can have { $max } pupils at most.
class-bound = { $name }'s seat is now linked to { $account }.
class-team-rotation = Team { $team }: { $members }. They play in turn, one after the other.
class-team-any = Team { $team }: { $members }. Any of them may play.
class-activity-fano = The placing activity is for fano only, like `class activity Ana Bob fano cells=5`.
class-paused-done = Match { $id } is paused.
class-resumed = Match { $id } goes on!
class-restarted = Match { $id } starts again from the beginning.
class-result-who = Who won? Write { $first }, { $second } or `draw`, not “{ $word }”.
class-no-pupil = There is no pupil called “{ $name }”. The class: { $pupils }.
class-not-class-match = Match { $id } is not a match of this class.
class-same-seat = { $name } cannot play against { $name }.
class-match-started = Match { $id } ({ $game }): { $first } against { $second }.
class-activity-started = Activity { $id } ({ $game }): { $first } and { $second } place their pawns in turn. Then we draw the board!
class-too-few = A tournament needs at least 2 pupils. Add them with `class add Ana Bob`.
class-tournament-running = A tournament is still going on. Finish its matches first (or cancel them).
class-round = Round { $round } of { $rounds } ({ $game }):
class-pairing = { $id }: { $first } against { $second }
class-bye = { $name } rests this round (and gets 2 points).
class-tournament-over = The tournament is over. Well played, everyone!
class-roster = Class “{ $name }”, teacher { $teacher }. Pupils ({ $count }):
class-roster-empty = No pupils yet. Add them with `class add Ana Bob`.
class-roster-pupil = • { $name }
class-roster-bound = • { $name } ({ $account })
class-roster-team = • Team { $team }: { $members }
class-standings = Standings, { $game }, after round { $round } of { $rounds }:
class-col-rank = #
class-col-name = Name
class-col-played = P
class-col-won = W
class-col-drawn = D
class-col-lost = L
class-col-points = Pts
class-col-tiebreak = SB
class-no-tournament = There is no tournament yet. Start one with `class tournament fano cells=7`.
class-dashboard = Class “{ $name }”, matches ({ $count }):
class-dashboard-line = { $id } { $round }{ $first } – { $second } · moves: { $moves } · { $state }
class-dashboard-earlier = … and { $count } earlier finished matches (`class standings` counts them all).
class-dashboard-activity = { $id } { $name } · { $activity } · { $state }
class-dashboard-activity-plain = { $id } { $name } · { $activity }
class-dashboard-class-board = the class's board
class-account-taken = { $account } already plays as { $name }: one account, one seat.
class-team-overlap = { $name } already plays for the team { $team }: one pupil, one team.
class-too-many-teams = A class has at most { $max } teams.
class-round-short = (round { $round }){" "}
class-state-turn = { $player } to play
class-state-paused = paused
class-state-cancelled = stopped
class-state-flagged = { $player } is out of time: `claim { $id }`, `grant 1d { $id }` or `class result { $id } draw`
class-too-few-teams = A team tournament needs at least 2 teams. Make them with `class team Lions Ana Bob`.

## The class screen, a web page for the projector and tablets.
class-link = Your class screen (keep this address to yourself: it plays for every pupil and shows their links):
    { $url }
    1. On the computer connected to the projector or whiteboard, open the projector's address below: it shows the boards, plays nothing and shows no link.
    2. On your own device, open your address: under each pupil's name is their link as a QR code. Show it to one pupil at a time, who scans it with the tablet at their table.
    3. Tap a pawn or a hole, then where it goes: the move is played.
    `class link new` makes new links: the old ones stop working at once.
class-link-new = New links are made: the old ones no longer work. Your class screen (keep this address to yourself):
    { $url }
class-link-projector = For the projector (it shows the boards, plays nothing and shows no link): { $url }
class-link-off = The class screen needs lalao's web pages: start lalao with LALAO_WEB (the address to listen on) and LALAO_WEB_URL (the address browsers use).
web-bad-request = This move could not be read. Reload the page, then play again.
web-class-round = { $game } · round { $round } of { $rounds }
web-class-turn = { $name } PLAYS
web-class-seat-title = { $name } · { $class }
web-class-how-katro = Touch a circled hole: two holes turn green, one on each side. Touch the green one where your first seed goes.
web-class-how-sowing = Touch a circled hole, then touch it again once it is green.
web-class-how-pieces = Touch a circled pawn or square, then the square that turns green.
web-class-how-named-katro = Touch the hole that shines where the seeds are, then the one the arrow points to: the first seed falls there.
web-class-how-named-slide = Touch the pawn that shines, then the square the arrow points to.
web-class-how-named-piece = Touch the piece that shines, then the square the arrow points to.
web-class-how-named-twice = Touch what shines, twice.
web-class-class-board = The class's board
class-screen-played = { $name } played { $move } on the class screen (match { $id }).
class-learn = { $game }, lesson { $number }: { $title }. On the class screen, match { $shown }, for everyone to see; for your { $count ->
    [one] pupil
   *[other] { $count } pupils
}, each on their seat, matches { $first } to { $last }. `class progress` shows their stars.
class-learn-no-such-lesson = The { $game } course has lessons 1 to { $total }.
class-learn-no-pupils = The class has no pupils yet: add them first, like `class add Ana Bob`.
class-progress = Lessons of { $class }:
class-progress-pupil = { $name }: { $games }
class-progress-none = { $name }: no lesson finished yet
class-homework = Homework: { $count } { $game } puzzles for each of the { $pupils } pupils, one after another on their seats (matches { $first } to { $last }), each at the pupil's level. `class progress` shows who solved what.
class-homework-mangala = Mangala puzzles are answered with a side, not on the board: pupils with an account can do them in chat with `puzzle mangala`.
class-homework-count = A homework has 1 to { $max } puzzles.
class-progress-puzzles = Homework and puzzle ratings (a ? marks a provisional rating):
class-progress-homework = { $name }: homework { $solved }/{ $tried } { $marks } — { $ratings }
class-puzzle = A { $game } puzzle for the whole class ({ $puzzle }), on the class screen as match { $id }: find the answer together and play it on your page of the class screen, or show the solution with `hint { $id }`.

# Help and the slash command's description of the verbs this folder owns.
help-class = a class of pupils without accounts. Only the teacher (or a moderator) changes it; everyone can see the roster, the standings, the dashboard and the CSV:
help-class-show = the class's pupils and teams
help-class-new = create the class of this channel
help-class-add = add pupils, by first name
help-class-remove = remove a pupil
help-class-erase = erase a pupil for good: their name leaves every record; past matches say “a former pupil”
class-erased = Erased: { $name }. Their name and results are gone from the class; its past matches now say “{ $former }”.
class-erase-playing = { $name } is playing a match in progress ({ $ids }). End it first, for example with `class result { $example } draw`, then erase.
class-former-pupil = { $number ->
    [1] a former pupil
   *[other] a former pupil ({ $number })
}
help-class-bind = link a pupil's seat to their own chat account
help-class-team = make a team of pupils, who play in turn or in any order
help-class-match = a match between two pupils or teams (play it with the match number and the move)
help-class-activity = fano: place the pawns in turn, then draw the board
help-class-tournament = everyone plays: round robin, or Swiss rounds
help-class-standings = the tournament's standings
help-class-csv = the results as CSV
help-class-report = each pupil's lessons, homework, puzzles and matches as CSV, and a page to print
help-class-export = the class's whole data as a file (and the tournament's results as CSV)
help-class-dashboard = every class match and whose turn it is
help-class-link = the class screen's web address, for the projector (new: new links, the old stop working)
help-class-settings = change the class's name, language or boards, the next lesson, or how long games are kept (`keep=`)
help-class-delete = remove the class from this channel
help-class-pause = pause a class match
help-class-resume = go on with a paused match
help-class-undo = take back the last move of a class match
help-class-restart = start a class match again from the beginning
help-class-result = decide a class match: who won, or draw
help-class-learn = a lesson of a game's course for every pupil, on their seat: `class learn katro 2`
help-class-progress = every pupil's stars in the lessons
help-class-homework = puzzles at each pupil's level, one after another on their seat: `class homework katro 5`
help-class-puzzle = a puzzle on the class screen, solved all together: `class puzzle katro`
discord-cmd-class-desc = Classroom mode: roster, seat matches, tournaments, standings
discord-cmd-school-desc = For the school's records: each pupil's lessons, homework, puzzles and matches

## A simul: the teacher against every pupil at once.
help-class-simul = the teacher against every pupil at once, one board each on their seat (`stop` instead of the game ends it)
discord-cmd-simul-desc = The teacher against every pupil at once, one board each on their seat
class-simul-started = A simul of { $game }: { $teacher } against { $count ->
        [one] one pupil
       *[other] { $count } pupils
    } at once. Each pupil plays first on their seat; { $teacher } answers on each board.
class-simul-board = { $id }: { $name }
class-simul-stopped = The simul is over: { $count ->
        [one] one board still played was cancelled.
       *[other] { $count } boards still played were cancelled.
    }
class-simul-no-pupils = A simul needs pupils: add them first.
class-simul-running = A simul is being played: end it first (`class simul stop`).
class-simul-none = No simul is being played.
class-simul-score = Simul ({ $game }): the class { $class } – the teacher { $teacher }
class-simul-won = { $name } won
class-simul-lost = { $name } lost
class-simul-drew = { $name } drew
class-simul-cancelled = { $name }: stopped
class-simul-playing = { $name } is playing

## A class vote: the class plays one side, each pupil's tap a vote.
help-class-vote = the class plays one side against the computer (or against the teacher: `against=teacher`), each pupil's tap on their seat a vote; `class vote play` closes the turn now, `class vote stop` ends the game, `class vote reveal` shows who voted what after it
discord-cmd-vote-desc = The class plays one side by vote, each pupil's tap a vote
class-vote-started = The class plays { $game } against { $against } by vote ({ $id }): each pupil taps a move on their seat. After { $seconds } seconds, or when everyone has voted, the move with the most votes is played.
class-vote-computer = the computer ({ $level })
class-vote-no-pupils = A vote needs pupils: add them first.
class-vote-mangala = Mangala IV plays itself: there is nothing to vote on. Choose another game.
class-vote-running = The class is already voting in a game: end it first (`class vote stop`).
class-vote-none = The class is not voting in any game.
class-vote-not-a-voter = Only the class's pupils vote.
class-vote-nothing = Nobody has voted yet: nothing to play.
class-vote-played = The class's move is played ({ $id }).
class-vote-stopped = The class's vote is over: game { $id } is stopped.
class-vote-reveal-later = Who voted what is shown once the game is over.
class-vote-reveal = Who voted what in game { $id }:
vote-game-samantsy = Samantsy
vote-game-fano = Fano
vote-game-engehe = En Gehé
vote-game-katro = Katro
vote-game-play = Play the move now
vote-game-stop = End the vote
vote-game-reveal = Show who voted what
vote-against-computer = The computer
vote-against-teacher = The teacher
web-class-vote-line = { $count } { $count ->
        [one] vote
       *[other] votes
    } of { $voters }
web-class-vote-how = It is your vote: the move with the most votes is played.
web-class-vote-mine = Your vote: { $move }
web-class-vote-play = Play it
web-class-vote-left = { $seconds } s left
web-class-vote-waiting = Waiting for a first vote
class-vote-needs-pages = A class votes by taps on its seat pages, which need lalao's web pages: start lalao with LALAO_WEB (the address to listen on) and LALAO_WEB_URL (the address browsers use).
