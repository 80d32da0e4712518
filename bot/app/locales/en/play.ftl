## lalao's messages (English): playing a match. Each id exists in every language (a test checks).

## Results
game-over = { $players }: match { $id } is over. { $ending }
rated-bad-value = `rated=` takes `yes` or `no`, not “{ $value }”. A friendly game: `rated=no`.
and = { " and " }

## Moves
move-played = { $player } played { $move }.
move-played-in = { $player } played { $move } in match { $id }.
your-turn-hint = Type a move to play it, like `move { $move }`.
your-turn-hint-buttons = Play a move with the buttons under the board, or with `move { $move }`.

## Finding the match
board-live = Follow it live: { $url }
not-your-turn = Wait a little: it is { $player }'s turn.

## Starting matches
challenge-yourself = You cannot challenge yourself, but you can practise: `play { $game } practice`.
side-by-rite = In Mangala the coin game decides who chooses the side.
play-unknown-word = There is no variant “{ $name }” (variants: { $variants }). To play someone, { $platform ->
    [matrix] mention them: type @ and pick their name, or write their user id, like `play fano @bodo:example.org`.
    [discord] pick them in the `opponent` option of `/lalao play`.
   *[other] write @ and their name, like `play fano @bodo`.
}
practice-started = Match { $id }: { $game }, practice. { $challenger } plays both sides.
computer-started = Match { $id }: { $challenger } plays { $game } against lalao ({ $level }). { $challenger } plays { $side }.
computer-rite = Match { $id }: { $challenger } plays { $game } against lalao ({ $level }). First the coin game, Tek mi, Çift mi? { $challenger }, hide one or two coins in your hand: type `coins 1 { $id }` or `coins 2 { $id }`. lalao calls odd or even, and whoever is right chooses the side.
computer-played = lalao played { $move }.
computer-and-forced-many = Then { $count } moves at once, lalao's and yours (each of yours the only one): { $moves }. Every move: `history { $id }`.
level-needs-computer = `level=` is for matches against lalao: write `bot` (or mention lalao) as the opponent.
challenge-named = Match { $id }: { $challenger } challenges { $opponent } to { $game }! { $opponent }, type `accept { $id }` or `decline { $id }`.
challenge-open = Match { $id }: { $challenger } wants to play { $game }. Who will play? Type `accept { $id }`.
accept-own-challenge = You cannot accept your own challenge { $id }.
not-your-challenge = This challenge is for { $opponent }.
decline-open = Challenge { $id } is open to everyone: nobody needs to decline it. Its author can `cancel { $id }`.
challenge-accepted = Match { $id }: { $opponent } accepts! { $first } starts.
challenge-declined = { $opponent } declines challenge { $id }.
cancel-playing = Match { $id } has started: you can `resign`, or ask a moderator to cancel it.
cancel-not-allowed = Only the player who made match { $id }, or a moderator, can cancel it.
match-cancelled = Match { $id } is cancelled by { $by }.

## Board and status
status-challenge = Match { $id } ({ $game }): waiting for { $opponent } to accept.
status-open = Match { $id } ({ $game }): { $challenger } is waiting for a player.
status-rite = Match { $id } ({ $game }): { $step }
status-playing = Match { $id } ({ $game }{ $practice ->
    [yes] , practice
   *[no] {""}
}): { $player } to move.
status-finished = Match { $id } ({ $game }) is over. { $result }
status-declined = Match { $id } ({ $game }) was declined.
status-cancelled = Match { $id } ({ $game }) was cancelled by { $by }.
draw-pending = { $player } offers a draw.
undo-pending = { $player } asks to take back the last move.

## Resign, draw, undo
draw-practice = In practice there is nobody to agree a draw with.
draw-computer = lalao never agrees to a draw: play on, take a move back with `undo`, or `resign`.
draw-already-offered = You already offered a draw. Wait for { $other }'s answer.
draw-offer-waiting = { $other } already offered you a draw: `draw accept` or `draw decline`.
draw-offered = { $player } offers a draw in match { $id }. { $other }, type `draw accept` or `draw decline`.
draw-none = Nobody offered a draw.
draw-declined = { $player } says no to the draw. The game goes on!
undo-done-several = Moves { $move } are taken back in match { $id }.
undo-already-asked = You already asked. Wait for { $other }'s answer.
undo-asked = { $player } asks to take back the last move of match { $id }. { $other }, type `undo accept` or `undo decline`.
undo-none = Nobody asked to take back a move.
undo-declined = { $player } says no: the move stays.

## Lists, history, export
list-empty-channel = There is no match in this channel. Start one with `play fano`!
list-empty-mine = You have no match going on. Start one with `play fano`!
list-channel = Matches in this channel ({ $count }):
list-mine = Your matches ({ $count }):
list-line = { $id } { $game }: { $players } · { $state }
list-practice = { $player } (practice)
list-versus = { $challenger } vs { $opponent }
list-anyone = anyone
list-waiting = waiting for a player
to-move-short = { $player } to move
history-empty = no move yet
history-moves = Moves: { $moves }
export-json = To replay it with `lalao rules`:
animation-caption = Match { $id } ({ $game }), { $players }: { $result } The whole game in { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, animated.
animation-unfinished = still being played.
animation-no-moves = Match { $id } has no move yet: there is nothing to animate. Play a move first!
animation-too-long = Match { $id } has { $moves } moves: too many for one animation (at most { $most }). `history { $id }` lists them all.

## Rules
rules-all = The games I know (type `rules fano` for one of them):
rules-all-line = • { $game } (`{ $id }`): { $summary }
rules-variant = Variant { $name }: { $text }
rules-variants = Variants of { $game }: { $variants }. Add them when you start a match, like `play { $game } { $variant }`.
rules-no-variants = Variants of { $game }: { $variants }.

## Mangala's rite: Tek mi, Çift mi?
rite-begins = Match { $id }: { $opponent } accepts! First the coin game: Tek mi, Çift mi? { $challenger }, hide one or two coins in your hand: send `coins 1 { $id }` or `coins 2 { $id }` to me privately.
rite-begins-direct = Match { $id }: { $opponent } accepts! First the coin game: Tek mi, Çift mi? { $challenger }, I have written to you privately: hide one or two coins there.
coins-ask-direct = Match { $id } against { $opponent }: the coin game begins. Hide one or two coins in your hand: send `coins 1 { $id }` or `coins 2 { $id }` here. Only you and I see this room.
rite-step-coins = { $player } is hiding one or two coins (`coins`).
rite-step-call = { $player } must call: odd or even? (`call odd` or `call even`)
rite-step-side = { $player } chooses the side (`side south` or `side north`).
rite-over = The coin game of match { $id } is over.
rite-not-your-step = Not you, not now: { $step }
no-rite = You have no coin game waiting.
coins-how = Hide one or two coins: send `coins 1 { $id }` or `coins 2 { $id }` privately. On the console, type `coins` alone and the number will stay hidden.
coins-private-dm = Shh! Your coins are a secret. Send them to me in our direct room: `coins 1 { $id }` or `coins 2 { $id }`.
coins-private = Shh! Your coins are a secret. Send them to me privately (on the console, type `coins` alone and then the number: it will not show).
coins-hidden = You hide { $count } in your hand. Shh!
rite-call-right = { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: { $call } was right! { $chooser } chooses the side: `side south` or `side north`.
rite-call-wrong = { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: { $call } was wrong! { $chooser } chooses the side: `side south` or `side north`.
rite-done = { $player } takes { $side }. { $first } starts. Good game!
rite-computer-call-won = lalao calls { $call }. { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: lalao is right, and takes South, the side that wins from the usual start.
rite-computer-call-lost = lalao calls { $call }. { $coins ->
    [one] There was 1 coin
   *[other] There were { $coins } coins
}: lalao is wrong! { $player }, you choose the side: `side south { $id }` or `side north { $id }`. South starts.

## Help
help-games = The five games I know:
help-unknown = I have no help about “{ $topic }”.
help-footer = Add a match number like { $example } when you have several.

## Time controls, notifications, vacations (docs/time-controls.md)
time-practice = Practice matches have no clock. Leave out `time=`.
time-computer = Matches against lalao have no clock: it answers at once. Leave out `time=`.
status-expired = Match { $id } ({ $game }): the challenge expired.
status-aborted = Match { $id } ({ $game }) was stopped because nobody moved. It does not count.

## The class screen, a web page for the projector and tablets.
web-stale = The board changed before your move arrived. Look at it again, then play.
rematch-not-over = Match { $id } is not over: a rematch comes after the end.
rematch-not-here = Match { $id } cannot be played again with `rematch`: a lesson is taken again with `learn`, and a puzzle gives way to the next with `puzzle`.
rematch-simul = Match { $id } was a board of a simul: it started again by itself for its pupil, until the simul stops.
rematch-vote = Match { $id } was played by vote: start a new vote instead, like `class vote katro`.
rematch-pending = Match { $id } is already being played again: match { $rematch }.
rematch-keep-mangala = Only a Mangala IV rematch between two people can keep its sides: every other rematch swaps them (type `rematch { $id }`).
rematch-sides-kept = The same sides as last game, without a coin game: { $challenger } plays { $side }.

# Help and the slash command's description of the verbs this folder owns.
help-group-start = start a match: with someone, open to anyone, practice, or against the computer (`play fano bot`)
help-group-answer = answer or withdraw a challenge
help-group-move = play (or just type the move)
help-group-board = show the board
help-group-end = give up, offer a draw, take back a move
help-group-matches = matches and their moves
help-group-about = rules, your settings, this help
help-group-rite = the coin game that starts a Mangala match
help-group-clock = clocks in days, time-outs, reminders
help-group-class = classroom mode for teachers
help-play = start a match: with a named player, open to anyone, practice alone, or against the computer at a level. Examples: `play fano practice`, `play fano @ana cells=5`, `play fano open misere`, `play katro @bob side=north`, `play samantsy computer level=hard` (a level alone also means the computer), `play katro time=3d`, `play fano practice position=..WB... w 1 1` (from a set position, written last).
help-accept = accept a challenge made to you, or an open challenge.
help-decline = say no to a challenge made to you.
help-cancel = withdraw your challenge or stop your practice match. Moderators can cancel any match of their channel.
help-move = play a move (or type just the move). Each game writes its moves its own way:
help-board = show the board, in a style, seen from a side. `reader` describes it in sentences for screen readers.
help-resign = give up the match.
help-draw = offer a draw, or accept the one you were offered; `decline` says no.
help-undo = take back the last move. In practice it happens at once; otherwise your opponent must agree with `accept`.
help-list = the matches of this channel; `mine`: all your matches.
help-history = the moves of a match.
help-export = the moves and a record that `lalao rules` can replay; with `animation`, the whole game as an animated picture.
help-rules = how a game is played, with the rule numbers of RULES.md.
help-coins = (Mangala) hide one or two coins for the coin game. Send it privately!
help-call = (Mangala) guess the hidden coins. Tek mi, Çift mi?
help-side = (Mangala) the winner of the call chooses the side.
help-help = this help, or the help of one command.
help-plan = plan your answers while your opponent thinks: `plan #3 c2 d5` plays d5 at once if they play c2 (up to 4 pairs; only you see them); `plan #3` shows it, `plan #3 off` drops it.
help-rematch = the same game again with the same opponent, sides swapped: a new challenge they accept or decline (after a game against the computer, a new one at once).
discord-cmd-play-desc = Start a match: challenge someone, open it to the channel, or practise alone
discord-cmd-move-desc = Play a move in your match
discord-cmd-board-desc = Show the board of a match
discord-cmd-accept-desc = Accept a challenge
discord-cmd-decline-desc = Decline a challenge
discord-cmd-cancel-desc = Cancel a match or a challenge
discord-cmd-resign-desc = Give up the match
discord-cmd-draw-desc = Offer a draw, or answer your opponent's offer
discord-cmd-undo-desc = Take back the last move (your opponent has to agree)
discord-cmd-list-desc = List the matches of this channel, or yours
discord-cmd-history-desc = The moves played so far
discord-cmd-export-desc = The match as notation and as a record to replay
discord-cmd-rules-desc = How a game is played
discord-cmd-help-desc = What lalao can do
discord-cmd-coins-desc = Mangala: secretly hold one or two coins
discord-cmd-call-desc = Mangala: "Tek mi, Çift mi?" Call odd or even
discord-cmd-side-desc = Mangala: choose your side after winning the call
discord-cmd-plan-desc = Plan your answers to your opponent's next moves (only you see them)
discord-cmd-rematch-desc = The same game again with the same opponent, sides swapped

## A side played by vote: each voter's choice, counted once a turn.
vote-counted = Your vote is counted!
vote-cast = You have already voted this turn.
vote-not-a-move = That is not a move you can choose now. The moves: { $moves }
vote-wait = Wait: it is the other side's turn.
vote-over = This game is over.
vote-full = This turn has all its votes.
vote-draw = draw
vote-resign = resign
vote-none = Nobody plays this game by vote.
vote-paused = The game is paused: wait for it to go on.
voters-name = everyone here
vote-started = Everyone here plays { $game } against lalao ({ $level }) by vote ({ $id }): each of you chooses a move, typed as below, and may change it. A turn lasts { $seconds } seconds (it waits for a first vote), then the move with the most votes is played: a tie goes to the later proposal; more than 60 % of the votes resign.
vote-mangala = Mangala IV plays itself: there is nothing to vote on. Choose another game.
rematch-vote-channel = Match { $id } was played by vote: start another like `play katro vote`.
vote-bad-seconds = “{ $value }” is no turn length I know: a vote's turn lasts from 10 to 3600 seconds, like seconds=60.
vote-turn-open = Vote for the next move: { $seconds } seconds.
vote-tally = Votes: { $tally }
