# Discord adapter: slash command descriptions (the names are the grammar's, bot/app/src/command/grammar;
# descriptions at most 100 characters), component labels and the adapter's own replies.

## /lalao and its subcommands
discord-cmd-lalao-desc = Play traditional board games: Samantsy, fano, Mangala, En Gehé, Katro
discord-cmd-clock-desc = Correspondence clocks: claim a time-out, grant more time, go on vacation, reminders

## Options
discord-opt-game-desc = Which game
discord-opt-daily-desc = The channel's puzzle of the day
discord-opt-opponent-desc = Who you challenge (leave empty to let anyone in the channel accept)
discord-opt-player-desc = Whose rating (yours if empty)
discord-opt-profile-player-desc = Whose profile (yours if empty)
discord-opt-top-scope-desc = This server's players (the default) or everyone's
discord-opt-page-desc = Which page (ten players a page)
discord-opt-leaderboard-desc = Whether global leaderboards list you
discord-opt-keep-desc = Mangala IV: keep the same sides, without a new coin game
discord-opt-auto-desc = Whether moves with no alternative play themselves
discord-opt-next-desc = Whether a pupil who finishes a lesson on their seat may start the next one
discord-opt-class-keep-desc = How many days finished matches, lessons and homework are kept (1 to 3650)
discord-opt-moves-desc = Pairs of their move and your answer, like: c2 d5 e1 f4 (or off)
discord-opt-practice-desc = Play both sides yourself
discord-opt-side-desc = The side you want
discord-opt-side-side-desc = The side you choose
discord-opt-options-desc = Game options and variants, such as: cells=9 misere
discord-opt-position-desc = Start from this position (as export writes it)
discord-opt-move-desc = Your move (start typing to see the legal moves)
discord-opt-match-desc = The match number (only needed when you play several here)
discord-opt-style-desc = How the board is drawn
discord-opt-answer-desc = Offer, or answer an offer
discord-opt-scope-desc = Which matches
discord-opt-variants-desc = Variants to explain, separated by spaces
discord-opt-topic-desc = A command to explain
discord-opt-language-desc = The language lalao speaks to you
discord-opt-count-desc = How many coins you hold (nobody else sees it)
discord-opt-parity-desc = Odd or even
discord-opt-time-desc = How much more time, such as 2d or 12h
discord-opt-days-desc = How many days (1 to 31), or off
discord-opt-notify-settings-desc = Such as digest, dm=on, quiet=22-7, tz=+1, remind=75%,24h (empty: show yours)
discord-opt-channel-settings-desc = Moderators: forfeit=auto or claim, expiry=3d, puzzle=daily (empty: show this channel's)
discord-opt-class-language-desc = The language of the class's messages
discord-opt-class-match-desc = The match number
discord-opt-class-bind-player-desc = The pupil's own chat account
discord-opt-name-desc = The class's name, in one word (letters, digits, - _ ' .)
discord-opt-pupils-desc = First names, separated by spaces
discord-opt-pupil-desc = A pupil's first name
discord-opt-team-desc = The team's name, in one word
discord-opt-order-desc = Whether the members play in turn or in any order
discord-opt-first-desc = A pupil or a team
discord-opt-second-desc = The other pupil or team
discord-opt-swiss-desc = Swiss rounds instead of everyone against everyone
discord-opt-rounds-desc = How many Swiss rounds (1 to 50)
discord-opt-teams-desc = The class's teams play instead of its pupils
discord-opt-new-desc = Make new links: the old ones stop working
discord-opt-winner-desc = The winner's name, or draw
discord-order-rotation = In turn, one after the other
discord-order-any = Any of them
discord-opt-computer-desc = Play against lalao itself
discord-opt-animation-desc = The whole game as an animated picture
discord-opt-level-desc = The computer's strength (alone, it also means the computer)
discord-opt-restart-desc = Whether a pupil's finished board starts again (on unless said)
discord-opt-against-desc = Whom the class plays: the computer or the teacher
discord-opt-seconds-desc = How many seconds a turn lasts (10 to 3600)
discord-opt-change-desc = Whether a pupil may change their vote during the turn
discord-opt-view-desc = The side the board is seen from

## Choices
discord-view-live = View live
discord-style-picture = Picture (with the text grid)
discord-style-text = Text grid
discord-style-emoji = Emoji
discord-style-large = Large (for young children)
discord-style-reader = Screen reader (sentences, no grid)
discord-language-en = English
discord-language-fr = Français
discord-answer-offer = Offer
discord-answer-accept = Accept
discord-answer-decline = Decline
discord-scope-channel = This channel
discord-scope-mine = Mine
discord-leaderboard-here = This server
discord-leaderboard-global = Everyone
discord-page-previous = ◀ Previous
discord-page-next = Next ▶
discord-switch-on = On
discord-switch-off = Off
discord-parity-odd = Odd (tek)
discord-parity-even = Even (çift)
discord-coins-1 = One coin
discord-coins-2 = Two coins
discord-level-random = Random moves
discord-level-kind = Kind
discord-level-easy = Easy
discord-level-medium = Medium
discord-level-hard = Hard

## Components
discord-choose-move = Choose a move
discord-choose-piece = Choose what to move
discord-accept = Accept
discord-decline = Decline

## Replies
discord-stale-board = That board has moved on: here is the current one.
discord-unknown-button = This button is no longer in use. Type /lalao board to see your match.
discord-unknown-command = lalao does not know this command any more. Try /lalao help.
discord-already-done = This was already done.
discord-failed = Sorry, something went wrong on lalao's side. Please try again in a moment.
discord-choose-then = { $group }: now choose.
discord-played = You played { $move }.
discord-challenge-expired = Challenge { $match } has expired: nobody accepted it in time. Start a new one with /lalao play.
discord-export-attached = Match { $match } is too long for one message: its move list and its JSON record (which `lalao rules` replays) are attached.
discord-history-attached = Match { $match } is too long for one message: its move list is attached.
discord-in-thread = Done: match { $match } is played in its thread, { $thread }.
discord-not-a-member = { $name } is not a member of this server, so they could not play here. Invite them to the server first, then challenge them again.
discord-opt-lesson-desc = Which lesson (its number)
discord-rematch = Rematch
discord-opt-class-homework-count-desc = How many puzzles (1 to 20; 5 if empty)
