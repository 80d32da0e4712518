# Le cours de Katro (bot/learn/courses/katro.toml) : un titre par leçon, une phrase par étape,
# et ce qu'on dit après un essai manqué. Des phrases courtes pour de jeunes lecteurs.
# Une ligne qui finit par -tap dit la même chose sur une page de la classe jouée en touchant,
# là où les mots à écrire nomment des coups ou des cases en notation : sans notation, les
# places dont elle parle brillent sur le plateau.

learn-katro-goal = Le plateau et le but
learn-katro-goal-1 = Tu es Sud : tes trois rangées sont en bas. Chaque trou a 2 graines. Un coup, c'est un trou et un chemin : `a1A` sème a1 par le chemin A, vers la droite sur ta rangée du bas ; le chemin B va dans l'autre sens. Joue un trou de ta rangée du bas, par exemple `a1A`.
learn-katro-goal-1-tap = Tu es Sud : tes trois rangées sont en bas. Chaque trou a 2 graines. Un coup prend les graines d'un trou et les sème une par une, vers la droite ou vers la gauche. Joue un trou de ta rangée du bas.
learn-katro-goal-2 = Nord n'a plus qu'un trou avec des graines. Prends-les toutes et tu gagnes ! Joue `a3A`.
learn-katro-goal-2-tap = Nord n'a plus qu'un trou avec des graines. Prends-les toutes et tu gagnes !
learn-katro-goal-2-wrong = Pour gagner, prends les dernières graines de Nord. Joue `a3A` : ta dernière graine arrive en b3, face aux graines de Nord.
learn-katro-goal-2-wrong-tap = Pour gagner, prends les dernières graines de Nord. Suis la flèche : ta graine arrive face aux graines de Nord.
learn-katro-goal-3 = Il reste un trou à Nord. Trouve le coup qui le prend, et gagne.
learn-katro-goal-3-wrong = Ta dernière graine doit arriver face aux graines de Nord, dans la colonne e. Essaie le trou juste avant.
learn-katro-goal-3-wrong-tap = Ta dernière graine doit arriver face aux graines de Nord qui brillent. Essaie le trou juste avant.

learn-katro-sowing = Semer
learn-katro-sowing-1 = Prends toutes les graines de c1 et pose-en une dans chaque trou suivant, vers la droite. Joue `c1A`.
learn-katro-sowing-1-tap = Prends toutes les graines d'un trou et pose-en une dans chaque trou suivant, vers la droite, comme la flèche.
learn-katro-sowing-1-wrong = Le chemin A va vers la droite sur ta rangée du bas. Joue `c1A`.
learn-katro-sowing-1-wrong-tap = Sème vers la droite sur ta rangée du bas, comme la flèche.
learn-katro-sowing-2 = Après le dernier trou à droite, les graines montent dans ta rangée du milieu. Joue `e1A`.
learn-katro-sowing-2-tap = Après le dernier trou à droite, les graines montent dans ta rangée du milieu. Sème vers la droite et regarde.
learn-katro-sowing-2-wrong = On sème en suivant le chemin : vers la droite, puis on monte dans la rangée du milieu. Joue `e1A`.
learn-katro-sowing-2-wrong-tap = On sème en suivant le chemin : vers la droite, puis on monte dans la rangée du milieu. Suis la flèche.
learn-katro-sowing-3 = On peut aussi jouer un trou qui n'a qu'une graine. Joue la graine de a1, avec `a1A` ou `a1B`.
learn-katro-sowing-3-tap = On peut aussi jouer un trou qui n'a qu'une graine. Joue la graine seule qui brille.
learn-katro-sowing-3-wrong = Tu peux jouer n'importe quel trou de ta rangée du bas, même avec une seule graine. Joue `a1A` ou `a1B`.
learn-katro-sowing-3-wrong-tap = Tu peux jouer n'importe quel trou de ta rangée du bas, même avec une seule graine. Joue le trou qui brille.
learn-katro-sowing-4 = Tu dois partir de ta rangée la plus extérieure qui a des graines. Ici, c'est ta rangée du bas : joue `d1A` ou `d1B`.
learn-katro-sowing-4-tap = Tu dois partir de ta rangée la plus extérieure qui a des graines. Ici, c'est ta rangée du bas : joue le trou qui brille, d'un côté ou de l'autre.

learn-katro-direction = À gauche ou à droite
learn-katro-direction-1 = Sur ta rangée du bas, le chemin A va à droite et le chemin B va à gauche. Sur ta rangée du milieu, chaque chemin fait demi-tour. Sème c1 vers la gauche : joue `c1B`.
learn-katro-direction-1-tap = Tu choisis où vont les graines : vers la droite ou vers la gauche. Sème ces graines vers la gauche, comme la flèche.
learn-katro-direction-1-wrong = Sur ta rangée du bas, le chemin B va vers la gauche. Joue `c1B`.
learn-katro-direction-1-wrong-tap = Cette fois, sème vers la gauche, comme la flèche.
learn-katro-direction-2 = Fais tomber ta dernière graine en a2, dans ta rangée du milieu. Joue `b1B`.
learn-katro-direction-2-tap = Fais tomber ta dernière graine dans ta rangée du milieu, dans le coin à gauche. Sème vers la gauche.
learn-katro-direction-2-wrong = Vers la gauche, après a1, les graines montent en a2. Joue `b1B`.
learn-katro-direction-2-wrong-tap = Vers la gauche, après le dernier trou, les graines montent dans ta rangée du milieu. Suis la flèche.
learn-katro-direction-3 = Un sens prend des graines, l'autre non. Choisis le trou et le chemin qui prennent !
learn-katro-direction-3-wrong = Ta dernière graine doit arriver face aux graines de Nord. Depuis b3, va à gauche : joue `b3B`.
learn-katro-direction-3-wrong-tap = Ta dernière graine doit arriver face aux graines de Nord qui brillent. Pars du deuxième trou de ta rangée du haut, vers la gauche.

learn-katro-relay = Continuer à semer
learn-katro-relay-1 = Si ta dernière graine tombe sur d'autres graines, ramasse-les toutes et continue à semer. Joue `a1A` et regarde c1.
learn-katro-relay-1-tap = Si ta dernière graine tombe sur d'autres graines, ramasse-les toutes et continue à semer. Sème vers la droite et regarde le trou qui a une graine.
learn-katro-relay-1-wrong = Joue `a1A` : ta dernière graine tombe en c1, qui a une graine, alors tu continues.
learn-katro-relay-1-wrong-tap = Suis la flèche : ta dernière graine tombe dans le trou qui a une graine, alors tu continues.
learn-katro-relay-2 = Trouve un coup dont la dernière graine tombe sur une graine, pour continuer à semer.
learn-katro-relay-2-wrong = Ta dernière graine est tombée dans un trou vide, alors le coup s'est arrêté. Essaie `a1A` ou `b1B`.
learn-katro-relay-2-wrong-tap = Ta dernière graine est tombée dans un trou vide, alors le coup s'est arrêté. Sème une de tes deux graines sur l'autre.
learn-katro-relay-3 = Au début, on sème longtemps. Joue un trou de ta rangée du bas et suis les graines.

learn-katro-capture = Prendre
learn-katro-capture-1 = Ta rangée de devant est la rangée la plus proche du milieu qui a des graines. Arrive dedans, face aux graines de Nord, pour les prendre ! Joue `a3A`.
learn-katro-capture-1-tap = Ta rangée de devant est la rangée la plus proche du milieu qui a des graines. Arrive dedans, face aux graines de Nord, pour les prendre !
learn-katro-capture-1-wrong = Tu prends quand ta dernière graine tombe sur des graines de ta rangée de devant, face à la rangée de devant de Nord. Joue `a3A`.
learn-katro-capture-1-wrong-tap = Tu prends quand ta dernière graine tombe sur des graines de ta rangée de devant, face à la rangée de devant de Nord. Suis la flèche.
learn-katro-capture-2 = Ta rangée du haut est vide : ta rangée du milieu est maintenant ta rangée de devant. Trouve la prise.
learn-katro-capture-2-wrong = Arrive en d2 : ce trou est face aux graines de Nord en d4. Sur ta rangée du milieu, le chemin B va à droite : joue `c2B`.
learn-katro-capture-2-wrong-tap = Arrive dans le trou qui brille de ta rangée du milieu : il est face aux graines de Nord qui brillent. Pars du trou juste à sa gauche, vers la droite.
learn-katro-capture-3 = Prends la graine de Nord. Cherche le trou qui est en face.
learn-katro-capture-3-wrong = La rangée de devant de Nord est sa rangée la plus proche du milieu qui a des graines. Arrive face à d4 : joue `e3B`.
learn-katro-capture-3-wrong-tap = La rangée de devant de Nord est sa rangée la plus proche du milieu qui a des graines. Arrive face à la graine qui brille : pars du trou juste à sa droite.
learn-katro-capture-4 = Les graines prises sont semées à partir du trou suivant. Trouve un coup qui prend 4 graines.
learn-katro-capture-4-wrong = Ce coup a pris moins de graines. Quatre de tes coups prennent 4 graines : essaie `b1A`, `b1B`, `e1A` ou `e1B`.
learn-katro-capture-4-wrong-tap = Quatre de tes coups prennent 4 graines : essaie le deuxième ou le cinquième trou de ta rangée du bas, d'un côté ou de l'autre.

learn-katro-ending = La fin de la partie
learn-katro-ending-1 = Prends les graines de b5.
learn-katro-ending-1-tap = Prends les graines qui brillent.
learn-katro-ending-1-wrong = Arrive en b3, face à b5 : joue `a3A`.
learn-katro-ending-1-wrong-tap = Arrive face aux graines qui brillent : depuis le coin gauche de ta rangée du haut, va vers la droite.
learn-katro-ending-2 = Un coup qui tournerait en rond pour toujours est interdit : `a1B` en est un. Joue un autre coup.
learn-katro-ending-2-tap = Un coup qui tournerait en rond pour toujours est interdit : le trou qui brille, semé vers la gauche, en est un. Joue un autre coup.
learn-katro-ending-3 = Ta rangée du bas est maintenant ta rangée de devant. Prends la dernière graine de Nord et gagne !
learn-katro-ending-3-wrong = Arrive en c1, face à la graine de Nord en c4 : joue `a1A`.
learn-katro-ending-3-wrong-tap = Arrive dans ta rangée du bas, face à la graine de Nord qui brille : pars du coin à gauche, vers la droite.
