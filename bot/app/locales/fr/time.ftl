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
