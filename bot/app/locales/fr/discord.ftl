# Adaptateur Discord : descriptions des commandes (les noms sont ceux de la grammaire,
# bot/app/src/command/grammar ; descriptions de 100 caractères au plus), libellés des composants et réponses propres.

## /lalao et ses sous-commandes
discord-cmd-lalao-desc = Jouer à des jeux de plateau traditionnels : Samantsy, fano, Mangala, En Gehé, Katro
discord-cmd-clock-desc = Pendules par correspondance : temps dépassé, temps accordé, vacances, rappels

## Options
discord-opt-game-desc = Quel jeu
discord-opt-daily-desc = Le problème du jour du salon
discord-opt-opponent-desc = Qui tu défies (laisse vide pour que n'importe qui du salon accepte)
discord-opt-player-desc = Le classement de qui (le tien si vide)
discord-opt-profile-player-desc = Le profil de qui (le tien si vide)
discord-opt-top-scope-desc = Les joueurs de ce serveur (par défaut) ou de tout le monde
discord-opt-page-desc = Quelle page (dix personnes par page)
discord-opt-leaderboard-desc = Si les palmarès mondiaux te listent
discord-opt-keep-desc = Mangala IV : garder les mêmes camps, sans nouveau jeu des pièces
discord-opt-auto-desc = Si les coups sans alternative se jouent tout seuls
discord-opt-next-desc = Si un élève qui finit une leçon sur sa place peut y commencer la suivante
discord-opt-class-keep-desc = Combien de jours garder les parties, leçons et devoirs finis (1 à 3650)
discord-opt-moves-desc = Des paires de son coup et ta réponse, comme : c2 d5 e1 f4 (ou annuler)
discord-opt-practice-desc = Jouer les deux camps toi-même
discord-opt-side-desc = Le camp que tu veux
discord-opt-side-side-desc = Le camp que tu choisis
discord-opt-options-desc = Options et variantes du jeu, par exemple : cells=9 misere
discord-opt-position-desc = Partir de cette position (écrite comme par exporter)
discord-opt-move-desc = Ton coup (commence à taper pour voir les coups permis)
discord-opt-match-desc = Le numéro de la partie (seulement si tu en joues plusieurs ici)
discord-opt-style-desc = Comment le plateau est dessiné
discord-opt-answer-desc = Proposer, ou répondre à une proposition
discord-opt-scope-desc = Quelles parties
discord-opt-variants-desc = Variantes à expliquer, séparées par des espaces
discord-opt-topic-desc = Une commande à expliquer
discord-opt-language-desc = La langue dans laquelle lalao te parle
discord-opt-count-desc = Combien de pièces tu caches (personne d'autre ne le voit)
discord-opt-parity-desc = Pair ou impair
discord-opt-time-desc = Combien de temps en plus, par exemple 2d ou 12h
discord-opt-days-desc = Combien de jours (1 à 31), ou off
discord-opt-notify-settings-desc = Par ex. digest, dm=on, quiet=22-7, tz=+1, remind=75%,24h (vide : voir les tiens)
discord-opt-channel-settings-desc = Modérateurs : forfeit=auto ou claim, expiry=3d, puzzle=daily (vide : voir ceux du salon)
discord-opt-class-language-desc = La langue des messages de la classe
discord-opt-class-match-desc = Le numéro de la partie
discord-opt-class-bind-player-desc = Le compte de l'élève
discord-opt-name-desc = Le nom de la classe, en un mot (lettres, chiffres, - _ ' .)
discord-opt-pupils-desc = Des prénoms, séparés par des espaces
discord-opt-pupil-desc = Le prénom d'un élève
discord-opt-team-desc = Le nom de l'équipe, en un mot
discord-opt-order-desc = Si les membres jouent à tour de rôle ou librement
discord-opt-first-desc = Un élève ou une équipe
discord-opt-second-desc = L'autre élève ou équipe
discord-opt-swiss-desc = Des rondes suisses au lieu de tous contre tous
discord-opt-rounds-desc = Combien de rondes suisses (1 à 50)
discord-opt-teams-desc = Les équipes de la classe jouent au lieu des élèves
discord-opt-new-desc = Faire de nouveaux liens : les anciens ne marchent plus
discord-opt-winner-desc = Le prénom du gagnant, ou nulle
discord-order-rotation = À tour de rôle, l'un après l'autre
discord-order-any = N'importe lequel
discord-opt-computer-desc = Jouer contre lalao
discord-opt-animation-desc = Toute la partie en image animée
discord-opt-level-desc = La force de l'ordinateur (seul, il veut aussi dire l'ordinateur)
discord-opt-restart-desc = Si le plateau fini d'un élève recommence (oui par défaut)
discord-opt-against-desc = Contre qui joue la classe : l'ordinateur ou l'enseignant·e
discord-opt-seconds-desc = Combien de secondes dure un tour (10 à 3600)
discord-opt-change-desc = Si un élève peut changer son vote pendant le tour
discord-opt-view-desc = Le camp depuis lequel on voit le plateau

## Choix
discord-view-live = Voir en direct
discord-style-picture = Image (avec la grille de texte)
discord-style-text = Grille de texte
discord-style-emoji = Émojis
discord-style-large = Grand (pour les petits)
discord-style-reader = Lecteur d'écran (des phrases, sans grille)
discord-language-en = English
discord-language-fr = Français
discord-answer-offer = Proposer
discord-answer-accept = Accepter
discord-answer-decline = Refuser
discord-scope-channel = Ce salon
discord-scope-mine = Les miennes
discord-leaderboard-here = Ce serveur
discord-leaderboard-global = Tout le monde
discord-page-previous = ◀ Précédente
discord-page-next = Suivante ▶
discord-switch-on = Oui
discord-switch-off = Non
discord-parity-odd = Impair (tek)
discord-parity-even = Pair (çift)
discord-coins-1 = Une pièce
discord-coins-2 = Deux pièces
discord-level-random = Coups au hasard
discord-level-kind = Gentil
discord-level-easy = Facile
discord-level-medium = Moyen
discord-level-hard = Difficile

## Composants
discord-choose-move = Choisis un coup
discord-choose-piece = Choisis ce que tu déplaces
discord-accept = Accepter
discord-decline = Refuser

## Réponses
discord-stale-board = Ce plateau n'est plus à jour : voici le plateau actuel.
discord-unknown-button = Ce bouton ne sert plus. Tape /lalao plateau pour voir ta partie.
discord-unknown-command = lalao ne connaît plus cette commande. Essaie /lalao aide.
discord-already-done = C'est déjà fait.
discord-failed = Désolé, lalao a eu un problème. Réessaie dans un instant.
discord-choose-then = { $group } : choisis maintenant.
discord-played = Tu as joué { $move }.
discord-challenge-expired = Le défi { $match } a expiré : personne ne l'a accepté à temps. Lances-en un autre avec /lalao jouer.
discord-export-attached = La partie { $match } est trop longue pour un message : sa liste de coups et son relevé JSON (que `lalao rules` rejoue) sont en pièces jointes.
discord-history-attached = La partie { $match } est trop longue pour un message : sa liste de coups est en pièce jointe.
discord-in-thread = C'est fait : la partie { $match } se joue dans son fil, { $thread }.
discord-not-a-member = { $name } n'est pas membre de ce serveur et ne pourrait pas jouer ici. Invite cette personne sur le serveur, puis défie-la à nouveau.
discord-opt-lesson-desc = Quelle leçon (son numéro)
discord-rematch = Revanche
discord-opt-class-homework-count-desc = Combien de problèmes (1 à 20 ; 5 si vide)
