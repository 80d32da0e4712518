# Operations: forgetting a person (docs/privacy.md).
help-forget = demander à lalao de t’oublier : ton profil, tes cotes, tes leçons et tes problèmes sont effacés, tes parties en cours se terminent, et tes parties passées disent « un ancien joueur » (`oublier moi`, puis `oublier confirmer`)
discord-cmd-forget-desc = Demander à lalao de t’oublier : profil, cotes et progrès effacés pour de bon
discord-opt-confirm-desc = Effacer pour de bon maintenant (sinon, lalao dit ce qu’il effacerait)
forget-ask = lalao va t’oublier pour de bon : ton profil, tes réglages, tes cotes et tes places aux classements, tes étoiles et tes cotes aux problèmes sont effacés ; tes parties en cours se terminent (abandonnées contre une personne, annulées sinon) ; tes parties passées restent pour les autres joueurs mais disent « un ancien joueur ». Une classe que tu tiens reste avec ses élèves. On ne peut pas revenir en arrière. Pour continuer, écris `{ $command }`.
forget-confirm-word = confirmer
forget-done = C’est fait : lalao t’a oublié.
forget-resigned = { $count ->
    [one] Une partie en cours a été abandonnée.
   *[other] { $count } parties en cours ont été abandonnées.
}
forget-cancelled = { $count ->
    [one] Une partie en cours a été annulée.
   *[other] { $count } parties en cours ont été annulées.
}
forget-nobody = Il n’y a personne à oublier sous cet identifiant.
former-player = un ancien joueur

# Opérations : ce que lalao garde d’une personne, remis à elle (docs/privacy.fr.md).
help-my-data = ce que lalao garde de toi, dans un fichier que toi seul reçois
discord-cmd-my-data-desc = Ce que lalao garde de toi, dans un fichier que toi seul reçois
my-data = Ce que lalao garde de toi : { $count ->
        [one] un enregistrement
       *[other] { $count } enregistrements
    }, tels quels, dans le fichier { $file }.
my-data-cut = Le fichier s’arrête à 8 Mo : qui fait tourner lalao donne le reste avec `lalao data`.
my-data-busy = lalao rassemble en ce moment les données de quelqu’un d’autre : redemande dans une minute.
my-data-nobody = Il n’y a les données de personne à donner sous cet identifiant.
