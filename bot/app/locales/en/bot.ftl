## lalao bot messages (English). Every id here must also exist in fr/bot.ftl (a test checks).
## Words for children: short sentences, say what to do next.

## Games and sides
game-samantsy = Samantsy
game-fano = Fano
game-mangala = Mangala
game-engehe = En Gehé
game-katro = Katro
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
reason-blocked-hova = the hova is blocked and no move can free it
reason-no-legal-move = { $player } has no move left
reason-no-pawns = no pawn is left
reason-repetition = a position came back again
reason-cycle = the game would go round forever
reason-board-empty = every hole is empty
reason-no-progress = 100 moves without a capture or a zaza move
reason-ply-cap = the move limit was reached
game-won = { $winner } wins: { $reason }. Well played!
game-drawn = It is a draw: { $reason }.
game-resigned = { $loser } gives up. { $winner } wins!
game-draw-agreed = Both players agree: it is a draw. Well played!
game-over = { $players }: match { $id } is over. { $ending }
ratings-changed = Ratings: { $changes }.
rating-title = { $player }'s ratings (a ? marks a provisional rating):
rating-line = • { $game }: { $rating }, played { $games }: won { $wins }, lost { $losses }, drawn { $draws }
rating-none = { $player } has no rating yet. Ratings come from games between two people in the standard rules, ended by the game, a resignation, an agreed draw or a time-out.
rating-mangala = Mangala IV is never rated: after the coin game every move is forced.
profile-title = { $player }'s profile (a ? marks a provisional rating):
profile-best-win = , best win: { $opponent } ({ $rating }) in { $match }
profile-best-win-elsewhere = , best win against a player rated { $rating }
profile-streak-wins = , { $count ->
    [one] won the last game
   *[other] won the last { $count } games
}
profile-streak-losses = , { $count ->
    [one] lost the last game
   *[other] lost the last { $count } games
}
profile-matches-elsewhere = { $count ->
    [one] One active match in another channel or room.
   *[other] { $count } active matches in other channels or rooms.
}
profile-puzzles = { $game } puzzles: { $rating }, { $solved } solved of { $tried }, streak { $streak } (best { $best })
profile-unrated = No rated games yet.
profile-no-matches = No active matches.
profile-matches = { $count ->
    [one] One active match:
   *[other] { $count } active matches:
}
top-scope-global = everyone
top-scope-server = this server
top-scope-room = this room
top-scope-channel = here
top-title = { $game } leaderboard, { $scope } (page { $page } of { $pages }):
top-line = { $place }. { $player } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
top-line-unranked = • { $player } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
top-unranked = Not ranked yet (a place needs { $games } rated games and a rating that is no longer provisional):
top-you = Your place: { $place }.
top-empty = Nobody has played a rated game of { $game } yet ({ $scope }).
rated-bad-value = `rated=` takes `yes` or `no`, not “{ $value }”. A friendly game: `rated=no`.
and = { " and " }

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
move-played = { $player } played { $move }.
move-played-in = { $player } played { $move } in match { $id }.
bad-move = I don't understand the move “{ $move }”.
legal-moves = You can play: { $moves }
no-legal-moves = There is no move to play.
your-turn-hint = Type a move to play it, like `move { $move }`.
your-turn-hint-buttons = Play a move with the buttons under the board, or with `move { $move }`.
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
board-live = Follow it live: { $url }
link-shown = Match { $id }'s live page: { $url }
link-new = Match { $id } has a new live page: { $url } — the old address no longer works.
link-no-web = The web pages are off here, so matches have no live page.
link-not-player = Only the players of match { $id } or a moderator can give its page a new address.
hint = Hint for match { $id }: `move { $move } { $id }` — { $reason }
hint-reason-wins = this move wins the game.
hint-reason-seeds = this move captures { $count ->
    [one] one seed
   *[other] { $count } seeds
}.
hint-reason-pieces = this move takes { $count ->
    [one] one piece
   *[other] { $count } pieces
}.
hint-reason-promotes = this move promotes a piece.
hint-reason-best = the computer likes this move best here.
hint-between-people = Hints are for practice and for games against the computer. In match { $id }, the moves are yours to find!
hint-not-playing = Match { $id } is not being played now: there is no move to hint.
hint-not-your-turn = It is not your turn in match { $id }: ask again when it is.
web-title = Match { $id } · { $game }
web-not-found = There is no match at this address. Ask for the link again: it may have changed.
web-busy = Too many pages are open right now. This one will try again by itself.
web-drawing-busy = Many pictures are being drawn just now. Try again in a moment.
web-store-unreachable = lalao cannot reach its records just now. This page will try again by itself.
web-class-tap-unreachable = lalao cannot reach its records just now: nothing was played. Try again in a moment.
web-class-projector = This screen only shows the boards: play on your own page.
web-moves = { $count ->
    [one] One move
   *[other] { $count } moves
}
board-changed = Someone played first: the board changed. Here it is now.
try-again = I was interrupted. Please try again.
internal-error = Oops, something went wrong on my side. Nothing was changed; please try again.
not-a-player = You are not playing in match { $id }, but you can watch it with `board { $id }`.
not-your-turn = Wait a little: it is { $player }'s turn.
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
challenge-yourself = You cannot challenge yourself, but you can practise: `play { $game } practice`.
too-many-matches = You already have { $max } matches in progress or waiting: finish, resign or cancel some before starting another.
channel-full = This channel already has { $max } matches in progress or waiting: finish or cancel some first.
side-by-rite = In Mangala the coin game decides who chooses the side.
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
play-unknown-word = There is no variant “{ $name }” (variants: { $variants }). To play someone, { $platform ->
    [matrix] mention them: type @ and pick their name, or write their user id, like `play fano @bodo:example.org`.
    [discord] pick them in the `opponent` option of `/lalao play`.
   *[other] write @ and their name, like `play fano @bodo`.
}
no-variants = none
practice-started = Match { $id }: { $game }, practice. { $challenger } plays both sides.
computer-started = Match { $id }: { $challenger } plays { $game } against lalao ({ $level }). { $challenger } plays { $side }.
computer-played = lalao played { $move }.
computer-and-forced-many = Then { $count } moves at once, lalao's and yours (each of yours the only one): { $moves }. Every move: `history { $id }`.
level-needs-computer = `level=` is for matches against lalao: write `bot` (or mention lalao) as the opponent.
computer-level-random = random moves
computer-level-kind = kind
computer-level-easy = easy
computer-level-medium = medium
computer-level-hard = hard
challenge-named = Match { $id }: { $challenger } challenges { $opponent } to { $game }! { $opponent }, type `accept { $id }` or `decline { $id }`.
challenge-open = Match { $id }: { $challenger } wants to play { $game }. Who will play? Type `accept { $id }`.
accept-own-challenge = You cannot accept your own challenge { $id }.
not-your-challenge = This challenge is for { $opponent }.
decline-open = Challenge { $id } is open to everyone: nobody needs to decline it. Its author can `cancel { $id }`.
challenge-accepted = Match { $id }: { $opponent } accepts! { $first } starts.
challenge-declined = { $opponent } declines challenge { $id }.
cancel-playing = Match { $id } has started: you can `resign`, or ask a moderator to cancel it.
cancel-not-allowed = Only the player who made match { $id }, or a moderator, can cancel it.
match-cancelled = Match { $id } is cancelled by { $by }.

## Board and status
status-challenge = Match { $id } ({ $game }): waiting for { $opponent } to accept.
status-open = Match { $id } ({ $game }): { $challenger } is waiting for a player.
status-rite = Match { $id } ({ $game }): { $step }
status-playing = Match { $id } ({ $game }{ $practice ->
    [yes] , practice
   *[no] {""}
}): { $player } to move.
status-finished = Match { $id } ({ $game }) is over. { $result }
status-declined = Match { $id } ({ $game }) was declined.
status-cancelled = Match { $id } ({ $game }) was cancelled by { $by }.
draw-pending = { $player } offers a draw.
undo-pending = { $player } asks to take back the last move.

## Resign, draw, undo
draw-practice = In practice there is nobody to agree a draw with.
draw-computer = lalao never agrees to a draw: play on, take a move back with `undo`, or `resign`.
draw-already-offered = You already offered a draw. Wait for { $other }'s answer.
draw-offer-waiting = { $other } already offered you a draw: `draw accept` or `draw decline`.
draw-offered = { $player } offers a draw in match { $id }. { $other }, type `draw accept` or `draw decline`.
draw-none = Nobody offered a draw.
draw-declined = { $player } says no to the draw. The game goes on!
undo-nothing = There is no move to take back.
undo-done = Move { $move } is taken back in match { $id }.
undo-done-several = Moves { $move } are taken back in match { $id }.
undo-already-asked = You already asked. Wait for { $other }'s answer.
undo-asked = { $player } asks to take back the last move of match { $id }. { $other }, type `undo accept` or `undo decline`.
undo-none = Nobody asked to take back a move.
undo-declined = { $player } says no: the move stays.

## Lists, history, export
list-empty-channel = There is no match in this channel. Start one with `play fano`!
list-empty-mine = You have no match going on. Start one with `play fano`!
list-channel = Matches in this channel ({ $count }):
list-mine = Your matches ({ $count }):
list-line = { $id } { $game }: { $players } · { $state }
list-practice = { $player } (practice)
list-versus = { $challenger } vs { $opponent }
list-anyone = anyone
list-waiting = waiting for a player
to-move-short = { $player } to move
history-empty = no move yet
history-moves = Moves: { $moves }
export-json = To replay it with `lalao rules`:
animation-caption = Match { $id } ({ $game }), { $players }: { $result } The whole game in { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, animated.
animation-unfinished = still being played.
animation-no-moves = Match { $id } has no move yet: there is nothing to animate. Play a move first!
animation-too-long = Match { $id } has { $moves } moves: too many for one animation (at most { $most }). `history { $id }` lists them all.

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
web-after-move = { $count ->
    [0] The start of the match
   *[other] After move { $count }: { $move }
}
web-back-to-live = Back to the match as it is now
review-note = { $verdict ->
    [inaccuracy] small slip
    [mistake] mistake
   *[blunder] big mistake
}: { $cost }; { $gain }.

## Rules
rules-all = The games I know (type `rules fano` for one of them):
rules-all-line = • { $game } (`{ $id }`): { $summary }
rules-variant = Variant { $name }: { $text }
rules-variants = Variants of { $game }: { $variants }. Add them when you start a match, like `play { $game } { $variant }`.
rules-no-variants = Variants of { $game }: { $variants }.
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
leaderboard-listed = listed
leaderboard-hidden = hidden
settings-saved = Saved! Language: { $language }. Board style: { $style }. Global leaderboards: { $leaderboard }. Forced moves: { $auto }.
settings-show = Your settings: language { $language }, board style { $style }, global leaderboards: { $leaderboard }, forced moves: { $auto }. Change them with `settings language fr`, `settings style large`, `settings leaderboard=off` or `settings auto=on`.
language-en = English
language-fr = français
style-picture = picture
style-text = text
style-emoji = emoji
style-large = large
style-reader = screen reader

## Mangala's rite: Tek mi, Çift mi?
rite-begins = Match { $id }: { $opponent } accepts! First the coin game: Tek mi, Çift mi? { $challenger }, hide one or two coins in your hand: send `coins 1 { $id }` or `coins 2 { $id }` to me privately.
rite-begins-direct = Match { $id }: { $opponent } accepts! First the coin game: Tek mi, Çift mi? { $challenger }, I have written to you privately: hide one or two coins there.
coins-ask-direct = Match { $id } against { $opponent }: the coin game begins. Hide one or two coins in your hand: send `coins 1 { $id }` or `coins 2 { $id }` here. Only you and I see this room.
rite-step-coins = { $player } is hiding one or two coins (`coins`).
rite-step-call = { $player } must call: odd or even? (`call odd` or `call even`)
rite-step-side = { $player } chooses the side (`side south` or `side north`).
rite-over = The coin game of match { $id } is over.
rite-not-your-step = Not you, not now: { $step }
no-rite = You have no coin game waiting.
coins-how = Hide one or two coins: send `coins 1 { $id }` or `coins 2 { $id }` privately. On the console, type `coins` alone and the number will stay hidden.
coins-private-dm = Shh! Your coins are a secret. Send them to me in our direct room: `coins 1 { $id }` or `coins 2 { $id }`.
coins-private = Shh! Your coins are a secret. Send them to me privately (on the console, type `coins` alone and then the number: it will not show).
coins-hidden = You hide { $count } in your hand. Shh!
rite-call = { $challenger } has hidden the coins. { $opponent }: Tek mi, Çift mi? Odd or even? Type `call odd` or `call even`.
parity-odd = odd (tek)
parity-even = even (çift)
rite-call-right = { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: { $call } was right! { $chooser } chooses the side: `side south` or `side north`.
rite-call-wrong = { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: { $call } was wrong! { $chooser } chooses the side: `side south` or `side north`.
rite-done = { $player } takes { $side }. { $first } starts. Good game!

## Help
help-games = The five games I know:
help = I know these commands (type { $example } to learn more about one):
help-unknown = I have no help about “{ $topic }”.
help-footer = Add a match number like { $example } when you have several.
help-group-start = start a match: with someone, open to anyone, practice, or against the computer (`play fano bot`)
help-group-answer = answer or withdraw a challenge
help-group-move = play (or just type the move)
help-group-board = show the board
help-group-end = give up, offer a draw, take back a move
help-group-matches = matches and their moves
help-group-about = rules, your settings, this help
help-group-rite = the coin game that starts a Mangala match
help-group-clock = clocks in days, time-outs, reminders
help-group-class = classroom mode for teachers
help-play = start a match: with a named player, open to anyone, practice alone, or against the computer at a level. Examples: `play fano practice`, `play fano @ana cells=5`, `play fano open misere`, `play katro @bob side=north`, `play samantsy computer level=hard` (a level alone also means the computer), `play katro time=3d`, `play fano practice position=..WB... w 1 1` (from a set position, written last).
help-accept = accept a challenge made to you, or an open challenge.
help-decline = say no to a challenge made to you.
help-cancel = withdraw your challenge or stop your practice match. Moderators can cancel any match of their channel.
help-move = play a move (or type just the move). Each game writes its moves its own way:
help-board = show the board, in a style, seen from a side. `reader` describes it in sentences for screen readers.
help-hint = the move the computer would play, and why: in practice and against the computer, never between people.
help-resign = give up the match.
help-link = the address of a match's live page; `link new` gives it a new one and the old one stops working.
help-draw = offer a draw, or accept the one you were offered; `decline` says no.
help-undo = take back the last move. In practice it happens at once; otherwise your opponent must agree with `accept`.
help-list = the matches of this channel; `mine`: all your matches.
help-history = the moves of a match.
help-export = the moves and a record that `lalao rules` can replay; with `animation`, the whole game as an animated picture.
help-review = the engine looks over a finished match: the mistakes, the better moves, and a count for each player.
help-rating = your rating in each game, or someone else's (mention them), with wins, losses and draws.
help-profile = your profile, or someone else's: each game's rating and record, best win, current streak, and the matches being played.
help-top = a game's leaderboard: of this server or room (`here`, the default) or of everyone (`global`), ten players a page. `settings leaderboard=off` keeps you off the global one.
help-rules = how a game is played, with the rule numbers of RULES.md.
help-settings = your language and board style.
help-coins = (Mangala) hide one or two coins for the coin game. Send it privately!
help-call = (Mangala) guess the hidden coins. Tek mi, Çift mi?
help-side = (Mangala) the winner of the call chooses the side.
help-help = this help, or the help of one command.

## Console
console-welcome = Welcome to lalao! Type `help` to see the commands, `play fano` to start. Type `/quit` to leave.
console-coins-prompt = How many coins do you hide, 1 or 2? (it will not show)
console-user = You are now { $user }.
console-user-bad = A name has letters, digits, “-” or “_”, like `/user ana`.
console-animation-written = The whole game, animated: { $apng } (APNG) and { $gif } (GIF), written in { $folder }.
console-animation-failed = The animation could not be written: { $error }
console-unknown = Console commands: `/user <name>` (who is playing), `/quit`.

## Classroom mode (docs/classroom.md). Pupils read these on the class screen: simple words.
help-class = a class of pupils without accounts. Only the teacher (or a moderator) changes it; everyone can see the roster, the standings, the dashboard and the CSV:
help-class-show = the class's pupils and teams
help-class-new = create the class of this channel
help-class-add = add pupils, by first name
help-class-remove = remove a pupil
help-class-bind = link a pupil's seat to their own chat account
help-class-team = make a team of pupils, who play in turn or in any order
help-class-match = a match between two pupils or teams (play it with the match number and the move)
help-class-activity = fano: place the pawns in turn, then draw the board
help-class-tournament = everyone plays: round robin, or Swiss rounds
help-class-standings = the tournament's standings
help-class-csv = the results as CSV
help-class-dashboard = every class match and whose turn it is
help-class-link = the class screen's web address, for the projector (new: new links, the old stop working)
help-class-settings = change the class's name, language or board style
help-class-delete = remove the class from this channel
help-class-pause = pause a class match
help-class-resume = go on with a paused match
help-class-undo = take back the last move of a class match
help-class-restart = start a class match again from the beginning
help-class-result = decide a class match: who won, or draw
what-pupil = a pupil's first name
what-seats = two pupils (or teams) and a game, like `class match Ana Bob fano`
what-team = a team name
what-match = a match number, like `#3`
what-winner = who won (a first name) or `draw`
what-class = class command
class-default-name = My class
class-created = The class “{ $name }” is ready. Teacher: { $teacher }. Add pupils with `class add Ana Bob`.
class-new-moderators = Only a moderator of this channel can create a class here: a class's language and board style apply to everyone in the channel.
class-settings = The class “{ $name }”: language { $language }, boards { $style }.
class-delete-active = The class still has matches in progress ({ $ids }). End them first, for example with `class result { $example } draw`.
class-deleted = The class “{ $name }” is deleted: this channel is an ordinary channel again.
what-class-name = class name
allowed-class-name = 1 to 40 letters, digits, “-”, “_”, “'” or “.”, in one word
class-exists = This channel already has a class: “{ $name }”, by { $teacher }.
class-none = There is no class here yet. The teacher creates one with `class new`.
class-teacher-only = Only the teacher ({ $teacher }) can do that.
class-paused = Match { $id } is paused. Wait for the teacher.
class-not-your-seat = This is not your seat in match { $id }. Ask { $teacher } to play for you.
class-team-anyone = anyone
class-team-expected = { $team }: { $member }
class-replay-step = Step { $step } of { $count }:
class-csv = Results (CSV):
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
class-activity-done = Every pawn is placed. Now draw the board!
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
class-timeout-flag = { $late } has run out of time in { $match }. The teacher decides: `claim { $id }` the win for { $winner }, `grant 1d { $id }` (or any time), `waive { $id }`, or `class result { $id } draw`.
class-adjudicated-win = The teacher decides: { $winner } wins.
class-adjudicated-draw = The teacher decides: it is a draw.
class-ask-teacher-draw = In a class match, the teacher decides: `class result { $id } draw`.
class-ask-teacher-undo = In a class match, the teacher takes a move back: `class undo { $id }`.
class-too-few-teams = A team tournament needs at least 2 teams. Make them with `class team Lions Ana Bob`.
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
time-practice = Practice matches have no clock. Leave out `time=`.
time-computer = Matches against lalao have no clock: it answers at once. Leave out `time=`.
clock-control = Clock: { $budget } per move.
clock-control-bank = Clock: { $budget } per move, and a bank that grows by { $increment } per move up to { $cap }.
clock-left = { $player } has { $left } left to move.
clock-first-move = { $player } makes the first move (no clock before it).
clock-flagged = { $player } has run out of time. The other player can `claim` the win, `grant 1d` (or any time), or `waive`.
clock-bank = Bank of { $player }: { $bank }.
clock-vacation = { $player } is on vacation ({ $left } left): their clock is stopped.
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
game-timeout = { $loser } ran out of time. { $winner } wins!
status-expired = Match { $id } ({ $game }): the challenge expired.
status-aborted = Match { $id } ({ $game }) was stopped because nobody moved. It does not count.
challenge-expired = { $player }, nobody accepted your challenge in time: { $match } has expired. You can start a new one with `play { $game }`.
match-aborted = Nobody moved in { $match }, so it is stopped. It does not count for anyone.
turn-notice = { $player }, it is your turn in { $match }.
reminder = { $player }, remember to move in { $match }: { $left } left.
timeout-flag = { $late } has run out of time in { $match }. { $winner }, you can `claim` the win, `grant 1d` (or any time), or `waive` to give a new full time.
timeout-forfeit = { $late } has run out of time in { $match }. { $winner } wins! (This channel ends matches on time at once. `waive` gives the match back.)
digest = Your turn to move ({ $count }):
digest-line = • { $match } in { $channel }
digest-line-timed = • { $match } in { $channel }: { $left } left
channel-unnamed = a room whose name I do not know
channel-console = the console
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
channel-moderators-only = Only moderators of this channel can change its settings.
channel-forfeit-auto = a player out of time loses at once
channel-forfeit-claim = the opponent decides (claim, grant or waive)
channel-expiry-never = never
channel-current = This channel: { $forfeit }. Challenges expire after { $expiry }.
channel-saved = Saved. This channel: { $forfeit }. Challenges expire after { $expiry }.
channel-boards-edit = a move edits its board
channel-boards-new = each move posts a new board
channel-boards-default = as the bot is set up
channel-threads-on = each new match starts its own thread
channel-threads-off = matches are played in the channel
channel-pictures = Board pictures: { $pictures }.
channel-pictures-on = as each player chose in their settings
channel-pictures-off = off in this channel, text boards only
channel-discord = Boards: { $boards }. Threads: { $threads }.
what-time = a time
what-days = a number of days
what-notify = notification setting
what-channel = channel setting
allowed-time = 12h, 1d, 3d, 1d12h
allowed-days = 1 to 31, or off
allowed-notify = every, digest, dm=on|off, digest=9,18, quiet=22-7|off, tz=Europe/Paris|+3, remind=75%,24h|off
allowed-channel = forfeit=auto|claim, expiry=3d, boards=edit|new|default, thread=on|off
help-claim = when your opponent has run out of time, take the win.
help-grant = when your opponent has run out of time, give them more, like `1d`.
help-waive = do not take a win on time; your opponent gets a new full time to move.
help-vacation = stop your clocks in all your matches for some days (a few per month); `off` ends it early.
help-plan = plan your answers while your opponent thinks: `plan #3 c2 d5` plays d5 at once if they play c2 (up to 4 pairs; only you see them); `plan #3` shows it, `plan #3 off` drops it.
help-notify = how and when I tell you it is your turn: `every | digest`, `dm=on|off`, `digest=9,18`, `quiet=22-7|off`, `tz=Europe/Paris|+3`, `remind=75%,24h|off`.
help-channel = this channel's settings (moderators change them): `forfeit=auto|claim`, `expiry=3d`, `boards=edit|new|default`, `thread=on|off`. On Discord, `boards=new` posts a new board for each move instead of editing it, and `thread=on` gives each new match its own thread.

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
web-stale = The board changed before your move arrived. Look at it again, then play.
web-bad-request = This move could not be read. Reload the page, then play again.
web-class-round = { $game } · round { $round } of { $rounds }
web-class-turn = { $name } PLAYS
web-class-seat-title = { $name } · { $class }
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
web-class-how-katro = Touch a circled hole: two holes turn green, one on each side. Touch the green one where your first seed goes.
web-class-how-sowing = Touch a circled hole, then touch it again once it is green.
web-class-how-pieces = Touch a circled pawn or square, then the square that turns green.
web-class-how-named-katro = Touch the hole that shines where the seeds are, then the other one that shines: the first seed falls there.
web-class-how-named-slide = Touch the pawn that shines, then the square that shines.
web-class-how-named-twice = Touch what shines, twice.
web-class-class-board = The class's board
web-class-next = Next
web-class-again = Play again
web-class-nothing-here = Nothing can be played from there. Tap a piece or a hole that is lit.
web-class-not-your-turn = It is not your turn on this board: wait for the other player.
web-replay = The last move, { $move }, seed by seed
web-animation = Whole game (animated)
class-screen-played = { $name } played { $move } on the class screen (match { $id }).

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
learn-right = Well done!
learn-wrong = Not quite: `{ $move }` { $what } { $wanted }
learn-wrong-step = Not quite: `{ $move }` is not the move this step asks for. { $wanted }
learn-lesson-done = Lesson { $number } done: { $title } { $stars }
learn-lesson-over = Lesson { $number } is done.
learn-next = Next lesson: { $title } — `{ $command }`
learn-course-done = You finished every lesson of { $game }! `{ $command }` shows all your stars.
learn-hint = Hint: play `{ $move }`. Hints cost a star.
learn-effect-wins = wins the game.
learn-effect-seeds = captures { $count ->
    [one] { $count } seed.
   *[other] { $count } seeds.
}
learn-effect-pieces = takes { $count ->
    [one] { $count } piece.
   *[other] { $count } pieces.
}
learn-effect-promotes = promotes your piece.
learn-effect-nothing = captures nothing.
learn-no-such-lesson = The { $game } course has lessons 1 to { $total }. Type `learn { $id }` to go on where you are.
learn-step-gone = This lesson has changed since you began it. Type `learn { $game }` to start again.
what-lesson = lesson number
allowed-lesson = a number from 1, like `learn katro 2`
help-learn = lessons for each game, step by step, with stars: `learn` lists them, `learn katro` goes on with Katro, `learn katro 2` starts its lesson 2.
learn-which-game = Which game? Type `learn katro { $number }`, or `learn` to see every course.
class-learn = { $game }, lesson { $number }: { $title }. On the class screen, match { $shown }, for everyone to see; for your { $count ->
    [one] pupil
   *[other] { $count } pupils
}, each on their seat, matches { $first } to { $last }. `class progress` shows their stars.
class-learn-no-such-lesson = The { $game } course has lessons 1 to { $total }.
class-learn-no-pupils = The class has no pupils yet: add them first, like `class add Ana Bob`.
class-progress = Lessons of { $class }:
class-progress-pupil = { $name }: { $games }
class-progress-none = { $name }: no lesson finished yet
help-class-learn = a lesson of a game's course for every pupil, on their seat: `class learn katro 2`
help-class-progress = every pupil's stars in the lessons
learn-screen-progress = step { $step } of { $steps }
learn-screen-done = Lesson done! { $stars }
web-class-progress = Lessons and homework
learn-screen-title = { $game } · lesson { $number }: { $title }
match-series = Series: { $first } { $first-wins } – { $second-wins } { $second }
rematch-not-over = Match { $id } is not over: a rematch comes after the end.
rematch-not-here = Match { $id } cannot be played again with `rematch`: a lesson is taken again with `learn`, and a puzzle gives way to the next with `puzzle`.
help-rematch = the same game again with the same opponent, sides swapped: a new challenge they accept or decline (after a game against the computer, a new one at once).
rematch-pending = Match { $id } is already being played again: match { $rematch }.
rematch-keep-mangala = Only a Mangala IV rematch between two people can keep its sides: every other rematch swaps them (type `rematch { $id }`).
rematch-sides-kept = The same sides as last game, without a coin game: { $challenger } plays { $side }.
web-lesson-replay = Your last move, seed by seed

# Puzzles (`puzzle`, docs/puzzles.md).
help-puzzle = a puzzle of a game at your level, just for you: `puzzle katro` gives one, `puzzle` shows your puzzle ratings, `puzzle daily` gives the channel's puzzle of the day. Solving it raises your puzzle rating.
puzzle-overview = Puzzles for every game: each one has a single best answer. Your puzzle ratings:
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
puzzle-solution = The solution: { $line }.
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
puzzle-daily-none = This channel has no puzzle of the day yet. A moderator turns it on with `channel puzzle=daily`.
puzzle-daily-solved = You already solved today's puzzle here: a new one comes tomorrow. `puzzle` gives you others meanwhile.
puzzle-daily-missed = You already tried today's puzzle here: a new one comes tomorrow. `puzzle` gives you others meanwhile.
daily-post = Today's puzzle ({ $game }, { $id }, rated { $rating }): { $theme } Solve it on your own: `{ $command }`. Who solved it comes in 12 hours.
daily-listing = Today's puzzle { $id } was solved by { $names } ({ $solved } of { $tried } who tried).
daily-listing-none = Today's puzzle { $id }: { $tried ->
    [0] nobody tried it.
   *[other] nobody solved it ({ $tried } tried).
}
channel-daily-off = Puzzle of the day: off (`channel puzzle=daily` turns it on).
channel-daily-rotate = Puzzle of the day: on, the five games in turn.
channel-daily-game = Puzzle of the day: on, { $game } every day.
class-homework = Homework: { $count } { $game } puzzles for each of the { $pupils } pupils, one after another on their seats (matches { $first } to { $last }), each at the pupil's level. `class progress` shows who solved what.
class-homework-mangala = Mangala puzzles are answered with a side, not on the board: pupils with an account can do them in chat with `puzzle mangala`.
class-homework-count = A homework has 1 to { $max } puzzles.
class-progress-puzzles = Homework and puzzle ratings:
class-progress-homework = { $name }: homework { $solved }/{ $tried } { $marks } — { $ratings }
help-class-homework = puzzles at each pupil's level, one after another on their seat: `class homework katro 5`
puzzle-screen = Puzzle { $number } of { $count }: { $theme }
puzzle-screen-title = { $game } · puzzle { $id }
puzzle-screen-progress = puzzle { $number } of { $count }
puzzle-screen-was-solved = Puzzle { $number } of { $count }: you found it! Here is the board at the end.
puzzle-screen-was-missed = Puzzle { $number } of { $count }: not that one. Look at what shines: that was the right move.
puzzle-screen-done = Homework done! Well played.
class-puzzle = A { $game } puzzle for the whole class ({ $puzzle }), on the class screen as match { $id }: find the answer together and play it on your page of the class screen, or show the solution with `hint { $id }`.
help-class-puzzle = a puzzle on the class screen, solved all together: `class puzzle katro`
puzzle-screen-one = Puzzle: { $theme } { $side } to play.
puzzle-screen-solution = The solution: { $line }.

# Moves played for a player: forced ones (`settings auto`) and planned answers (`plan`).
auto-on = played for you
auto-off = you play them
auto-default = played for you in Mangala IV only
move-forced-played = { $player } had only one move: { $move }, played at once.
move-planned-played = { $player } answered with { $move }, as planned.
move-forced-many = { $count } moves with no alternative, played at once: { $moves }. Every move: `history { $id }`.
what-reply = your answer to each of their moves, in pairs, like `plan #3 c2 d5` (if they play c2, I play d5)
plan-pair = if they play { $theirs }, I play { $mine }
plan-show = Your plan in match { $id }: { $pairs }. Drop it with `plan { $id } off`.
plan-none = You have no plan in match { $id }. Make one while it is your opponent's turn: `plan { $id } c2 d5` means "if they play c2, I play d5" (up to 4 pairs).
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
