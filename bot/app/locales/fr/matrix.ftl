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
