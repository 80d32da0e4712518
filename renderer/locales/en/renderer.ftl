## Sides and status
side-white = White
side-black = Black
side-south = South
side-north = North
to-move = { $side } to move
winner = { $side } wins: { $reason }
draw = Draw: { $reason }
reason-blocked-hova = the hova is blocked and no move can free it
reason-no-legal-move = no legal move is left
reason-no-pawns = no pawn is left
reason-repetition = a position came back again
reason-cycle = the game would go round forever
reason-board-empty = every hole is empty
reason-no-progress = 100 moves without a capture or a zaza move
reason-ply-cap = the move limit was reached
last-move = Last move: { $move }

## Fano
fano-title = Fano, { $cells } cells
fano-in-hand = In hand: { $white } { $white-count }, { $black } { $black-count }
fano-cells-of = { $side }: { $cells }
fano-no-cells = no pawn
fano-captured-cells = captured { $cells }
fano-placement = Placement phase
fano-cell-range = cells { $from }–{ $to }
side-holds = { $side }: { $items }
captured-at = captured on { $at }

## Samantsy
samantsy-title = Samantsy
samantsy-promoted = the zaza became an anakova
piece-hova = hova (king)
piece-anakova = anakova (counsellor)
piece-basy = basy (elephant)
piece-farasy = farasy (horse)
piece-vorona = vorona (rook)
piece-zaza = zaza (pawn)

## Mancalas
mangala-title = Mangala IV
engehe-title = En Gehé, 2 × { $holes } holes
katro-title = Katro, 6 × { $columns }
side-south-short = S
side-north-short = N
mancala-captured = Captured: { $south } { $south-count }, { $north } { $north-count }
mancala-laps = { $laps ->
    [one] 1 lap
   *[other] { $laps } laps
}
mancala-captured-from = captured { $seeds } from { $from }
mancala-row-totals = { $side }: { $holes } holes, { $seeds } seeds
mancala-row = { $side }: { $holes }
mancala-window = Holes { $first } to { $last } around the last move; every hole:
trace-lap = Lap { $lap }: { $seeds } seeds from { $start }, last one in { $last }: { $end }
trace-stop = the hole was empty, the move ends
trace-relay = the hole was full, its seeds are sown on
trace-capture = capture!
trace-loop = this would go round forever, the move stops
trace-captured = { $side } captures { $holes }
trace-passed = { $side } cannot move and passes
replay-step = Step { $step } of { $steps }
