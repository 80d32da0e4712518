# Le cours de Mangala (bot/learn/courses/mangala.toml) : un titre par leçon, une phrase par étape.
# Au Mangala, chaque coup est imposé : aucune étape n'a d'essai manqué, chaque phrase dit ce qui
# va se passer et ce qu'il faut regarder. Des phrases courtes pour de jeunes lecteurs.
# Une ligne qui finit par -tap dit la même chose sur une page de la classe jouée en touchant,
# là où les mots à écrire nomment des coups ou des cases en notation : sans notation, les
# places dont elle parle brillent sur le plateau.

learn-mangala-goal = Le plateau et le but
learn-mangala-goal-1 = Deux rangées de 7 trous, avec 7 graines dans chaque trou. Ta rangée est en bas, de `h0` à ta gauche à `h6` à ta droite. Joue `h0`.
learn-mangala-goal-1-tap = Deux rangées de 7 trous, avec 7 graines dans chaque trou. Ta rangée est en bas : elle va du trou qui brille à ta gauche à celui de ta droite. Joue le trou de gauche.
learn-mangala-goal-2 = Les trous font un cercle. Après `h6`, tes graines continuent dans la rangée de Nord, en `h7`. Joue `h5` et regarde.
learn-mangala-goal-2-tap = Les trous font un cercle. Après ton dernier trou à droite, tes graines continuent dans la rangée de Nord : regarde les deux trous qui brillent. Joue et regarde.
learn-mangala-goal-3 = Tu gagnes si tu as plus de graines que Nord. Tu en as 45, Nord en a 46. Joue `h0` : tu prends les 7 graines de `h1` et `h12`, et tu gagnes !
learn-mangala-goal-3-tap = Tu gagnes si tu as plus de graines que Nord. Tu en as 45, Nord en a 46. Joue : tu prends les 7 graines des deux trous qui brillent, et tu gagnes !

learn-mangala-sides = Choisir son camp
learn-mangala-sides-1 = D'abord, le jeu des pièces : Tek mi, Çift mi ? Un joueur cache 1 ou 2 pièces, l'autre devine : impair ou pair. Le gagnant choisit son camp. Tu as pris Sud : Sud commence. Joue `h0`.
learn-mangala-sides-1-tap = D'abord, le jeu des pièces : Tek mi, Çift mi ? Un joueur cache 1 ou 2 pièces, l'autre devine : impair ou pair. Le gagnant choisit son camp. Tu as pris Sud : Sud commence. Joue le trou qui brille.
learn-mangala-sides-2 = Cette fois, tu as pris Nord. Ta rangée est l'autre, de `h7` à `h13`. Sud a joué. À toi : joue `h7`.
learn-mangala-sides-2-tap = Cette fois, tu as pris Nord. Ta rangée est l'autre : ses deux bouts brillent. Sud a joué. À toi !
learn-mangala-sides-3 = Depuis le départ habituel, chaque partie se joue pareil, et Sud gagne 64 à 34. Alors si tu gagnes le jeu des pièces, choisis Sud ! Joue `h0`.
learn-mangala-sides-3-tap = Depuis le départ habituel, chaque partie se joue pareil, et Sud gagne 64 à 34. Alors si tu gagnes le jeu des pièces, choisis Sud ! Joue le trou qui brille.

learn-mangala-sowing = Semer
learn-mangala-sowing-1 = Tu ne choisis jamais ton coup : tu sèmes depuis ton premier trou qui a des graines, en comptant depuis `h0` (Nord compte depuis `h7`). `h0` et `h1` sont vides, alors joue `h2`.
learn-mangala-sowing-1-tap = Tu ne choisis jamais ton coup : tu sèmes depuis ton premier trou qui a des graines, en comptant depuis ta gauche (Nord compte depuis son premier trou à lui). Tes deux premiers trous sont vides, alors joue celui qui brille.
learn-mangala-sowing-2 = `h2` passe en premier, même si `h5` a plus de graines. Prends ses 2 graines et pose-en une dans chaque trou suivant : `h3`, puis `h4`. Joue `h2`.
learn-mangala-sowing-2-tap = Ton premier trou qui a des graines passe en premier, même si un autre en a plus. Prends ses 2 graines et pose-en une dans chaque trou suivant : ils brillent. Joue-le.
learn-mangala-sowing-3 = Tu es Nord maintenant : tes trous vont de `h7` à `h13`. `h7` et `h8` sont vides, alors joue `h9`.
learn-mangala-sowing-3-tap = Tu es Nord maintenant : ta rangée est l'autre. Tes deux premiers trous sont vides, alors joue celui qui brille.
learn-mangala-sowing-4 = `h0` a 14 graines : une pour chaque trou. Elles font tout le tour, et la dernière retombe dans `h0`. Joue `h0`.
learn-mangala-sowing-4-tap = Le trou qui brille a 14 graines : une pour chaque trou. Elles font tout le tour, et la dernière retombe dedans. Joue-le.

learn-mangala-relay = Semer encore
learn-mangala-relay-1 = Ta graine tombe dans `h1`, et ça fait 3. 3, c'est semer encore : prends les 3 graines et sème-les à partir de `h2`. Joue `h0`.
learn-mangala-relay-1-tap = Ta graine tombe dans le trou qui brille, et ça fait 3. 3, c'est semer encore : prends les 3 graines et sème-les à partir du trou suivant. Joue ton premier trou qui a des graines.
learn-mangala-relay-2 = `h1` a 4 graines. Ta graine fait 5 : à partir de 5, on sème encore aussi. Joue `h0`.
learn-mangala-relay-2-tap = Le trou qui brille a 4 graines. Ta graine fait 5 : à partir de 5, on sème encore aussi. Joue ton premier trou qui a des graines.
learn-mangala-relay-3 = Suis les graines : 3 dans `h2`, on sème encore. 5 dans `h5`, on sème encore. Puis un trou vide, `h10`, et le coup s'arrête. Joue `h0`.
learn-mangala-relay-3-tap = Suis les graines : 3 dans le premier trou qui brille, on sème encore. 5 dans le suivant, on sème encore. Puis un trou vide, le dernier qui brille, et le coup s'arrête. Joue ton premier trou qui a des graines.
learn-mangala-relay-4 = Tu es Nord. Ta graine fait 5 dans `h8`, alors tu sèmes encore. La dernière tombe dans `h13`, qui est vide : stop. Joue `h7`.
learn-mangala-relay-4-tap = Tu es Nord. Ta graine fait 5 dans un trou qui brille, alors tu sèmes encore. La dernière tombe dans l'autre, qui est vide : stop. Joue ton premier trou qui a des graines.

learn-mangala-capture = Prendre
learn-mangala-capture-1 = Si ta dernière graine fait 2 ou 4, tu prends ! Ta graine fait 2 dans `h3` : tu prends `h3` et le trou d'en face, `h10`. Joue `h2`.
learn-mangala-capture-1-tap = Si ta dernière graine fait 2 ou 4, tu prends ! Ta graine fait 2 dans un trou qui brille : tu le prends avec le trou d'en face, qui brille aussi. Joue ton premier trou qui a des graines.
learn-mangala-capture-2 = 4, ça prend aussi. Ta graine fait 4 dans `h1` : tu le prends avec `h12`, en face. Joue `h0`.
learn-mangala-capture-2-tap = 4, ça prend aussi. Ta graine fait 4 dans un trou qui brille : tu le prends avec le trou d'en face. Joue ton premier trou qui a des graines.
learn-mangala-capture-3 = Après une prise, regarde en arrière : les trous juste avant avec 2 ou 4 sont pris aussi, chacun avec son trou d'en face. Joue `h0` et compte : 17 graines !
learn-mangala-capture-3-tap = Après une prise, regarde en arrière : les trous juste avant avec 2 ou 4 sont pris aussi, chacun avec son trou d'en face. Joue ton premier trou qui a des graines et compte : 17 graines !
learn-mangala-capture-4 = Tu peux prendre dans la rangée de Nord aussi. Ta graine fait 2 dans `h8` : tu prends `h8`, `h5`, puis `h7` et `h6`. Là, `h6` est vide : ça s'arrête. Joue `h0`.
learn-mangala-capture-4-tap = Tu peux prendre dans la rangée de Nord aussi. Ta graine y fait 2 : tu prends ce trou avec celui d'en face, puis les deux trous d'avant. Les quatre brillent. Joue ton premier trou qui a des graines.
learn-mangala-capture-5 = Tu es Nord. Ta graine fait 4 dans `h1`, chez Sud : tu le prends, puis `h0` avec 2. Toutes ces graines sont à toi. Joue `h13`.
learn-mangala-capture-5-tap = Tu es Nord. Ta graine fait 4 chez Sud : tu prends ce trou, puis celui d'avant, avec 2. Les deux brillent, et toutes ces graines sont à toi. Joue ton premier trou qui a des graines.
learn-mangala-capture-6 = Un grand coup d'une vraie partie : 16 graines font tout le tour. La dernière fait 4 dans `h4`. Tu prends 15 graines ! Joue `h2`.
learn-mangala-capture-6-tap = Un grand coup d'une vraie partie : 16 graines font tout le tour. La dernière fait 4 dans un trou qui brille. Tu prends 15 graines ! Joue ton premier trou qui a des graines.

learn-mangala-pass = Passer
learn-mangala-pass-1 = Ta rangée est vide : tu ne peux pas semer. Alors tu passes. Écris `pass`.
learn-mangala-pass-1-tap = Ta rangée est vide : tu ne peux pas semer. Alors tu passes. Touche le bouton Passer.
learn-mangala-pass-2 = Passe encore : écris `pass`. Les graines de Nord font le tour du cercle, alors elles vont revenir dans ta rangée.
learn-mangala-pass-2-tap = Passe encore : touche le bouton Passer. Les graines de Nord font le tour du cercle, alors elles vont revenir dans ta rangée.
learn-mangala-pass-3 = Les graines de Nord sont arrivées dans ta rangée. Tu as des graines, alors tu dois semer : pas de passe. Joue `h0`.
learn-mangala-pass-3-tap = Les graines de Nord sont arrivées dans ta rangée. Tu as des graines, alors tu dois semer : pas de passe. Joue ton premier trou qui a des graines.
learn-mangala-pass-4 = Tu es Nord, et ta rangée est vide. Écris `pass`.
learn-mangala-pass-4-tap = Tu es Nord, et ta rangée est vide. Touche le bouton Passer.

learn-mangala-ending = La fin de la partie
learn-mangala-ending-1 = La partie finit quand tous les trous sont vides. Prends les dernières graines, dans `h5` et `h8`, et gagne 52 à 46 ! Joue `h4`.
learn-mangala-ending-1-tap = La partie finit quand tous les trous sont vides. Prends les dernières graines, dans les deux trous qui brillent, et gagne 52 à 46 ! Joue ton premier trou qui a des graines.
learn-mangala-ending-2 = Tu as 44, Nord a 49. Prends les 5 dernières graines : 49 chacun, c'est match nul ! Joue `h5`.
learn-mangala-ending-2-tap = Tu as 44, Nord a 49. Prends les 5 dernières graines : 49 chacun, c'est match nul ! Joue ton premier trou qui a des graines.
learn-mangala-ending-3 = Joue `h2` : tu prends 2 graines. Après, il ne reste qu'une seule graine, dans `h4`.
learn-mangala-ending-3-tap = Joue ton premier trou qui a des graines : tu prends 2 graines. Après, il ne reste qu'une seule graine, dans le dernier trou qui brille.
learn-mangala-ending-4 = Une graine toute seule ne peut jamais faire 2 : elle tourne sans fin. Quand le plateau revient pareil, la partie s'arrête. Chacun garde les graines de sa rangée. Joue `h4`.
learn-mangala-ending-4-tap = Une graine toute seule ne peut jamais faire 2 : elle tourne sans fin. Quand le plateau revient pareil, la partie s'arrête. Chacun garde les graines de sa rangée. Joue la graine qui brille.
