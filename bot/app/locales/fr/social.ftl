## lalao's messages (French): settings, ratings and leaderboards. Each id exists in every language (a test checks).

## Résultats
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
top-unranked = Pas encore classés (une place demande { $games } parties classées et un classement qui n'est plus provisoire, marqué ?) :
top-you = Ta place : { $place }.
top-empty = Personne n'a encore joué de partie classée de { $game } ({ $scope }).

## Réglages
leaderboard-listed = visible
leaderboard-hidden = caché
settings-saved = C'est noté ! Langue : { $language }. Style du plateau : { $style }. Palmarès mondiaux : { $leaderboard }. Coups forcés : { $auto }.
settings-show = Tes réglages : langue { $language }, style du plateau { $style }, palmarès mondiaux : { $leaderboard }, coups forcés : { $auto }. Change-les avec `réglages langue en`, `réglages style large`, `réglages palmares=non` ou `réglages auto=oui`.

## Pendules, notifications, vacances (ticket 9 ; docs/time-controls.md)
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

## L'écran de la classe, une page web pour le projecteur et les tablettes.
channel-daily-off = Problème du jour : non (`salon problème=quotidien` l'active).
channel-daily-rotate = Problème du jour : oui, les cinq jeux à tour de rôle.
channel-daily-game = Problème du jour : oui, { $game } chaque jour.
# Coups joués pour un joueur : les coups forcés (`réglages auto`) et les réponses prévues (`prévoir`).
auto-on = joués pour toi
auto-off = tu les joues
auto-default = joués pour toi au Mangala IV seulement

# Help and the slash command's description of the verbs this folder owns.
help-rating = ton classement dans chaque jeu, ou celui de quelqu'un d'autre (mentionne la personne), avec victoires, défaites et nulles.
help-profile = ton profil, ou celui de quelqu'un d'autre : dans chaque jeu le classement et les résultats, la meilleure victoire, la série en cours, et les parties en cours.
help-top = le palmarès d'un jeu : de ce serveur ou de ce salon (`ici`, par défaut) ou de tout le monde (`mondial`), dix personnes par page. `réglages palmares=non` te retire du palmarès mondial.
help-settings = ta langue et le style du plateau.
help-channel = les réglages de ce salon (les modérateurs les changent) : `forfeit=auto|claim`, `expiry=3j`, `boards=edit|new|default`, `thread=on|off`. Sur Discord, `boards=new` affiche un nouveau plateau à chaque coup au lieu de le modifier, et `thread=on` donne à chaque nouvelle partie son propre fil.
discord-cmd-rating-desc = Le classement d'une personne dans chaque jeu
discord-cmd-profile-desc = Les classements, résultats, meilleures victoires et parties en cours d'une personne
discord-cmd-top-desc = Le palmarès d'un jeu, de ce serveur ou de tout le monde
discord-cmd-settings-desc = Ta langue et le style de plateau
discord-cmd-channel-desc = Les réglages de ce salon (modérateurs)
