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
