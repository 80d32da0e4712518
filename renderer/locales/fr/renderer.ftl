## Camps et état
side-white = Blanc
side-black = Noir
side-south = Sud
side-north = Nord
to-move = À { $side } de jouer
winner = { $side } gagne : { $reason }
draw = Partie nulle : { $reason }
reason-blocked-hova = le hova est bloqué et aucun coup ne peut le libérer
reason-no-legal-move = il n'y a plus de coup possible
reason-no-pawns = il n'y a plus de pion
reason-repetition = une position est revenue
reason-cycle = la partie tournerait en rond pour toujours
reason-board-empty = tous les trous sont vides
reason-no-progress = 100 coups sans prise ni coup de zaza
reason-ply-cap = la limite de coups est atteinte
last-move = Dernier coup : { $move }

## Fano
fano-title = Fano, { $cells } cases
fano-in-hand = En main : { $white } { $white-count }, { $black } { $black-count }
fano-cells-of = { $side } : { $cells }
fano-no-cells = aucun pion
fano-captured-cells = pris { $cells }
fano-placement = Phase de placement
fano-cell-range = cases { $from } à { $to }
side-holds = { $side } : { $items }
captured-at = pris en { $at }

## Samantsy
samantsy-title = Samantsy
samantsy-promoted = le zaza devient anakova
piece-hova = hova (roi)
piece-anakova = anakova (conseiller)
piece-basy = basy (éléphant)
piece-farasy = farasy (cheval)
piece-vorona = vorona (tour)
piece-zaza = zaza (pion)

## Mancalas
mangala-title = Mangala IV
engehe-title = En Gehé, 2 × { $holes } trous
katro-title = Katro, 6 × { $columns }
side-south-short = S
side-north-short = N
mancala-captured = Graines prises : { $south } { $south-count }, { $north } { $north-count }
mancala-laps = { $laps ->
    [one] 1 tour
   *[other] { $laps } tours
}
mancala-captured-from = { $seeds } graines prises en { $from }
mancala-row-totals = { $side } : { $holes } trous, { $seeds } graines
mancala-row = { $side } : { $holes }
mancala-window = Trous { $first } à { $last } autour du dernier coup ; tous les trous :
trace-lap = Tour { $lap } : { $seeds } graines depuis { $start }, la dernière en { $last } : { $end }
trace-stop = le trou était vide, le coup s'arrête
trace-relay = le trou était plein, on ressème ses graines
trace-capture = prise !
trace-loop = cela tournerait sans fin, le coup s'arrête
trace-captured = { $side } prend { $holes }
trace-passed = { $side } ne peut pas jouer et passe
replay-step = Étape { $step } sur { $steps }
