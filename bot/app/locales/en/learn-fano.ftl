# The fano course (bot/learn/courses/fano.toml): one title per lesson, one sentence per step,
# and what a wrong try is told. Short sentences for young readers.
# A line ending in -tap says the same on a class page played by taps, where the typed words
# name moves or places in notation: no notation there, the places it means lit on the board.

learn-fano-goal = The board and the goal
learn-fano-goal-1 = The board is one row of cells. You are White, and you play against Black. Every game has a winner. Slide your pawn to the next cell: play `1-2`.
learn-fano-goal-1-tap = The board is one row of cells. You are White, and you play against Black. Every game has a winner. Slide your pawn to the next cell.
learn-fano-goal-2 = Black has one pawn left. Take it and you win! Walk up next to it: play `2-3`.
learn-fano-goal-2-tap = Black has one pawn left. Take it and you win! Walk up next to it.
learn-fano-goal-2-wrong = To win, take Black's last pawn. Walk up next to it: play `2-3`.
learn-fano-goal-2-wrong-tap = To win, take Black's last pawn. Walk up next to it, as the arrow shows.
learn-fano-goal-3 = You also win when Black cannot move. The black pawn on 1 is stuck. Take the pawn on 5: play `7-6`.
learn-fano-goal-3-tap = You also win when Black cannot move. The black pawn on 1 is stuck. Take the pawn on 5: follow the arrow.
learn-fano-goal-3-wrong = Keep the pawn on 1 stuck and take the pawn on 5 with `7-6`. Then Black cannot move and loses.
learn-fano-goal-3-wrong-tap = Keep the pawn on 1 stuck and take the pawn on 5, as the arrow shows. Then Black cannot move and loses.

learn-fano-placing = Placing your pawns
learn-fano-placing-1 = First, the players put their pawns on the board, one at a time. White starts. On 7 cells, each player has 2 pawns. Type @ and an empty cell, like `@4`.
learn-fano-placing-1-tap = First, the players put their pawns on the board, one at a time. White starts. On 7 cells, each player has 2 pawns. Touch an empty cell twice to put a pawn there.
learn-fano-placing-2 = You may place a pawn right next to a black pawn. Placing never takes a pawn. Play `@3`.
learn-fano-placing-2-tap = You may place a pawn right next to a black pawn. Placing never takes a pawn. Put your pawn on the cell that shines.
learn-fano-placing-2-wrong = This time, put your pawn on cell 3, next to the black pawn: type `@3`. Nothing is taken.
learn-fano-placing-2-wrong-tap = This time, put your pawn on the cell that shines, next to the black pawn. Nothing is taken.
learn-fano-placing-3 = Now you are Black, and you place the last pawn. Then White must slide. Put your pawn where the white pawn cannot move!
learn-fano-placing-3-wrong = The white pawn on 1 can only go to cell 2. Put your pawn there with `@2`: White cannot move and loses.
learn-fano-placing-3-wrong-tap = The white pawn on 1 can only go to cell 2. Put your pawn there: White cannot move and loses.
learn-fano-placing-4 = Careful! Two pawns side by side at the end of the row can be shut in. Put your last pawn on a safe cell.
learn-fano-placing-4-wrong = On cell 2, your two pawns are stuck together at the end. Black places on cell 3 and you cannot move. Put it on another cell, like `@4`.
learn-fano-placing-4-wrong-tap = On cell 2, your two pawns are stuck together at the end. Black places on cell 3 and you cannot move. Put it on another cell, like cell 4.

learn-fano-sliding = Sliding
learn-fano-sliding-1 = When all the pawns are placed, you slide one pawn to the empty cell next to it. Move your pawn from cell 3 to cell 4: play `3-4`.
learn-fano-sliding-1-tap = When all the pawns are placed, you slide one pawn to the empty cell next to it. Move your pawn from cell 3 to cell 4.
learn-fano-sliding-1-wrong = Play `3-4`: first the cell your pawn is on, then the cell it goes to.
learn-fano-sliding-1-wrong-tap = Touch the cell your pawn is on first, then the cell it goes to: follow the arrow.
learn-fano-sliding-2 = Pawns can slide to the left too. Move your pawn from cell 4 to cell 3: play `4-3`.
learn-fano-sliding-2-tap = Pawns can slide to the left too. Move your pawn from cell 4 to cell 3.
learn-fano-sliding-2-wrong = Move the pawn on 4 one cell to the left: play `4-3`.
learn-fano-sliding-2-wrong-tap = Move the pawn on 4 one cell to the left, as the arrow shows.
learn-fano-sliding-3 = A pawn can only go to an empty cell. Your pawn on 7 is stuck. Slide your other pawn. If none of your pawns can move, you lose.

learn-fano-capture = Taking pawns
learn-fano-capture-1 = Walk towards a black pawn and stop right next to it: you take it! Take the pawn on 4.
learn-fano-capture-1-wrong = To take, walk towards the black pawn and stop right next to it. Play `2-3`.
learn-fano-capture-1-wrong-tap = To take, walk towards the black pawn and stop right next to it: move your pawn from cell 2 to cell 3.
learn-fano-capture-2 = You can take to the left too. Take the pawn on 1.
learn-fano-capture-2-wrong = Walk to the left, up to the pawn on 1: play `3-2`.
learn-fano-capture-2-wrong-tap = Walk to the left, up to the pawn on 1: move from cell 3 to cell 2.
learn-fano-capture-3 = Walking away from a pawn takes nothing. Only the pawn in front of you is taken. Take a black pawn.
learn-fano-capture-3-wrong = Nothing was taken: you must walk towards a black pawn and stop next to it. Play `5-6` to take the pawn on 7.
learn-fano-capture-3-wrong-tap = Nothing was taken: you must walk towards a black pawn and stop next to it. Move from cell 5 to cell 6 to take the pawn on 7.
learn-fano-capture-4 = Black pawns side by side are all taken together. Take as many pawns as you can!
learn-fano-capture-4-wrong = That takes only one pawn. Walk up to the two pawns on 5 and 6: play `3-4`.
learn-fano-capture-4-wrong-tap = That takes only one pawn. Walk up to the two pawns on 5 and 6: move from cell 3 to cell 4.
learn-fano-capture-5 = The taking stops at an empty cell. Play `2-3`: the pawns on 4 and 5 are taken, and the pawn on 7 stays.
learn-fano-capture-5-tap = The taking stops at an empty cell. Follow the arrow: the pawns on 4 and 5 are taken, and the pawn on 7 stays.
learn-fano-capture-5-wrong = Play `2-3` to take the pawns on 4 and 5. The empty cell 6 stops the taking, so the pawn on 7 stays.
learn-fano-capture-5-wrong-tap = Follow the arrow to take the pawns on 4 and 5. The empty cell 6 stops the taking, so the pawn on 7 stays.

learn-fano-winning = Winning
learn-fano-winning-1 = Take all of Black's pawns in one move, and win!
learn-fano-winning-1-wrong = Walk up to the two black pawns: play `3-4`. Both are taken, and Black has no pawn left.
learn-fano-winning-1-wrong-tap = Walk up to the two black pawns: move from cell 3 to cell 4. Both are taken, and Black has no pawn left.
learn-fano-winning-2 = The black pawn on 1 is stuck. Take the pawn on 4, and keep the pawn on 1 stuck. Then Black cannot move!
learn-fano-winning-2-wrong = Keep your pawn on 2 where it is, so the pawn on 1 stays stuck. Take the pawn on 4 with `6-5`: then Black cannot move and loses.
learn-fano-winning-2-wrong-tap = Keep your pawn on 2 where it is, so the pawn on 1 stays stuck. Take the pawn on 4 by moving from cell 6 to cell 5: then Black cannot move and loses.
learn-fano-winning-3 = Find the move that leaves Black with no pawn that can move.
learn-fano-winning-3-wrong = Keep your pawn on 6 where it is, so the pawn on 7 stays stuck. Take the pawn on 4 with `2-3`: then Black cannot move and loses.
learn-fano-winning-3-wrong-tap = Keep your pawn on 6 where it is, so the pawn on 7 stays stuck. Take the pawn on 4 by moving from cell 2 to cell 3: then Black cannot move and loses.

learn-fano-safe-moves = Playing safe
learn-fano-safe-moves-1 = Careful! If only one empty cell is left between your pawn and a black pawn, Black steps in and takes you. Play a safe move.
learn-fano-safe-moves-1-wrong = After `3-4`, only cell 5 is left between you and the black pawn. Black plays `6-5` and takes. Play `2-1` instead.
learn-fano-safe-moves-1-wrong-tap = If your pawn goes from cell 3 to cell 4, only cell 5 is left between you and the black pawn: Black steps in and takes. Move from cell 2 to cell 1 instead.
learn-fano-safe-moves-2 = The black pawn on 7 is waiting. Do not leave just one empty cell in front of it. Play a safe move.
learn-fano-safe-moves-2-wrong = After `4-5`, only cell 6 is left between you and the black pawn. Black plays `7-6` and takes. Try `1-2` or `4-3`.
learn-fano-safe-moves-2-wrong-tap = If your pawn goes from cell 4 to cell 5, only cell 6 is left between you and the black pawn: Black steps in and takes. Move from cell 1 to cell 2, or from cell 4 to cell 3.
learn-fano-safe-moves-3 = A puzzle! Make Black come to you. Leave two empty cells between you and Black: Black must step closer, and then you take.
learn-fano-safe-moves-3-wrong = After `2-1`, four cells are empty, and Black can wait. Play `2-3`: two cells are left, Black must step into one, and you take.
learn-fano-safe-moves-3-wrong-tap = If you go back to cell 1, four cells are empty, and Black can wait. Move from cell 2 to cell 3: two cells are left, Black must step into one, and you take.
