# The Samantsy course (bot/learn/courses/samantsy.toml): one title per lesson, one sentence per step,
# and what a wrong try is told. Short sentences for young readers.
# A line ending in -tap says the same on a class page played by taps, where the typed words
# name moves or places in notation: no notation there, the places it means lit on the board.

learn-samantsy-goal = The board and the goal
learn-samantsy-goal-1 = This is the start. You are White, and White plays first. Your hova is on e1. Move any piece, like `e2-e4`.
learn-samantsy-goal-1-tap = This is the start. You are White, and White plays first. Your hova and the black hova shine. Move any piece.
learn-samantsy-goal-2 = To win, block the black hova: it must have no safe square to go to. Play `b1-b8`.
learn-samantsy-goal-2-tap = To win, block the black hova: it must have no safe square to go to. Slide your vorona all the way up, as the arrow shows.
learn-samantsy-goal-2-wrong = Your vorona on b8 attacks the whole top row. The black hova cannot move, so you win. Play `b1-b8`.
learn-samantsy-goal-2-wrong-tap = On the top row, your vorona attacks the whole row. The black hova cannot move, so you win. Follow the arrow.
learn-samantsy-goal-3 = The black hova is not even attacked. But if it cannot move, you still win. Play `h1-h7`.
learn-samantsy-goal-3-tap = The black hova is not even attacked. But if it cannot move, you still win. Follow the arrow.
learn-samantsy-goal-3-wrong = A hova that cannot move loses, even when it is not attacked. Play `h1-h7`: now a7, b7 and b8 are all attacked.
learn-samantsy-goal-3-wrong-tap = A hova that cannot move loses, even when it is not attacked. Follow the arrow: then every square next to the black hova is attacked.

learn-samantsy-zaza = The zaza
learn-samantsy-zaza-1 = A zaza goes straight ahead, as far as it likes. Slide it to d6: play `d2-d6`.
learn-samantsy-zaza-1-tap = A zaza goes straight ahead, as far as it likes. Slide it to the square that shines.
learn-samantsy-zaza-1-wrong = A zaza slides forward on empty squares, as many as it likes. Play `d2-d6`.
learn-samantsy-zaza-1-wrong-tap = A zaza slides forward on empty squares, as many as it likes. Follow the arrow.
learn-samantsy-zaza-2 = A piece is in the way. Go as far as you can.
learn-samantsy-zaza-2-wrong = A zaza stops before a piece. It cannot take straight ahead. Play `d2-d5`.
learn-samantsy-zaza-2-wrong-tap = A zaza stops before a piece. It cannot take straight ahead. Slide your zaza up to the square just before the black zaza.
learn-samantsy-zaza-3 = A zaza takes one square forward on a diagonal. Take a black piece.
learn-samantsy-zaza-3-wrong = The zaza in front blocks you. Take the one on the diagonal: play `c2-d3`.
learn-samantsy-zaza-3-wrong-tap = The zaza in front blocks you. Take the one on the diagonal, which shines.
learn-samantsy-zaza-4 = You play Black now, and the board is turned for you. Your zazas go forward, towards row 1. Take a white piece.
learn-samantsy-zaza-4-tap = You play Black now. Your zazas go forward, towards row 1. Take a white piece.
learn-samantsy-zaza-4-wrong = A zaza never takes straight ahead, only on the diagonal, going forward. Play `d5-e4`.
learn-samantsy-zaza-4-wrong-tap = A zaza never takes straight ahead, only on the diagonal, going forward. Take the piece that shines.

learn-samantsy-vorona-farasy = The vorona and the farasy
learn-samantsy-vorona-farasy-1 = The vorona goes straight, up, down or sideways, as far as it likes. Play `a1-a6`.
learn-samantsy-vorona-farasy-1-tap = The vorona goes straight, up, down or sideways, as far as it likes. Follow the arrow.
learn-samantsy-vorona-farasy-1-wrong = The vorona slides in a straight line. Go up to a6: play `a1-a6`.
learn-samantsy-vorona-farasy-1-wrong-tap = The vorona slides in a straight line. Go up to the square that shines.
learn-samantsy-vorona-farasy-2 = The vorona stops at the first piece on its way. If the piece is black, it can take it. Take it!
learn-samantsy-vorona-farasy-2-wrong = Your vorona can go onto the black farasy and take it. Play `a1-c1`.
learn-samantsy-vorona-farasy-2-wrong-tap = Your vorona can go onto the black farasy, which shines, and take it.
learn-samantsy-vorona-farasy-3 = The farasy jumps like an L: two squares, then one to the side. It can jump over pieces. Play `b1-c3`.
learn-samantsy-vorona-farasy-3-tap = The farasy jumps like an L: two squares, then one to the side. It can jump over pieces. Follow the arrow.
learn-samantsy-vorona-farasy-3-wrong = The farasy is the only piece that jumps over others. Play `b1-c3`.
learn-samantsy-vorona-farasy-3-wrong-tap = The farasy is the only piece that jumps over others. Follow the arrow.
learn-samantsy-vorona-farasy-4 = The farasy takes where it lands. Take the black zaza.
learn-samantsy-vorona-farasy-4-wrong = Jump like an L onto the zaza: two squares up, one to the right. Play `c3-d5`.
learn-samantsy-vorona-farasy-4-wrong-tap = Jump like an L onto the zaza that shines: two squares up, one to the right.

learn-samantsy-basy-anakova = The basy and the anakova
learn-samantsy-basy-anakova-1 = The basy moves exactly two squares on a diagonal. Play `c1-e3`.
learn-samantsy-basy-anakova-1-tap = The basy moves exactly two squares on a diagonal. Follow the arrow.
learn-samantsy-basy-anakova-1-wrong = The basy always goes two squares on a diagonal. Play `c1-e3`.
learn-samantsy-basy-anakova-1-wrong-tap = The basy always goes two squares on a diagonal. Follow the arrow.
learn-samantsy-basy-anakova-2 = The basy cannot jump. The square in the middle must be empty. Take a black piece.
learn-samantsy-basy-anakova-2-wrong = The zaza on d2 blocks the way to e3. The way to a3 is free: play `c1-a3`.
learn-samantsy-basy-anakova-2-wrong-tap = The zaza that shines blocks the way to the black vorona. The way to the black basy, which shines too, is free: take it.
learn-samantsy-basy-anakova-3 = The anakova moves one square on a diagonal. Take a black zaza.
learn-samantsy-basy-anakova-3-wrong = The anakova only goes on a diagonal. The zaza on c5 is on its diagonal: play `d4-c5`.
learn-samantsy-basy-anakova-3-wrong-tap = The anakova only goes on a diagonal. The zaza that shines is on its diagonal: take it.

learn-samantsy-hova = The hova
learn-samantsy-hova-1 = The hova moves one square, any way. Play `e1-f2`.
learn-samantsy-hova-1-tap = The hova moves one square, any way. Follow the arrow.
learn-samantsy-hova-1-wrong = The hova can go to any square next to it. Go to f2: play `e1-f2`.
learn-samantsy-hova-1-wrong-tap = The hova can go to any square next to it. Go to the square that shines.
learn-samantsy-hova-2 = The hova can take too. Take the zaza next to it.
learn-samantsy-hova-2-wrong = The hova takes by stepping onto a piece next to it. Play `e1-d2`.
learn-samantsy-hova-2-wrong-tap = The hova takes by stepping onto a piece next to it. Take the zaza that shines.
learn-samantsy-hova-3 = Your hova may never go where it can be taken. The farasy guards one zaza. Take the other one.
learn-samantsy-hova-3-wrong = The farasy on g4 guards f2. The zaza on d2 is not guarded: play `e1-d2`.
learn-samantsy-hova-3-wrong-tap = The black farasy guards the zaza on the right. The zaza on the left is not guarded: take it.
learn-samantsy-hova-4 = Your farasy must stay on e3: if it moves, the vorona on e8 attacks your hova. Take a piece with your vorona.
learn-samantsy-hova-4-tap = Your farasy, which shines, must stay where it is: if it moves, the black vorona that shines attacks your hova. Take a piece with your vorona.
learn-samantsy-hova-4-wrong = Never leave your hova attacked. The farasy must stay. Take with the vorona: play `a1-a6`.
learn-samantsy-hova-4-wrong-tap = Never leave your hova attacked. The farasy must stay. Take with the vorona, straight up.

learn-samantsy-promotion = A new anakova
learn-samantsy-promotion-1 = A zaza that reaches the last row becomes an anakova. Play `e4-e8`.
learn-samantsy-promotion-1-tap = A zaza that reaches the last row becomes an anakova. Follow the arrow.
learn-samantsy-promotion-1-wrong = Slide your zaza all the way to the top row. Play `e4-e8`.
learn-samantsy-promotion-1-wrong-tap = Slide your zaza all the way to the top row, as the arrow shows.
learn-samantsy-promotion-2 = Reaching the last row by taking works too. Take with your zaza.
learn-samantsy-promotion-2-wrong = Your zaza can take the vorona on its diagonal and become an anakova. Play `g7-h8`.
learn-samantsy-promotion-2-wrong-tap = Your zaza can take the vorona that shines, on its diagonal, and become an anakova.
learn-samantsy-promotion-3 = You play Black. Your zazas go forward, towards row 1: it is their last row. Make a new anakova.
learn-samantsy-promotion-3-wrong = Row 1 is the last row for Black. Play `d2-d1`.
learn-samantsy-promotion-3-wrong-tap = Row 1 is the last row for Black. Move your zaza onto the square that shines.

learn-samantsy-blocked-hova = Free your hova
learn-samantsy-blocked-hova-1 = Your own pieces block your hova. You do not lose, because a move can free it. Move a zaza that stands next to your hova.
learn-samantsy-blocked-hova-1-wrong = Open a square next to your hova. Move the zaza on d2, e2 or f2.
learn-samantsy-blocked-hova-1-wrong-tap = Open a square next to your hova. Move one of the three zazas that shine.
learn-samantsy-blocked-hova-2 = Your hova cannot move: the black voronas attack a2, b1 and b2. Use your basy to free a square.
learn-samantsy-blocked-hova-2-tap = Your hova, which shines, cannot move: the black voronas attack every square next to it. Use your basy to free a square.
learn-samantsy-blocked-hova-2-wrong = Your basy can stand in the way on d2, or take the vorona on h2. Then a2 is safe. Play `f4-d2` or `f4-h2`.
learn-samantsy-blocked-hova-2-wrong-tap = Your basy can stand in the way of the vorona that shines, or take it. Then the square above your hova is safe.
learn-samantsy-blocked-hova-3 = You play Black. Your hova cannot move. A square the enemy attacks is not free. Move the right zaza.
learn-samantsy-blocked-hova-3-wrong = The farasy attacks h7 and g8. Move the zaza on g7, or take the farasy with it: play `g7-f6`.
learn-samantsy-blocked-hova-3-wrong-tap = The farasy that shines attacks the squares next to your hova. Move the zaza that shines, or take the farasy with it.
learn-samantsy-blocked-hova-4 = Black wants to play `d8-d1`. Then your hova could not move, and you would lose. Give your hova room now.
learn-samantsy-blocked-hova-4-tap = Black wants to bring its vorona down to your back row: the squares that shine. Then your hova could not move, and you would lose. Give your hova room now.
learn-samantsy-blocked-hova-4-wrong = Your hova needs a free square. Move the zaza on f2, g2 or h2, or go to f1.
learn-samantsy-blocked-hova-4-wrong-tap = Your hova needs a free square. Move one of the three zazas in front of it, or step your hova to the left.

learn-samantsy-winning = Winning
learn-samantsy-winning-1 = You play Black. Block the white hova so that nothing can free it.
learn-samantsy-winning-1-wrong = Put your vorona on h2. Then a2, b1 and b2 are attacked, and no white move can free a square. Play `h3-h2`.
learn-samantsy-winning-1-wrong-tap = Move your vorona one square towards row 1. Then every square next to the white hova is attacked, and no white move can free a square.
learn-samantsy-winning-2 = Your hova helps: it attacks g7 and g8. Block the black hova.
learn-samantsy-winning-2-tap = Your hova helps: it attacks the squares next to it. Block the black hova, which shines.
learn-samantsy-winning-2-wrong = The black hova can still go to h7. Attack it with your vorona: play `a1-h1`.
learn-samantsy-winning-2-wrong-tap = The black hova can still go to the other square that shines. Attack it with your vorona: slide it all the way right along your back row.
learn-samantsy-winning-3 = Make a new anakova that blocks the black hova.
learn-samantsy-winning-3-wrong = Slide your zaza to b8. The new anakova attacks a7, and your vorona guards it. Play `b6-b8`.
learn-samantsy-winning-3-wrong-tap = Slide your zaza all the way to the top row, next to the black hova. The new anakova attacks the square under the hova, and your vorona guards it.
