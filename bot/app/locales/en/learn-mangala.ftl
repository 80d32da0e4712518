# The Mangala course (bot/learn/courses/mangala.toml): one title per lesson, one sentence per step.
# Every Mangala move is forced, so no step has a wrong try: each sentence says what will happen
# and what to watch. Short sentences for young readers.
# A line ending in -tap says the same on a class page played by taps, where the typed words
# name moves or places in notation: no notation there, the places it means lit on the board.

learn-mangala-goal = The board and the goal
learn-mangala-goal-1 = Two rows of 7 holes, with 7 seeds in each hole. Your row is at the bottom, from `h0` on your left to `h6` on your right. Play `h0`.
learn-mangala-goal-1-tap = Two rows of 7 holes, with 7 seeds in each hole. Your row is at the bottom: it goes from the hole that shines on your left to the one on your right. Play the hole on your left.
learn-mangala-goal-2 = The holes make a ring. After `h6`, your seeds go on into North's row, at `h7`. Play `h5` and watch.
learn-mangala-goal-2-tap = The holes make a ring. After your last hole on the right, your seeds go on into North's row: look at the two holes that shine. Play and watch.
learn-mangala-goal-3 = You win with more seeds than North. You have 45, North has 46. Play `h0`: you take the 7 seeds of `h1` and `h12`, and you win!
learn-mangala-goal-3-tap = You win with more seeds than North. You have 45, North has 46. Play: you take the 7 seeds of the two holes that shine, and you win!

learn-mangala-sides = Choosing sides
learn-mangala-sides-1 = First comes the coin game, Tek mi, Çift mi? One player hides 1 or 2 coins, the other guesses: odd or even. The winner chooses a side. You chose South: South starts. Play `h0`.
learn-mangala-sides-1-tap = First comes the coin game, Tek mi, Çift mi? One player hides 1 or 2 coins, the other guesses: odd or even. The winner chooses a side. You chose South: South starts. Play the hole that shines.
learn-mangala-sides-2 = This time you chose North. Your row is the other one, from `h7` to `h13`. South has played. Your turn: play `h7`.
learn-mangala-sides-2-tap = This time you chose North. Your row is the other one: its two ends shine. South has played. Your turn!
learn-mangala-sides-3 = From the usual start, every game goes the same way, and South wins 64 to 34. So if you win the coin game, choose South! Play `h0`.
learn-mangala-sides-3-tap = From the usual start, every game goes the same way, and South wins 64 to 34. So if you win the coin game, choose South! Play the hole that shines.

learn-mangala-sowing = Sowing
learn-mangala-sowing-1 = You never choose your move: you sow from your first hole with seeds, counting from `h0` (North counts from `h7`). `h0` and `h1` are empty, so play `h2`.
learn-mangala-sowing-1-tap = You never choose your move: you sow from your first hole with seeds, counting from your left (North counts from its own first hole). Your first two holes are empty, so play the one that shines.
learn-mangala-sowing-2 = `h2` comes first, even if `h5` has more. Take its 2 seeds and drop one in each next hole: `h3`, then `h4`. Play `h2`.
learn-mangala-sowing-2-tap = Your first hole with seeds comes first, even if another has more. Take its 2 seeds and drop one in each next hole: they shine. Play it.
learn-mangala-sowing-3 = You are North now: your holes are `h7` to `h13`. `h7` and `h8` are empty, so play `h9`.
learn-mangala-sowing-3-tap = You are North now: your row is the other one. Your first two holes are empty, so play the one that shines.
learn-mangala-sowing-4 = `h0` has 14 seeds: one for every hole. They go all the way round, and the last one falls back into `h0`. Play `h0`.
learn-mangala-sowing-4-tap = The hole that shines has 14 seeds: one for every hole. They go all the way round, and the last one falls back into it. Play it.

learn-mangala-relay = Sowing again
learn-mangala-relay-1 = Your seed falls in `h1` and makes 3 there. 3 means sow again: take the 3 seeds and sow them from `h2`. Play `h0`.
learn-mangala-relay-1-tap = Your seed falls in the hole that shines and makes 3 there. 3 means sow again: take the 3 seeds and sow them on from the next hole. Play your first hole with seeds.
learn-mangala-relay-2 = `h1` has 4 seeds. Your seed makes 5 there: 5 or more means sow again too. Play `h0`.
learn-mangala-relay-2-tap = The hole that shines has 4 seeds. Your seed makes 5 there: 5 or more means sow again too. Play your first hole with seeds.
learn-mangala-relay-3 = Follow the seeds: 3 in `h2`, sow again. 5 in `h5`, sow again. Then an empty hole, `h10`, and the move stops. Play `h0`.
learn-mangala-relay-3-tap = Follow the seeds: 3 in the first hole that shines, sow again. 5 in the next one, sow again. Then an empty hole, the last that shines, and the move stops. Play your first hole with seeds.
learn-mangala-relay-4 = You are North. Your seed makes 5 in `h8`, so you sow again. The last seed falls in `h13`, which is empty: stop. Play `h7`.
learn-mangala-relay-4-tap = You are North. Your seed makes 5 in a hole that shines, so you sow again. The last seed falls in the other one, which is empty: stop. Play your first hole with seeds.

learn-mangala-capture = Capturing
learn-mangala-capture-1 = If your last seed makes 2 or 4, you capture! Your seed makes 2 in `h3`: you take `h3` and the hole across, `h10`. Play `h2`.
learn-mangala-capture-1-tap = If your last seed makes 2 or 4, you capture! Your seed makes 2 in a hole that shines: you take it with the hole across, which shines too. Play your first hole with seeds.
learn-mangala-capture-2 = 4 captures too. Your seed makes 4 in `h1`: you take it with `h12`, across. Play `h0`.
learn-mangala-capture-2-tap = 4 captures too. Your seed makes 4 in a hole that shines: you take it with the hole across. Play your first hole with seeds.
learn-mangala-capture-3 = After a capture, look back: the holes just before with 2 or 4 are taken too, each with the hole across. Play `h0` and count: 17 seeds!
learn-mangala-capture-3-tap = After a capture, look back: the holes just before with 2 or 4 are taken too, each with the hole across. Play your first hole with seeds and count: 17 seeds!
learn-mangala-capture-4 = You can capture in North's row too. Your seed makes 2 in `h8`: you take `h8`, `h5`, then `h7` and `h6`. Now `h6` is empty, so it stops. Play `h0`.
learn-mangala-capture-4-tap = You can capture in North's row too. Your seed makes 2 there: you take it with the hole across, then the two holes before them. All four shine. Play your first hole with seeds.
learn-mangala-capture-5 = You are North. Your seed makes 4 in `h1`, in South's row: you take it, then `h0` with 2. All these seeds are yours. Play `h13`.
learn-mangala-capture-5-tap = You are North. Your seed makes 4 in South's row: you take it, then the hole before it, with 2. Both shine, and all these seeds are yours. Play your first hole with seeds.
learn-mangala-capture-6 = A big move from a real game: 16 seeds go all the way round. The last one makes 4 in `h4`. You take 15 seeds! Play `h2`.
learn-mangala-capture-6-tap = A big move from a real game: 16 seeds go all the way round. The last one makes 4 in a hole that shines. You take 15 seeds! Play your first hole with seeds.

learn-mangala-pass = Passing
learn-mangala-pass-1 = Your row is empty: you cannot sow. Then you pass. Type `pass`.
learn-mangala-pass-1-tap = Your row is empty: you cannot sow. Then you pass. Touch the Pass button.
learn-mangala-pass-2 = Pass again: type `pass`. North's seeds go round the ring, so they will come back to your row.
learn-mangala-pass-2-tap = Pass again: touch the Pass button. North's seeds go round the ring, so they will come back to your row.
learn-mangala-pass-3 = North's seeds came into your row. You have seeds, so you must sow: no pass now. Play `h0`.
learn-mangala-pass-3-tap = North's seeds came into your row. You have seeds, so you must sow: no pass now. Play your first hole with seeds.
learn-mangala-pass-4 = You are North, and your row is empty. Type `pass`.
learn-mangala-pass-4-tap = You are North, and your row is empty. Touch the Pass button.

learn-mangala-ending = The end of the game
learn-mangala-ending-1 = The game ends when every hole is empty. Take the last seeds, in `h5` and `h8`, and win 52 to 46! Play `h4`.
learn-mangala-ending-1-tap = The game ends when every hole is empty. Take the last seeds, in the two holes that shine, and win 52 to 46! Play your first hole with seeds.
learn-mangala-ending-2 = You have 44, North has 49. Take the last 5 seeds: 49 each, it is a draw! Play `h5`.
learn-mangala-ending-2-tap = You have 44, North has 49. Take the last 5 seeds: 49 each, it is a draw! Play your first hole with seeds.
learn-mangala-ending-3 = Play `h2`: you take 2 seeds. After that, only one seed is left, in `h4`.
learn-mangala-ending-3-tap = Play your first hole with seeds: you take 2 seeds. After that, only one seed is left, in the last hole that shines.
learn-mangala-ending-4 = One seed alone can never make 2, so it goes round and round. When the board comes back the same, the game stops. Each player keeps the seeds in their row. Play `h4`.
learn-mangala-ending-4-tap = One seed alone can never make 2, so it goes round and round. When the board comes back the same, the game stops. Each player keeps the seeds in their row. Play the seed that shines.
