## lalao's messages (French): the scheduler's notices. Each id exists in every language (a test checks).

## Pendules, notifications, vacances (ticket 9 ; docs/time-controls.md)
challenge-expired = { $player }, personne n’a accepté ton défi à temps : { $match } a expiré. Tu peux en lancer un autre avec `jouer { $game }`.
match-aborted = Personne n’a joué dans { $match }, elle est donc arrêtée. Elle ne compte pour personne.
turn-notice = { $player }, c’est à toi de jouer dans { $match }.
reminder = { $player }, pense à jouer dans { $match } : il te reste { $left }.
timeout-forfeit = { $late } n’a plus de temps dans { $match }. { $winner } gagne ! (Dans ce salon, le temps dépassé fait perdre tout de suite. `waive` rend la partie.)
digest-line = • { $match } dans { $channel }
digest-line-timed = • { $match } dans { $channel } : il reste { $left }
