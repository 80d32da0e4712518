## Messages du bot lalao (français). Chaque id existe aussi dans en/bot.ftl (un test le vérifie).
## Des mots pour les enfants : phrases courtes, dire quoi faire ensuite. On tutoie.

## Jeux et camps
game-samantsy = Samantsy
game-fano = Fano
game-mangala = Mangala
game-engehe = En Gehé
game-katro = Katro
side-white = Blanc
side-black = Noir
side-south = Sud
side-north = Nord
player-with-side = { $name } ({ $side })
tagline-samantsy = les échecs tanala de Madagascar : bloque le hova de l'autre pour gagner.
tagline-fano = une rangée de cases : pose tes pions, puis glisse et prends par approche.
tagline-mangala = le Mangala IV de Gaziantep : chaque coup est imposé, on choisit seulement son camp.
tagline-engehe = le long plateau des Maasaï : on sème, on relance et on prend, en équipes.
tagline-katro = le jeu de semailles betsileo sur 6 rangées : sème chez toi, prends en face.

## Résultats
reason-blocked-hova = le hova est bloqué et aucun coup ne peut le libérer
reason-no-legal-move = { $player } n'a plus de coup possible
reason-no-pawns = il n'y a plus de pion
reason-repetition = une position est revenue
reason-cycle = la partie tournerait en rond pour toujours
reason-board-empty = tous les trous sont vides
reason-no-progress = 100 coups sans prise ni coup de zaza
reason-ply-cap = la limite de coups est atteinte
game-won = { $winner } gagne : { $reason }. Bien joué !
game-drawn = Match nul : { $reason }.
game-resigned = { $loser } abandonne. { $winner } gagne !
game-draw-agreed = Les deux joueurs sont d'accord : match nul. Bien joué !
game-over = { $players } : la partie { $id } est finie. { $ending }
ratings-changed = Classements : { $changes }.
rating-title = Classements de { $player } (un ? marque un classement provisoire) :
rating-line = • { $game } : { $rating }, { $games } jouées : { $wins } gagnées, { $losses } perdues, { $draws } nulles
rating-none = { $player } n'a pas encore de classement. Il vient des parties entre deux personnes, aux règles standard, finies par le jeu, un abandon, une nulle acceptée ou le temps.
rating-mangala = Le Mangala IV n'est jamais classé : après le jeu des pièces, chaque coup est forcé.
profile-title = Profil de { $player } (un ? marque un classement provisoire) :
profile-best-win = , meilleure victoire : { $opponent } ({ $rating }) dans la partie { $match }
profile-best-win-elsewhere = , meilleure victoire contre un joueur classé { $rating }
profile-streak-wins = , { $count ->
    [one] a gagné la dernière partie
   *[other] a gagné les { $count } dernières parties
}
profile-streak-losses = , { $count ->
    [one] a perdu la dernière partie
   *[other] a perdu les { $count } dernières parties
}
profile-matches-elsewhere = { $count ->
    [one] Une partie en cours dans un autre salon.
   *[other] { $count } parties en cours dans d'autres salons.
}
profile-puzzles = Problèmes de { $game } : { $rating }, { $solved } résolus sur { $tried }, série { $streak } (meilleure { $best })
profile-unrated = Pas encore de partie classée.
profile-no-matches = Aucune partie en cours.
profile-matches = { $count ->
    [one] Une partie en cours :
   *[other] { $count } parties en cours :
}
top-scope-global = tout le monde
top-scope-server = ce serveur
top-scope-room = ce salon
top-scope-channel = ici
top-title = Palmarès { $game }, { $scope } (page { $page } sur { $pages }) :
top-line = { $place }. { $player } { $rating } ({ $games ->
    [one] { $games } partie
   *[other] { $games } parties
})
top-line-unranked = • { $player } { $rating } ({ $games ->
    [one] { $games } partie
   *[other] { $games } parties
})
top-unranked = Pas encore classés (une place demande { $games } parties classées et un classement qui n'est plus provisoire) :
top-you = Ta place : { $place }.
top-empty = Personne n'a encore joué de partie classée de { $game } ({ $scope }).
rated-bad-value = `rated=` prend `oui` ou `non`, pas « { $value } ». Une partie amicale : `rated=non`.
and = { " et " }

## Lecture des commandes
hint-help = Écris { $help } pour voir ce que je comprends.
parse-unknown-command = Je ne connais pas la commande « { $word } ».
did-you-mean = Voulais-tu dire { $command } ?
parse-missing = `{ $command }` a besoin de { $what }.
parse-unknown-game = Je ne connais pas le jeu « { $word } ». Les jeux sont : { $games }.
parse-bad-value = « { $value } » n'est pas une valeur possible pour : { $what }. Tu peux utiliser : { $allowed }.
parse-unexpected = Je ne m'attendais pas à « { $word } » ici.
parse-too-long = Ce message est trop long pour moi.
what-game = un jeu (fano, samantsy, mangala, engehe ou katro)
what-move = un coup, comme `coup @3`
what-parity = pair ou impair
what-side = un camp
what-style = le style du plateau
what-language = la langue
what-coins = le nombre de pièces
what-answer = la réponse
what-scope = la liste
what-leaderboard = le palmarès (ici ou mondial)
what-switch = oui ou non
what-setting = le réglage
allowed-coins = 1 ou 2
allowed-setting = langue, style, palmares, auto
what-level = le niveau

## Coups
move-played = { $player } a joué { $move }.
move-played-in = { $player } a joué { $move } dans la partie { $id }.
bad-move = Je ne comprends pas le coup « { $move } ».
legal-moves = Tu peux jouer : { $moves }
no-legal-moves = Il n'y a aucun coup à jouer.
your-turn-hint = Écris un coup pour le jouer, comme `coup { $move }`.
your-turn-hint-buttons = Joue un coup avec les boutons sous le plateau, ou avec `coup { $move }`.
illegal-game-over = La partie est finie : on ne peut plus jouer.
illegal-cell-occupied = Tu ne peux pas jouer { $move } : cette case est prise. Pose ton pion sur une case vide.
illegal-wrong-phase = Pas maintenant : ce genre de coup appartient à l'autre partie du jeu.
illegal-not-your-piece = Il n'y a pas de pièce à toi à déplacer là.
illegal-destination-occupied = Cette case n'est pas libre : tu ne peux pas y aller.
illegal-not-reachable = Cette pièce ne peut pas aller là en un seul coup.
illegal-capture-required = Tu peux prendre, alors tu dois : choisis un coup qui prend.
illegal-repeats-situation = Ce coup ramènerait un plateau qu'on a déjà vu.
illegal-leaves-hova-attacked = Attention : après ce coup, ton hova pourrait être pris.
illegal-not-your-hole = Ce trou n'est pas dans ton camp : sème depuis tes propres trous.
illegal-empty-hole = Ce trou est vide : choisis un trou avec des graines.
illegal-not-outermost-row = Tu dois jouer depuis ta rangée extérieure tant qu'elle a des graines.
illegal-not-forced-hole = Au Mangala le coup est choisi pour toi : sème depuis ton trou le plus à gauche qui a des graines.
illegal-must-pass = Tu n'as pas de graines à semer : tu dois passer.
illegal-cannot-pass = Tu ne peux pas passer quand tu as encore un coup.
illegal-never-ending-sowing = Ces semailles ne s'arrêteraient jamais, alors ce coup est interdit.
illegal-step-not-allowed = Ce pas est réservé à une seule dernière graine, qui avance d'une rangée vers le centre.
illegal-wrong-step-path = Ajoute le chemin (A ou B) seulement si ton pas capture, comme c2-c3A.

## Trouver la partie
no-such-match = Il n'y a pas de partie { $id }. `liste` montre les parties d'ici, `liste mes` toutes les tiennes.
private-activity = La partie { $id } est la leçon ou le puzzle de quelqu'un d'autre : seuls cette personne (et son enseignant) la voient. `liste mes` montre les tiennes.
no-match-here = Tu n'as pas de partie dans ce salon. Commence-en une avec `jouer fano`.
no-challenge-here = Il n'y a pas de défi pour toi ici.
which-match = Tu as plusieurs parties ici : { $ids }. Ajoute le numéro, comme `{ $command } { $example }`.
board-live = À suivre en direct : { $url }
link-shown = La page en direct de la partie { $id } : { $url }
link-new = La partie { $id } a une nouvelle page en direct : { $url } — l'ancienne adresse ne marche plus.
link-no-web = Les pages web sont éteintes ici : les parties n'ont pas de page en direct.
link-not-player = Seuls les joueurs de la partie { $id } ou un modérateur peuvent donner une nouvelle adresse à sa page.
hint = Indice pour la partie { $id } : `coup { $move } { $id }` — { $reason }
hint-reason-wins = ce coup gagne la partie.
hint-reason-seeds = ce coup prend { $count ->
    [one] une graine
   *[other] { $count } graines
}.
hint-reason-pieces = ce coup prend { $count ->
    [one] un pion
   *[other] { $count } pions
}.
hint-reason-promotes = ce coup fait une promotion.
hint-reason-best = c'est le coup que l'ordinateur préfère ici.
hint-between-people = Les indices, c'est pour l'entraînement et contre l'ordinateur. Dans la partie { $id }, c'est à toi de trouver les coups !
hint-not-playing = La partie { $id } n'est pas en cours : il n'y a pas de coup à conseiller.
hint-not-your-turn = Ce n'est pas ton tour dans la partie { $id } : redemande quand ce sera à toi.
web-title = Partie { $id } · { $game }
web-not-found = Il n'y a pas de partie à cette adresse. Redemandez le lien : il a peut-être changé.
web-busy = Trop de pages sont ouvertes en ce moment. Celle-ci va réessayer toute seule.
web-drawing-busy = Beaucoup d'images sont en train d'être dessinées. Réessaie dans un instant.
web-store-unreachable = lalao n'arrive pas à lire ses données pour l'instant. Cette page va réessayer toute seule.
web-class-tap-unreachable = lalao n'arrive pas à lire ses données : rien n'a été joué. Réessaie dans un moment.
web-class-projector = Cet écran montre seulement les plateaux : joue sur ta propre page.
web-moves = { $count ->
    [one] Un coup
   *[other] { $count } coups
}
board-changed = Quelqu'un a joué juste avant toi : le plateau a changé. Le voici.
try-again = J'ai été interrompu. Réessaie, s'il te plaît.
internal-error = Oups, j'ai eu un problème. Rien n'a changé ; réessaie, s'il te plaît.
not-a-player = Tu ne joues pas dans la partie { $id }, mais tu peux la regarder avec `plateau { $id }`.
not-your-turn = Attends un peu : c'est au tour de { $player }.
not-started = La partie { $id } n'a pas encore commencé : il faut d'abord accepter le défi.
rite-first = La partie { $id } commence d'abord par le jeu des pièces : Tek mi, Çift mi ?
already-started = La partie { $id } a déjà commencé.
match-over = La partie { $id } est finie.
challenge-gone-expired = Le défi { $id } a expiré : personne ne l'a accepté à temps. Lance-en un autre avec `jouer { $game }`.
challenge-gone-declined = Le défi { $id } a été refusé. Lance-en un autre avec `jouer { $game }`.
challenge-gone-cancelled = Le défi { $id } a été annulé. Lance-en un autre avec `jouer { $game }`.
match-gone-aborted = La partie { $id } a été annulée : personne n'a joué le premier coup à temps.

## Commencer une partie
bad-mention = Je ne sais pas qui est « { $mention } ». Mentionne un joueur, comme @ana.
challenge-yourself = Tu ne peux pas te défier toi-même, mais tu peux t'entraîner : `jouer { $game } solo`.
too-many-matches = Tu as déjà { $max } parties en cours ou en attente : termine, abandonne ou annule-en avant d'en commencer une autre.
channel-full = Ce salon a déjà { $max } parties en cours ou en attente : termine ou annule-en d'abord.
side-by-rite = Au Mangala, c'est le jeu des pièces qui décide qui choisit son camp.
bad-side = « { $side } » n'est pas un camp de { $game }. Les camps sont : { $sides }.
game-not-ready = { $game } n'est pas encore prêt. Essaie le fano !
game-not-ready-short = pas encore prêt
bad-option = L'option « { $option } » ne marche pas pour { $game }.
bad-option-hint = L'option « { $option } » ne marche pas pour { $game } : { $hint }
position-unreadable = Je n'arrive pas à lire cette position de { $game }. Écris-la comme lalao écrit les positions, comme ce départ : `{ $example }`
position-impossible = Cette position de { $game } ne peut pas arriver dans une partie (les pions ou les graines ne tombent pas juste). Compare-la au départ : `{ $example }`
position-over = Cette position de { $game } est déjà finie : personne ne peut jouer. Choisis-en une où la partie continue.
position-too-many-seeds = Cette position de { $game } contient { $seeds } graines, plus qu'une partie de { $game } sur ce plateau n'en a jamais ({ $start }). Choisis-en une avec { $start } graines au plus.
option-fano-cells = cells doit être un nombre impair de 3 à 255, comme cells=7.
option-fano-ply-cap = ply_cap doit être un nombre de coups, au moins 1.
unknown-variant = Je ne connais pas la variante « { $name } ». Variantes : { $variants }.
play-unknown-word = Il n’y a pas de variante « { $name } » (variantes : { $variants }). Pour jouer contre quelqu’un, { $platform ->
    [matrix] mentionne-le : tape @ et choisis son nom, ou écris son identifiant, comme `jouer fano @bodo:example.org`.
    [discord] choisis-le dans l’option `adversaire` de `/lalao jouer`.
   *[other] écris @ et son nom, comme `jouer fano @bodo`.
}
no-variants = aucune
practice-started = Partie { $id } : { $game }, entraînement. { $challenger } joue les deux camps.
computer-started = Partie { $id } : { $challenger } joue au { $game } contre lalao (niveau { $level }). { $challenger } joue { $side }.
computer-played = lalao a joué { $move }.
computer-and-forced-many = Puis { $count } coups d'un coup, ceux de lalao et les tiens (chacun des tiens le seul possible) : { $moves }. Tous les coups : `historique { $id }`.
level-needs-computer = `niveau=` sert aux parties contre lalao : écris `ordi` (ou mentionne lalao) comme adversaire.
computer-level-random = coups au hasard
computer-level-kind = gentil
computer-level-easy = facile
computer-level-medium = moyen
computer-level-hard = difficile
challenge-named = Partie { $id } : { $challenger } défie { $opponent } au { $game } ! { $opponent }, écris `accepter { $id }` ou `refuser { $id }`.
challenge-open = Partie { $id } : { $challenger } veut jouer au { $game }. Qui veut jouer ? Écris `accepter { $id }`.
accept-own-challenge = Tu ne peux pas accepter ton propre défi { $id }.
not-your-challenge = Ce défi est pour { $opponent }.
decline-open = Le défi { $id } est ouvert à tous : personne n'a besoin de le refuser. Son auteur peut l'annuler avec `annuler { $id }`.
challenge-accepted = Partie { $id } : { $opponent } accepte ! { $first } commence.
challenge-declined = { $opponent } refuse le défi { $id }.
cancel-playing = La partie { $id } a commencé : tu peux `abandonner`, ou demander à un modérateur de l'annuler.
cancel-not-allowed = Seul le joueur qui a créé la partie { $id }, ou un modérateur, peut l'annuler.
match-cancelled = La partie { $id } est annulée par { $by }.

## Plateau et état
status-challenge = Partie { $id } ({ $game }) : on attend que { $opponent } accepte.
status-open = Partie { $id } ({ $game }) : { $challenger } attend un joueur.
status-rite = Partie { $id } ({ $game }) : { $step }
status-playing = Partie { $id } ({ $game }{ $practice ->
    [yes] , entraînement
   *[no] {""}
}) : au tour de { $player }.
status-finished = La partie { $id } ({ $game }) est finie. { $result }
status-declined = La partie { $id } ({ $game }) a été refusée.
status-cancelled = La partie { $id } ({ $game }) a été annulée par { $by }.
draw-pending = { $player } propose le match nul.
undo-pending = { $player } demande à reprendre le dernier coup.

## Abandon, nulle, reprise
draw-practice = À l'entraînement, il n'y a personne avec qui faire match nul.
draw-computer = lalao n’accepte jamais la nulle : continue, reprends un coup avec `annuler`, ou `abandonner`.
draw-already-offered = Tu as déjà proposé le match nul. Attends la réponse de { $other }.
draw-offer-waiting = { $other } t'a déjà proposé le match nul : `nulle accepter` ou `nulle refuser`.
draw-offered = { $player } propose le match nul dans la partie { $id }. { $other }, écris `nulle accepter` ou `nulle refuser`.
draw-none = Personne n'a proposé le match nul.
draw-declined = { $player } dit non au match nul. La partie continue !
undo-nothing = Il n'y a aucun coup à reprendre.
undo-done = Le coup { $move } est repris dans la partie { $id }.
undo-done-several = Les coups { $move } sont repris dans la partie { $id }.
undo-already-asked = Tu l'as déjà demandé. Attends la réponse de { $other }.
undo-asked = { $player } demande à reprendre le dernier coup de la partie { $id }. { $other }, écris `reprendre accepter` ou `reprendre refuser`.
undo-none = Personne n'a demandé à reprendre un coup.
undo-declined = { $player } dit non : le coup reste.

## Listes, historique, export
list-empty-channel = Il n'y a pas de partie dans ce salon. Commence-en une avec `jouer fano` !
list-empty-mine = Tu n'as pas de partie en cours. Commence-en une avec `jouer fano` !
list-channel = Parties de ce salon ({ $count }) :
list-mine = Tes parties ({ $count }) :
list-line = { $id } { $game } : { $players } · { $state }
list-practice = { $player } (entraînement)
list-versus = { $challenger } contre { $opponent }
list-anyone = n'importe qui
list-waiting = en attente d'un joueur
to-move-short = au tour de { $player }
history-empty = pas encore de coup
history-moves = Coups : { $moves }
export-json = Pour la rejouer avec `lalao rules` :
animation-caption = Partie { $id } ({ $game }), { $players } : { $result } Toute la partie en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}, animée.
animation-unfinished = toujours en cours.
animation-no-moves = La partie { $id } n'a encore aucun coup : il n'y a rien à animer. Joue d'abord un coup !
animation-too-long = La partie { $id } a { $moves } coups : trop pour une seule animation ({ $most } au plus). `historique { $id }` les donne tous.

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
web-after-move = { $count ->
    [0] Le début de la partie
   *[other] Après le coup { $count } : { $move }
}
web-back-to-live = Revenir à la partie telle qu'elle est
review-note = { $verdict ->
    [inaccuracy] petit écart
    [mistake] erreur
   *[blunder] grosse erreur
} : { $cost } ; { $gain }.

## Règles
rules-all = Les jeux que je connais (écris `règles fano` pour l'un d'eux) :
rules-all-line = • { $game } (`{ $id }`) : { $summary }
rules-variant = Variante { $name } : { $text }
rules-variants = Variantes de { $game } : { $variants }. Ajoute-les en lançant une partie, comme `jouer { $game } { $variant }`.
rules-no-variants = Variantes de { $game } : { $variants }.
rules-samantsy = Samantsy, les échecs tanala d'Ikongo, à Madagascar. Un plateau de 8×8, 16 pièces chacun ; Blanc commence. On prend en allant sur une pièce ennemie ; un zaza qui atteint la dernière rangée devient anakova. On ne laisse jamais son hova attaqué. Tu perds si, à ton tour, ton hova est bloqué et qu'aucun coup ne peut le libérer. Source : Ardant du Picq, 1912. Les numéros des règles et ce que dit chaque source : `regles { $game } sources`.
rules-samantsy-sources = Samantsy (RULES.md §1), les échecs tanala d'Ikongo, à Madagascar. Un plateau de 8×8, 16 pièces chacun (S-2, S-3) ; Blanc commence (S-4). On prend en allant sur une pièce ennemie (S-5) ; un zaza qui atteint la dernière rangée devient anakova (S-6). On ne laisse jamais son hova attaqué (S-8). Tu perds si, à ton tour, ton hova est bloqué et qu'aucun coup ne peut le libérer (S-10).
rules-fano = Fano, d'Alain Busser. Une rangée de cases. D'abord, chacun pose ses pions à tour de rôle sur une case vide, Blanc d'abord. Ensuite, à chaque tour, tu glisses un pion vers une case libre à côté ; si la case suivante a des pions ennemis, toute la file est prise. À ton tour, si tu n'as plus de pion ou plus de coup, tu perds ; ramener un plateau déjà vu fait aussi perdre. Source : Alain Busser, 2025. Les numéros des règles et ce que dit chaque source : `regles { $game } sources`.
rules-fano-sources = Fano (RULES.md §2), d'Alain Busser. Une rangée de cases (F-1). D'abord, chacun pose ses pions à tour de rôle sur une case vide, Blanc d'abord (F-4). Ensuite, à chaque tour, tu glisses un pion vers une case libre à côté (F-5) ; si la case suivante a des pions ennemis, toute la file est prise (F-6). À ton tour, si tu n'as plus de pion ou plus de coup, tu perds (F-7) ; ramener un plateau déjà vu fait aussi perdre (F-8).
rules-mangala = Mangala IV, de Gaziantep, en Turquie. Deux rangées de 7 trous, 7 graines dans chacun. Le jeu des pièces « Tek mi, Çift mi ? » décide qui choisit son camp. Chaque coup est imposé : tu sèmes depuis ton trou le plus à gauche qui a des graines, une graine par trou. Si la dernière graine fait 2 ou 4, tu prends ce trou, le trou d'en face et les trous juste avant qui ont 2 ou 4. Si elle fait 3, ou 5 et plus, tu sèmes encore. Le plus de graines gagne. Sources : Adnan Güllü, 2007, et Mancala World. Les numéros des règles et ce que dit chaque source : `regles { $game } sources`.
rules-mangala-sources = Mangala IV (RULES.md §3), de Gaziantep, en Turquie. Deux rangées de 7 trous, 7 graines dans chacun (M-1, M-2). Le jeu des pièces « Tek mi, Çift mi ? » décide qui choisit son camp (M-3). Chaque coup est imposé : tu sèmes depuis ton trou le plus à gauche qui a des graines (M-4), une graine par trou (M-6). Si la dernière graine fait 2 ou 4, tu prends ce trou, le trou d'en face et les trous juste avant qui ont 2 ou 4 (M-7, M-8). Si elle fait 3, ou 5 et plus, tu sèmes encore (M-7). Le plus de graines gagne (M-10).
rules-engehe = En Gehé, des Maasaï. Deux rangées de nombreux trous avec 4 graines chacun ; une équipe joue comme un seul joueur. Sème depuis n'importe lequel de tes trous ; si la dernière graine tombe dans un trou plein, reprends-les et continue. Finir dans un trou vide de ton côté prend le trou d'en face. Quand une équipe ne peut plus jouer, la partie s'arrête. Sources : Moritz Merker, 1904, et Wikipédia. Les numéros des règles et ce que dit chaque source : `regles { $game } sources`.
rules-engehe-sources = En Gehé (RULES.md §4), des Maasaï. Deux rangées de nombreux trous avec 4 graines chacun (E-1, E-2) ; une équipe joue comme un seul joueur (E-3). Sème depuis n'importe lequel de tes trous (E-4) ; si la dernière graine tombe dans un trou plein, reprends-les et continue (E-5). Finir dans un trou vide de ton côté prend le trou d'en face (E-7). Quand une équipe ne peut plus jouer, la partie s'arrête (E-9).
rules-katro = Katro, des Betsileo de Madagascar. Six rangées de 6 trous, 2 graines dans chacun ; chaque joueur a trois rangées. Sème le long de ton chemin depuis ta rangée la plus extérieure qui a des graines. Les graines prises sont semées à nouveau de ton côté. Un joueur qui ne peut plus jouer perd. Sources : Alex de Voogt, 1998–1999, et Mancala World. Les numéros des règles et ce que dit chaque source : `regles { $game } sources`.
rules-katro-sources = Katro (RULES.md §5), des Betsileo de Madagascar. Six rangées de 6 trous, 2 graines dans chacun ; chaque joueur a trois rangées (K-1, K-3). Sème le long de ton chemin depuis ta rangée la plus extérieure qui a des graines (K-2, K-5, K-6). Les graines prises sont semées à nouveau de ton côté (K-7, K-8). Un joueur qui ne peut plus jouer perd (K-9).
notation-samantsy = Au Samantsy, un coup va d’une case à une autre, comme `e2-e4` (colonnes a à h, rangées 1 à 8 ; `e2xe4` pour une prise marche aussi).
notation-fano = Au fano : `@3` pose un pion sur la case 3 ; `2-3` glisse un pion de la case 2 à la case 3.
notation-mangala = Au Mangala IV, les coups sont forcés : le trou d’où semer, comme `h3` (les trous de Sud sont h0 à h6 depuis la gauche de Sud, ceux de Nord h7 à h13 depuis la gauche de Nord), ou `pass`.
notation-engehe = À l’En Gehé, un coup est le trou d’où semer, comme `h12` : les trous de Sud sont numérotés depuis 0 à partir de la gauche de Sud, puis ceux de Nord depuis la gauche de Nord (h40 à h79 avec 40 trous par rangée).
notation-katro = Au Katro, un coup est un trou et une direction, comme `a1A` : la lettre de colonne du trou et sa rangée (1 à 6), puis le chemin `A` ou `B`.
variant-samantsy-chess-mate = tu perds seulement quand tu n'as plus aucun coup permis (version Ludii de Busser ; RULES.md §1.4).
variant-samantsy-zaza-step = un zaza avance d'exactement une case (reconstitution Ludii ; §1.4).
variant-samantsy-alfil-jump = un basy saute de deux cases en diagonale, même par-dessus une pièce (shatranj ; §1.4).
variant-fano-misere = « qui perd gagne » : celui qui ne peut plus jouer gagne ; ramener un plateau déjà vu fait toujours perdre (§2.3).
variant-fano-full-start = le départ d'origine, la rangée déjà pleine, sans pose (§2.3).
variant-fano-forced-capture = si tu peux prendre, tu dois prendre (comme au fanorona ; §2.3).
variant-fano-repetition-illegal = ramener un plateau est interdit, au lieu de faire perdre (§2.3).
variant-mangala-random-start = les 98 graines sont réparties au hasard ; le numéro du tirage est gardé avec la partie (§3.4).
variant-mangala-madjnuni-start = un départ au hasard avec au moins deux graines par trou, comme au La'b Madjnuni (§3.4).
variant-mangala-skip-origin = les tours de 14 graines ou plus sautent le trou de départ (G-2).
variant-mangala-snapshot-chain = la chaîne de prises regarde le plateau d'avant la prise (§3.3).
variant-mangala-rightmost-head = on sème depuis le trou le plus à droite, comme au La'b Madjnuni (§3.4).
variant-engehe-mw-capture = la règle de prise de Mancala World (§4.3).
variant-engehe-loop-stops-turn = une relance sans fin arrête le tour au lieu d'être interdite (G-3).
variant-engehe-skip-origin = les tours aussi longs que le circuit sautent le trou de départ (G-2).
variant-katro-lone-stone = la règle historique de la graine seule (§5.5).
variant-katro-lone-stone-diagonal = la graine seule peut aussi avancer en diagonale (§5.5).
variant-katro-ludii-capture = la règle de prise de la version Ludii (§5.4).
variant-katro-any-hole-start = n'importe lequel de tes trous peut commencer un coup (pages de Busser ; §5.4).
variant-katro-reverse-direction = semer dans l'autre sens (§5.4).
variant-katro-loop-stops-turn = une relance sans fin arrête le tour au lieu d'être interdite (G-3).
variant-katro-skip-origin = les tours aussi longs que le circuit sautent le trou de départ (G-2).

## Réglages
leaderboard-listed = visible
leaderboard-hidden = caché
settings-saved = C'est noté ! Langue : { $language }. Style du plateau : { $style }. Palmarès mondiaux : { $leaderboard }. Coups forcés : { $auto }.
settings-show = Tes réglages : langue { $language }, style du plateau { $style }, palmarès mondiaux : { $leaderboard }, coups forcés : { $auto }. Change-les avec `réglages langue en`, `réglages style large`, `réglages palmares=non` ou `réglages auto=oui`.
language-en = English
language-fr = français
style-picture = image
style-text = texte
style-emoji = emoji
style-large = grand
style-reader = lecteur d'écran

## Le rite du Mangala : Tek mi, Çift mi ?
rite-begins = Partie { $id } : { $opponent } accepte ! D'abord le jeu des pièces : Tek mi, Çift mi ? { $challenger }, cache une ou deux pièces dans ta main : envoie-moi `pièces 1 { $id }` ou `pièces 2 { $id }` en privé.
rite-begins-direct = Partie { $id } : { $opponent } accepte ! D'abord le jeu des pièces : Tek mi, Çift mi ? { $challenger }, je t'ai écrit en privé : cache une ou deux pièces là-bas.
coins-ask-direct = Partie { $id } contre { $opponent } : le jeu des pièces commence. Cache une ou deux pièces dans ta main : envoie `pièces 1 { $id }` ou `pièces 2 { $id }` ici. Seuls toi et moi voyons ce salon.
rite-step-coins = { $player } cache une ou deux pièces (`pièces`).
rite-step-call = { $player } doit deviner : impair ou pair ? (`appel impair` ou `appel pair`)
rite-step-side = { $player } choisit son camp (`camp sud` ou `camp nord`).
rite-over = Le jeu des pièces de la partie { $id } est terminé.
rite-not-your-step = Pas toi, pas maintenant : { $step }
no-rite = Tu n'as pas de jeu des pièces en attente.
coins-how = Cache une ou deux pièces : envoie `pièces 1 { $id }` ou `pièces 2 { $id }` en privé. Sur la console, écris `pièces` tout seul et le nombre restera caché.
coins-private-dm = Chut ! Tes pièces sont un secret. Envoie-les-moi dans notre salon privé : `pièces 1 { $id }` ou `pièces 2 { $id }`.
coins-private = Chut ! Tes pièces sont un secret. Envoie-les-moi en privé (sur la console, écris `pièces` tout seul, puis le nombre : il ne s'affichera pas).
coins-hidden = Tu caches { $count } dans ta main. Chut !
rite-call = { $challenger } a caché les pièces. { $opponent } : Tek mi, Çift mi ? Impair ou pair ? Écris `appel impair` ou `appel pair`.
parity-odd = impair (tek)
parity-even = pair (çift)
rite-call-right = Il y avait { $coins ->
    [one] { $coins } pièce
   *[other] { $coins } pièces
} : { $call }, c'est gagné ! { $chooser } choisit son camp : `camp sud` ou `camp nord`.
rite-call-wrong = Il y avait { $coins ->
    [one] { $coins } pièce
   *[other] { $coins } pièces
} : { $call }, c'est perdu ! { $chooser } choisit son camp : `camp sud` ou `camp nord`.
rite-done = { $player } prend le camp { $side }. { $first } commence. Bonne partie !

## Aide
help-games = Les cinq jeux que je connais :
help = Je connais ces commandes (écris { $example } pour en savoir plus sur l'une d'elles) :
help-unknown = Je n'ai pas d'aide sur « { $topic } ».
help-footer = Ajoute un numéro de partie comme { $example } quand tu en as plusieurs.
help-group-start = commencer une partie : avec quelqu’un, ouverte à tous, en entraînement, ou contre l’ordinateur (`jouer fano bot`)
help-group-answer = répondre à un défi ou le retirer
help-group-move = jouer (ou écris juste le coup)
help-group-board = voir le plateau
help-group-end = abandonner, proposer le match nul, reprendre un coup
help-group-matches = les parties et leurs coups
help-group-about = les règles, tes réglages, cette aide
help-group-rite = le jeu des pièces qui ouvre une partie de Mangala
help-group-clock = pendules en jours, temps dépassé, rappels
help-group-class = le mode classe pour les enseignant·es
help-play = commencer une partie : contre un joueur nommé, ouverte à tous, seul pour s'entraîner, ou contre l'ordinateur à un niveau. Exemples : `jouer fano entrainement`, `jouer fano @ana cells=5`, `jouer fano ouvert misere`, `jouer katro @bob camp=nord`, `jouer samantsy ordinateur niveau=difficile` (un niveau seul veut dire l'ordinateur aussi), `jouer katro temps=3j`, `jouer fano entrainement position=..WB... w 1 1` (depuis une position donnée, écrite en dernier).
help-accept = accepter un défi qu'on t'a lancé, ou un défi ouvert.
help-decline = dire non à un défi qu'on t'a lancé.
help-cancel = retirer ton défi ou arrêter ta partie d'entraînement. Les modérateurs peuvent annuler toute partie de leur salon.
help-move = jouer un coup (ou écris juste le coup). Chaque jeu écrit ses coups à sa façon :
help-board = voir le plateau, dans un style, vu d'un camp. `lecteur` le décrit en phrases pour les lecteurs d'écran.
help-hint = le coup que jouerait l'ordinateur, et pourquoi : à l'entraînement et contre l'ordinateur, jamais entre joueurs.
help-resign = abandonner la partie.
help-link = l'adresse de la page en direct d'une partie ; `lien nouveau` lui en donne une nouvelle et l'ancienne ne marche plus.
help-draw = proposer le match nul, ou accepter celui qu'on t'a proposé ; `refuser` dit non.
help-undo = reprendre le dernier coup. À l'entraînement c'est immédiat ; sinon ton adversaire doit accepter avec `accepter`.
help-list = les parties de ce salon ; `mes` : toutes tes parties.
help-history = les coups d'une partie.
help-export = les coups et un enregistrement que `lalao rules` peut rejouer ; avec `animation`, toute la partie en image animée.
help-review = l'ordinateur analyse une partie finie : les erreurs, les meilleurs coups, et un bilan pour chaque joueur.
help-rating = ton classement dans chaque jeu, ou celui de quelqu'un d'autre (mentionne la personne), avec victoires, défaites et nulles.
help-profile = ton profil, ou celui de quelqu'un d'autre : dans chaque jeu le classement et les résultats, la meilleure victoire, la série en cours, et les parties en cours.
help-top = le palmarès d'un jeu : de ce serveur ou de ce salon (`ici`, par défaut) ou de tout le monde (`mondial`), dix personnes par page. `réglages palmares=non` te retire du palmarès mondial.
help-rules = comment on joue, avec les numéros de règles de RULES.md.
help-settings = ta langue et le style du plateau.
help-coins = (Mangala) cacher une ou deux pièces pour le jeu des pièces. Envoie-le en privé !
help-call = (Mangala) deviner les pièces cachées. Tek mi, Çift mi ?
help-side = (Mangala) le gagnant de l'annonce choisit son camp.
help-help = cette aide, ou l'aide d'une commande.

## Console
console-welcome = Bienvenue dans lalao ! Écris `aide` pour voir les commandes, `jouer fano` pour commencer. Écris `/quit` pour partir.
console-coins-prompt = Combien de pièces caches-tu, 1 ou 2 ? (ça ne s'affichera pas)
console-user = Tu es maintenant { $user }.
console-user-bad = Un nom a des lettres, des chiffres, « - » ou « _ », comme `/user ana`.
console-animation-written = Toute la partie, animée : { $apng } (APNG) et { $gif } (GIF), écrits dans { $folder }.
console-animation-failed = L'animation n'a pas pu être écrite : { $error }
console-unknown = Commandes de la console : `/user <nom>` (qui joue), `/quit`.

## Mode classe (docs/classroom.md). Les élèves lisent ces phrases à l'écran : des mots simples.
help-class = une classe d'élèves sans compte. Seul·e l'enseignant·e (ou un·e modérateur·rice) la change ; tout le monde peut voir la liste, le classement, le tableau et le CSV :
help-class-show = les élèves et les équipes de la classe
help-class-new = créer la classe de ce salon
help-class-add = ajouter des élèves, par leur prénom
help-class-remove = retirer un élève
help-class-bind = lier la place d'un élève à son propre compte
help-class-team = former une équipe d'élèves, qui jouent à tour de rôle ou librement
help-class-match = une partie entre deux élèves ou équipes (on la joue avec son numéro et le coup)
help-class-activity = fano : poser les pions à tour de rôle, puis dessiner le plateau
help-class-tournament = tout le monde joue : toutes rondes, ou système suisse
help-class-standings = le classement du tournoi
help-class-csv = les résultats en CSV
help-class-dashboard = toutes les parties de la classe, et à qui c'est le tour
help-class-link = l'adresse web de l'écran de la classe, pour le projecteur (nouveau : de nouveaux liens)
help-class-settings = changer le nom, la langue ou le style des plateaux de la classe
help-class-delete = retirer la classe de ce salon
help-class-pause = mettre une partie de la classe en pause
help-class-resume = continuer une partie en pause
help-class-undo = annuler le dernier coup d'une partie de la classe
help-class-restart = recommencer une partie de la classe depuis le début
help-class-result = décider une partie de la classe : qui a gagné, ou nulle
what-pupil = le prénom d'un élève
what-seats = deux élèves (ou équipes) et un jeu, comme `classe partie Ana Bob fano`
what-team = un nom d'équipe
what-match = un numéro de partie, comme `#3`
what-winner = qui a gagné (un prénom) ou `nulle`
what-class = commande de classe
class-default-name = Ma classe
class-created = La classe « { $name } » est prête. Enseignant·e : { $teacher }. Ajoute les élèves avec `classe ajouter Ana Bob`.
class-new-moderators = Seul un·e modérateur·rice de ce salon peut y créer une classe : la langue et le style de plateau d'une classe s'appliquent à tout le monde dans le salon.
class-settings = La classe « { $name } » : langue { $language }, plateaux { $style }.
class-delete-active = La classe a encore des parties en cours ({ $ids }). Termine-les d'abord, par exemple avec `classe résultat { $example } nulle`.
class-deleted = La classe « { $name } » est supprimée : ce salon redevient un salon ordinaire.
what-class-name = nom de classe
allowed-class-name = 1 à 40 lettres, chiffres, « - », « _ », « ' » ou « . », en un seul mot
class-exists = Ce salon a déjà une classe : « { $name } », de { $teacher }.
class-none = Il n'y a pas encore de classe ici. L'enseignant·e en crée une avec `classe nouvelle`.
class-teacher-only = Seul·e l'enseignant·e ({ $teacher }) peut faire ça.
class-paused = La partie { $id } est en pause. Attends l'enseignant·e.
class-not-your-seat = Ce n'est pas ta place dans la partie { $id }. Demande à { $teacher } de jouer pour toi.
class-team-anyone = n'importe qui
class-team-expected = { $team } : { $member }
class-replay-step = Étape { $step } sur { $count } :
class-csv = Résultats (CSV) :
class-bad-name = « { $name } » ne peut pas être un prénom ici. Utilise un prénom, avec des lettres, 20 au plus.
class-name-taken = Le nom « { $name } » est déjà pris dans cette classe.
class-full = Une classe a { $max } élèves au plus.
class-bound = La place de { $name } est maintenant liée à { $account }.
class-team-rotation = Équipe { $team } : { $members }. Ils jouent chacun leur tour, l'un après l'autre.
class-team-any = Équipe { $team } : { $members }. N'importe qui peut jouer.
class-activity-fano = L'activité de placement, c'est seulement pour fano, comme `classe activité Ana Bob fano cells=5`.
class-paused-done = La partie { $id } est en pause.
class-resumed = La partie { $id } continue !
class-restarted = La partie { $id } recommence depuis le début.
class-result-who = Qui a gagné ? Écris { $first }, { $second } ou `nulle`, pas « { $word } ».
class-no-pupil = Il n'y a pas d'élève qui s'appelle « { $name } ». La classe : { $pupils }.
class-not-class-match = La partie { $id } n'est pas une partie de cette classe.
class-same-seat = { $name } ne peut pas jouer contre { $name }.
class-match-started = Partie { $id } ({ $game }) : { $first } contre { $second }.
class-activity-started = Activité { $id } ({ $game }) : { $first } et { $second } posent leurs pions chacun leur tour. Ensuite, on dessine le plateau !
class-activity-done = Tous les pions sont posés. Maintenant, dessine le plateau !
class-too-few = Un tournoi a besoin d'au moins 2 élèves. Ajoute-les avec `classe ajouter Ana Bob`.
class-tournament-running = Un tournoi est encore en cours. Termine d'abord ses parties (ou annule-les).
class-round = Ronde { $round } sur { $rounds } ({ $game }) :
class-pairing = { $id } : { $first } contre { $second }
class-bye = { $name } se repose cette ronde (et gagne 2 points).
class-tournament-over = Le tournoi est fini. Bravo à tous !
class-roster = Classe « { $name } », enseignant·e { $teacher }. Élèves ({ $count }) :
class-roster-empty = Pas encore d'élèves. Ajoute-les avec `classe ajouter Ana Bob`.
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
class-no-tournament = Il n'y a pas encore de tournoi. Commence-en un avec `classe tournoi fano cells=7`.
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
class-timeout-flag = { $late } n’a plus de temps dans { $match }. L’enseignant·e décide : `réclamer { $id }` la victoire pour { $winner }, `accorder 1j { $id }` (ou autre), `renoncer { $id }`, ou `classe résultat { $id } nulle`.
class-adjudicated-win = L'enseignant·e décide : { $winner } gagne.
class-adjudicated-draw = L'enseignant·e décide : match nul.
class-ask-teacher-draw = Dans une partie de classe, c'est l'enseignant·e qui décide : `classe résultat { $id } nulle`.
class-ask-teacher-undo = Dans une partie de classe, l'enseignant·e reprend un coup : `classe reprendre { $id }`.
class-too-few-teams = Un tournoi par équipes a besoin d'au moins 2 équipes. Crée-les avec `classe équipe Lions Ana Bob`.
## Pendules, notifications, vacances (ticket 9 ; docs/time-controls.md)
duration-seconds = { $seconds } s
duration-minutes = { $minutes } min
duration-hours = { $hours } h
duration-days = { $days } j
duration-days-hours = { $days } j { $hours } h
match-label = la partie { $id } ({ $game })
time-bad-duration = Je ne comprends pas ce temps. Choisis des jours dans la liste 1j, 2j, 3j, 5j, 7j, 14j, ou des heures comme 12h (72h au plus). Une banque s’écrit `bank=1j/7j`.
time-bank-without-time = Une banque a besoin d’un temps par coup, comme `time=3j bank=1j/7j`.
time-cap-too-small = Le plafond de la banque doit être au moins ce que chaque coup y ajoute.
time-practice = Les parties d’entraînement n’ont pas de pendule. Enlève `time=`.
time-computer = Les parties contre lalao n’ont pas de pendule : il répond tout de suite. Enlève `time=`.
clock-control = Pendule : { $budget } par coup.
clock-control-bank = Pendule : { $budget } par coup, et une banque qui grandit de { $increment } par coup, jusqu’à { $cap }.
clock-left = Il reste { $left } à { $player } pour jouer.
clock-first-move = { $player } joue le premier coup (pas de pendule avant).
clock-flagged = { $player } n’a plus de temps. L’autre joueur peut réclamer la victoire (`réclamer`), accorder du temps (`accorder 1j`, ou autre) ou y renoncer (`renoncer`).
clock-bank = Banque de { $player } : { $bank }.
clock-vacation = { $player } est en vacances (encore { $left }) : sa pendule est arrêtée.
no-timeout = Personne n’a dépassé son temps dans la partie { $id }.
which-timeout = Dans plusieurs de tes parties ici, le temps est dépassé : { $ids }. Dis laquelle, comme { $action ->
    [grant] `accorder 1j { $example }`.
    [waive] `renoncer { $example }`.
   *[claim] `reclamer { $example }`.
}
no-timeout-here = Personne n’a dépassé son temps dans tes parties ici.
timeout-not-yours = Seul l’adversaire du joueur qui a dépassé son temps peut décider, dans la partie { $id }.
grant-too-long = Tu peux donner au plus { $max } d’un coup.
timeout-claimed = { $winner } gagne la partie { $id } au temps : { $loser } n’a pas joué à temps.
time-granted = { $player } a { $extra } de plus pour jouer dans la partie { $id }.
timeout-waived = { $winner } ne prend pas la victoire au temps : { $player } a de nouveau tout son temps pour jouer dans la partie { $id }.
game-timeout = { $loser } n’a plus de temps. { $winner } gagne !
status-expired = Partie { $id } ({ $game }) : le défi a expiré.
status-aborted = La partie { $id } ({ $game }) a été arrêtée car personne n’a joué. Elle ne compte pas.
challenge-expired = { $player }, personne n’a accepté ton défi à temps : { $match } a expiré. Tu peux en lancer un autre avec `jouer { $game }`.
match-aborted = Personne n’a joué dans { $match }, elle est donc arrêtée. Elle ne compte pour personne.
turn-notice = { $player }, c’est à toi de jouer dans { $match }.
reminder = { $player }, pense à jouer dans { $match } : il te reste { $left }.
timeout-flag = { $late } n’a plus de temps dans { $match }. { $winner }, tu peux réclamer la victoire (`réclamer`), accorder du temps (`accorder 1j`, ou autre) ou y renoncer (`renoncer`) pour lui redonner tout son temps.
timeout-forfeit = { $late } n’a plus de temps dans { $match }. { $winner } gagne ! (Dans ce salon, le temps dépassé fait perdre tout de suite. `waive` rend la partie.)
digest = À toi de jouer ({ $count }) :
digest-line = • { $match } dans { $channel }
digest-line-timed = • { $match } dans { $channel } : il reste { $left }
channel-unnamed = un salon dont je ne connais pas le nom
channel-console = la console
vacation-already = Tu es déjà en vacances. `vacation off` les termine.
vacation-too-long = Il te reste { $left } jours de vacances ce mois-ci ({ $limit } au plus).
vacation-none = Tu n’es pas en vacances.
vacation-started = Bon repos ! Tes pendules sont arrêtées pendant { $days } jours (parties avec pendule : { $count }). Jours de vacances restant ce mois-ci : { $left }.
vacation-ended = Bon retour ! Tes pendules repartent (parties avec pendule : { $count }).
notify-mode-every = à chaque coup
notify-mode-digest = un résumé
notify-quiet-none = aucune
notify-reminders-none = aucun
notify-current = Notifications : { $mode }. Messages privés : { $dm }. Résumé à { $digest }. Heures calmes : { $quiet } ({ $tz }). Rappels : { $reminders }.
notify-saved = C’est noté. Notifications : { $mode }. Messages privés : { $dm }. Résumé à { $digest }. Heures calmes : { $quiet } ({ $tz }). Rappels : { $reminders }.
channel-moderators-only = Seuls les modérateurs de ce salon peuvent changer ses réglages.
channel-forfeit-auto = qui dépasse son temps perd tout de suite
channel-forfeit-claim = l’adversaire décide (réclamer, accorder ou renoncer)
channel-expiry-never = jamais
channel-current = Ce salon : { $forfeit }. Les défis expirent après { $expiry }.
channel-saved = C’est noté. Ce salon : { $forfeit }. Les défis expirent après { $expiry }.
channel-boards-edit = un coup modifie son plateau
channel-boards-new = chaque coup affiche un nouveau plateau
channel-boards-default = comme le bot est réglé
channel-threads-on = chaque nouvelle partie a son propre fil
channel-threads-off = les parties se jouent dans le salon
channel-pictures = Images des plateaux : { $pictures }.
channel-pictures-on = au choix de chaque joueur dans ses réglages
channel-pictures-off = désactivées dans ce salon, plateaux en texte seulement
channel-discord = Plateaux : { $boards }. Fils : { $threads }.
what-time = une durée
what-days = un nombre de jours
what-notify = réglage des notifications
what-channel = réglage du salon
allowed-time = 12h, 1j, 3j, 1j12h
allowed-days = 1 à 31, ou off
allowed-notify = every, digest, dm=on|off, digest=9,18, quiet=22-7|off, tz=Europe/Paris|+3, remind=75%,24h|off
allowed-channel = forfeit=auto|claim, expiry=3j, boards=edit|new|default, thread=on|off
help-claim = quand ton adversaire n’a plus de temps, prends la victoire.
help-grant = quand ton adversaire n’a plus de temps, donne-lui-en plus, comme `1j`.
help-waive = ne prends pas la victoire au temps ; ton adversaire a de nouveau tout son temps.
help-vacation = arrête tes pendules dans toutes tes parties pendant quelques jours (un nombre limité par mois) ; `off` les termine plus tôt.
help-plan = prévois tes réponses pendant que ton adversaire réfléchit : `prévoir #3 c2 d5` joue d5 tout de suite s'il joue c2 (4 paires au plus ; toi seul les vois) ; `prévoir #3` les montre, `prévoir #3 annuler` les annule.
help-notify = comment et quand je te dis que c’est ton tour : `every | digest`, `dm=on|off`, `digest=9,18`, `quiet=22-7|off`, `tz=Europe/Paris|+3`, `remind=75%,24h|off`.
help-channel = les réglages de ce salon (les modérateurs les changent) : `forfeit=auto|claim`, `expiry=3j`, `boards=edit|new|default`, `thread=on|off`. Sur Discord, `boards=new` affiche un nouveau plateau à chaque coup au lieu de le modifier, et `thread=on` donne à chaque nouvelle partie son propre fil.

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
web-stale = Le plateau a changé avant que ton coup arrive. Regarde-le encore, puis joue.
web-bad-request = Ce coup n'a pas pu être lu. Recharge la page, puis rejoue.
web-class-round = { $game } · ronde { $round } sur { $rounds }
web-class-turn = À { $name } DE JOUER
web-class-seat-title = { $name } · { $class }
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
web-class-how-katro = Touche un trou entouré : deux trous deviennent verts, un de chaque côté. Touche le vert où ira ta première graine.
web-class-how-sowing = Touche un trou entouré, puis touche-le encore quand il est vert.
web-class-how-pieces = Touche un pion ou une case entourée, puis la case qui devient verte.
web-class-how-named-katro = Touche le trou qui brille où sont les graines, puis l'autre trou qui brille : la première graine y tombe.
web-class-how-named-slide = Touche le pion qui brille, puis la case qui brille.
web-class-how-named-twice = Touche deux fois ce qui brille.
web-class-class-board = Le plateau de la classe
web-class-next = Suivant
web-class-again = Rejouer
web-class-nothing-here = On ne peut rien jouer depuis là. Touche un pion ou un trou qui brille.
web-class-not-your-turn = Ce n'est pas ton tour sur ce plateau : attends l'autre joueur.
web-replay = Le dernier coup, { $move }, graine par graine
web-animation = Toute la partie (animée)
class-screen-played = { $name } a joué { $move } sur l'écran de la classe (partie { $id }).

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
learn-right = Bravo !
learn-wrong = Pas tout à fait : `{ $move }` { $what } { $wanted }
learn-wrong-step = Pas tout à fait : `{ $move }` n'est pas le coup que demande cette étape. { $wanted }
learn-lesson-done = Leçon { $number } finie : { $title } { $stars }
learn-lesson-over = Leçon { $number } terminée.
learn-next = Leçon suivante : { $title } — `{ $command }`
learn-course-done = Tu as fini toutes les leçons de { $game } ! `{ $command }` montre toutes tes étoiles.
learn-hint = Indice : joue `{ $move }`. Un indice coûte une étoile.
learn-effect-wins = gagne la partie.
learn-effect-seeds = prend { $count ->
    [one] { $count } graine.
   *[other] { $count } graines.
}
learn-effect-pieces = prend { $count ->
    [one] { $count } pièce.
   *[other] { $count } pièces.
}
learn-effect-promotes = fait une promotion.
learn-effect-nothing = ne prend rien.
learn-no-such-lesson = Le cours de { $game } a les leçons 1 à { $total }. Écris `apprendre { $id }` pour continuer où tu en es.
learn-step-gone = Cette leçon a changé depuis que tu l'as commencée. Écris `apprendre { $game }` pour la recommencer.
what-lesson = numéro de leçon
allowed-lesson = un nombre à partir de 1, comme `apprendre katro 2`
help-learn = des leçons pour chaque jeu, pas à pas, avec des étoiles : `apprendre` les liste, `apprendre katro` continue le Katro, `apprendre katro 2` commence sa leçon 2.
learn-which-game = Quel jeu ? Écris `apprendre katro { $number }`, ou `apprendre` pour voir tous les cours.
class-learn = { $game }, leçon { $number } : { $title }. Sur l'écran de la classe, la partie { $shown }, pour que tout le monde voie ; pour { $count ->
    [one] ton élève
   *[other] tes { $count } élèves
}, chacun à sa place, les parties { $first } à { $last }. `classe progres` montre leurs étoiles.
class-learn-no-such-lesson = Le cours de { $game } a les leçons 1 à { $total }.
class-learn-no-pupils = La classe n'a pas encore d'élèves : ajoute-les d'abord, comme `classe ajouter Ana Bob`.
class-progress = Leçons de { $class } :
class-progress-pupil = { $name } : { $games }
class-progress-none = { $name } : pas encore de leçon finie
help-class-learn = une leçon du cours d'un jeu pour chaque élève, à sa place : `classe apprendre katro 2`
help-class-progress = les étoiles de chaque élève dans les leçons
learn-screen-progress = étape { $step } sur { $steps }
learn-screen-done = Leçon finie ! { $stars }
web-class-progress = Leçons et devoirs
learn-screen-title = { $game } · leçon { $number } : { $title }
match-series = Série : { $first } { $first-wins } – { $second-wins } { $second }
rematch-not-over = La partie { $id } n'est pas finie : la revanche vient après la fin.
rematch-not-here = La partie { $id } ne se rejoue pas avec `revanche` : une leçon se reprend avec `apprendre`, et après un problème vient le suivant avec `probleme`.
help-rematch = la même partie encore, contre le même adversaire, camps inversés : un nouveau défi qu'il accepte ou refuse (contre l'ordinateur, une nouvelle partie tout de suite).
rematch-pending = La partie { $id } est déjà rejouée : c'est la partie { $rematch }.
rematch-keep-mangala = Seule une revanche de Mangala IV entre deux personnes peut garder les camps : toute autre revanche les échange (tape `revanche { $id }`).
rematch-sides-kept = Les mêmes camps que la dernière partie, sans jeu des pièces : { $challenger } joue { $side }.
web-lesson-replay = Ton dernier coup, graine par graine

# Problèmes (`probleme`, docs/puzzles.md).
help-puzzle = un problème d'un jeu à ton niveau, rien que pour toi : `probleme katro` en donne un, `probleme` montre tes classements aux problèmes, `probleme jour` donne le problème du jour du salon. En résoudre un fait monter ton classement.
puzzle-overview = Des problèmes pour chaque jeu : chacun a une seule meilleure réponse. Tes classements aux problèmes :
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
puzzle-solution = La solution : { $line }.
puzzle-rating-after = Ton classement aux problèmes de { $game } : { $rating }. Série : { $streak }. Un autre : `{ $command }`
puzzle-gone = Ce problème n'est plus dans la collection de lalao. Écris `probleme { $game }` pour en avoir un nouveau.
puzzle-over-solved = Le problème { $id } est résolu.
puzzle-over-missed = Le problème { $id } est manqué.
puzzle-theme-capture-most = trouve le coup qui prend le plus de graines.
puzzle-theme-relay-capture = trouve le coup qui relance et finit par une prise.
puzzle-theme-choose-direction = un trou, deux chemins : trouve le coup, et le sens où semer.
puzzle-theme-leave-nothing = trouve le coup tranquille qui laisse le moins à prendre à l'adversaire.
puzzle-theme-capture-in-one = trouve le coup qui prend.
puzzle-theme-only-move = un seul coup sauve la partie : trouve-le.
puzzle-theme-win-in-n = gagne en { $moves ->
    [one] un coup.
   *[other] { $moves } coups.
}
puzzle-theme-block-hova = ne laisse aucune case libre au hova adverse : gagne en { $moves ->
    [one] un coup.
   *[other] { $moves } coups.
}
puzzle-theme-win-material = trouve le coup qui gagne du matériel.
puzzle-theme-promote = trouve le coup qui fait un anakova.
puzzle-theme-choose-side = tous les coups sont forcés à partir d'ici. Quel camp gagne : Sud ou Nord ?
puzzle-daily-none = Ce salon n'a pas encore de problème du jour. Un modérateur l'active avec `salon probleme=quotidien`.
puzzle-daily-solved = Tu as déjà résolu le problème du jour ici : un nouveau arrive demain. `probleme` t'en donne d'autres en attendant.
puzzle-daily-missed = Tu as déjà essayé le problème du jour ici : un nouveau arrive demain. `probleme` t'en donne d'autres en attendant.
daily-post = Le problème du jour ({ $game }, { $id }, classé { $rating }) : { $theme } Résous-le de ton côté : `{ $command }`. Qui l'a résolu, dans 12 heures.
daily-listing = Le problème du jour { $id } a été résolu par { $names } ({ $solved } sur { $tried } qui l'ont essayé).
daily-listing-none = Le problème du jour { $id } : { $tried ->
    [0] personne ne l'a essayé.
   *[other] personne ne l'a résolu ({ $tried } essais).
}
channel-daily-off = Problème du jour : non (`salon probleme=quotidien` l'active).
channel-daily-rotate = Problème du jour : oui, les cinq jeux à tour de rôle.
channel-daily-game = Problème du jour : oui, { $game } chaque jour.
class-homework = Devoirs : { $count } problèmes de { $game } pour chacun des { $pupils } élèves, l'un après l'autre sur leur place (parties { $first } à { $last }), chacun à son niveau. `classe progres` montre qui a résolu quoi.
class-homework-mangala = Les problèmes de Mangala se résolvent en choisissant un camp, pas sur le plateau : les élèves qui ont un compte peuvent les faire dans le salon avec `probleme mangala`.
class-homework-count = Des devoirs ont de 1 à { $max } problèmes.
class-progress-puzzles = Devoirs et classements aux problèmes :
class-progress-homework = { $name } : devoirs { $solved }/{ $tried } { $marks } — { $ratings }
help-class-homework = des problèmes au niveau de chaque élève, un par un sur sa place : `classe devoirs katro 5`
puzzle-screen = Problème { $number } sur { $count } : { $theme }
puzzle-screen-title = { $game } · problème { $id }
puzzle-screen-progress = problème { $number } sur { $count }
puzzle-screen-was-solved = Problème { $number } sur { $count } : trouvé ! Voici le plateau à la fin.
puzzle-screen-was-missed = Problème { $number } sur { $count } : pas celui-là. Regarde ce qui brille : c'était le bon coup.
puzzle-screen-done = Devoirs finis ! Bien joué.
class-puzzle = Un problème de { $game } pour toute la classe ({ $puzzle }), sur l'écran de la classe, partie { $id } : cherchez la réponse ensemble et jouez-la sur votre page de l'écran de la classe, ou montrez la solution avec `indice { $id }`.
help-class-puzzle = un problème sur l'écran de la classe, à résoudre ensemble : `classe probleme katro`
puzzle-screen-one = Problème : { $theme } { $side } joue.
puzzle-screen-solution = La solution : { $line }.

# Coups joués pour un joueur : les coups forcés (`réglages auto`) et les réponses prévues (`prévoir`).
auto-on = joués pour toi
auto-off = tu les joues
auto-default = joués pour toi au Mangala IV seulement
move-forced-played = { $player } n'avait qu'un coup : { $move }, joué tout de suite.
move-planned-played = { $player } a répondu { $move }, comme prévu.
move-forced-many = { $count } coups sans alternative, joués tout de suite : { $moves }. Tous les coups : `historique { $id }`.
what-reply = ta réponse à chacun de ses coups, par paires, comme `prévoir #3 c2 d5` (s'il joue c2, je joue d5)
plan-pair = s'il joue { $theirs }, je joue { $mine }
plan-show = Ce que tu as prévu dans la partie { $id } : { $pairs }. Annule avec `prévoir { $id } annuler`.
plan-none = Tu n'as rien prévu dans la partie { $id }. Prévois pendant que ton adversaire réfléchit : `prévoir { $id } c2 d5` veut dire « s'il joue c2, je joue d5 » (4 paires au plus).
plan-saved = C'est prévu dans la partie { $id } : { $pairs }. Je joue ta réponse dès que son coup correspond ; s'il joue autre chose, j'oublie ce plan et je te préviens. Toi seul le vois.
plan-dropped-by-author = Ce que tu avais prévu dans la partie { $id } est annulé.
plan-dropped = Partie { $id } : ton adversaire a joué { $played }, pas { $expected }, alors j'ai oublié ton plan. C'est ton tour.
plan-not-playing = La partie { $id } n'est pas en cours : il n'y a rien à prévoir.
plan-not-here = On ne prévoit que dans une partie entre deux personnes ; la partie { $id } n'attend personne.
plan-your-turn = C'est ton tour dans la partie { $id } : joue d'abord ton coup, puis prévois tes réponses aux siens.
plan-private = Chut ! Ce que tu prévois est secret. Envoie-le-moi en privé.
plan-private-dm = Chut ! Ce que tu prévois est secret. Envoie-moi la même commande dans notre salon privé.
plan-illegal = Paire { $pair } : { $move } ne peut pas être joué là. { $reason }
plan-game-over = La partie serait déjà finie.
plan-not-alternating = Ce ne serait pas à ce joueur de jouer.
