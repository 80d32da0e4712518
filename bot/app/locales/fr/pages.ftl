## lalao's messages (French): live pages. Each id exists in every language (a test checks).

## Trouver la partie
link-shown = La page en direct de la partie { $id } : { $url }
link-new = La partie { $id } a une nouvelle page en direct : { $url } — l'ancienne adresse ne marche plus.
link-no-web = Les pages web sont éteintes ici : les parties n'ont pas de page en direct.
link-not-player = Seuls les joueurs de la partie { $id } ou un modérateur peuvent donner une nouvelle adresse à sa page.

## Analyse
web-after-move = { $count ->
    [0] Le début de la partie
   *[other] Après le coup { $count } : { $move }
}

## L'écran de la classe, une page web pour le projecteur et les tablettes.
web-replay = Le dernier coup, { $move }, graine par graine

# Help and the slash command's description of the verbs this folder owns.
help-link = l'adresse de la page en direct d'une partie ; `lien nouveau` lui en donne une nouvelle et l'ancienne ne marche plus.
discord-cmd-link-desc = L'adresse de la page en direct d'une partie, ou une nouvelle
