# The En Gehé course (bot/learn/courses/engehe.toml): one title per lesson, one sentence per step,
# and what a wrong try is told. Short sentences for young readers.
# A line ending in -tap says the same on a class page played by taps, where the typed words
# name moves or places in notation: no notation there, the places it means lit on the board.

learn-engehe-goal = The long board and the goal
learn-engehe-goal-1 = You are South: your row is at the bottom. Each hole starts with 4 seeds. A real board is much longer, with 40 holes a row! Play any of your holes, like `h2`.
learn-engehe-goal-1-tap = You are South: your row is at the bottom. Each hole starts with 4 seeds. A real board is much longer, with 40 holes a row! Play any of your holes.
learn-engehe-goal-2 = North has seeds in one hole only. Take them: North cannot move, and you win! Play `h1`.
learn-engehe-goal-2-tap = North has seeds in one hole only. Take them: North cannot move, and you win! Play the hole that shines.
learn-engehe-goal-2-wrong = To win, take North's last seeds. Play `h1`: your seed stops in h2, just in front of h9.
learn-engehe-goal-2-wrong-tap = To win, take North's last seeds. Play the hole that shines: your seed stops in the next hole, just in front of North's seeds.
learn-engehe-goal-3 = North has one hole left: h12. Find the move that takes it, and win.
learn-engehe-goal-3-tap = North has one hole left: the one that shines. Find the move that takes it, and win.
learn-engehe-goal-3-wrong = You capture when your last seed stops in an empty hole of your row, in front of North's seeds. Stop in h3: play `h1`.
learn-engehe-goal-3-wrong-tap = You capture when your last seed stops in an empty hole of your row, in front of North's seeds. Stop just in front of them: play the hole with 2 seeds.

learn-engehe-sowing = Sowing
learn-engehe-sowing-1 = Take all the seeds of h5 and drop one in each next hole: to the right, then on into North's row. Play `h5`.
learn-engehe-sowing-1-tap = Take all the seeds of the hole that shines and drop one in each next hole: to the right, then on into North's row.
learn-engehe-sowing-1-wrong = Sowing goes to the right along your row, then on into North's row. Play `h5`.
learn-engehe-sowing-1-wrong-tap = Sowing goes to the right along your row, then on into North's row. Play the hole that shines.
learn-engehe-sowing-2 = A hole with just one seed can be played too. Play `h5`.
learn-engehe-sowing-2-tap = A hole with just one seed can be played too. Play the hole that shines.
learn-engehe-sowing-2-wrong = You can play any of your holes that has seeds, even just one. Play `h5`.
learn-engehe-sowing-2-wrong-tap = You can play any of your holes that has seeds, even just one. Play the hole that shines.
learn-engehe-sowing-3 = Your move stops when the last seed falls into an empty hole. Make your last seed stop in h12.
learn-engehe-sowing-3-tap = Your move stops when the last seed falls into an empty hole. Make your last seed stop in the hole that shines.
learn-engehe-sowing-3-wrong = One seed in each hole: count the holes with your finger. The 6 seeds of h6 go as far as h12. Play `h6`.
learn-engehe-sowing-3-wrong-tap = One seed in each hole: count the holes with your finger. The hole with 6 seeds sends its last one as far as the hole that shines.

learn-engehe-relay = Sowing on
learn-engehe-relay-1 = If your last seed lands on other seeds, pick them all up and sow on. Play `h2` and watch h4.
learn-engehe-relay-1-tap = If your last seed lands on other seeds, pick them all up and sow on. Play the hole that shines and watch the hole with 3 seeds.
learn-engehe-relay-1-wrong = Play `h2`: your last seed lands in h4, which has seeds, so you sow on.
learn-engehe-relay-1-wrong-tap = Play the hole that shines: your last seed lands in the hole with 3 seeds, so you sow on.
learn-engehe-relay-2 = Find the move whose last seed lands on seeds, so that you sow on.
learn-engehe-relay-2-wrong = That last seed fell into an empty hole, so the move stopped. Try `h1`.
learn-engehe-relay-2-wrong-tap = That last seed fell into an empty hole, so the move stopped. Try the first hole with 2 seeds.
learn-engehe-relay-3 = Seeds can go round the whole board and come back to your row. Play `h1` and follow them.
learn-engehe-relay-3-tap = Seeds can go round the whole board and come back to your row. Play the hole that shines and follow them.
learn-engehe-relay-3-wrong = Play `h1`: it lands on seeds in h4, then in h6, and sows on each time.
learn-engehe-relay-3-wrong-tap = Play the hole that shines: its last seed lands on seeds in North's row, then again, and sows on each time.

learn-engehe-capture = Capturing
learn-engehe-capture-1 = Stop in an empty hole of your row, and you take the seeds in front of it! Play `h1`: your seed stops in h2, in front of h9.
learn-engehe-capture-1-tap = Stop in an empty hole of your row, and you take the seeds in front of it! Play the hole that shines: your seed stops in the next hole, in front of North's seeds.
learn-engehe-capture-1-wrong = Stopping in North's row takes nothing. Stop in an empty hole of your own row, in front of seeds: play `h1`.
learn-engehe-capture-1-wrong-tap = Stopping in North's row takes nothing. Stop in an empty hole of your own row, in front of seeds: play the hole that shines.
learn-engehe-capture-2 = If the hole in front is empty, you take your own last seed. Make your last seed stop in h4.
learn-engehe-capture-2-tap = If the hole in front is empty, you take your own last seed. Make your last seed stop in the hole that shines.
learn-engehe-capture-2-wrong = Stop in your empty hole h4: there is nothing in front, so you take your own seed. Play `h2`.
learn-engehe-capture-2-wrong-tap = Stop in your empty hole that shines: there is nothing in front, so you take your own seed. Play the hole with 2 seeds.
learn-engehe-capture-3 = Sow on, then capture! Find the move that captures.
learn-engehe-capture-3-wrong = Play `h4`: you sow on from h7, come back to your row and stop in h0, in front of h11.
learn-engehe-capture-3-wrong-tap = Play the hole with 3 seeds: you sow on from North's row, come back to your row and stop in your first hole, in front of North's seeds.
learn-engehe-capture-4 = Several moves capture. Find the one that takes the most seeds.
learn-engehe-capture-4-wrong = That move took fewer seeds. Stop in h4, in front of the 5 seeds of h11: play `h3`.
learn-engehe-capture-4-wrong-tap = That move took fewer seeds. Stop in front of North's 5 seeds: play the second of your lone seeds.

learn-engehe-teams = Playing in a team
learn-engehe-teams-1 = En Gehé is played by two teams. Your whole team is one player: you choose one move together. Play any of your holes.
learn-engehe-teams-2 = It does not matter who moves the seeds: the move belongs to the team. Together, find the move that captures.
learn-engehe-teams-2-wrong = Only one move ends in an empty hole of your row, in front of North's seeds. It is `h7`: play it.
learn-engehe-teams-2-wrong-tap = Only one move ends in an empty hole of your row, in front of North's seeds. It is your last hole, on the right: play it.
learn-engehe-teams-3 = Taking is not always best. If you play `h2` to take 2 seeds, North then takes 5. Talk with your team and find a better move.
learn-engehe-teams-3-tap = Taking is not always best. If you play your hole that shines to take 2 seeds, North then takes 5 with its hole that shines. Talk with your team and find a better move.
learn-engehe-teams-3-wrong = After `h2`, North plays `h10` and takes 5 seeds. Play `h4`: it takes nothing, and North can then take only 1 seed.
learn-engehe-teams-3-wrong-tap = After your hole that shines, North plays its hole that shines and takes 5 seeds. Play your other hole with 3 seeds: it takes nothing, and North can then take only 1 seed.

learn-engehe-ending = The end of the game
learn-engehe-ending-1 = When North cannot move, the game ends and you take every seed left on the board. Take North's last seeds!
learn-engehe-ending-1-wrong = Take North's last seeds in h9: stop in h2 with `h1`. Then North cannot move, and the seeds left on the board are yours.
learn-engehe-ending-1-wrong-tap = Take North's last seeds, in North's hole that shines: stop just in front of them with your lone seed. Then North cannot move, and the seeds left on the board are yours.
learn-engehe-ending-2 = If your row is empty on your turn, you cannot move: the game ends and North takes all the seeds left. Keep a seed in your row!
learn-engehe-ending-2-wrong = With `h4`, all your seeds went into North's row. Then you cannot move, and North takes the rest. Play `h5`.
learn-engehe-ending-2-wrong-tap = With the first of your two seeds, all your seeds went into North's row. Then you cannot move, and North takes the rest. Play your last hole, on the right.
learn-engehe-ending-3 = A move that would go round and round forever is not allowed: `h1` is one. Play `h0`.
learn-engehe-ending-3-tap = A move that would go round and round forever is not allowed: the hole that shines is one. Play your other hole.
