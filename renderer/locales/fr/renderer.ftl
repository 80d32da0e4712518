## Camps et état
side-white = Blanc
side-black = Noir
side-south = Sud
side-north = Nord
# Un camp avec le nom de son joueur : « Blanc (Ana) ».
side-with-name = { $side } ({ $name })
to-move = À { $side } de jouer
# La partie s’est terminée par abandon, accord, temps ou annulation : personne ne joue.
match-over = Partie terminée
winner = { $side } gagne : { $reason }
draw = Partie nulle : { $reason }
reason-blocked-hova = le hova de { $player } est bloqué et aucun coup ne peut le libérer
reason-no-legal-move = { $player } n'a plus de coup possible
reason-no-pawns = { $player } n'a plus de pion
reason-repetition = une position est revenue
reason-cycle = les graines restantes tourneraient en rond pour toujours, alors chaque camp garde les graines de sa rangée
reason-board-empty = tous les trous sont vides
reason-no-progress = 100 coups sans prise ni coup de zaza
reason-ply-cap = la limite de coups est atteinte
last-move = Dernier coup : { $move }

## Marques du dernier coup ($mark est le symbole dessiné sur le plateau)
mark-start = { $mark } départ du dernier coup
mark-start-lap = { $mark } départ de ce tour
mark-arrived = { $mark } où la graine seule s'est avancée
mark-arrived-fano = { $mark } arrivée du dernier coup
mark-captured = { $mark } prise

## Descriptions pour lecteur d'écran
reader-your-rows = { $rows ->
    [one] Ta rangée
   *[other] Tes rangées
} : { $holes }
reader-their-rows = { $rows ->
    [one] Rangée adverse
   *[other] Rangées adverses
} : { $holes }
reader-row-summary = { $holes ->
    [one] { $holes } trou
   *[other] { $holes } trous
}, { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}, { $empty ->
    [one] { $empty } vide
   *[other] { $empty } vides
}, le plus plein est { $fullest } avec { $most }
reader-your-pawns = Tes pions : { $cells }
reader-their-pawns = Pions adverses : { $cells }
reader-your-pieces = Tes pièces : { $items }
reader-their-pieces = Pièces adverses : { $items }

## Fano
fano-title = Fano, { $cells ->
    [one] { $cells } case
   *[other] { $cells } cases
}
fano-placement = Phase de placement. En main : { $white } { $white-count }, { $black } { $black-count }
fano-cells-of = { $side } : { $cells }
fano-no-cells = aucun pion
fano-captured-cells = { $count ->
    [one] pion pris en case
   *[other] pions pris en cases
} { $cells }
# Une ligne d'émojis d'un long plateau et les cases qu'elle montre.
fano-emoji-block = { $cells } · cases { $from } à { $to }
# Les lettres de la grille de texte : B pour Blanc, N pour Noir.
pawn-letter-white = B
pawn-letter-black = N
side-holds = { $side } : { $items }
captured-at = pris en { $at }

## Samantsy
samantsy-title = Samantsy
samantsy-promoted = le zaza devient anakova
samantsy-key = { $pieces } ; majuscules pour Blanc, minuscules pour Noir
piece-legend = { $letter } { $glyph } { $name } ({ $meaning }) : { $moves }
piece-hova = hova
piece-hova-meaning = seigneur
piece-hova-moves = un pas dans n'importe quelle direction, comme un roi
piece-anakova = anakova
piece-anakova-meaning = enfant du hova
piece-anakova-moves = un pas en diagonale
piece-basy = basy
piece-basy-meaning = fusil, ici une sarbacane
piece-basy-moves = exactement deux cases en diagonale, par-dessus une case vide
piece-farasy = farasy
piece-farasy-meaning = cheval
piece-farasy-moves = saute comme un cavalier
piece-vorona = vorona
piece-vorona-meaning = oiseau
piece-vorona-moves = tout droit d'autant de cases qu'on veut, comme une tour
piece-zaza = zaza
piece-zaza-meaning = enfant
piece-zaza-moves = avance tout droit, prend d'une case en diagonale vers l'avant, devient anakova au bout

## Mancalas
mangala-title = Mangala IV
engehe-title = En Gehé, 2 × { $holes ->
    [one] { $holes } trou
   *[other] { $holes } trous
}
katro-title = Katro, 6 × { $columns }
side-south-short = S
side-north-short = N
mancala-captured = Graines prises : { $south } { $south-count }, { $north } { $north-count }
mancala-laps = { $laps ->
    [one] { $laps } tour
   *[other] { $laps } tours
}
mancala-captured-from = { $seeds ->
    [one] { $seeds } graine prise
   *[other] { $seeds } graines prises
} en { $from }
mancala-swept = fin de la partie : { $side } prend { $seeds ->
    [one] la graine restée dans sa rangée
   *[other] les { $seeds } graines restées dans sa rangée
}
mancala-row-totals = { $side } : { $holes ->
    [one] { $holes } trou
   *[other] { $holes } trous
}, { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}
mancala-row = { $side } : { $holes }
# Légende d'une grille d'émojis : les trous de ses deux rangées, de gauche à droite.
emoji-rows = Rangée du haut { $north } : { $north-first } à { $north-last } ; rangée du bas { $south } : { $south-first } à { $south-last }
emoji-rows-window = Autour du dernier coup, rangée du haut { $north } : { $north-first } à { $north-last } ; rangée du bas { $south } : { $south-first } à { $south-last }
emoji-every-hole = Tous les trous, rangée du haut d'abord :
trace-lap = Tour { $lap } : { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} depuis { $start } dans { $path }, la dernière en { $last } : { $end }
trace-stop = le trou était vide, le coup s'arrête
trace-relay = le trou avait des graines, on les ressème
trace-capture = prise !
trace-loop = cela tournerait sans fin, le coup s'arrête
trace-step = La graine seule avance de { $from } à { $to }
trace-captured = { $side } prend { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} : { $holes }
trace-swept = Fin de la partie : { $side } prend { $seeds ->
    [one] la graine restée dans sa rangée
   *[other] les { $seeds } graines restées dans sa rangée
}, dans { $holes ->
    [one] { $holes } trou
   *[other] { $holes } trous
}
trace-passed = { $side } ne peut pas jouer et passe
replay-lap = Tour { $lap }
replay-laps = Tours { $first } à { $last }
replay-step-move = La graine seule avance
replay-pass = Passe
replay-end = Fin de la partie
replay-more = … { $count ->
    [one] encore { $count } étape
   *[other] encore { $count } étapes
} …

## Images (ticket 18)
# La clé des marques d'une image : un disque numéroté là où chaque tour après le premier a commencé.
picture-mark-lap = début d'un tour suivant (son numéro)
picture-mark-last-seed = là où la dernière graine est tombée
picture-mark-from = départ du dernier coup
# Légende et texte alternatif d'un rejeu animé : « Rejeu de h3 : 4 tours ».
picture-replay = Rejeu de { $move } : { $laps ->
    [one] 1 tour
   *[other] { $laps } tours
}
picture-replay-start = Avant le coup
picture-replay-seed = Tour { $lap } : { $sown ->
    [one] 1 graine semée
   *[other] { $sown } graines semées
} sur { $seeds }
picture-replay-end = Après le coup
picture-game-start = Début
# Une image de l'animation de toute la partie : le numéro du coup, puis le coup.
picture-game-ply = { $ply }. { $move }
picture-game-alt = Toute la partie, { $plies ->
    [one] 1 coup
   *[other] { $plies } coups
}, une image par coup. { $end }

## Cibles d'un plateau joué sur une page web : ce qu'un lecteur d'écran dit de chacune.
picture-target-pit = { $hole } : { $count ->
    [0] aucune graine
    [one] 1 graine
   *[other] { $count } graines
}
picture-target-pawn = { $cell } : pion { $side }
picture-target-piece = { $square } : { $piece } { $side }
picture-target-empty = { $cell } : vide
