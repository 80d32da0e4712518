## lalao's messages (French): playing a match. Each id exists in every language (a test checks).

## Résultats
game-over = { $players } : la partie { $id } est finie. { $ending }
rated-bad-value = `rated=` prend `oui` ou `non`, pas « { $value } ». Une partie amicale : `rated=non`.
and = { " et " }

## Coups
move-played = { $player } a joué { $move }.
move-played-in = { $player } a joué { $move } dans la partie { $id }.
your-turn-hint = Écris un coup pour le jouer, comme `coup { $move }`.
your-turn-hint-buttons = Joue un coup avec les boutons sous le plateau, ou avec `coup { $move }`.

## Trouver la partie
board-live = À suivre en direct : { $url }
not-your-turn = Attends un peu : c'est au tour de { $player }.

## Commencer une partie
challenge-yourself = Tu ne peux pas te défier toi-même, mais tu peux t'entraîner : `jouer { $game } solo`.
side-by-rite = Au Mangala, c'est le jeu des pièces qui décide qui choisit son camp.
play-unknown-word = Il n’y a pas de variante « { $name } » (variantes : { $variants }). Pour jouer contre quelqu’un, { $platform ->
    [matrix] mentionne-le : tape @ et choisis son nom, ou écris son identifiant, comme `jouer fano @bodo:example.org`.
    [discord] choisis-le dans l’option `adversaire` de `/lalao jouer`.
   *[other] écris @ et son nom, comme `jouer fano @bodo`.
}
practice-started = Partie { $id } : { $game }, entraînement. { $challenger } joue les deux camps.
computer-started = Partie { $id } : { $challenger } joue au { $game } contre lalao (niveau { $level }). { $challenger } joue { $side }.
computer-rite = Partie { $id } : { $challenger } joue au { $game } contre lalao (niveau { $level }). D'abord le jeu des pièces, Tek mi, Çift mi ? { $challenger }, cache une ou deux pièces dans ta main : écris `pièces 1 { $id }` ou `pièces 2 { $id }`. lalao dit pair ou impair, et qui a raison choisit son camp.
computer-played = lalao a joué { $move }.
computer-and-forced-many = Puis { $count } coups d'un coup, ceux de lalao et les tiens (chacun des tiens le seul possible) : { $moves }. Tous les coups : `historique { $id }`.
level-needs-computer = `niveau=` sert aux parties contre lalao : écris `ordi` (ou mentionne lalao) comme adversaire.
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

## Règles
rules-all = Les jeux que je connais (écris `règles fano` pour l'un d'eux) :
rules-all-line = • { $game } (`{ $id }`) : { $summary }
rules-variant = Variante { $name } : { $text }
rules-variants = Variantes de { $game } : { $variants }. Ajoute-les en lançant une partie, comme `jouer { $game } { $variant }`.
rules-no-variants = Variantes de { $game } : { $variants }.

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
rite-call-right = Il y avait { $coins ->
    [one] { $coins } pièce
   *[other] { $coins } pièces
} : { $call }, c'est gagné ! { $chooser } choisit son camp : `camp sud` ou `camp nord`.
rite-call-wrong = Il y avait { $coins ->
    [one] { $coins } pièce
   *[other] { $coins } pièces
} : { $call }, c'est perdu ! { $chooser } choisit son camp : `camp sud` ou `camp nord`.
rite-done = { $player } prend le camp { $side }. { $first } commence. Bonne partie !
rite-computer-call-won = lalao dit { $call }. { $coins ->
    [one] Il y avait 1 pièce
   *[other] Il y avait { $coins } pièces
} : lalao a raison, et prend Sud, le camp qui gagne depuis le début habituel.
rite-computer-call-lost = lalao dit { $call }. { $coins ->
    [one] Il y avait 1 pièce
   *[other] Il y avait { $coins } pièces
} : lalao s'est trompé ! { $player }, choisis ton camp : `camp sud { $id }` ou `camp nord { $id }`. Sud commence.

## Aide
help-games = Les cinq jeux que je connais :
help-unknown = Je n'ai pas d'aide sur « { $topic } ».
help-footer = Ajoute un numéro de partie comme { $example } quand tu en as plusieurs.

## Pendules, notifications, vacances (ticket 9 ; docs/time-controls.md)
time-practice = Les parties d’entraînement n’ont pas de pendule. Enlève `time=`.
time-computer = Les parties contre lalao n’ont pas de pendule : il répond tout de suite. Enlève `time=`.
status-expired = Partie { $id } ({ $game }) : le défi a expiré.
status-aborted = La partie { $id } ({ $game }) a été arrêtée car personne n’a joué. Elle ne compte pas.

## L'écran de la classe, une page web pour le projecteur et les tablettes.
web-stale = Le plateau a changé avant que ton coup arrive. Regarde-le encore, puis joue.
rematch-not-over = La partie { $id } n'est pas finie : la revanche vient après la fin.
rematch-not-here = La partie { $id } ne se rejoue pas avec `revanche` : une leçon se reprend avec `apprendre`, et après un problème vient le suivant avec `problème`.
rematch-simul = La partie { $id } était un plateau d’une simultanée : elle a recommencé d’elle-même pour son élève, jusqu’à la fin de la simultanée.
rematch-vote = La partie { $id } s’est jouée par vote : lancez plutôt un nouveau vote, comme `classe voter katro`.
rematch-pending = La partie { $id } est déjà rejouée : c'est la partie { $rematch }.
rematch-keep-mangala = Seule une revanche de Mangala IV entre deux personnes peut garder les camps : toute autre revanche les échange (tape `revanche { $id }`).
rematch-sides-kept = Les mêmes camps que la dernière partie, sans jeu des pièces : { $challenger } joue { $side }.

# Help and the slash command's description of the verbs this folder owns.
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
help-resign = abandonner la partie.
help-draw = proposer le match nul, ou accepter celui qu'on t'a proposé ; `refuser` dit non.
help-undo = reprendre le dernier coup. À l'entraînement c'est immédiat ; sinon ton adversaire doit accepter avec `accepter`.
help-list = les parties de ce salon ; `mes` : toutes tes parties.
help-history = les coups d'une partie.
help-export = les coups et un enregistrement que `lalao rules` peut rejouer ; avec `animation`, toute la partie en image animée.
help-rules = comment on joue, avec les numéros de règles de RULES.md.
help-coins = (Mangala) cacher une ou deux pièces pour le jeu des pièces. Envoie-le en privé !
help-call = (Mangala) deviner les pièces cachées. Tek mi, Çift mi ?
help-side = (Mangala) le gagnant de l'annonce choisit son camp.
help-help = cette aide, ou l'aide d'une commande.
help-plan = prévois tes réponses pendant que ton adversaire réfléchit : `prévoir #3 c2 d5` joue d5 tout de suite s'il joue c2 (4 paires au plus ; toi seul les vois) ; `prévoir #3` les montre, `prévoir #3 annuler` les annule.
help-rematch = la même partie encore, contre le même adversaire, camps inversés : un nouveau défi qu'il accepte ou refuse (contre l'ordinateur, une nouvelle partie tout de suite).
discord-cmd-play-desc = Lancer une partie : défier quelqu'un, l'ouvrir au salon ou s'entraîner seul
discord-cmd-move-desc = Jouer un coup dans ta partie
discord-cmd-board-desc = Afficher le plateau d'une partie
discord-cmd-accept-desc = Accepter un défi
discord-cmd-decline-desc = Refuser un défi
discord-cmd-cancel-desc = Annuler une partie ou un défi
discord-cmd-resign-desc = Abandonner la partie
discord-cmd-draw-desc = Proposer la nulle, ou répondre à la proposition de l'adversaire
discord-cmd-undo-desc = Reprendre le dernier coup (ton adversaire doit être d'accord)
discord-cmd-list-desc = Les parties de ce salon, ou les tiennes
discord-cmd-history-desc = Les coups joués jusqu'ici
discord-cmd-export-desc = La partie en notation et en fichier rejouable
discord-cmd-rules-desc = Comment se joue un jeu
discord-cmd-help-desc = Ce que lalao sait faire
discord-cmd-coins-desc = Mangala : cache une ou deux pièces
discord-cmd-call-desc = Mangala : « Tek mi, Çift mi ? » Annonce pair ou impair
discord-cmd-side-desc = Mangala : choisis ton camp après avoir gagné l'annonce
discord-cmd-plan-desc = Prévoir tes réponses aux prochains coups de ton adversaire (toi seul les vois)
discord-cmd-rematch-desc = La même partie encore, contre le même adversaire, camps inversés

## Un camp joué par vote : le choix de chaque votant, compté une fois par tour.
vote-counted = Ton vote est compté !
vote-cast = Tu as déjà voté pour ce tour.
vote-not-a-move = Ce coup ne se joue pas maintenant. Les coups : { $moves }
vote-wait = Attends : c'est au tour de l'autre camp.
vote-over = Cette partie est finie.
vote-full = Ce tour a tous ses votes.
vote-draw = nulle
vote-resign = abandon
vote-none = Personne ne joue cette partie par vote.
vote-paused = La partie est en pause : attends qu'elle reprenne.
voters-name = tout le monde ici
vote-started = Tout le monde ici joue une partie de { $game } contre lalao ({ $level }) par vote ({ $id }) : chacun choisit un coup, écrit comme ci-dessous, et peut en changer. Un tour dure { $seconds } secondes (il attend un premier vote), puis le coup qui a le plus de voix est joué : à égalité, le dernier proposé ; plus de 60 % des voix abandonnent.
vote-mangala = Le Mangala IV se joue tout seul : il n'y a rien à voter. Choisis un autre jeu.
rematch-vote-channel = La partie { $id } s’est jouée par vote : lance-en une autre comme `jouer katro vote`.
vote-bad-seconds = « { $value } » n'est pas une durée de tour que je connais : un tour de vote dure de 10 à 3600 secondes, comme secondes=60.
vote-turn-open = Au vote pour le coup suivant : { $seconds } secondes.
vote-tally = Les votes : { $tally }
