## lalao's messages (French): time controls, notices and vacations. Each id exists in every language (a test checks).

## Pendules, notifications, vacances (ticket 9 ; docs/time-controls.md)
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

# Help and the slash command's description of the verbs this folder owns.
help-claim = quand ton adversaire n’a plus de temps, prends la victoire.
help-grant = quand ton adversaire n’a plus de temps, donne-lui-en plus, comme `1j`.
help-waive = ne prends pas la victoire au temps ; ton adversaire a de nouveau tout son temps.
help-vacation = arrête tes pendules dans toutes tes parties pendant quelques jours (un nombre limité par mois) ; `off` les termine plus tôt.
help-notify = comment et quand je te dis que c’est ton tour : `every | digest`, `dm=on|off`, `digest=9,18`, `quiet=22-7|off`, `tz=Europe/Paris|+3`, `remind=75%,24h|off`.
discord-cmd-claim-desc = Ton adversaire n'a plus de temps : prends la victoire
discord-cmd-grant-desc = Ton adversaire n'a plus de temps : donne-lui-en plus
discord-cmd-waive-desc = Ton adversaire n'a plus de temps : laisse-le continuer avec un temps neuf
discord-cmd-vacation-desc = Mettre tes pendules en pause quelques jours (ou finir la pause)
discord-cmd-notify-desc = Comment et quand lalao te dit que c'est ton tour
