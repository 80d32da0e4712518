## lalao's messages (French): lessons, puzzles, hints and reviews. Each id exists in every language (a test checks).

## Trouver la partie
hint-reason-wins = ce coup gagne la partie.
hint-reason-seeds = ce coup prend { $count ->
    [one] une graine
   *[other] { $count } graines
}.
hint-reason-pieces = ce coup prend { $game ->
    [fano] { $count ->
        [one] un pion
       *[other] { $count } pions
    }
   *[other] { $count ->
        [one] une pièce
       *[other] { $count } pièces
    }
}.
hint-reason-promotes = ce coup fait une promotion.
hint-reason-best = c'est le coup que l'ordinateur préfère ici.
hint-between-people = Les indices, c'est pour l'entraînement et contre l'ordinateur. Dans la partie { $id }, c'est à toi de trouver les coups !
hint-not-playing = La partie { $id } n'est pas en cours : il n'y a pas de coup à conseiller.
hint-not-your-turn = Ce n'est pas ton tour dans la partie { $id } : redemande quand ce sera à toi.

## Analyse
review-queued = J'analyse la partie { $id } ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
})… l'analyse arrive ici dans un instant.
review-running = La partie { $id } est encore en cours : je pourrai l'analyser quand elle sera finie.
review-no-moves = La partie { $id } n'a aucun coup à analyser.
review-not-here = La partie { $id } est une leçon ou un problème : il n'y a pas de partie à analyser. `historique { $id }` montre ses coups.
review-failed = Désolé, je n'ai pas pu analyser la partie { $id }. `historique { $id }` montre ses coups.
review-busy = Tu as déjà { $count } analyses en route : attends-les d'abord.
review-queue-full = Beaucoup d'analyses attendent en ce moment : réessaie dans quelques minutes.
review-title = Analyse de la partie { $id } ({ $game }) :
review-forced = Au Mangala IV chaque coup est forcé : le seul choix était le camp, au jeu des pièces.
review-clean = Pas d'erreur nette : bien joué !
review-line = coup { $number } : { $player } a joué { $played } et { $cost } ; { $gain }.
review-cost-units = a perdu { $count } { $game ->
    [fano] { $count ->
        [one] pion
       *[other] pions
    }
    [samantsy] { $count ->
        [one] zaza
       *[other] zazas
    }
   *[other] { $count ->
        [one] graine
       *[other] graines
    }
}
review-cost-win = a laissé filer une victoire
review-cost-loss = a perdu la partie
review-gain-capture = { $move } aurait pris { $count } { $game ->
    [fano] { $count ->
        [one] pion
       *[other] pions
    }
    [samantsy] { $count ->
        [one] pièce
       *[other] pièces
    }
   *[other] { $count ->
        [one] graine
       *[other] graines
    }
}
review-gain-win = { $move } aurait gagné
review-gain-better = { $move } était meilleur
review-more = … et { $count ->
    [one] encore un coup
   *[other] encore { $count } coups
} à revoir.
review-summary = { $player } : { $counts }.
review-count-good = { $count ->
    [one] { $count } bon coup
   *[other] { $count } bons coups
}
review-count-inaccuracies = { $count ->
    [one] { $count } petit écart
   *[other] { $count } petits écarts
}
review-count-mistakes = { $count ->
    [one] { $count } erreur
   *[other] { $count } erreurs
}
review-count-blunders = { $count ->
    [one] { $count } grosse erreur
   *[other] { $count } grosses erreurs
}
review-count-missed-captures = { $count ->
    [one] { $count } prise manquée
   *[other] { $count } prises manquées
}
review-count-missed-wins = { $count ->
    [one] { $count } victoire manquée
   *[other] { $count } victoires manquées
}
review-partial = (La partie est longue : l'analyse s'est arrêtée après le coup { $move }.)
review-note = { $verdict ->
    [inaccuracy] petit écart
    [mistake] erreur
   *[blunder] grosse erreur
} : { $cost } ; { $gain }.

## L'écran de la classe, une page web pour le projecteur et les tablettes.
# Leçons (`apprendre`, docs/learn.md). Les mots des leçons sont dans learn-<jeu>.ftl.
learn-courses = Des leçons pour chaque jeu. Chaque leçon donne jusqu'à 3 étoiles.
learn-course-line = { $game } : { $done }/{ $total } leçons { $stars } — `{ $command }`
learn-current = Tu es dans { $game }, leçon { $number } : `{ $command }` la continue.
learn-lesson = { $game }, leçon { $number } sur { $total } : { $title }
learn-step = Étape { $step } sur { $steps } : { $text }
learn-how = Écris ton coup comme `{ $command }`. Bloqué ? `{ $hint }` (ça coûte une étoile).
learn-how-buttons = Joue avec les boutons, ou écris ton coup comme `{ $command }`. Bloqué ? `{ $hint }` (ça coûte une étoile).
learn-how-find = Trouve le coup et écris-le comme les coups que tu as déjà joués. Bloqué ? `{ $hint }` (ça coûte une étoile).
learn-how-find-buttons = Trouve le coup et joue-le avec les boutons. Bloqué ? `{ $hint }` (ça coûte une étoile).
learn-again = Essaie encore : { $text }
learn-new-board = Un nouveau plateau pour cette étape : regarde-le avant de jouer.
learn-right = Bravo !
learn-wrong = Pas tout à fait : `{ $move }` { $what } { $wanted }
learn-wrong-step = Pas tout à fait : `{ $move }` n'est pas le coup que demande cette étape. { $wanted }
learn-lesson-done = Leçon { $number } finie : { $title } { $stars }
learn-next = Leçon suivante : { $title } — `{ $command }`
learn-course-done = Tu as fini toutes les leçons de { $game } ! `{ $command }` montre toutes tes étoiles.
learn-computer = Essaie maintenant dans une vraie partie contre l’ordinateur, qui joue gentiment : `{ $command }`
# The level's words as the `play` command reads them in this language.
learn-computer-level = niveau=gentil
learn-hint = Indice : joue `{ $move }`. Un indice coûte une étoile.
learn-effect-wins = gagne la partie.
learn-effect-seeds = prend { $count ->
    [one] { $count } graine.
   *[other] { $count } graines.
}
learn-effect-pieces = prend { $game ->
    [fano] { $count ->
        [one] { $count } pion.
       *[other] { $count } pions.
    }
   *[other] { $count ->
        [one] { $count } pièce.
       *[other] { $count } pièces.
    }
}
learn-effect-promotes = fait une promotion.
learn-effect-nothing = ne prend rien.
learn-no-such-lesson = Le cours de { $game } a les leçons 1 à { $total }. Écris `apprendre { $id }` pour continuer où tu en es.
learn-step-gone = Cette leçon a changé depuis que tu l'as commencée. Écris `apprendre { $game }` pour la recommencer.
learn-which-game = Quel jeu ? Écris `apprendre katro { $number }`, ou `apprendre` pour voir tous les cours.
learn-screen-progress = étape { $step } sur { $steps }
learn-screen-done = Leçon finie ! { $stars }
learn-screen-title = { $game } · leçon { $number } : { $title }
# Le verdict d'un coup touché sur une page de la classe : avec des mots qu'un enfant qui
# touche suit, la notation seulement en petit.
learn-tap-wrong = Pas tout à fait : ce coup { $what } { $wanted }
learn-tap-wrong-step = Pas tout à fait : ce n'est pas le coup que demande cette étape. { $wanted }
learn-tap-right = Bravo ! Ce coup { $what }
learn-tap-move = Ton coup : { $move }
learn-tap-written = Ce coup s'écrit { $move }.
puzzle-overview = Des problèmes pour chaque jeu : chacun a une seule meilleure réponse. Tes classements aux problèmes (un ? marque un classement provisoire) :
puzzle-overview-line = { $game } : { $rating }, { $solved } résolus sur { $tried }, meilleure série { $best } — `{ $command }`
puzzle-start = Problème { $id } ({ $game }, classé { $rating }) : { $theme } { $side } joue.
puzzle-moves = Tu joues { $moves } coups ; lalao répond entre les deux.
puzzle-how-find = Trouve le coup et écris-le comme le plateau le nomme. Bloqué ? `{ $hint }` montre la solution (elle compte comme manquée).
puzzle-how-find-buttons = Trouve le coup et joue-le avec les boutons. Bloqué ? `{ $hint }` montre la solution (elle compte comme manquée).
puzzle-how-sides = Réponds `{ $south }` ou `{ $north }`. Bloqué ? `{ $hint }` montre la solution (elle compte comme manquée).
puzzle-how-sides-buttons = Réponds avec les boutons, ou écris `{ $south }` ou `{ $north }`. Bloqué ? `{ $hint }` montre la solution (elle compte comme manquée).
puzzle-right = Juste : `{ $move }`{ $what } lalao répond `{ $reply }`. À toi : { $left ->
    [one] encore un coup à trouver.
   *[other] encore { $left } coups à trouver.
}
puzzle-solved = Résolu ! `{ $move }`{ $what }
puzzle-wrong = Pas celui-là : `{ $move }`{ $what }
puzzle-tap-right = Juste ! Ce coup{ $what } lalao a répondu : regarde le plateau. À toi : { $left ->
    [one] encore un coup à trouver.
   *[other] encore { $left } coups à trouver.
}
puzzle-tap-solved = Résolu ! Ce coup{ $what }
puzzle-tap-wrong = Pas celui-là : ce coup{ $what }
puzzle-tap-moves = Ton coup : { $move }. lalao : { $reply }
# Après la réponse à un problème de Mangala IV : pourquoi ce camp gagne.
puzzle-mangala-played-out = . Tous les coups sont forcés à partir d'ici : en jouant jusqu'au bout, { $draw ->
    [yes] c'est une partie nulle, { $score }.
   *[no] { $side } gagne { $score }.
}
puzzle-solution = La solution : { $line }.
puzzle-daily-none = Ce salon n'a pas encore de problème du jour. Un modérateur l'active avec `salon problème=quotidien`.
puzzle-daily-solved = Tu as déjà résolu le problème du jour ici : un nouveau arrive demain. `problème` t'en donne d'autres en attendant.
puzzle-daily-missed = Tu as déjà essayé le problème du jour ici : un nouveau arrive demain. `problème` t'en donne d'autres en attendant.
daily-post = Le problème du jour ({ $game }, { $id }, classé { $rating }) : { $theme } Résous-le de ton côté : `{ $command }`. Qui l'a résolu, dans 12 heures.
daily-listing = Le problème du jour { $id } a été résolu par { $names } ({ $solved } sur { $tried } qui l'ont essayé).
daily-listing-none = Le problème du jour { $id } : { $tried ->
    [0] personne ne l'a essayé.
   *[other] personne ne l'a résolu ({ $tried } essais).
}
puzzle-screen = Problème { $number } sur { $count } : { $theme }
puzzle-screen-title = { $game } · problème { $id }
puzzle-screen-progress = problème { $number } sur { $count }
puzzle-screen-was-solved = Problème { $number } sur { $count } : trouvé ! Voici le plateau à la fin.
puzzle-screen-was-missed = Problème { $number } sur { $count } : pas celui-là. Regarde ce qui brille : c'était le bon coup.
puzzle-screen-done = Devoirs finis ! Bien joué.
puzzle-screen-one = Problème : { $theme } { $side } joue.
puzzle-screen-solution = La solution : { $line }.

# Help and the slash command's description of the verbs this folder owns.
help-hint = le coup que jouerait l'ordinateur, et pourquoi : à l'entraînement et contre l'ordinateur, jamais entre joueurs.
help-review = l'ordinateur analyse une partie finie : les erreurs, les meilleurs coups, et un bilan pour chaque joueur.
help-learn = des leçons pour chaque jeu, pas à pas, avec des étoiles : `apprendre` les liste, `apprendre katro` continue le Katro, `apprendre katro 2` commence sa leçon 2.
help-puzzle = un problème d'un jeu à ton niveau, rien que pour toi : `problème katro` en donne un, `problème` montre tes classements aux problèmes, `problème jour` donne le problème du jour du salon. En résoudre un fait monter ton classement.
discord-cmd-hint-desc = Le coup que jouerait l'ordinateur, à l'entraînement ou contre lui
discord-cmd-review-desc = L'ordinateur analyse une partie finie et montre les erreurs
discord-cmd-learn-desc = Des leçons pour chaque jeu, pas à pas
discord-cmd-puzzle-desc = Un problème d'un jeu à ton niveau, rien que pour toi

## Le bilan d'une classe : les colonnes de l'apprentissage, imprimées.
report-col-lessons = Leçons finies
report-col-stars = Étoiles
report-col-homework-solved = Devoirs réussis
report-col-homework-given = Devoirs donnés
report-col-puzzle-ratings = Niveau aux problèmes
