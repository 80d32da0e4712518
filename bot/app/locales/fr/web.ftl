## lalao's messages (French): the web pages' own words. Each id exists in every language (a test checks).

## Trouver la partie
web-not-found = Il n'y a pas de partie à cette adresse. Redemandez le lien : il a peut-être changé.
web-busy = Trop de pages sont ouvertes en ce moment. Celle-ci va réessayer toute seule.
web-drawing-busy = Beaucoup d'images sont en train d'être dessinées. Réessaie dans un instant.
web-store-unreachable = lalao n'arrive pas à lire ses données pour l'instant. Cette page va réessayer toute seule.
web-class-tap-unreachable = lalao n'arrive pas à lire ses données : rien n'a été joué. Réessaie dans un moment.
web-moves = { $count ->
    [one] Un coup
   *[other] { $count } coups
}

## Analyse
web-back-to-live = Revenir à la partie telle qu'elle est

## L'écran de la classe, une page web pour le projecteur et les tablettes.
web-class-standings = Classement
web-class-no-matches = Aucune partie en cours.
web-class-seats = Le lien de chaque élève
web-class-sound = Son des prises
web-class-too-fast = Trop de touches à la fois : attends un peu, puis joue.
web-class-other-site = Cette page ne peut jouer que depuis sa propre adresse.
web-class-pick-direction = Dans quel sens vont les graines ?
web-class-clockwise = sens des aiguilles d'une montre
web-class-anticlockwise = sens inverse des aiguilles d'une montre
web-class-pass = Passer
web-class-next = Suivant
web-class-next-lesson = Leçon suivante : { $title }
web-class-again = Rejouer
web-class-nothing-here = On ne peut rien jouer depuis là. Touche un pion ou un trou qui brille.
web-class-not-your-turn = Ce n'est pas ton tour sur ce plateau : attends l'autre joueur.
web-animation = Toute la partie (animée)
web-class-progress = Leçons et devoirs
web-lesson-replay = Ton dernier coup, graine par graine

## La page à imprimer de l'enseignant.
report-col-pupil = Élève
report-col-played = Parties jouées
report-col-won = Parties gagnées
web-print-heading = { $class } — bilan
web-print-report = Chaque élève
web-print-pairings = Appariements
web-print-bye = Exempt : { $name }
web-print-standings = Classement
web-print-cards = Cartes des places : chaque élève scanne son propre code avec l'appareil photo de la tablette
web-print-card-hint = Scanne-moi pour jouer
web-print-no-cards = La classe n’a pas encore d’élèves.
