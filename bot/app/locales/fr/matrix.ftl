# Les phrases propres à l'adaptateur Matrix. Les réponses du cœur du bot sont dans ses propres fichiers.

# Sous un plateau : la pastille du joueur dont c'est le tour.
matrix-your-move = { $player }, à toi de jouer.
# Quand le bot rejoint un salon.
matrix-welcome = Bonjour ! Je suis lalao : j'anime des jeux de plateau ici. Écris `!lalao help` pour voir à quoi on peut jouer.
# Après une réaction 🏳️ sur un plateau.
matrix-confirm-resign = { $player }, veux-tu vraiment abandonner la partie { $match } ? Réagis avec ✅ à ce message pour confirmer.
# `!lalao leave`.
matrix-leave-bye = Au revoir ! Invite-moi de nouveau quand tu veux jouer.
matrix-leave-refused = Seuls les modérateurs du salon peuvent me demander de partir.
# Une commande dans un message chiffré que le bot n'a pas encore pu lire.
matrix-unreadable = Je n'ai pas pu lire ton message : il est chiffré avec des clés que mon appareil n'a pas. Renvoie-le, s'il te plaît.

matrix-no-such-user = Je ne trouve pas { $user } sur Matrix : personne n'a cet identifiant. Vérifie l'orthographe (un identifiant Matrix ressemble à @nom:example.org), ou mentionne la personne en choisissant son nom pendant que tu l'écris.
matrix-invite-failed = Je n'ai pas pu inviter { $user } dans ce salon : cette personne ne voit pas le défi. Invite-la toi-même, elle pourra alors l'accepter.
matrix-challenged-not-here = { $user } n'est pas dans ce salon et ne voit pas le défi. Défie cette personne dans un salon que vous partagez.
