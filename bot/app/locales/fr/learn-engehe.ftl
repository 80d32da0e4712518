# Le cours d'En Gehé (bot/learn/courses/engehe.toml) : un titre par leçon, une phrase par étape,
# et ce qu'on dit après un essai manqué. Des phrases courtes pour de jeunes lecteurs.
# Une ligne qui finit par -tap dit la même chose sur une page de la classe jouée en touchant,
# là où les mots à écrire nomment des coups ou des cases en notation : sans notation, les
# places dont elle parle brillent sur le plateau.

learn-engehe-goal = Le long plateau et le but
learn-engehe-goal-1 = Tu es Sud : ta rangée est en bas. Au début, chaque trou a 4 graines. Un vrai plateau est bien plus long, avec 40 trous par rangée ! Joue un de tes trous, par exemple `h2`.
learn-engehe-goal-1-tap = Tu es Sud : ta rangée est en bas. Au début, chaque trou a 4 graines. Un vrai plateau est bien plus long, avec 40 trous par rangée ! Joue un de tes trous.
learn-engehe-goal-2 = Nord n'a plus qu'un trou avec des graines. Prends-les : Nord ne peut plus jouer, et tu gagnes ! Joue `h1`.
learn-engehe-goal-2-tap = Nord n'a plus qu'un trou avec des graines. Prends-les : Nord ne peut plus jouer, et tu gagnes ! Joue le trou qui brille.
learn-engehe-goal-2-wrong = Pour gagner, prends les dernières graines de Nord. Joue `h1` : ta graine s'arrête en h2, juste en face de h9.
learn-engehe-goal-2-wrong-tap = Pour gagner, prends les dernières graines de Nord. Joue le trou qui brille : ta graine s'arrête dans le trou suivant, juste en face des graines de Nord.
learn-engehe-goal-3 = Il reste un seul trou à Nord : h12. Trouve le coup qui le prend, et gagne.
learn-engehe-goal-3-tap = Il reste un seul trou à Nord : celui qui brille. Trouve le coup qui le prend, et gagne.
learn-engehe-goal-3-wrong = Tu prends quand ta dernière graine s'arrête dans un trou vide de ta rangée, en face de graines de Nord. Arrête-toi en h3 : joue `h1`.
learn-engehe-goal-3-wrong-tap = Tu prends quand ta dernière graine s'arrête dans un trou vide de ta rangée, en face de graines de Nord. Arrête-toi juste en face : joue le trou qui a 2 graines.

learn-engehe-sowing = Semer
learn-engehe-sowing-1 = Prends toutes les graines de h5 et pose-en une dans chaque trou suivant : vers la droite, puis dans la rangée de Nord. Joue `h5`.
learn-engehe-sowing-1-tap = Prends toutes les graines du trou qui brille et pose-en une dans chaque trou suivant : vers la droite, puis dans la rangée de Nord.
learn-engehe-sowing-1-wrong = On sème vers la droite sur ta rangée, puis on continue dans la rangée de Nord. Joue `h5`.
learn-engehe-sowing-1-wrong-tap = On sème vers la droite sur ta rangée, puis on continue dans la rangée de Nord. Joue le trou qui brille.
learn-engehe-sowing-2 = On peut aussi jouer un trou qui n'a qu'une graine. Joue `h5`.
learn-engehe-sowing-2-tap = On peut aussi jouer un trou qui n'a qu'une graine. Joue le trou qui brille.
learn-engehe-sowing-2-wrong = Tu peux jouer n'importe lequel de tes trous qui a des graines, même une seule. Joue `h5`.
learn-engehe-sowing-2-wrong-tap = Tu peux jouer n'importe lequel de tes trous qui a des graines, même une seule. Joue le trou qui brille.
learn-engehe-sowing-3 = Ton coup s'arrête quand la dernière graine tombe dans un trou vide. Fais arriver ta dernière graine en h12.
learn-engehe-sowing-3-tap = Ton coup s'arrête quand la dernière graine tombe dans un trou vide. Fais arriver ta dernière graine dans le trou qui brille.
learn-engehe-sowing-3-wrong = Une graine dans chaque trou : compte les trous avec ton doigt. Les 6 graines de h6 vont jusqu'en h12. Joue `h6`.
learn-engehe-sowing-3-wrong-tap = Une graine dans chaque trou : compte les trous avec ton doigt. Le trou qui a 6 graines envoie la dernière jusqu'au trou qui brille.

learn-engehe-relay = Continuer à semer
learn-engehe-relay-1 = Si ta dernière graine tombe sur d'autres graines, ramasse-les toutes et continue à semer. Joue `h2` et regarde h4.
learn-engehe-relay-1-tap = Si ta dernière graine tombe sur d'autres graines, ramasse-les toutes et continue à semer. Joue le trou qui brille et regarde le trou qui a 3 graines.
learn-engehe-relay-1-wrong = Joue `h2` : ta dernière graine tombe en h4, qui a des graines, alors tu continues.
learn-engehe-relay-1-wrong-tap = Joue le trou qui brille : ta dernière graine tombe dans le trou qui a 3 graines, alors tu continues.
learn-engehe-relay-2 = Trouve le coup dont la dernière graine tombe sur des graines, pour continuer à semer.
learn-engehe-relay-2-wrong = Ta dernière graine est tombée dans un trou vide, alors le coup s'est arrêté. Essaie `h1`.
learn-engehe-relay-2-wrong-tap = Ta dernière graine est tombée dans un trou vide, alors le coup s'est arrêté. Essaie le premier trou qui a 2 graines.
learn-engehe-relay-3 = Les graines peuvent faire le tour du plateau et revenir dans ta rangée. Joue `h1` et suis-les.
learn-engehe-relay-3-tap = Les graines peuvent faire le tour du plateau et revenir dans ta rangée. Joue le trou qui brille et suis-les.
learn-engehe-relay-3-wrong = Joue `h1` : il tombe sur des graines en h4, puis en h6, et continue à chaque fois.
learn-engehe-relay-3-wrong-tap = Joue le trou qui brille : sa dernière graine tombe sur des graines dans la rangée de Nord, puis encore, et continue à chaque fois.

learn-engehe-capture = Prendre
learn-engehe-capture-1 = Arrête-toi dans un trou vide de ta rangée, et tu prends les graines d'en face ! Joue `h1` : ta graine s'arrête en h2, face à h9.
learn-engehe-capture-1-tap = Arrête-toi dans un trou vide de ta rangée, et tu prends les graines d'en face ! Joue le trou qui brille : ta graine s'arrête dans le trou suivant, face aux graines de Nord.
learn-engehe-capture-1-wrong = S'arrêter dans la rangée de Nord ne prend rien. Arrête-toi dans un trou vide de ta rangée, face à des graines : joue `h1`.
learn-engehe-capture-1-wrong-tap = S'arrêter dans la rangée de Nord ne prend rien. Arrête-toi dans un trou vide de ta rangée, face à des graines : joue le trou qui brille.
learn-engehe-capture-2 = Si le trou d'en face est vide, tu prends ta propre dernière graine. Fais arriver ta dernière graine en h4.
learn-engehe-capture-2-tap = Si le trou d'en face est vide, tu prends ta propre dernière graine. Fais arriver ta dernière graine dans le trou qui brille.
learn-engehe-capture-2-wrong = Arrête-toi dans ton trou vide h4 : en face, il n'y a rien, alors tu prends ta graine. Joue `h2`.
learn-engehe-capture-2-wrong-tap = Arrête-toi dans ton trou vide qui brille : en face, il n'y a rien, alors tu prends ta graine. Joue le trou qui a 2 graines.
learn-engehe-capture-3 = Continue à semer, puis prends ! Trouve le coup qui prend.
learn-engehe-capture-3-wrong = Joue `h4` : tu continues depuis h7, tu reviens dans ta rangée et tu t'arrêtes en h0, face à h11.
learn-engehe-capture-3-wrong-tap = Joue le trou qui a 3 graines : tu continues depuis la rangée de Nord, tu reviens dans ta rangée et tu t'arrêtes dans ton premier trou, face aux graines de Nord.
learn-engehe-capture-4 = Plusieurs coups prennent. Trouve celui qui prend le plus de graines.
learn-engehe-capture-4-wrong = Ce coup a pris moins de graines. Arrête-toi en h4, face aux 5 graines de h11 : joue `h3`.
learn-engehe-capture-4-wrong-tap = Ce coup a pris moins de graines. Arrête-toi en face des 5 graines de Nord : joue la deuxième de tes graines seules.

learn-engehe-teams = Jouer en équipe
learn-engehe-teams-1 = On joue à l'En Gehé en deux équipes. Toute ton équipe est un seul joueur : choisis le coup avec elle. Joue un de tes trous.
learn-engehe-teams-2 = Peu importe qui déplace les graines : le coup est celui de l'équipe. Avec ton équipe, trouve le coup qui prend.
learn-engehe-teams-2-wrong = Un seul coup finit dans un trou vide de ta rangée, face à des graines de Nord. C'est `h7` : joue-le.
learn-engehe-teams-2-wrong-tap = Un seul coup finit dans un trou vide de ta rangée, face à des graines de Nord. C'est ton dernier trou, à droite : joue-le.
learn-engehe-teams-3 = Prendre n'est pas toujours le mieux. Si tu joues `h2` pour prendre 2 graines, Nord en prend 5 ensuite. Parle avec ton équipe et trouve un meilleur coup.
learn-engehe-teams-3-tap = Prendre n'est pas toujours le mieux. Si tu joues ton trou qui brille pour prendre 2 graines, Nord en prend 5 ensuite avec son trou qui brille. Parle avec ton équipe et trouve un meilleur coup.
learn-engehe-teams-3-wrong = Après `h2`, Nord joue `h10` et prend 5 graines. Joue `h4` : il ne prend rien, et Nord ne pourra prendre qu'une graine.
learn-engehe-teams-3-wrong-tap = Après ton trou qui brille, Nord joue son trou qui brille et prend 5 graines. Joue ton autre trou qui a 3 graines : il ne prend rien, et Nord ne pourra prendre qu'une graine.

learn-engehe-ending = La fin de la partie
learn-engehe-ending-1 = Quand Nord ne peut plus jouer, la partie s'arrête et tu prends toutes les graines qui restent sur le plateau. Prends les dernières graines de Nord !
learn-engehe-ending-1-wrong = Prends les dernières graines de Nord, en h9 : arrête-toi en h2 avec `h1`. Nord ne peut plus jouer, et les graines qui restent sont à toi.
learn-engehe-ending-1-wrong-tap = Prends les dernières graines de Nord, dans son trou qui brille : arrête-toi juste en face avec ta graine seule. Nord ne peut plus jouer, et les graines qui restent sont à toi.
learn-engehe-ending-2 = Si ta rangée est vide quand c'est ton tour, tu ne peux pas jouer : la partie s'arrête et Nord prend toutes les graines qui restent. Garde une graine dans ta rangée !
learn-engehe-ending-2-wrong = Avec `h4`, toutes tes graines sont parties dans la rangée de Nord. Tu ne peux plus jouer, et Nord prend le reste. Joue `h5`.
learn-engehe-ending-2-wrong-tap = Avec la première de tes deux graines, toutes tes graines sont parties dans la rangée de Nord. Tu ne peux plus jouer, et Nord prend le reste. Joue ton dernier trou, à droite.
learn-engehe-ending-3 = Un coup qui tournerait en rond pour toujours est interdit : `h1` en est un. Joue `h0`.
learn-engehe-ending-3-tap = Un coup qui tournerait en rond pour toujours est interdit : le trou qui brille en est un. Joue ton autre trou.
