## lalao's messages (English): common words: games, sides, results, refusals, boards. Each id exists in every language (a test checks).

## Games and sides
game-samantsy = Samantsy
game-fano = Fano
game-mangala = Mangala
game-engehe = En Gehé
game-katro = Katro
game-stop = End the simul
side-white = White
side-black = Black
side-south = South
side-north = North
player-with-side = { $name } ({ $side })
tagline-samantsy = Tanala chess from Madagascar: block the other hova to win.
tagline-fano = one row of cells: place your pawns, then slide and capture by approach.
tagline-mangala = Mangala IV from Gaziantep: every move is forced, only the sides are chosen.
tagline-engehe = the long Maasai board: sow, relay and capture, in teams.
tagline-katro = Betsileo mancala on 6 rows: sow on your side, capture across.

## Results
reason-blocked-hova = { $player }'s hova is blocked and no move can free it
reason-no-legal-move = { $player } has no move left
reason-no-pawns = { $player } has no pawn left
reason-repetition = a position came back again
reason-cycle = the seeds left would go round forever, so each side kept the seeds of its own row: { $score }
reason-board-empty = every hole is empty: { $score }
reason-no-progress = 100 moves without a capture or a zaza move
reason-ply-cap = the move limit was reached
game-won = { $winner } wins: { $reason }. Well played!
game-drawn = It is a draw: { $reason }.
game-resigned = { $loser } gives up. { $winner } wins!
game-draw-agreed = Both players agree: it is a draw. Well played!
ratings-changed = Ratings: { $changes }.
# After a rating shown with its ?.
rating-provisional-note = (A ? marks a provisional rating: it still settles.)

## Parsing
hint-help = Type { $help } to see what I understand.
parse-unknown-command = I don't know the command “{ $word }”.
did-you-mean = Did you mean { $command }?
parse-missing = `{ $command }` needs { $what }.
parse-unknown-game = I don't know the game “{ $word }”. The games are: { $games }.
parse-bad-value = “{ $value }” is not a value I know for: { $what }. You can use: { $allowed }.
parse-unexpected = I did not expect “{ $word }” there.
parse-too-long = That message is too long for me.
what-game = a game (fano, samantsy, mangala, engehe or katro)
what-move = a move, like `move @3`
what-parity = odd or even
what-side = a side
what-style = board style
what-language = language
what-coins = number of coins
what-answer = answer
what-scope = list
what-leaderboard = leaderboard (here or global)
what-switch = on or off
what-setting = setting
allowed-coins = 1 or 2
allowed-setting = language, style, leaderboard, auto
what-level = level

## Moves
bad-move = I don't understand the move “{ $move }”.
legal-moves = You can play: { $moves }
no-legal-moves = There is no move to play.
illegal-game-over = The game is over: no more moves.
illegal-cell-occupied = You cannot play { $move }: that cell is taken. Put your pawn on an empty cell.
illegal-wrong-phase = Not now: that kind of move belongs to the other part of the game.
illegal-not-your-piece = There is no piece of yours to move there.
illegal-destination-occupied = That square is not free: you cannot go there.
illegal-not-reachable = That piece cannot go there in one move.
illegal-capture-required = You can capture, so you must: choose a move that captures.
illegal-repeats-situation = That move would bring back a board we already had.
illegal-leaves-hova-attacked = Careful: after that move your hova could be taken.
illegal-not-your-hole = That hole is not on your side: sow from your own holes.
illegal-empty-hole = That hole is empty: choose a hole with seeds.
illegal-not-outermost-row = You must play from your outer row while it still has seeds.
illegal-not-forced-hole = In Mangala the move is chosen for you: sow from your leftmost hole with seeds.
illegal-must-pass = You have no seeds to sow: you must pass.
illegal-cannot-pass = You cannot pass while you still have a move.
illegal-never-ending-sowing = That sowing would never end, so it is not allowed.
illegal-step-not-allowed = That step is only for a single last seed, moving one row inward.
illegal-wrong-step-path = Add the path (A or B) only when your step captures, like c2-c3A.

## Finding the match
no-such-match = There is no match { $id }. `list` shows the matches here, `list mine` all of yours.
private-activity = Match { $id } is someone else's lesson or puzzle: only they (and their teacher) can see it. `list mine` shows yours.
no-match-here = You have no match in this channel. Start one with `play fano`.
no-challenge-here = There is no challenge for you here.
which-match = You have several matches here: { $ids }. Add the number, like `{ $command } { $example }`.
hint = Hint for match { $id }: `move { $move } { $id }` — { $reason }
web-title = Match { $id } · { $game }
board-changed = Someone played first: the board changed. Here it is now.
try-again = I was interrupted. Please try again.
internal-error = Oops, something went wrong on my side. Nothing was changed; please try again.
not-a-player = You are not playing in match { $id }, but you can watch it with `board { $id }`.
not-started = Match { $id } has not started yet: the challenge must be accepted first.
rite-first = Match { $id } starts with the coin game first: Tek mi, Çift mi?
already-started = Match { $id } has already started.
match-over = Match { $id } is over.
challenge-gone-expired = Challenge { $id } expired: nobody accepted it in time. Start a new one with `play { $game }`.
challenge-gone-declined = Challenge { $id } was declined. Start a new one with `play { $game }`.
challenge-gone-cancelled = Challenge { $id } was cancelled. Start a new one with `play { $game }`.
match-gone-aborted = Match { $id } was called off: nobody made a first move in time.

## Starting matches
bad-mention = I don't know who “{ $mention }” is. Mention a player, like @ana.
too-many-matches = You already have { $max } matches in progress or waiting: finish, resign or cancel some before starting another.
channel-full = This channel already has { $max } matches in progress or waiting: finish or cancel some first.
bad-side = “{ $side }” is not a side of { $game }. The sides are: { $sides }.
game-not-ready = { $game } is not ready to play yet. Try fano!
game-not-ready-short = not ready yet
bad-option = The option “{ $option }” does not work for { $game }.
bad-option-hint = The option “{ $option }” does not work for { $game }: { $hint }
position-unreadable = I cannot read that { $game } position. Write it the way lalao writes positions, like this start: `{ $example }`
position-impossible = That { $game } position cannot happen in a game (the pieces or seeds do not add up). Check it against the start: `{ $example }`
position-over = That { $game } position is already over: nobody can move. Choose one where the game goes on.
position-too-many-seeds = That { $game } position holds { $seeds } seeds, more than a game of { $game } on that board ever has ({ $start }). Choose one with { $start } seeds at most.
option-fano-cells = cells must be an odd number from 3 to 255, like cells=7.
option-fano-ply-cap = ply_cap must be a number of moves, at least 1.
unknown-variant = I don't know the variant “{ $name }”. Variants: { $variants }.
no-variants = none
computer-level-random = random moves
computer-level-kind = kind
computer-level-easy = easy
computer-level-medium = medium
computer-level-hard = hard

## Resign, draw, undo
undo-nothing = There is no move to take back.
undo-done = Move { $move } is taken back in match { $id }.

## Rules
rules-samantsy = Samantsy, Tanala chess from Ikongo, Madagascar. An 8×8 board, 16 pieces each; White moves first. Pieces capture by moving onto an enemy piece; a zaza reaching the far row becomes an anakova. You may never leave your hova attacked. You lose when, at your turn, your hova is blocked and no move can free it. Source: Ardant du Picq, 1912. The rule numbers and what each source says: `rules { $game } sources`.
rules-samantsy-sources = Samantsy (RULES.md §1), Tanala chess from Ikongo, Madagascar. An 8×8 board, 16 pieces each (S-2, S-3); White moves first (S-4). Pieces capture by moving onto an enemy piece (S-5); a zaza reaching the far row becomes an anakova (S-6). You may never leave your hova attacked (S-8). You lose when, at your turn, your hova is blocked and no move can free it (S-10).
rules-fano = Fano, by Alain Busser. One row of cells. First, players take turns placing their pawns on empty cells, White first. Then each turn you slide a pawn to a free cell next to it; if the cell after it holds enemy pawns, the whole row of them is captured. At your turn, if you have no pawn or no move, you lose; bringing back a board already seen also loses. Source: Alain Busser, 2025. The rule numbers and what each source says: `rules { $game } sources`.
rules-fano-sources = Fano (RULES.md §2), by Alain Busser. One row of cells (F-1). First, players take turns placing their pawns on empty cells, White first (F-4). Then each turn you slide a pawn to a free cell next to it (F-5); if the cell after it holds enemy pawns, the whole row of them is captured (F-6). At your turn, if you have no pawn or no move, you lose (F-7); bringing back a board already seen also loses (F-8).
rules-mangala = Mangala IV, from Gaziantep, Turkey. Two rows of 7 holes, 7 seeds each. The coin game “Tek mi, Çift mi?” decides who chooses the side. Every move is forced: you sow from your leftmost hole with seeds, one seed per hole. Landing where there are now 2 or 4 seeds captures them with the opposite hole, and the holes just before with 2 or 4. Landing on 3 or 5+ sows again. The most seeds wins. Sources: Adnan Güllü, 2007, and Mancala World. The rule numbers and what each source says: `rules { $game } sources`.
rules-mangala-sources = Mangala IV (RULES.md §3), from Gaziantep, Turkey. Two rows of 7 holes, 7 seeds each (M-1, M-2). The coin game “Tek mi, Çift mi?” decides who chooses the side (M-3). Every move is forced: you sow from your leftmost hole with seeds (M-4), one seed per hole (M-6). Landing where there are now 2 or 4 seeds captures them with the opposite hole, and the holes just before with 2 or 4 (M-7, M-8). Landing on 3 or 5+ sows again (M-7). The most seeds wins (M-10).
rules-engehe = En Gehé, of the Maasai. Two rows of many holes with 4 seeds each; teams play as one player. Sow from any of your holes; if the last seed lands in a full hole, take them and sow on. Ending in an empty hole on your side captures the opposite hole. When a team cannot move, the game ends. Sources: Moritz Merker, 1904, and Wikipedia. The rule numbers and what each source says: `rules { $game } sources`.
rules-engehe-sources = En Gehé (RULES.md §4), of the Maasai. Two rows of many holes with 4 seeds each (E-1, E-2); teams play as one player (E-3). Sow from any of your holes (E-4); if the last seed lands in a full hole, take them and sow on (E-5). Ending in an empty hole on your side captures the opposite hole (E-7). When a team cannot move, the game ends (E-9).
rules-katro = Katro, from the Betsileo of Madagascar. Six rows of 6 holes, 2 seeds each; each player owns three rows. Sow along your path from your outermost row that has seeds. Captured seeds are sown again on your side. A player with no move loses. Sources: Alex de Voogt, 1998–1999, and Mancala World. The rule numbers and what each source says: `rules { $game } sources`.
rules-katro-sources = Katro (RULES.md §5), from the Betsileo of Madagascar. Six rows of 6 holes, 2 seeds each; each player owns three rows (K-1, K-3). Sow along your path from your outermost row that has seeds (K-2, K-5, K-6). Captured seeds are sown again on your side (K-7, K-8). A player with no move loses (K-9).
notation-samantsy = Samantsy moves go from square to square, like `e2-e4` (columns a–h, rows 1–8; `e2xe4` for a capture works too).
notation-fano = Fano moves: `@3` puts a pawn on cell 3; `2-3` slides a pawn from cell 2 to cell 3.
notation-mangala = Mangala IV moves are forced: the hole to sow from, like `h3` (South’s holes are h0 to h6 from South’s left, North’s h7 to h13 from North’s left), or `pass`.
notation-engehe = En Gehé moves are the hole to sow from, like `h12`: South’s holes are numbered from 0 from South’s left, then North’s from North’s left (h40 to h79 on 40 holes a row).
notation-katro = Katro moves are a hole and a direction, like `a1A`: the hole’s column letter and row (1 to 6), then path `A` or `B`.
variant-samantsy-chess-mate = you lose only when you have no legal move at all (Busser's Ludii version; RULES.md §1.4).
variant-samantsy-zaza-step = a zaza moves exactly one square forward (Ludii reconstruction; §1.4).
variant-samantsy-alfil-jump = a basy jumps two squares diagonally, even over a piece (shatranj; §1.4).
variant-fano-misere = “qui perd gagne”: the player who cannot move wins; repeating a board still loses (§2.3).
variant-fano-full-start = the original start with the row already full and no placement (§2.3).
variant-fano-forced-capture = if you can capture, you must (like fanorona; §2.3).
variant-fano-repetition-illegal = bringing back a board is not allowed, instead of losing (§2.3).
variant-mangala-random-start = the 98 seeds are spread at random; the seed number is kept with the match (§3.4).
variant-mangala-madjnuni-start = a random start with at least two seeds per hole, as in La'b Madjnuni (§3.4).
variant-mangala-skip-origin = laps of 14 seeds or more skip the hole they came from (G-2).
variant-mangala-snapshot-chain = the capture chain looks at the board as it was before the capture (§3.3).
variant-mangala-rightmost-head = sow from the rightmost hole, as in La'b Madjnuni (§3.4).
variant-engehe-mw-capture = the Mancala World capture rule (§4.3).
variant-engehe-loop-stops-turn = a never-ending relay stops the turn instead of being forbidden (G-3).
variant-engehe-skip-origin = laps as long as the circuit skip the hole they came from (G-2).
variant-katro-lone-stone = the historical lone-stone rule (§5.5).
variant-katro-lone-stone-diagonal = the lone stone may also step diagonally (§5.5).
variant-katro-ludii-capture = the capture rule of the Ludii version (§5.4).
variant-katro-any-hole-start = any of your holes may start a move (Busser's pages; §5.4).
variant-katro-reverse-direction = sow the other way round (§5.4).
variant-katro-loop-stops-turn = a never-ending relay stops the turn instead of being forbidden (G-3).
variant-katro-skip-origin = laps as long as the circuit skip the hole they came from (G-2).

## Settings
language-en = English
language-fr = français
style-picture = picture
style-text = text
style-emoji = emoji
style-large = large
style-reader = screen reader

## Mangala's rite: Tek mi, Çift mi?
rite-call = { $challenger } has hidden the coins. { $opponent }: Tek mi, Çift mi? Odd or even? Type `call odd` or `call even`.
parity-odd = odd (tek)
parity-even = even (çift)

## Help
help = I know these commands (type { $example } to learn more about one):

## Console
console-welcome = Welcome to lalao! Type `help` to see the commands, `play fano` to start. Type `/quit` to leave.
console-coins-prompt = How many coins do you hide, 1 or 2? (it will not show)
console-user = You are now { $user }.
console-user-bad = A name has letters, digits, “-” or “_”, like `/user ana`.
console-animation-written = The whole game, animated: { $apng } (APNG) and { $gif } (GIF), written in { $folder }.
console-animation-failed = The animation could not be written: { $error }
console-unknown = Console commands: `/user <name>` (who is playing), `/quit`.

## Classroom mode (docs/classroom.md). Pupils read these on the class screen: simple words.
what-pupil = a pupil's first name
what-seats = two pupils (or teams) and a game, like `class match Ana Bob fano`
what-team = a team name
what-match = a match number, like `#3`
what-winner = who won (a first name) or `draw`
what-class = class command
what-class-name = class name
allowed-class-name = 1 to 40 letters, digits, “-”, “_”, “'” or “.”, in one word
what-keep = days kept
allowed-keep = a whole number of days from 1 to 3650
class-paused = Match { $id } is paused. Wait for the teacher.
class-not-your-seat = This is not your seat in match { $id }. Ask { $teacher } to play for you.
class-team-anyone = anyone
class-team-expected = { $team }: { $member }
class-activity-done = Every pawn is placed. Now draw the board!
class-timeout-flag = { $late } has run out of time in { $match }. The teacher decides: `claim { $id }` the win for { $winner }, `grant 1d { $id }` (or any time), `waive { $id }`, or `class result { $id } draw`.
class-adjudicated-win = The teacher decides: { $winner } wins.
class-adjudicated-draw = The teacher decides: it is a draw.
class-ask-teacher-draw = In a class match, the teacher decides: `class result { $id } draw`.
class-ask-teacher-undo = In a class match, the teacher takes a move back: `class undo { $id }`.

## Time controls, notifications, vacations (docs/time-controls.md)
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min
duration-hours = { $hours } h
duration-days = { $days } d
duration-days-hours = { $days } d { $hours } h
match-label = match { $id } ({ $game })
time-bad-duration = I don't understand that time. Use days from the list 1d, 2d, 3d, 5d, 7d, 14d, or hours like 12h (at most 72h). A bank looks like `bank=1d/7d`.
time-bank-without-time = A bank needs a time per move too, like `time=3d bank=1d/7d`.
time-cap-too-small = The bank's cap must be at least as big as what each move adds to it.
clock-control = Clock: { $budget } per move.
clock-control-bank = Clock: { $budget } per move, and a bank that grows by { $increment } per move up to { $cap }.
clock-left = { $player } has { $left } left to move.
clock-first-move = { $player } makes the first move (no clock before it).
clock-flagged = { $player } has run out of time. The other player can `claim` the win, `grant 1d` (or any time), or `waive`.
clock-bank = Bank of { $player }: { $bank }.
clock-vacation = { $player } is on vacation ({ $left } left): their clock is stopped.
game-timeout = { $loser } ran out of time. { $winner } wins!
timeout-flag = { $late } has run out of time in { $match }. { $winner }, you can `claim` the win, `grant 1d` (or any time), or `waive` to give a new full time.
digest = Your turn to move ({ $count }):
channel-unnamed = a room whose name I do not know
channel-console = the console
what-time = a time
what-days = a number of days
what-notify = notification setting
what-channel = channel setting
allowed-time = 12h, 1d, 3d, 1d12h
allowed-days = 1 to 31, or off
allowed-notify = every, digest, dm=on|off, digest=9,18, quiet=22-7|off, tz=Europe/Paris|+3, remind=75%,24h|off
allowed-channel = forfeit=auto|claim, expiry=3d, boards=edit|new|default, thread=on|off

## The class screen, a web page for the projector and tablets.
learn-lesson-over = Lesson { $number } is done.
what-lesson = lesson number
allowed-lesson = a number from 1, like `learn katro 2`
match-series = Series: { $first } { $first-wins } – { $second-wins } { $second }
# Puzzles (`puzzle`, docs/puzzles.md).
puzzle-rating-after = Your { $game } puzzle rating: { $rating }. Streak: { $streak }. Another one: `{ $command }`
puzzle-gone = This puzzle is no longer in lalao's set. Type `puzzle { $game }` for a new one.
puzzle-over-solved = Puzzle { $id } is solved.
puzzle-over-missed = Puzzle { $id } was missed.
puzzle-theme-capture-most = find the move that captures the most seeds.
puzzle-theme-relay-capture = find the move that sows on and ends in a capture.
puzzle-theme-choose-direction = one hole, two paths: find the move, and the way to sow it.
puzzle-theme-leave-nothing = find the quiet move that leaves your opponent the least to take.
puzzle-theme-capture-in-one = find the move that captures.
puzzle-theme-only-move = only one move saves the game: find it.
puzzle-theme-win-in-n = win in { $moves ->
    [one] one move.
   *[other] { $moves } moves.
}
puzzle-theme-block-hova = leave the enemy hova no free square: win in { $moves ->
    [one] one move.
   *[other] { $moves } moves.
}
puzzle-theme-win-material = find the move that wins material.
puzzle-theme-promote = find the move that makes an anakova.
puzzle-theme-choose-side = every move is forced from here. Which side wins: South or North?
move-forced-played = { $player } had only one move: { $move }, played at once.
move-planned-played = { $player } answered with { $move }, as planned.
move-forced-many = { $count } moves with no alternative, played at once: { $moves }. Every move: `history { $id }`.
what-reply = your answer to each of their moves, in pairs, like `plan #3 c2 d5` (if they play c2, I play d5)
plan-pair = if they play { $theirs }, I play { $mine }
plan-show = Your plan in match { $id }: { $pairs }. Drop it with `plan { $id } off`.
plan-none = You have no plan in match { $id }. Make one while it is your opponent's turn: `plan { $id } { $theirs } { $mine }` means "if they play { $theirs }, I play { $mine }" (up to 4 pairs).
plan-none-bare = You have no plan in match { $id }. Make one while it is your opponent's turn: their move, then your answer, up to 4 pairs.
plan-saved = Planned in match { $id }: { $pairs }. I play your answer as soon as their move matches; if they play something else, I drop the plan and tell you. Only you see this.
plan-dropped-by-author = Your plan in match { $id } is dropped.
plan-dropped = Match { $id }: your opponent played { $played }, not { $expected }, so I dropped your plan. It is your turn.
plan-not-playing = Match { $id } is not being played: there is nothing to plan.
plan-not-here = Plans are for matches between two people; match { $id } waits for no one.
plan-your-turn = It is your turn in match { $id }: play your move first, then plan your answers to theirs.
plan-private = Shh! A plan is a secret. Send it to me privately.
plan-private-dm = Shh! A plan is a secret. Send me the same command in our direct room.
plan-illegal = Pair { $pair }: { $move } cannot be played there. { $reason }
plan-game-over = The game would be over by then.
plan-not-alternating = It would not be that player's turn then.
# An answer for its asker alone, asked for in a room that cannot answer privately.
sent-privately = { $player }, I have written to you privately: look in our direct room.
console-document-written = The file { $file } is written in { $folder }.
console-document-failed = The file { $file } could not be written: { $error }
what-against = whom the class plays
what-seconds = seconds a turn lasts
allowed-seconds = a number from 10 to 3600
