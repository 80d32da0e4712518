## lalao's messages (French): classroom mode and the class screen. Each id exists in every language (a test checks).

## Trouver la partie
web-class-projector = Cet écran montre seulement les plateaux : joue sur ta propre page.

## Mode classe (docs/classroom.md). Les élèves lisent ces phrases à l'écran : des mots simples.
class-default-name = Ma classe
class-created = La classe « { $name } » est prête. Enseignant·e : { $teacher }. Ajoutez les élèves avec `classe ajouter Ana Bob`.
class-new-moderators = Seul un·e modérateur·rice de ce salon peut y créer une classe : la langue et le style de plateau d'une classe s'appliquent à tout le monde dans le salon.
class-settings = La classe « { $name } » : langue { $language }, plateaux { $style }. { $next ->
    [on] Un élève qui finit une leçon sur sa place peut y commencer la suivante.
   *[off] Un élève qui finit une leçon sur sa place attend la suivante que vous donnez.
} { $keep ->
    [always] Les parties, leçons et devoirs finis sont gardés jusqu'à ce que vous supprimiez la classe.
   *[other] Les parties, leçons et devoirs finis sont effacés au bout de { $keep } jours.
}
# La place d'un élève passe à la leçon suivante (`classe réglages suite=oui`) : les mots
# touchés sont pour l'élève (tu), les autres pour l'enseignant (vous).
class-next-lesson = { $name } commence la leçon { $number } de { $game } à sa place : { $title } (partie { $id }).
class-next-lesson-tapped = Leçon { $number } : { $title }. C'est parti !
class-next-lesson-off = Ton enseignant donnera la leçon suivante.
class-next-lesson-not-done = Cette leçon n'est pas encore finie.
class-next-lesson-none = Tu as fini toutes les leçons de { $game } !
class-delete-active = La classe a encore des parties en cours ({ $ids }). Terminez-les d'abord, par exemple avec `classe résultat { $example } nulle`.
class-deleted = La classe « { $name } » est supprimée avec tout ce qu’elle gardait de ses élèves ({ $matches ->
    [one] { $matches } partie finie
   *[other] { $matches } parties finies
}) : ce salon redevient un salon ordinaire.
class-exists = Ce salon a déjà une classe : « { $name } », de { $teacher }.
class-none = Il n'y a pas encore de classe ici. L'enseignant·e en crée une avec `classe nouvelle`.
class-teacher-only = Seul·e l'enseignant·e ({ $teacher }) peut faire ça.
class-replay-step = Étape { $step } sur { $count } :
class-csv = Résultats (CSV) :
class-report = Le bilan de chaque élève (CSV) :
class-report-print = À imprimer (le tableau, le classement et une carte par élève avec le code QR de sa place, sur A4) : { $url }
class-report-print-first = { $link } donne à la classe ses pages, et à ce bilan une page à imprimer.
class-export = Toutes les données de la classe (ses élèves, ce que chacun a appris, son tournoi et ses { $count } parties, sans les liens de ses pages) sont dans le fichier { $file } : pour les dossiers de l'école, ou pour emmener la classe sur un autre serveur (`lalao class import`).
class-export-too-large = Les données de cette classe dépassent ce qu'un message peut porter (8 Mo) : qui fait tourner lalao peut les écrire avec `lalao class export`.
class-import-taken = Ce salon a déjà une classe (ou un autre changement est passé avant) : rien n'a été importé.
class-bad-name = « { $name } » ne peut pas être un prénom ici. Utilisez un prénom, avec des lettres, 20 au plus.
class-name-taken = Le nom « { $name } » est déjà pris dans cette classe.
class-full = Une classe a { $max } élèves au plus.
class-bound = La place de { $name } est maintenant liée à { $account }.
class-team-rotation = Équipe { $team } : { $members }. Ils jouent chacun leur tour, l'un après l'autre.
class-team-any = Équipe { $team } : { $members }. N'importe qui peut jouer.
class-activity-fano = L'activité de placement, c'est seulement pour fano, comme `classe activité Ana Bob fano cells=5`.
class-paused-done = La partie { $id } est en pause.
class-resumed = La partie { $id } continue !
class-restarted = La partie { $id } recommence depuis le début.
class-result-who = Qui a gagné ? Écrivez { $first }, { $second } ou `nulle`, pas « { $word } ».
class-no-pupil = Il n'y a pas d'élève qui s'appelle « { $name } ». La classe : { $pupils }.
class-not-class-match = La partie { $id } n'est pas une partie de cette classe.
class-same-seat = { $name } ne peut pas jouer contre { $name }.
class-match-started = Partie { $id } ({ $game }) : { $first } contre { $second }.
class-activity-started = Activité { $id } ({ $game }) : { $first } et { $second } posent leurs pions chacun leur tour. Ensuite, on dessine le plateau !
class-too-few = Un tournoi a besoin d'au moins 2 élèves. Ajoutez-les avec `classe ajouter Ana Bob`.
class-tournament-running = Un tournoi est encore en cours. Terminez d'abord ses parties (ou annulez-les).
class-round = Ronde { $round } sur { $rounds } ({ $game }) :
class-pairing = { $id } : { $first } contre { $second }
class-bye = { $name } se repose cette ronde (et gagne 2 points).
class-tournament-over = Le tournoi est fini. Bravo à tous !
class-roster = Classe « { $name } », enseignant·e { $teacher }. Élèves ({ $count }) :
class-roster-empty = Pas encore d'élèves. Ajoutez-les avec `classe ajouter Ana Bob`.
class-roster-pupil = • { $name }
class-roster-bound = • { $name } ({ $account })
class-roster-team = • Équipe { $team } : { $members }
class-standings = Classement, { $game }, après la ronde { $round } sur { $rounds } :
class-col-rank = #
class-col-name = Nom
class-col-played = J
class-col-won = G
class-col-drawn = N
class-col-lost = P
class-col-points = Pts
class-col-tiebreak = SB
class-no-tournament = Il n'y a pas encore de tournoi. Commencez-en un avec `classe tournoi fano cells=7`.
class-dashboard = Classe « { $name } », parties ({ $count }) :
class-dashboard-line = { $id } { $round }{ $first } – { $second } · coups : { $moves } · { $state }
class-dashboard-earlier = … et { $count } parties terminées plus anciennes (`classe classement` les compte toutes).
class-dashboard-activity = { $id } { $name } · { $activity } · { $state }
class-dashboard-activity-plain = { $id } { $name } · { $activity }
class-dashboard-class-board = le plateau de la classe
class-account-taken = { $account } joue déjà pour { $name } : un compte, une place.
class-team-overlap = { $name } joue déjà dans l'équipe { $team } : un élève, une équipe.
class-too-many-teams = Une classe a au plus { $max } équipes.
class-round-short = (ronde { $round }){" "}
class-state-turn = à { $player } de jouer
class-state-paused = en pause
class-state-cancelled = arrêtée
class-state-flagged = { $player } n'a plus de temps : `réclamer { $id }`, `accorder 1j { $id }` ou `classe résultat { $id } nulle`
class-too-few-teams = Un tournoi par équipes a besoin d'au moins 2 équipes. Créez-les avec `classe équipe Lions Ana Bob`.

## L'écran de la classe, une page web pour le projecteur et les tablettes.
class-link = Votre écran de la classe (gardez cette adresse pour vous : elle joue pour tous les élèves et montre leurs liens) :
    { $url }
    1. Sur l'ordinateur relié au projecteur ou au tableau, ouvrez l'adresse du projecteur ci-dessous : elle montre les plateaux, ne joue rien et ne montre aucun lien.
    2. Sur votre propre appareil, ouvrez votre adresse : sous le nom de chaque élève se trouve son lien en QR code. Montrez-le à un élève à la fois, qui le scanne avec la tablette de sa table.
    3. Touchez un pion ou un trou, puis où il va : le coup est joué.
    `classe lien nouveau` fait de nouveaux liens : les anciens ne marchent plus aussitôt.
class-link-new = Les nouveaux liens sont faits : les anciens ne marchent plus. Votre écran de la classe (gardez cette adresse pour vous) :
    { $url }
class-link-projector = Pour le projecteur (il montre les plateaux, ne joue rien et ne montre aucun lien) : { $url }
class-link-off = L'écran de la classe a besoin des pages web de lalao : lancez lalao avec LALAO_WEB (l'adresse où écouter) et LALAO_WEB_URL (l'adresse qu'ouvrent les navigateurs).
web-bad-request = Ce coup n'a pas pu être lu. Recharge la page, puis rejoue.
web-class-round = { $game } · ronde { $round } sur { $rounds }
web-class-turn = À { $name } DE JOUER
web-class-seat-title = { $name } · { $class }
web-class-how-katro = Touche un trou entouré : deux trous deviennent verts, un de chaque côté. Touche le vert où ira ta première graine.
web-class-how-sowing = Touche un trou entouré, puis touche-le encore quand il est vert.
web-class-how-pieces = Touche un pion ou une case entourée, puis la case qui devient verte.
web-class-how-named-katro = Touche le trou qui brille où sont les graines, puis celui où va la flèche : la première graine y tombe.
web-class-how-named-slide = Touche le pion qui brille, puis la case où va la flèche.
web-class-how-named-piece = Touche la pièce qui brille, puis la case où va la flèche.
web-class-how-named-twice = Touche deux fois ce qui brille.
web-class-class-board = Le plateau de la classe
class-screen-played = { $name } a joué { $move } sur l'écran de la classe (partie { $id }).
class-learn = { $game }, leçon { $number } : { $title }. Sur l'écran de la classe, la partie { $shown }, pour que tout le monde voie ; pour { $count ->
    [one] votre élève
   *[other] vos { $count } élèves
}, chacun à sa place, les parties { $first } à { $last }. `classe progrès` montre leurs étoiles.
class-learn-no-such-lesson = Le cours de { $game } a les leçons 1 à { $total }.
class-learn-no-pupils = La classe n'a pas encore d'élèves : ajoutez-les d'abord, comme `classe ajouter Ana Bob`.
class-progress = Leçons de { $class } :
class-progress-pupil = { $name } : { $games }
class-progress-none = { $name } : pas encore de leçon finie
class-homework = Devoirs : { $count } problèmes de { $game } pour chacun des { $pupils } élèves, l'un après l'autre sur leur place (parties { $first } à { $last }), chacun à son niveau. `classe progrès` montre qui a résolu quoi.
class-homework-mangala = Les problèmes de Mangala se résolvent en choisissant un camp, pas sur le plateau : les élèves qui ont un compte peuvent les faire dans le salon avec `problème mangala`.
class-homework-count = Des devoirs ont de 1 à { $max } problèmes.
class-progress-puzzles = Devoirs et classements aux problèmes (un ? marque un classement provisoire) :
class-progress-homework = { $name } : devoirs { $solved }/{ $tried } { $marks } — { $ratings }
class-puzzle = Un problème de { $game } pour toute la classe ({ $puzzle }), sur l'écran de la classe, partie { $id } : cherchez la réponse ensemble et jouez-la sur votre page de l'écran de la classe, ou montrez la solution avec `indice { $id }`.

# Help and the slash command's description of the verbs this folder owns.
help-class = une classe d'élèves sans compte. Seul·e l'enseignant·e (ou un·e modérateur·rice) la change ; tout le monde peut voir la liste, le classement, le tableau et le CSV :
help-class-show = les élèves et les équipes de la classe
help-class-new = créer la classe de ce salon
help-class-add = ajouter des élèves, par leur prénom
help-class-remove = retirer un élève
help-class-erase = effacer un élève pour de bon : son prénom quitte tout ; ses parties disent « un ancien élève »
class-erased = Effacé : { $name }. Son prénom et ses résultats ne sont plus dans la classe ; ses parties passées disent maintenant « { $former } ».
class-erase-playing = { $name } joue une partie en cours ({ $ids }). Terminez-la d'abord, par exemple avec `classe résultat { $example } nulle`, puis effacez.
class-former-pupil = { $number ->
    [1] un ancien élève
   *[other] un ancien élève ({ $number })
}
help-class-bind = lier la place d'un élève à son propre compte
help-class-team = former une équipe d'élèves, qui jouent à tour de rôle ou librement
help-class-match = une partie entre deux élèves ou équipes (on la joue avec son numéro et le coup)
help-class-activity = fano : poser les pions à tour de rôle, puis dessiner le plateau
help-class-tournament = tout le monde joue : toutes rondes, ou système suisse
help-class-standings = le classement du tournoi
help-class-csv = les résultats en CSV
help-class-report = leçons, devoirs, problèmes et parties de chaque élève en CSV, et une page à imprimer
help-class-export = toutes les données de la classe dans un fichier (et les résultats du tournoi en CSV)
help-class-dashboard = toutes les parties de la classe, et à qui c'est le tour
help-class-link = l'adresse web de l'écran de la classe, pour le projecteur (nouveau : de nouveaux liens)
help-class-settings = changer le nom, la langue, les plateaux, la leçon suivante, ou la durée où les parties sont gardées
help-class-delete = retirer la classe de ce salon
help-class-pause = mettre une partie de la classe en pause
help-class-resume = continuer une partie en pause
help-class-undo = annuler le dernier coup d'une partie de la classe
help-class-restart = recommencer une partie de la classe depuis le début
help-class-result = décider une partie de la classe : qui a gagné, ou nulle
help-class-learn = une leçon du cours d'un jeu pour chaque élève, à sa place : `classe apprendre katro 2`
help-class-progress = les étoiles de chaque élève dans les leçons
help-class-homework = des problèmes au niveau de chaque élève, un par un sur sa place : `classe devoirs katro 5`
help-class-puzzle = un problème sur l'écran de la classe, à résoudre ensemble : `classe problème katro`
discord-cmd-class-desc = Mode classe : élèves, parties de places, tournois, classement
discord-cmd-school-desc = Pour les dossiers de l'école : leçons, devoirs, problèmes et parties des élèves

## Une simultanée : l'enseignant·e contre tous les élèves à la fois.
help-class-simul = l'enseignant·e contre tous les élèves à la fois, un plateau chacun à sa place (`arrêter` au lieu du jeu la finit)
discord-cmd-simul-desc = L'enseignant·e contre tous les élèves à la fois, un plateau chacun à sa place
class-simul-started = Une simultanée de { $game } : { $teacher } contre { $count ->
        [one] un élève
       *[other] { $count } élèves
    } à la fois. Chaque élève joue en premier à sa place ; { $teacher } répond sur chaque plateau.
class-simul-board = { $id } : { $name }
class-simul-stopped = La simultanée est finie : { $count ->
        [one] un plateau encore en jeu a été annulé.
       *[other] { $count } plateaux encore en jeu ont été annulés.
    }
class-simul-no-pupils = Une simultanée demande des élèves : ajoutez-les d'abord.
class-simul-running = Une simultanée est en cours : finissez-la d'abord (`classe simultanée arrêter`).
class-simul-none = Aucune simultanée n'est en cours.
class-simul-score = Simultanée ({ $game }) : la classe { $class } – l'enseignant·e { $teacher }
class-simul-won = { $name } a gagné
class-simul-lost = { $name } a perdu
class-simul-drew = { $name } a fait nulle
class-simul-cancelled = { $name } : arrêtée
class-simul-playing = { $name } joue

## Un vote de la classe : la classe joue un camp, chaque toucher d'un élève est un vote.
help-class-vote = la classe joue un camp contre l'ordinateur (ou contre l'enseignant·e : `contre=maitre`), chaque toucher d'un élève à sa place est un vote ; `classe voter jouer` ferme le tour tout de suite, `classe voter arrêter` finit la partie, `classe voter montrer` dit qui a voté quoi après
discord-cmd-vote-desc = La classe joue un camp par vote, chaque toucher d'un élève est un vote
class-vote-started = La classe joue une partie de { $game } contre { $against } par vote ({ $id }) : chaque élève touche un coup à sa place. Après { $seconds } secondes, ou quand tout le monde a voté, le coup qui a le plus de voix est joué.
class-vote-computer = l'ordinateur ({ $level })
class-vote-no-pupils = Un vote demande des élèves : ajoutez-les d'abord.
class-vote-mangala = Le Mangala IV se joue tout seul : il n'y a rien à voter. Choisissez un autre jeu.
class-vote-running = La classe vote déjà dans une partie : finissez-la d'abord (`classe voter arrêter`).
class-vote-none = La classe ne vote dans aucune partie.
class-vote-not-a-voter = Seuls les élèves de la classe votent.
class-vote-nothing = Personne n'a encore voté : rien à jouer.
class-vote-played = Le coup de la classe est joué ({ $id }).
class-vote-stopped = Le vote de la classe est fini : la partie { $id } est arrêtée.
class-vote-reveal-later = Qui a voté quoi se montre quand la partie est finie.
class-vote-reveal = Qui a voté quoi dans la partie { $id } :
vote-game-samantsy = Samantsy
vote-game-fano = Fano
vote-game-engehe = En Gehé
vote-game-katro = Katro
vote-game-play = Jouer le coup tout de suite
vote-game-stop = Finir le vote
vote-game-reveal = Montrer qui a voté quoi
vote-against-computer = L'ordinateur
vote-against-teacher = L'enseignant·e
web-class-vote-line = { $count } { $count ->
        [one] vote
       *[other] votes
    } sur { $voters }
web-class-vote-how = C'est ton vote : le coup qui a le plus de voix est joué.
web-class-vote-mine = Ton vote : { $move }
web-class-vote-play = Jouer ce coup
web-class-vote-left = encore { $seconds } s
web-class-vote-waiting = On attend un premier vote
class-vote-needs-pages = Une classe vote en touchant ses pages d'élèves, qui demandent les pages web de lalao : lancez lalao avec LALAO_WEB (l'adresse où écouter) et LALAO_WEB_URL (l'adresse qu'ouvrent les navigateurs).
