## Sides and status
side-white = White
side-black = Black
side-south = South
side-north = North
# A side with its player's display name: "White (Ana)".
side-with-name = { $side } ({ $name })
to-move = { $side } to move
# The match ended by resignation, agreement, time or cancel: nobody is to move.
match-over = Match over
winner = { $side } wins: { $reason }
draw = Draw: { $reason }
reason-blocked-hova = { $player }'s hova is blocked and no move can free it
reason-no-legal-move = { $player } has no move left
reason-no-pawns = { $player } has no pawn left
reason-repetition = a position came back again
reason-cycle = the seeds left would go round forever, so each side keeps the seeds of its own row
reason-board-empty = every hole is empty
reason-no-progress = 100 moves without a capture or a zaza move
reason-ply-cap = the move limit was reached
last-move = Last move: { $move }

## Marks of the last move ($mark is the symbol drawn on the board)
mark-start = { $mark } start of the last move
mark-start-lap = { $mark } start of this lap
mark-arrived = { $mark } where the lone seed stepped
mark-arrived-fano = { $mark } where the last move arrived
mark-captured = { $mark } captured

## Screen-reader descriptions
reader-your-rows = { $rows ->
    [one] Your row
   *[other] Your rows
}: { $holes }
reader-their-rows = { $rows ->
    [one] Opponent's row
   *[other] Opponent's rows
}: { $holes }
reader-row-summary = { $holes ->
    [one] 1 hole
   *[other] { $holes } holes
}, { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
}, { $empty ->
    [one] 1 empty
   *[other] { $empty } empty
}, the fullest is { $fullest } with { $most }
reader-your-pawns = Your pawns: { $cells }
reader-their-pawns = Opponent's pawns: { $cells }
reader-your-pieces = Your pieces: { $items }
reader-their-pieces = Opponent's pieces: { $items }

## Fano
fano-title = Fano, { $cells ->
    [one] 1 cell
   *[other] { $cells } cells
}
fano-placement = Placement phase. In hand: { $white } { $white-count }, { $black } { $black-count }
fano-cells-of = { $side }: { $cells }
fano-no-cells = no pawn
fano-captured-cells = captured { $count ->
    [one] the pawn on cell
   *[other] the pawns on cells
} { $cells }
# One emoji row of a long board and the cells it shows.
fano-emoji-block = { $cells } · cells { $from }–{ $to }
# The letters of the text grid: W for White, B for Black.
pawn-letter-white = W
pawn-letter-black = B
side-holds = { $side }: { $items }
captured-at = captured on { $at }

## Samantsy
samantsy-title = Samantsy
samantsy-promoted = the zaza became an anakova
samantsy-key = { $pieces }; capitals are White, small letters Black
piece-legend = { $letter } { $glyph } { $name } ({ $meaning }): { $moves }
piece-hova = hova
piece-hova-meaning = lord
piece-hova-moves = one step in any direction, like a king
piece-anakova = anakova
piece-anakova-meaning = child of the hova
piece-anakova-moves = one step diagonally
piece-basy = basy
piece-basy-meaning = gun, here a blowpipe
piece-basy-moves = exactly two steps diagonally, over an empty square
piece-farasy = farasy
piece-farasy-meaning = horse
piece-farasy-moves = jumps like a knight
piece-vorona = vorona
piece-vorona-meaning = bird
piece-vorona-moves = any distance in a straight line, like a rook
piece-zaza = zaza
piece-zaza-meaning = child
piece-zaza-moves = slides straight ahead, captures one step diagonally forward, becomes an anakova on the far side

## Mancalas
mangala-title = Mangala IV
engehe-title = En Gehé, 2 × { $holes ->
    [one] 1 hole
   *[other] { $holes } holes
}
katro-title = Katro, 6 × { $columns }
side-south-short = S
side-north-short = N
mancala-captured = Captured: { $south } { $south-count }, { $north } { $north-count }
mancala-laps = { $laps ->
    [one] 1 lap
   *[other] { $laps } laps
}
mancala-captured-from = captured { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
} from { $from }
mancala-swept = end of the game: { $side } takes { $seeds ->
    [one] the seed left in its row
   *[other] the { $seeds } seeds left in its row
}
mancala-row-totals = { $side }: { $holes ->
    [one] 1 hole
   *[other] { $holes } holes
}, { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
}
mancala-row = { $side }: { $holes }
# Caption of an emoji grid: which holes its two rows show, left to right.
emoji-rows = Top row { $north }: { $north-first } to { $north-last }; bottom row { $south }: { $south-first } to { $south-last }
emoji-rows-window = Around the last move, top row { $north }: { $north-first } to { $north-last }; bottom row { $south }: { $south-first } to { $south-last }
emoji-every-hole = Every hole, top row first:
trace-lap = Lap { $lap }: { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
} from { $start } into { $path }, the last one in { $last }: { $end }
trace-stop = the hole was empty, the move ends
trace-relay = the hole had seeds, they are sown on
trace-capture = capture!
trace-loop = this would go round forever, the move stops
trace-step = The lone seed steps from { $from } to { $to }
trace-captured = { $side } captures { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
}: { $holes }
trace-swept = End of the game: { $side } takes { $seeds ->
    [one] the seed left in its row
   *[other] the { $seeds } seeds left in its row
}, from { $holes ->
    [one] 1 hole
   *[other] { $holes } holes
}
trace-passed = { $side } cannot move and passes
replay-lap = Lap { $lap }
replay-laps = Laps { $first } to { $last }
replay-step-move = The lone seed steps
replay-pass = Pass
replay-end = End of the game
replay-more = … { $count ->
    [one] 1 more step
   *[other] { $count } more steps
} …

## Pictures
# The key of the marks drawn on a picture: a numbered disc where each lap after the first started.
picture-mark-lap = start of a later lap (its number)
picture-mark-last-seed = where the last seed fell
picture-mark-from = where the last move started
# An animated replay's caption and alt text: "Replay of h3: 4 laps".
picture-replay = Replay of { $move }: { $laps ->
    [one] 1 lap
   *[other] { $laps } laps
}
picture-replay-start = Before the move
picture-replay-seed = Lap { $lap }: { $sown } of { $seeds ->
    [one] 1 seed
   *[other] { $seeds } seeds
} sown
picture-replay-end = After the move
picture-game-start = Start
# A frame of the whole-game animation: the move number, then the move.
picture-game-ply = { $ply }. { $move }
picture-game-alt = The whole game, { $plies ->
    [one] 1 move
   *[other] { $plies } moves
}, one frame a move. { $end }

## Tap targets of a board a web page plays on: what a screen reader says of each.
picture-target-pit = { $hole }: { $count ->
    [one] 1 seed
   *[other] { $count } seeds
}
picture-target-pawn = { $cell }: { $side } pawn
picture-target-piece = { $square }: { $side } { $piece }
picture-target-empty = { $cell }: empty
