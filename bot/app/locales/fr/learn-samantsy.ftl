# Le cours de Samantsy (bot/learn/courses/samantsy.toml) : un titre par leçon, une phrase par étape,
# et ce qu'on dit après un essai manqué. Des phrases courtes pour de jeunes lecteurs.
# Une ligne qui finit par -tap dit la même chose sur une page de la classe jouée en touchant,
# là où les mots à écrire nomment des coups ou des cases en notation : sans notation, les
# places dont elle parle brillent sur le plateau.

learn-samantsy-goal = Le plateau et le but
learn-samantsy-goal-1 = Voici le début. Tu es Blanc, et Blanc joue en premier. Ton hova est en e1. Bouge une pièce, par exemple `e2-e4`.
learn-samantsy-goal-1-tap = Voici le début. Tu es Blanc, et Blanc joue en premier. Ton hova et le hova noir brillent. Bouge une pièce.
learn-samantsy-goal-2 = Pour gagner, bloque le hova noir : il ne doit plus avoir de case sûre où aller. Joue `b1-b8`.
learn-samantsy-goal-2-tap = Pour gagner, bloque le hova noir : il ne doit plus avoir de case sûre où aller. Fais glisser ton vorona tout en haut, comme la flèche.
learn-samantsy-goal-2-wrong = Ton vorona en b8 attaque toute la rangée du haut. Le hova noir ne peut plus bouger, alors tu gagnes. Joue `b1-b8`.
learn-samantsy-goal-2-wrong-tap = Sur la rangée du haut, ton vorona attaque toute la rangée. Le hova noir ne peut plus bouger, alors tu gagnes. Suis la flèche.
learn-samantsy-goal-3 = Le hova noir n'est même pas attaqué. Mais s'il ne peut plus bouger, tu gagnes quand même. Joue `h1-h7`.
learn-samantsy-goal-3-tap = Le hova noir n'est même pas attaqué. Mais s'il ne peut plus bouger, tu gagnes quand même. Suis la flèche.
learn-samantsy-goal-3-wrong = Un hova qui ne peut plus bouger a perdu, même s'il n'est pas attaqué. Joue `h1-h7` : a7, b7 et b8 sont alors tous attaqués.
learn-samantsy-goal-3-wrong-tap = Un hova qui ne peut plus bouger a perdu, même s'il n'est pas attaqué. Suis la flèche : alors toutes les cases à côté du hova noir sont attaquées.

learn-samantsy-zaza = Le zaza
learn-samantsy-zaza-1 = Un zaza va tout droit devant lui, aussi loin qu'il veut. Fais-le glisser jusqu'en d6 : joue `d2-d6`.
learn-samantsy-zaza-1-tap = Un zaza va tout droit devant lui, aussi loin qu'il veut. Fais-le glisser jusqu'à la case qui brille.
learn-samantsy-zaza-1-wrong = Un zaza avance sur des cases vides, autant qu'il veut. Joue `d2-d6`.
learn-samantsy-zaza-1-wrong-tap = Un zaza avance sur des cases vides, autant qu'il veut. Suis la flèche.
learn-samantsy-zaza-2 = Une pièce bloque le chemin. Va le plus loin possible.
learn-samantsy-zaza-2-wrong = Un zaza s'arrête devant une pièce. Il ne prend pas tout droit. Joue `d2-d5`.
learn-samantsy-zaza-2-wrong-tap = Un zaza s'arrête devant une pièce. Il ne prend pas tout droit. Fais glisser ton zaza jusqu'à la case juste avant le zaza noir.
learn-samantsy-zaza-3 = Un zaza prend une case en avant, en diagonale. Prends une pièce noire.
learn-samantsy-zaza-3-wrong = Le zaza devant toi te bloque. Prends celui qui est en diagonale : joue `c2-d3`.
learn-samantsy-zaza-3-wrong-tap = Le zaza devant toi te bloque. Prends celui qui est en diagonale, qui brille.
learn-samantsy-zaza-4 = Maintenant, tu joues Noir, et le plateau est tourné pour toi. Tes zazas avancent vers la rangée 1. Prends une pièce blanche.
learn-samantsy-zaza-4-tap = Maintenant, tu joues Noir. Tes zazas avancent vers la rangée 1. Prends une pièce blanche.
learn-samantsy-zaza-4-wrong = Un zaza ne prend jamais tout droit, seulement en diagonale, en avançant. Joue `d5-e4`.
learn-samantsy-zaza-4-wrong-tap = Un zaza ne prend jamais tout droit, seulement en diagonale, en avançant. Prends la pièce qui brille.

learn-samantsy-vorona-farasy = Le vorona et le farasy
learn-samantsy-vorona-farasy-1 = Le vorona va tout droit, en haut, en bas ou sur le côté, aussi loin qu'il veut. Joue `a1-a6`.
learn-samantsy-vorona-farasy-1-tap = Le vorona va tout droit, en haut, en bas ou sur le côté, aussi loin qu'il veut. Suis la flèche.
learn-samantsy-vorona-farasy-1-wrong = Le vorona glisse en ligne droite. Monte jusqu'en a6 : joue `a1-a6`.
learn-samantsy-vorona-farasy-1-wrong-tap = Le vorona glisse en ligne droite. Monte jusqu'à la case qui brille.
learn-samantsy-vorona-farasy-2 = Le vorona s'arrête à la première pièce sur son chemin. Si elle est noire, il peut la prendre. Prends-la !
learn-samantsy-vorona-farasy-2-wrong = Ton vorona peut aller sur le farasy noir et le prendre. Joue `a1-c1`.
learn-samantsy-vorona-farasy-2-wrong-tap = Ton vorona peut aller sur le farasy noir, qui brille, et le prendre.
learn-samantsy-vorona-farasy-3 = Le farasy saute en L : deux cases, puis une sur le côté. Il peut sauter par-dessus les pièces. Joue `b1-c3`.
learn-samantsy-vorona-farasy-3-tap = Le farasy saute en L : deux cases, puis une sur le côté. Il peut sauter par-dessus les pièces. Suis la flèche.
learn-samantsy-vorona-farasy-3-wrong = Le farasy est la seule pièce qui saute par-dessus les autres. Joue `b1-c3`.
learn-samantsy-vorona-farasy-3-wrong-tap = Le farasy est la seule pièce qui saute par-dessus les autres. Suis la flèche.
learn-samantsy-vorona-farasy-4 = Le farasy prend là où il tombe. Prends le zaza noir.
learn-samantsy-vorona-farasy-4-wrong = Saute en L sur le zaza : deux cases vers le haut, une vers la droite. Joue `c3-d5`.
learn-samantsy-vorona-farasy-4-wrong-tap = Saute en L sur le zaza qui brille : deux cases vers le haut, une vers la droite.

learn-samantsy-basy-anakova = Le basy et l'anakova
learn-samantsy-basy-anakova-1 = Le basy avance d'exactement deux cases en diagonale. Joue `c1-e3`.
learn-samantsy-basy-anakova-1-tap = Le basy avance d'exactement deux cases en diagonale. Suis la flèche.
learn-samantsy-basy-anakova-1-wrong = Le basy va toujours de deux cases en diagonale. Joue `c1-e3`.
learn-samantsy-basy-anakova-1-wrong-tap = Le basy va toujours de deux cases en diagonale. Suis la flèche.
learn-samantsy-basy-anakova-2 = Le basy ne saute pas. La case du milieu doit être vide. Prends une pièce noire.
learn-samantsy-basy-anakova-2-wrong = Le zaza en d2 bloque le chemin vers e3. Le chemin vers a3 est libre : joue `c1-a3`.
learn-samantsy-basy-anakova-2-wrong-tap = Le zaza qui brille bloque le chemin vers le vorona noir. Le chemin vers le basy noir, qui brille aussi, est libre : prends-le.
learn-samantsy-basy-anakova-3 = L'anakova avance d'une case en diagonale. Prends un zaza noir.
learn-samantsy-basy-anakova-3-wrong = L'anakova ne va qu'en diagonale. Le zaza en c5 est sur sa diagonale : joue `d4-c5`.
learn-samantsy-basy-anakova-3-wrong-tap = L'anakova ne va qu'en diagonale. Le zaza qui brille est sur sa diagonale : prends-le.

learn-samantsy-hova = Le hova
learn-samantsy-hova-1 = Le hova avance d'une case, dans n'importe quel sens. Joue `e1-f2`.
learn-samantsy-hova-1-tap = Le hova avance d'une case, dans n'importe quel sens. Suis la flèche.
learn-samantsy-hova-1-wrong = Le hova peut aller sur n'importe quelle case à côté de lui. Va en f2 : joue `e1-f2`.
learn-samantsy-hova-1-wrong-tap = Le hova peut aller sur n'importe quelle case à côté de lui. Va sur la case qui brille.
learn-samantsy-hova-2 = Le hova peut prendre, lui aussi. Prends le zaza à côté de lui.
learn-samantsy-hova-2-wrong = Le hova prend en allant sur une pièce à côté de lui. Joue `e1-d2`.
learn-samantsy-hova-2-wrong-tap = Le hova prend en allant sur une pièce à côté de lui. Prends le zaza qui brille.
learn-samantsy-hova-3 = Ton hova ne va jamais là où il peut être pris. Le farasy protège un zaza. Prends l'autre.
learn-samantsy-hova-3-wrong = Le farasy en g4 protège f2. Le zaza en d2 n'est pas protégé : joue `e1-d2`.
learn-samantsy-hova-3-wrong-tap = Le farasy noir protège le zaza de droite. Le zaza de gauche n'est pas protégé : prends-le.
learn-samantsy-hova-4 = Ton farasy doit rester en e3 : s'il bouge, le vorona en e8 attaque ton hova. Prends une pièce avec ton vorona.
learn-samantsy-hova-4-tap = Ton farasy, qui brille, doit rester où il est : s'il bouge, le vorona noir qui brille attaque ton hova. Prends une pièce avec ton vorona.
learn-samantsy-hova-4-wrong = Ne laisse jamais ton hova attaqué. Le farasy doit rester. Prends avec le vorona : joue `a1-a6`.
learn-samantsy-hova-4-wrong-tap = Ne laisse jamais ton hova attaqué. Le farasy doit rester. Prends avec le vorona, tout droit vers le haut.

learn-samantsy-promotion = Un nouvel anakova
learn-samantsy-promotion-1 = Un zaza qui arrive sur la dernière rangée devient un anakova. Joue `e4-e8`.
learn-samantsy-promotion-1-tap = Un zaza qui arrive sur la dernière rangée devient un anakova. Suis la flèche.
learn-samantsy-promotion-1-wrong = Fais glisser ton zaza jusqu'à la rangée du haut. Joue `e4-e8`.
learn-samantsy-promotion-1-wrong-tap = Fais glisser ton zaza jusqu'à la rangée du haut, comme la flèche.
learn-samantsy-promotion-2 = Arriver sur la dernière rangée en prenant, ça marche aussi. Prends avec ton zaza.
learn-samantsy-promotion-2-wrong = Ton zaza peut prendre le vorona sur sa diagonale et devenir un anakova. Joue `g7-h8`.
learn-samantsy-promotion-2-wrong-tap = Ton zaza peut prendre le vorona qui brille, sur sa diagonale, et devenir un anakova.
learn-samantsy-promotion-3 = Tu joues Noir. Tes zazas avancent vers la rangée 1 : c'est leur dernière rangée. Fais un nouvel anakova.
learn-samantsy-promotion-3-wrong = Pour Noir, la dernière rangée est la rangée 1. Joue `d2-d1`.
learn-samantsy-promotion-3-wrong-tap = Pour Noir, la dernière rangée est la rangée 1. Avance ton zaza sur la case qui brille.

learn-samantsy-blocked-hova = Libère ton hova
learn-samantsy-blocked-hova-1 = Tes propres pièces bloquent ton hova. Tu n'as pas perdu, car un coup peut le libérer. Bouge un zaza qui est à côté de ton hova.
learn-samantsy-blocked-hova-1-wrong = Libère une case à côté de ton hova. Bouge le zaza en d2, e2 ou f2.
learn-samantsy-blocked-hova-1-wrong-tap = Libère une case à côté de ton hova. Bouge un des trois zazas qui brillent.
learn-samantsy-blocked-hova-2 = Ton hova ne peut pas bouger : les voronas noirs attaquent a2, b1 et b2. Utilise ton basy pour libérer une case.
learn-samantsy-blocked-hova-2-tap = Ton hova, qui brille, ne peut pas bouger : les voronas noirs attaquent toutes les cases à côté de lui. Utilise ton basy pour libérer une case.
learn-samantsy-blocked-hova-2-wrong = Ton basy peut se mettre sur le chemin en d2, ou prendre le vorona en h2. Alors la case a2 est sûre. Joue `f4-d2` ou `f4-h2`.
learn-samantsy-blocked-hova-2-wrong-tap = Ton basy peut se mettre sur le chemin du vorona qui brille, ou le prendre. Alors la case au-dessus de ton hova est sûre.
learn-samantsy-blocked-hova-3 = Tu joues Noir. Ton hova ne peut pas bouger. Une case attaquée par l'ennemi n'est pas libre. Bouge le bon zaza.
learn-samantsy-blocked-hova-3-wrong = Le farasy attaque h7 et g8. Bouge le zaza en g7, ou prends le farasy avec lui : joue `g7-f6`.
learn-samantsy-blocked-hova-3-wrong-tap = Le farasy qui brille attaque les cases à côté de ton hova. Bouge le zaza qui brille, ou prends le farasy avec lui.
learn-samantsy-blocked-hova-4 = Noir veut jouer `d8-d1`. Après ce coup, ton hova ne pourrait plus bouger, et tu perdrais. Donne de la place à ton hova tout de suite.
learn-samantsy-blocked-hova-4-tap = Noir veut descendre son vorona jusqu'à ta dernière rangée : les cases qui brillent. Alors ton hova ne pourrait plus bouger, et tu perdrais. Donne de la place à ton hova tout de suite.
learn-samantsy-blocked-hova-4-wrong = Ton hova a besoin d'une case libre. Bouge le zaza en f2, g2 ou h2, ou va en f1.
learn-samantsy-blocked-hova-4-wrong-tap = Ton hova a besoin d'une case libre. Bouge un des trois zazas devant lui, ou fais un pas à gauche avec ton hova.

learn-samantsy-winning = Gagner
learn-samantsy-winning-1 = Tu joues Noir. Bloque le hova blanc pour que rien ne puisse le libérer.
learn-samantsy-winning-1-wrong = Mets ton vorona en h2. Alors a2, b1 et b2 sont attaquées, et aucun coup blanc ne libère de case. Joue `h3-h2`.
learn-samantsy-winning-1-wrong-tap = Avance ton vorona d'une case vers la rangée 1. Alors toutes les cases à côté du hova blanc sont attaquées, et aucun coup blanc ne libère de case.
learn-samantsy-winning-2 = Ton hova t'aide : il attaque g7 et g8. Bloque le hova noir.
learn-samantsy-winning-2-tap = Ton hova t'aide : il attaque les cases à côté de lui. Bloque le hova noir, qui brille.
learn-samantsy-winning-2-wrong = Le hova noir peut encore aller en h7. Attaque cette case avec ton vorona : joue `a1-h1`.
learn-samantsy-winning-2-wrong-tap = Le hova noir peut encore aller sur l'autre case qui brille. Attaque-la avec ton vorona : fais-le glisser tout à droite de ta dernière rangée.
learn-samantsy-winning-3 = Fais un nouvel anakova qui bloque le hova noir.
learn-samantsy-winning-3-wrong = Fais glisser ton zaza jusqu'en b8. Le nouvel anakova attaque a7, et ton vorona le protège. Joue `b6-b8`.
learn-samantsy-winning-3-wrong-tap = Fais glisser ton zaza jusqu'à la rangée du haut, à côté du hova noir. Le nouvel anakova attaque la case sous le hova, et ton vorona le protège.
