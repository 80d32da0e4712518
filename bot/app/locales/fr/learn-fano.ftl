# Le cours de fano (bot/learn/courses/fano.toml) : un titre par leçon, une phrase par étape,
# et ce qu'on dit après un essai manqué. Des phrases courtes pour de jeunes lecteurs.
# Une ligne qui finit par -tap dit la même chose sur une page de la classe jouée en touchant,
# là où les mots à écrire nomment des coups ou des cases en notation : sans notation, les
# places dont elle parle brillent sur le plateau.

learn-fano-goal = Le plateau et le but
learn-fano-goal-1 = Le plateau est une rangée de cases. Tu es Blanc, et tu joues contre Noir. Chaque partie a un gagnant. Glisse ton pion sur la case d'à côté : joue `1-2`.
learn-fano-goal-1-tap = Le plateau est une rangée de cases. Tu es Blanc, et tu joues contre Noir. Chaque partie a un gagnant. Glisse ton pion sur la case d'à côté.
learn-fano-goal-2 = Noir n'a plus qu'un pion. Prends-le et tu gagnes ! Avance juste à côté de lui : joue `2-3`.
learn-fano-goal-2-tap = Noir n'a plus qu'un pion. Prends-le et tu gagnes ! Avance juste à côté de lui.
learn-fano-goal-2-wrong = Pour gagner, prends le dernier pion de Noir. Avance juste à côté de lui : joue `2-3`.
learn-fano-goal-2-wrong-tap = Pour gagner, prends le dernier pion de Noir. Avance juste à côté de lui, comme la flèche.
learn-fano-goal-3 = Tu gagnes aussi quand Noir ne peut plus bouger. Le pion noir de la case 1 est coincé. Prends le pion de la case 5 : joue `7-6`.
learn-fano-goal-3-tap = Tu gagnes aussi quand Noir ne peut plus bouger. Le pion noir de la case 1 est coincé. Prends le pion de la case 5 : suis la flèche.
learn-fano-goal-3-wrong = Laisse le pion de la case 1 coincé et prends le pion de la case 5 avec `7-6`. Alors Noir ne peut plus bouger et perd.
learn-fano-goal-3-wrong-tap = Laisse le pion de la case 1 coincé et prends le pion de la case 5, comme la flèche. Alors Noir ne peut plus bouger et perd.

learn-fano-placing = Poser ses pions
learn-fano-placing-1 = D'abord, les joueurs posent leurs pions sur le plateau, un à la fois. Blanc commence. Sur 7 cases, chacun a 2 pions. Tape @ et une case vide, par exemple `@4`.
learn-fano-placing-1-tap = D'abord, les joueurs posent leurs pions sur le plateau, un à la fois. Blanc commence. Sur 7 cases, chacun a 2 pions. Touche deux fois une case vide pour y poser un pion.
learn-fano-placing-2 = Tu peux poser un pion juste à côté d'un pion noir. Poser un pion ne prend jamais rien. Joue `@3`.
learn-fano-placing-2-tap = Tu peux poser un pion juste à côté d'un pion noir. Poser un pion ne prend jamais rien. Pose ton pion sur la case qui brille.
learn-fano-placing-2-wrong = Cette fois, pose ton pion sur la case 3, à côté du pion noir : tape `@3`. Rien n'est pris.
learn-fano-placing-2-wrong-tap = Cette fois, pose ton pion sur la case qui brille, à côté du pion noir. Rien n'est pris.
learn-fano-placing-3 = Maintenant tu es Noir, et tu poses le dernier pion. Ensuite, Blanc doit glisser un pion. Pose ton pion là où le pion blanc ne peut plus bouger !
learn-fano-placing-3-wrong = Le pion blanc de la case 1 ne peut aller qu'en case 2. Pose ton pion là avec `@2` : Blanc ne peut plus bouger et perd.
learn-fano-placing-3-wrong-tap = Le pion blanc de la case 1 ne peut aller qu'en case 2. Pose ton pion là : Blanc ne peut plus bouger et perd.
learn-fano-placing-4 = Attention ! Deux pions côte à côte au bout de la rangée peuvent être enfermés. Pose ton dernier pion sur une case sûre.
learn-fano-placing-4-wrong = Sur la case 2, tes deux pions sont coincés ensemble au bout. Noir pose sur la case 3 et tu ne peux plus bouger. Pose-le sur une autre case, par exemple `@4`.
learn-fano-placing-4-wrong-tap = Sur la case 2, tes deux pions sont coincés ensemble au bout. Noir pose sur la case 3 et tu ne peux plus bouger. Pose-le sur une autre case, par exemple la case 4.

learn-fano-sliding = Glisser
learn-fano-sliding-1 = Quand tous les pions sont posés, tu glisses un pion sur la case vide d'à côté. Va de la case 3 à la case 4 : joue `3-4`.
learn-fano-sliding-1-tap = Quand tous les pions sont posés, tu glisses un pion sur la case vide d'à côté. Va de la case 3 à la case 4.
learn-fano-sliding-1-wrong = Joue `3-4` : d'abord la case de ton pion, puis la case où il va.
learn-fano-sliding-1-wrong-tap = Touche d'abord la case de ton pion, puis la case où il va : suis la flèche.
learn-fano-sliding-2 = Les pions glissent aussi vers la gauche. Va de la case 4 à la case 3 : joue `4-3`.
learn-fano-sliding-2-tap = Les pions glissent aussi vers la gauche. Va de la case 4 à la case 3.
learn-fano-sliding-2-wrong = Glisse le pion de la case 4 d'une case vers la gauche : joue `4-3`.
learn-fano-sliding-2-wrong-tap = Glisse le pion de la case 4 d'une case vers la gauche, comme la flèche.
learn-fano-sliding-3 = Un pion ne peut aller que sur une case vide. Ton pion de la case 7 est coincé. Glisse ton autre pion. Si aucun de tes pions ne peut bouger, tu perds.

learn-fano-capture = Prendre des pions
learn-fano-capture-1 = Avance vers un pion noir et arrête-toi juste à côté : tu le prends ! Prends le pion de la case 4.
learn-fano-capture-1-wrong = Pour prendre, avance vers le pion noir et arrête-toi juste à côté. Joue `2-3`.
learn-fano-capture-1-wrong-tap = Pour prendre, avance vers le pion noir et arrête-toi juste à côté : va de la case 2 à la case 3.
learn-fano-capture-2 = Tu peux aussi prendre vers la gauche. Prends le pion de la case 1.
learn-fano-capture-2-wrong = Avance vers la gauche, jusqu'au pion de la case 1 : joue `3-2`.
learn-fano-capture-2-wrong-tap = Avance vers la gauche, jusqu'au pion de la case 1 : va de la case 3 à la case 2.
learn-fano-capture-3 = T'éloigner d'un pion ne prend rien. Seul le pion devant toi est pris. Prends un pion noir.
learn-fano-capture-3-wrong = Rien n'a été pris : il faut avancer vers un pion noir et s'arrêter à côté. Joue `5-6` pour prendre le pion de la case 7.
learn-fano-capture-3-wrong-tap = Rien n'a été pris : il faut avancer vers un pion noir et s'arrêter à côté. Va de la case 5 à la case 6 pour prendre le pion de la case 7.
learn-fano-capture-4 = Des pions noirs côte à côte sont tous pris ensemble. Prends le plus de pions possible !
learn-fano-capture-4-wrong = Ce coup ne prend qu'un pion. Avance jusqu'aux deux pions des cases 5 et 6 : joue `3-4`.
learn-fano-capture-4-wrong-tap = Ce coup ne prend qu'un pion. Avance jusqu'aux deux pions des cases 5 et 6 : va de la case 3 à la case 4.
learn-fano-capture-5 = La prise s'arrête à une case vide. Joue `2-3` : les pions des cases 4 et 5 sont pris, et le pion de la case 7 reste.
learn-fano-capture-5-tap = La prise s'arrête à une case vide. Suis la flèche : les pions des cases 4 et 5 sont pris, et le pion de la case 7 reste.
learn-fano-capture-5-wrong = Joue `2-3` pour prendre les pions des cases 4 et 5. La case 6 est vide : elle arrête la prise, et le pion de la case 7 reste.
learn-fano-capture-5-wrong-tap = Suis la flèche pour prendre les pions des cases 4 et 5. La case 6 est vide : elle arrête la prise, et le pion de la case 7 reste.

learn-fano-winning = Gagner
learn-fano-winning-1 = Prends tous les pions de Noir en un seul coup, et gagne !
learn-fano-winning-1-wrong = Avance jusqu'aux deux pions noirs : joue `3-4`. Les deux sont pris, et Noir n'a plus de pion.
learn-fano-winning-1-wrong-tap = Avance jusqu'aux deux pions noirs : va de la case 3 à la case 4. Les deux sont pris, et Noir n'a plus de pion.
learn-fano-winning-2 = Le pion noir de la case 1 est coincé. Prends le pion de la case 4, et garde le pion de la case 1 coincé. Alors Noir ne peut plus bouger !
learn-fano-winning-2-wrong = Laisse ton pion sur la case 2, pour que le pion de la case 1 reste coincé. Prends le pion de la case 4 avec `6-5` : Noir ne peut plus bouger et perd.
learn-fano-winning-2-wrong-tap = Laisse ton pion sur la case 2, pour que le pion de la case 1 reste coincé. Prends le pion de la case 4 en allant de la case 6 à la case 5 : Noir ne peut plus bouger et perd.
learn-fano-winning-3 = Trouve le coup qui ne laisse à Noir aucun pion qui peut bouger.
learn-fano-winning-3-wrong = Laisse ton pion sur la case 6, pour que le pion de la case 7 reste coincé. Prends le pion de la case 4 avec `2-3` : Noir ne peut plus bouger et perd.
learn-fano-winning-3-wrong-tap = Laisse ton pion sur la case 6, pour que le pion de la case 7 reste coincé. Prends le pion de la case 4 en allant de la case 2 à la case 3 : Noir ne peut plus bouger et perd.

learn-fano-safe-moves = Jouer prudent
learn-fano-safe-moves-1 = Attention ! S'il ne reste qu'une case vide entre ton pion et un pion noir, Noir avance et te prend. Joue un coup sans danger.
learn-fano-safe-moves-1-wrong = Après `3-4`, il ne reste que la case 5 entre toi et le pion noir. Noir joue `6-5` et te prend. Joue plutôt `2-1`.
learn-fano-safe-moves-1-wrong-tap = Si ton pion va de la case 3 à la case 4, il ne reste que la case 5 entre toi et le pion noir : Noir avance et te prend. Va plutôt de la case 2 à la case 1.
learn-fano-safe-moves-2 = Le pion noir de la case 7 attend. Ne laisse pas une seule case vide devant lui. Joue un coup sans danger.
learn-fano-safe-moves-2-wrong = Après `4-5`, il ne reste que la case 6 entre toi et le pion noir. Noir joue `7-6` et te prend. Essaie `1-2` ou `4-3`.
learn-fano-safe-moves-2-wrong-tap = Si ton pion va de la case 4 à la case 5, il ne reste que la case 6 entre toi et le pion noir : Noir avance et te prend. Va de la case 1 à la case 2, ou de la case 4 à la case 3.
learn-fano-safe-moves-3 = Une énigme ! Fais venir Noir vers toi. Laisse deux cases vides entre toi et Noir : Noir doit s'approcher, et alors tu prends.
learn-fano-safe-moves-3-wrong = Après `2-1`, quatre cases sont vides, et Noir peut attendre. Joue `2-3` : il reste deux cases, Noir doit avancer dans l'une, et tu prends.
learn-fano-safe-moves-3-wrong-tap = Si tu recules en case 1, quatre cases sont vides, et Noir peut attendre. Va de la case 2 à la case 3 : il reste deux cases, Noir doit avancer dans l'une, et tu prends.
