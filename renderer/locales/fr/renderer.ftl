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
