# The Katro course (bot/learn/courses/katro.toml): one title per lesson, one sentence per step,
# and what a wrong try is told. Short sentences for young readers.
# A line ending in -tap says the same on a class page played by taps, where the typed words
# name moves or places in notation: no notation there, the places it means lit on the board.

learn-katro-goal = The board and the goal
learn-katro-goal-1 = You are South: your three rows are at the bottom. Each hole has 2 seeds. A move is a hole and a path: `a1A` sows a1 along path A, to the right on your bottom row; path B goes the other way. Play any hole of your bottom row, like `a1A`.
learn-katro-goal-1-tap = You are South: your three rows are at the bottom. Each hole has 2 seeds. A move takes the seeds of one hole and sows them, one by one, to the right or to the left. Play any hole of your bottom row.
learn-katro-goal-2 = North has seeds in one hole only. Take them all and you win! Play `a3A`.
learn-katro-goal-2-tap = North has seeds in one hole only. Take them all and you win!
learn-katro-goal-2-wrong = To win, take North's last seeds. Play `a3A`: your last seed lands in b3, in front of North's seeds.
learn-katro-goal-2-wrong-tap = To win, take North's last seeds. Follow the arrow: your seed lands in front of North's seeds.
learn-katro-goal-3 = North has one hole left. Find the move that takes it and win.
learn-katro-goal-3-wrong = Your last seed must land in front of North's seeds, in column e. Try the hole just before it.
learn-katro-goal-3-wrong-tap = Your last seed must land in front of North's seeds that shine. Try the hole just before it.

learn-katro-sowing = Sowing
learn-katro-sowing-1 = Take all the seeds of c1 and drop one in each next hole, to the right. Play `c1A`.
learn-katro-sowing-1-tap = Take all the seeds of a hole and drop one in each next hole, to the right, as the arrow shows.
learn-katro-sowing-1-wrong = Path A goes to the right along your bottom row. Play `c1A`.
learn-katro-sowing-1-wrong-tap = Sow to the right along your bottom row, as the arrow shows.
learn-katro-sowing-2 = After the last hole on the right, the seeds go up into your middle row. Play `e1A`.
learn-katro-sowing-2-tap = After the last hole on the right, the seeds go up into your middle row. Sow to the right and watch.
learn-katro-sowing-2-wrong = Sowing follows your path: to the right, then up into the middle row. Play `e1A`.
learn-katro-sowing-2-wrong-tap = Sowing follows your path: to the right, then up into the middle row. Follow the arrow.
learn-katro-sowing-3 = A hole with only one seed can be played too. Play the seed in a1, with `a1A` or `a1B`.
learn-katro-sowing-3-tap = A hole with only one seed can be played too. Play the lone seed that shines.
learn-katro-sowing-3-wrong = Any hole of your bottom row can be played, even with one seed. Play `a1A` or `a1B`.
learn-katro-sowing-3-wrong-tap = Any hole of your bottom row can be played, even with one seed. Play the hole that shines.
learn-katro-sowing-4 = You must start from your outermost row that has seeds. Here it is your bottom row: play `d1A` or `d1B`.
learn-katro-sowing-4-tap = You must start from your outermost row that has seeds. Here it is your bottom row: play the hole that shines, either way.

learn-katro-direction = Left or right
learn-katro-direction-1 = On your bottom row, path A goes right and path B goes left. On your middle row, each path turns round. Sow c1 to the left: play `c1B`.
learn-katro-direction-1-tap = You choose which way the seeds go: to the right or to the left. Sow these seeds to the left, as the arrow shows.
learn-katro-direction-1-wrong = On your bottom row, path B goes to the left. Play `c1B`.
learn-katro-direction-1-wrong-tap = This time, sow to the left, as the arrow shows.
learn-katro-direction-2 = Make your last seed land in a2, in your middle row. Play `b1B`.
learn-katro-direction-2-tap = Make your last seed land in your middle row, in the corner on the left. Sow to the left.
learn-katro-direction-2-wrong = Going left, after a1 the seeds go up to a2. Play `b1B`.
learn-katro-direction-2-wrong-tap = Going left, after the last hole the seeds go up into your middle row. Follow the arrow.
learn-katro-direction-3 = One way captures, the other does not. Choose the hole and the path that capture!
learn-katro-direction-3-wrong = Your last seed must land in front of North's seeds. From b3, go left: play `b3B`.
learn-katro-direction-3-wrong-tap = Your last seed must land in front of North's seeds that shine. Start from the second hole of your top row, and go left.

learn-katro-relay = Sowing on
learn-katro-relay-1 = If your last seed lands on other seeds, pick them all up and sow on. Play `a1A` and watch c1.
learn-katro-relay-1-tap = If your last seed lands on other seeds, pick them all up and sow on. Sow to the right and watch the hole with one seed.
learn-katro-relay-1-wrong = Play `a1A`: your last seed lands in c1, which has a seed, so you sow on.
learn-katro-relay-1-wrong-tap = Follow the arrow: your last seed lands in the hole that has a seed, so you sow on.
learn-katro-relay-2 = Find a move whose last seed lands on a seed, so that you sow on.
learn-katro-relay-2-wrong = That last seed fell in an empty hole, so the move stopped. Try `a1A` or `b1B`.
learn-katro-relay-2-wrong-tap = That last seed fell in an empty hole, so the move stopped. Sow one of your two seeds onto the other.
learn-katro-relay-3 = At the start, sowing goes on and on. Play any hole of your bottom row and follow the seeds.

learn-katro-capture = Capturing
learn-katro-capture-1 = Your front row is the row nearest the middle with seeds. Land in it, in front of North's seeds, to capture them! Play `a3A`.
learn-katro-capture-1-tap = Your front row is the row nearest the middle with seeds. Land in it, in front of North's seeds, to capture them!
learn-katro-capture-1-wrong = You capture when your last seed lands on seeds in your front row, in front of North's front row. Play `a3A`.
learn-katro-capture-1-wrong-tap = You capture when your last seed lands on seeds in your front row, in front of North's front row. Follow the arrow.
learn-katro-capture-2 = Your top row is empty, so your middle row is your front row now. Find the capture.
learn-katro-capture-2-wrong = Land on d2: it faces North's seeds in d4. On your middle row, path B goes right: play `c2B`.
learn-katro-capture-2-wrong-tap = Land in the hole that shines in your middle row: it faces North's seeds that shine. Start from the hole just to its left, and go right.
learn-katro-capture-3 = Capture North's seed. Look for the hole in front of it.
learn-katro-capture-3-wrong = North's front row is the row nearest the middle with seeds. Land in front of d4: play `e3B`.
learn-katro-capture-3-wrong-tap = North's front row is the row nearest the middle with seeds. Land in front of the seed that shines: start from the hole just to its right.
learn-katro-capture-4 = Captured seeds are sown on from the next hole. Find a move that captures 4 seeds.
learn-katro-capture-4-wrong = That move captured fewer seeds. Four of your moves capture 4: try `b1A`, `b1B`, `e1A` or `e1B`.
learn-katro-capture-4-wrong-tap = Four of your moves capture 4 seeds: try the second or the fifth hole of your bottom row, either way.

learn-katro-ending = The end of the game
learn-katro-ending-1 = Capture the seeds in b5.
learn-katro-ending-1-tap = Capture the seeds that shine.
learn-katro-ending-1-wrong = Land in b3, in front of b5: play `a3A`.
learn-katro-ending-1-wrong-tap = Land in front of the seeds that shine: from the left corner of your top row, go right.
learn-katro-ending-2 = A move that would go round and round forever is not allowed: `a1B` is one. Play any other move.
learn-katro-ending-2-tap = A move that would go round and round forever is not allowed: the hole that shines, sown to the left, is one. Play any other move.
learn-katro-ending-3 = Your bottom row is your front row now. Take North's last seed and win!
learn-katro-ending-3-wrong = Land on c1, in front of North's seed in c4: play `a1A`.
learn-katro-ending-3-wrong-tap = Land in your bottom row, in front of North's seed that shines: start from the corner on the left and go right.
