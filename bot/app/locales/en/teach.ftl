## lalao's messages (English): lessons, puzzles, hints and reviews. Each id exists in every language (a test checks).
## Words for children: short sentences, say what to do next.

## Finding the match
hint-reason-wins = this move wins the game.
hint-reason-seeds = this move captures { $count ->
    [one] one seed
   *[other] { $count } seeds
}.
hint-reason-pieces = this move takes { $game ->
    [fano] { $count ->
        [one] one pawn
       *[other] { $count } pawns
    }
   *[other] { $count ->
        [one] one piece
       *[other] { $count } pieces
    }
}.
hint-reason-promotes = this move promotes a piece.
hint-reason-best = the computer likes this move best here.
hint-between-people = Hints are for practice and for games against the computer. In match { $id }, the moves are yours to find!
hint-not-playing = Match { $id } is not being played now: there is no move to hint.
hint-not-your-turn = It is not your turn in match { $id }: ask again when it is.

## Review
review-queued = Looking over match { $id } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
})… the review comes here in a moment.
review-running = Match { $id } is still being played: I can look it over once it is finished.
review-no-moves = Match { $id } has no moves to look over.
review-not-here = Match { $id } is a lesson or a puzzle: there is no game to look over. `history { $id }` shows its moves.
review-failed = Sorry, I could not look over match { $id }. `history { $id }` shows its moves.
review-busy = You already have { $count } reviews on the way: wait for them first.
review-queue-full = Many reviews are waiting right now: try again in a few minutes.
review-title = Review of match { $id } ({ $game }):
review-forced = In Mangala IV every move is forced: the only choice was the side, in the coin game.
review-clean = No clear mistake: well played!
review-line = move { $number }: { $player } played { $played } and { $cost }; { $gain }.
review-cost-units = lost { $count } { $game ->
    [fano] { $count ->
        [one] pawn
       *[other] pawns
    }
    [samantsy] { $count ->
        [one] zaza
       *[other] zazas
    }
   *[other] { $count ->
        [one] seed
       *[other] seeds
    }
}
review-cost-win = let a win slip away
review-cost-loss = lost the game
review-gain-capture = { $move } would have captured { $count } { $game ->
    [fano] { $count ->
        [one] pawn
       *[other] pawns
    }
    [samantsy] { $count ->
        [one] piece
       *[other] pieces
    }
   *[other] { $count ->
        [one] seed
       *[other] seeds
    }
}
review-gain-win = { $move } would have won
review-gain-better = { $move } was better
review-more = … and { $count ->
    [one] one more move
   *[other] { $count } more moves
} to learn from.
review-summary = { $player }: { $counts }.
review-count-good = { $count ->
    [one] { $count } good move
   *[other] { $count } good moves
}
review-count-inaccuracies = { $count ->
    [one] { $count } small slip
   *[other] { $count } small slips
}
review-count-mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}
review-count-blunders = { $count ->
    [one] { $count } big mistake
   *[other] { $count } big mistakes
}
review-count-missed-captures = { $count ->
    [one] { $count } missed capture
   *[other] { $count } missed captures
}
review-count-missed-wins = { $count ->
    [one] { $count } missed win
   *[other] { $count } missed wins
}
review-partial = (The match is long: the review stopped after move { $move }.)
review-note = { $verdict ->
    [inaccuracy] small slip
    [mistake] mistake
   *[blunder] big mistake
}: { $cost }; { $gain }.

## The class screen, a web page for the projector and tablets.
# Lessons (`learn`, docs/learn.md). The lessons' own words are in learn-<game>.ftl.
learn-courses = Lessons for every game. Each lesson gives up to 3 stars.
learn-course-line = { $game }: { $done }/{ $total } lessons { $stars } — `{ $command }`
learn-current = You are in { $game }, lesson { $number }: `{ $command }` goes on with it.
learn-lesson = { $game }, lesson { $number } of { $total }: { $title }
learn-step = Step { $step } of { $steps }: { $text }
learn-how = Type your move like `{ $command }`. Stuck? `{ $hint }` (it costs a star).
learn-how-buttons = Play with the buttons, or type your move like `{ $command }`. Stuck? `{ $hint }` (it costs a star).
learn-how-find = Find the move and type it, written like the moves you played before. Stuck? `{ $hint }` (it costs a star).
learn-how-find-buttons = Find the move and play it with the buttons. Stuck? `{ $hint }` (it costs a star).
learn-again = Try again: { $text }
learn-new-board = A new board for this step: look at it before you play.
learn-right = Well done!
learn-wrong = Not quite: `{ $move }` { $what } { $wanted }
learn-wrong-step = Not quite: `{ $move }` is not the move this step asks for. { $wanted }
learn-lesson-done = Lesson { $number } done: { $title } { $stars }
learn-next = Next lesson: { $title } — `{ $command }`
learn-course-done = You finished every lesson of { $game }! `{ $command }` shows all your stars.
learn-computer = Now try it in a whole game against the computer, which plays gently: `{ $command }`
# The level's words as the `play` command reads them in this language.
learn-computer-level = level=kind
learn-hint = Hint: play `{ $move }`. Hints cost a star.
learn-effect-wins = wins the game.
learn-effect-seeds = captures { $count ->
    [one] { $count } seed.
   *[other] { $count } seeds.
}
learn-effect-pieces = takes { $game ->
    [fano] { $count ->
        [one] { $count } pawn.
       *[other] { $count } pawns.
    }
   *[other] { $count ->
        [one] { $count } piece.
       *[other] { $count } pieces.
    }
}
learn-effect-promotes = promotes your piece.
learn-effect-nothing = captures nothing.
learn-no-such-lesson = The { $game } course has lessons 1 to { $total }. Type `learn { $id }` to go on where you are.
learn-step-gone = This lesson has changed since you began it. Type `learn { $game }` to start again.
learn-which-game = Which game? Type `learn katro { $number }`, or `learn` to see every course.
learn-screen-progress = step { $step } of { $steps }
learn-screen-done = Lesson done! { $stars }
learn-screen-title = { $game } · lesson { $number }: { $title }
# A verdict on a move tapped on a class page: in words a child who taps follows, the
# notation only as small print.
learn-tap-wrong = Not quite: that move { $what } { $wanted }
learn-tap-wrong-step = Not quite: that is not the move this step asks for. { $wanted }
learn-tap-right = Well done! That move { $what }
learn-tap-move = Your move: { $move }
learn-tap-written = This move is written { $move }.
puzzle-overview = Puzzles for every game: each one has a single best answer. Your puzzle ratings (a ? marks a provisional rating):
puzzle-overview-line = { $game }: { $rating }, { $solved } solved of { $tried }, best streak { $best } — `{ $command }`
puzzle-start = Puzzle { $id } ({ $game }, rated { $rating }): { $theme } { $side } to play.
puzzle-moves = You play { $moves } moves; lalao answers in between.
puzzle-how-find = Find the move and type it as the board names it. Stuck? `{ $hint }` shows the solution (it counts as a miss).
puzzle-how-find-buttons = Find the move and play it with the buttons. Stuck? `{ $hint }` shows the solution (it counts as a miss).
puzzle-how-sides = Answer `{ $south }` or `{ $north }`. Stuck? `{ $hint }` shows the solution (it counts as a miss).
puzzle-how-sides-buttons = Answer with the buttons, or type `{ $south }` or `{ $north }`. Stuck? `{ $hint }` shows the solution (it counts as a miss).
puzzle-right = Right: `{ $move }`{ $what } lalao answers `{ $reply }`. Your move: { $left ->
    [one] one more to find.
   *[other] { $left } more to find.
}
puzzle-solved = Solved! `{ $move }`{ $what }
puzzle-wrong = Not this one: `{ $move }`{ $what }
puzzle-tap-right = Right! That move{ $what } lalao has answered: look at the board. Your move: { $left ->
    [one] one more to find.
   *[other] { $left } more to find.
}
puzzle-tap-solved = Solved! That move{ $what }
puzzle-tap-wrong = Not this one: that move{ $what }
puzzle-tap-moves = Your move: { $move }. lalao: { $reply }
# After a Mangala IV side puzzle's answer: why that side wins.
puzzle-mangala-played-out = . Every move from here is forced: played to the end, { $draw ->
    [yes] it is a draw, { $score }.
   *[no] { $side } wins { $score }.
}
puzzle-solution = The solution: { $line }.
puzzle-daily-none = This channel has no puzzle of the day yet. A moderator turns it on with `channel puzzle=daily`.
puzzle-daily-solved = You already solved today's puzzle here: a new one comes tomorrow. `puzzle` gives you others meanwhile.
puzzle-daily-missed = You already tried today's puzzle here: a new one comes tomorrow. `puzzle` gives you others meanwhile.
daily-post = Today's puzzle ({ $game }, { $id }, rated { $rating }): { $theme } Solve it on your own: `{ $command }`. Who solved it comes in 12 hours.
daily-listing = Today's puzzle { $id } was solved by { $names } ({ $solved } of { $tried } who tried).
daily-listing-none = Today's puzzle { $id }: { $tried ->
    [0] nobody tried it.
   *[other] nobody solved it ({ $tried } tried).
}
puzzle-screen = Puzzle { $number } of { $count }: { $theme }
puzzle-screen-title = { $game } · puzzle { $id }
puzzle-screen-progress = puzzle { $number } of { $count }
puzzle-screen-was-solved = Puzzle { $number } of { $count }: you found it! Here is the board at the end.
puzzle-screen-was-missed = Puzzle { $number } of { $count }: not that one. Look at what shines: that was the right move.
puzzle-screen-done = Homework done! Well played.
puzzle-screen-one = Puzzle: { $theme } { $side } to play.
puzzle-screen-solution = The solution: { $line }.

# Help and the slash command's description of the verbs this folder owns.
help-hint = the move the computer would play, and why: in practice and against the computer, never between people.
help-review = the engine looks over a finished match: the mistakes, the better moves, and a count for each player.
help-learn = lessons for each game, step by step, with stars: `learn` lists them, `learn katro` goes on with Katro, `learn katro 2` starts its lesson 2.
help-puzzle = a puzzle of a game at your level, just for you: `puzzle katro` gives one, `puzzle` shows your puzzle ratings, `puzzle daily` gives the channel's puzzle of the day. Solving it raises your puzzle rating.
discord-cmd-hint-desc = The move the computer would play, in practice or against it
discord-cmd-review-desc = The engine looks over a finished match and names the mistakes
discord-cmd-learn-desc = Lessons for each game, step by step
discord-cmd-puzzle-desc = A puzzle of a game at your level, just for you

## A class's report: teaching's columns, as printed.
report-col-lessons = Lessons finished
report-col-stars = Stars
report-col-homework-solved = Homework solved
report-col-homework-given = Homework given
report-col-puzzle-ratings = Puzzle rating
