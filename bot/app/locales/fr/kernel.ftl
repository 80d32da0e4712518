## lalao's messages (French): common words: games, sides, results, refusals, boards. Each id exists in every language (a test checks).

## Jeux et camps
game-samantsy = Samantsy
game-fano = Fano
game-mangala = Mangala
game-engehe = En Gehé
game-katro = Katro
game-stop = Finir la simultanée
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
reason-blocked-hova = le hova de { $player } est bloqué et aucun coup ne peut le libérer
reason-no-legal-move = { $player } n'a plus de coup possible
reason-no-pawns = { $player } n'a plus de pion
reason-repetition = une position est revenue
reason-cycle = les graines restantes tourneraient en rond pour toujours, alors chaque camp a gardé les graines de sa rangée : { $score }
reason-board-empty = tous les trous sont vides : { $score }
reason-no-progress = 100 coups sans prise ni coup de zaza
reason-ply-cap = la limite de coups est atteinte
game-won = { $winner } gagne : { $reason }. Bien joué !
game-drawn = Match nul : { $reason }.
game-resigned = { $loser } abandonne. { $winner } gagne !
game-draw-agreed = Les deux joueurs sont d'accord : match nul. Bien joué !
ratings-changed = Classements : { $changes }.
# Après un classement montré avec son ?.
rating-provisional-note = (Un ? marque un classement provisoire : il se précise encore.)

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
bad-move = Je ne comprends pas le coup « { $move } ».
legal-moves = Tu peux jouer : { $moves }
no-legal-moves = Il n'y a aucun coup à jouer.
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
hint = Indice pour la partie { $id } : `coup { $move } { $id }` — { $reason }
web-title = Partie { $id } · { $game }
board-changed = Quelqu'un a joué juste avant toi : le plateau a changé. Le voici.
try-again = J'ai été interrompu. Réessaie, s'il te plaît.
internal-error = Oups, j'ai eu un problème. Rien n'a changé ; réessaie, s'il te plaît.
not-a-player = Tu ne joues pas dans la partie { $id }, mais tu peux la regarder avec `plateau { $id }`.
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
too-many-matches = Tu as déjà { $max } parties en cours ou en attente : termine, abandonne ou annule-en avant d'en commencer une autre.
channel-full = Ce salon a déjà { $max } parties en cours ou en attente : termine ou annule-en d'abord.
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
no-variants = aucune
computer-level-random = coups au hasard
computer-level-kind = gentil
computer-level-easy = facile
computer-level-medium = moyen
computer-level-hard = difficile

## Abandon, nulle, reprise
undo-nothing = Il n'y a aucun coup à reprendre.
undo-done = Le coup { $move } est repris dans la partie { $id }.

## Règles
rules-samantsy = Samantsy, les échecs tanala d'Ikongo, à Madagascar. Un plateau de 8×8, 16 pièces chacun ; Blanc commence. On prend en allant sur une pièce ennemie ; un zaza qui atteint la dernière rangée devient anakova. On ne laisse jamais son hova attaqué. Tu perds si, à ton tour, ton hova est bloqué et qu'aucun coup ne peut le libérer. Source : Ardant du Picq, 1912. Les numéros des règles et ce que dit chaque source : `règles { $game } sources`.
rules-samantsy-sources = Samantsy (RULES.md §1), les échecs tanala d'Ikongo, à Madagascar. Un plateau de 8×8, 16 pièces chacun (S-2, S-3) ; Blanc commence (S-4). On prend en allant sur une pièce ennemie (S-5) ; un zaza qui atteint la dernière rangée devient anakova (S-6). On ne laisse jamais son hova attaqué (S-8). Tu perds si, à ton tour, ton hova est bloqué et qu'aucun coup ne peut le libérer (S-10).
rules-fano = Fano, d'Alain Busser. Une rangée de cases. D'abord, chacun pose ses pions à tour de rôle sur une case vide, Blanc d'abord. Ensuite, à chaque tour, tu glisses un pion vers une case libre à côté ; si la case suivante a des pions ennemis, toute la file est prise. À ton tour, si tu n'as plus de pion ou plus de coup, tu perds ; ramener un plateau déjà vu fait aussi perdre. Source : Alain Busser, 2025. Les numéros des règles et ce que dit chaque source : `règles { $game } sources`.
rules-fano-sources = Fano (RULES.md §2), d'Alain Busser. Une rangée de cases (F-1). D'abord, chacun pose ses pions à tour de rôle sur une case vide, Blanc d'abord (F-4). Ensuite, à chaque tour, tu glisses un pion vers une case libre à côté (F-5) ; si la case suivante a des pions ennemis, toute la file est prise (F-6). À ton tour, si tu n'as plus de pion ou plus de coup, tu perds (F-7) ; ramener un plateau déjà vu fait aussi perdre (F-8).
rules-mangala = Mangala IV, de Gaziantep, en Turquie. Deux rangées de 7 trous, 7 graines dans chacun. Le jeu des pièces « Tek mi, Çift mi ? » décide qui choisit son camp. Chaque coup est imposé : tu sèmes depuis ton trou le plus à gauche qui a des graines, une graine par trou. Si la dernière graine fait 2 ou 4, tu prends ce trou, le trou d'en face et les trous juste avant qui ont 2 ou 4. Si elle fait 3, ou 5 et plus, tu sèmes encore. Le plus de graines gagne. Sources : Adnan Güllü, 2007, et Mancala World. Les numéros des règles et ce que dit chaque source : `règles { $game } sources`.
rules-mangala-sources = Mangala IV (RULES.md §3), de Gaziantep, en Turquie. Deux rangées de 7 trous, 7 graines dans chacun (M-1, M-2). Le jeu des pièces « Tek mi, Çift mi ? » décide qui choisit son camp (M-3). Chaque coup est imposé : tu sèmes depuis ton trou le plus à gauche qui a des graines (M-4), une graine par trou (M-6). Si la dernière graine fait 2 ou 4, tu prends ce trou, le trou d'en face et les trous juste avant qui ont 2 ou 4 (M-7, M-8). Si elle fait 3, ou 5 et plus, tu sèmes encore (M-7). Le plus de graines gagne (M-10).
rules-engehe = En Gehé, des Maasaï. Deux rangées de nombreux trous avec 4 graines chacun ; une équipe joue comme un seul joueur. Sème depuis n'importe lequel de tes trous ; si la dernière graine tombe dans un trou plein, reprends-les et continue. Finir dans un trou vide de ton côté prend le trou d'en face. Quand une équipe ne peut plus jouer, la partie s'arrête. Sources : Moritz Merker, 1904, et Wikipédia. Les numéros des règles et ce que dit chaque source : `règles { $game } sources`.
rules-engehe-sources = En Gehé (RULES.md §4), des Maasaï. Deux rangées de nombreux trous avec 4 graines chacun (E-1, E-2) ; une équipe joue comme un seul joueur (E-3). Sème depuis n'importe lequel de tes trous (E-4) ; si la dernière graine tombe dans un trou plein, reprends-les et continue (E-5). Finir dans un trou vide de ton côté prend le trou d'en face (E-7). Quand une équipe ne peut plus jouer, la partie s'arrête (E-9).
rules-katro = Katro, des Betsileo de Madagascar. Six rangées de 6 trous, 2 graines dans chacun ; chaque joueur a trois rangées. Sème le long de ton chemin depuis ta rangée la plus extérieure qui a des graines. Les graines prises sont semées à nouveau de ton côté. Un joueur qui ne peut plus jouer perd. Sources : Alex de Voogt, 1998–1999, et Mancala World. Les numéros des règles et ce que dit chaque source : `règles { $game } sources`.
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
language-en = English
language-fr = français
style-picture = image
style-text = texte
style-emoji = emoji
style-large = grand
style-reader = lecteur d'écran

## Le rite du Mangala : Tek mi, Çift mi ?
rite-call = { $challenger } a caché les pièces. { $opponent } : Tek mi, Çift mi ? Impair ou pair ? Écris `appel impair` ou `appel pair`.
parity-odd = impair (tek)
parity-even = pair (çift)

## Aide
help = Je connais ces commandes (écris { $example } pour en savoir plus sur l'une d'elles) :

## Console
console-welcome = Bienvenue dans lalao ! Écris `aide` pour voir les commandes, `jouer fano` pour commencer. Écris `/quit` pour partir.
console-coins-prompt = Combien de pièces caches-tu, 1 ou 2 ? (ça ne s'affichera pas)
console-user = Tu es maintenant { $user }.
console-user-bad = Un nom a des lettres, des chiffres, « - » ou « _ », comme `/user ana`.
console-animation-written = Toute la partie, animée : { $apng } (APNG) et { $gif } (GIF), écrits dans { $folder }.
console-animation-failed = L'animation n'a pas pu être écrite : { $error }
console-unknown = Commandes de la console : `/user <nom>` (qui joue), `/quit`.

## Mode classe (docs/classroom.md). Les élèves lisent ces phrases à l'écran : des mots simples.
what-pupil = le prénom d'un élève
what-seats = deux élèves (ou équipes) et un jeu, comme `classe partie Ana Bob fano`
what-team = un nom d'équipe
what-match = un numéro de partie, comme `#3`
what-winner = qui a gagné (un prénom) ou `nulle`
what-class = commande de classe
what-class-name = nom de classe
allowed-class-name = 1 à 40 lettres, chiffres, « - », « _ », « ' » ou « . », en un seul mot
what-keep = jours gardés
allowed-keep = un nombre entier de jours de 1 à 3650
class-paused = La partie { $id } est en pause. Attends l'enseignant·e.
class-not-your-seat = Ce n'est pas ta place dans la partie { $id }. Demande à { $teacher } de jouer pour toi.
class-team-anyone = n'importe qui
class-team-expected = { $team } : { $member }
class-activity-done = Tous les pions sont posés. Maintenant, dessine le plateau !
class-timeout-flag = { $late } n’a plus de temps dans { $match }. L’enseignant·e décide : `réclamer { $id }` la victoire pour { $winner }, `accorder 1j { $id }` (ou autre), `renoncer { $id }`, ou `classe résultat { $id } nulle`.
class-adjudicated-win = L'enseignant·e décide : { $winner } gagne.
class-adjudicated-draw = L'enseignant·e décide : match nul.
class-ask-teacher-draw = Dans une partie de classe, c'est l'enseignant·e qui décide : `classe résultat { $id } nulle`.
class-ask-teacher-undo = Dans une partie de classe, l'enseignant·e reprend un coup : `classe reprendre { $id }`.

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
clock-control = Pendule : { $budget } par coup.
clock-control-bank = Pendule : { $budget } par coup, et une banque qui grandit de { $increment } par coup, jusqu’à { $cap }.
clock-left = Il reste { $left } à { $player } pour jouer.
clock-first-move = { $player } joue le premier coup (pas de pendule avant).
clock-flagged = { $player } n’a plus de temps. L’autre joueur peut réclamer la victoire (`réclamer`), accorder du temps (`accorder 1j`, ou autre) ou y renoncer (`renoncer`).
clock-bank = Banque de { $player } : { $bank }.
clock-vacation = { $player } est en vacances (encore { $left }) : sa pendule est arrêtée.
game-timeout = { $loser } n’a plus de temps. { $winner } gagne !
timeout-flag = { $late } n’a plus de temps dans { $match }. { $winner }, tu peux réclamer la victoire (`réclamer`), accorder du temps (`accorder 1j`, ou autre) ou y renoncer (`renoncer`) pour lui redonner tout son temps.
digest = À toi de jouer ({ $count }) :
channel-unnamed = un salon dont je ne connais pas le nom
channel-console = la console
what-time = une durée
what-days = un nombre de jours
what-notify = réglage des notifications
what-channel = réglage du salon
allowed-time = 12h, 1j, 3j, 1j12h
allowed-days = 1 à 31, ou off
allowed-notify = every, digest, dm=on|off, digest=9,18, quiet=22-7|off, tz=Europe/Paris|+3, remind=75%,24h|off
allowed-channel = forfeit=auto|claim, expiry=3j, boards=edit|new|default, thread=on|off

## L'écran de la classe, une page web pour le projecteur et les tablettes.
learn-lesson-over = Leçon { $number } terminée.
what-lesson = numéro de leçon
allowed-lesson = un nombre à partir de 1, comme `apprendre katro 2`
match-series = Série : { $first } { $first-wins } – { $second-wins } { $second }
# Problèmes (`problème`, docs/puzzles.md).
puzzle-rating-after = Ton classement aux problèmes de { $game } : { $rating }. Série : { $streak }. Un autre : `{ $command }`
puzzle-gone = Ce problème n'est plus dans la collection de lalao. Écris `problème { $game }` pour en avoir un nouveau.
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
move-forced-played = { $player } n'avait qu'un coup : { $move }, joué tout de suite.
move-planned-played = { $player } a répondu { $move }, comme prévu.
move-forced-many = { $count } coups sans alternative, joués tout de suite : { $moves }. Tous les coups : `historique { $id }`.
what-reply = ta réponse à chacun de ses coups, par paires, comme `prévoir #3 c2 d5` (s'il joue c2, je joue d5)
plan-pair = s'il joue { $theirs }, je joue { $mine }
plan-show = Ce que tu as prévu dans la partie { $id } : { $pairs }. Annule avec `prévoir { $id } annuler`.
plan-none = Tu n'as rien prévu dans la partie { $id }. Prévois pendant que ton adversaire réfléchit : `prévoir { $id } { $theirs } { $mine }` veut dire « s'il joue { $theirs }, je joue { $mine } » (4 paires au plus).
plan-none-bare = Tu n'as rien prévu dans la partie { $id }. Prévois pendant que ton adversaire réfléchit : son coup, puis ta réponse, 4 paires au plus.
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
# An answer for its asker alone, asked for in a room that cannot answer privately.
sent-privately = { $player }, je t'ai écrit en privé : regarde dans notre salon privé.
console-document-written = Le fichier { $file } est écrit dans { $folder }.
console-document-failed = Le fichier { $file } n’a pas pu être écrit : { $error }
what-against = contre qui joue la classe
what-seconds = secondes d'un tour
allowed-seconds = un nombre de 10 à 3600
