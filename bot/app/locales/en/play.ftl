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
rematch-pending = Match { $id } is already being played again: match { $rematch }.
rematch-keep-mangala = Only a Mangala IV rematch between two people can keep its sides: every other rematch swaps them (type `rematch { $id }`).
rematch-sides-kept = The same sides as last game, without a coin game: { $challenger } plays { $side }.
