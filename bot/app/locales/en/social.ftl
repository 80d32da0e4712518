## lalao's messages (English): settings, ratings and leaderboards. Each id exists in every language (a test checks).

## Results
rating-title = { $player }'s ratings (a ? marks a provisional rating):
rating-line = • { $game }: { $rating }, played { $games }: won { $wins }, lost { $losses }, drawn { $draws }
rating-none = { $player } has no rating yet. Ratings come from games between two people in the standard rules, ended by the game, a resignation, an agreed draw or a time-out.
rating-mangala = Mangala IV is never rated: after the coin game every move is forced.
profile-title = { $player }'s profile (a ? marks a provisional rating):
profile-best-win = , best win: { $opponent } ({ $rating }) in { $match }
profile-best-win-elsewhere = , best win against a player rated { $rating }
profile-streak-wins = , { $count ->
    [one] won the last game
   *[other] won the last { $count } games
}
profile-streak-losses = , { $count ->
    [one] lost the last game
   *[other] lost the last { $count } games
}
profile-matches-elsewhere = { $count ->
    [one] One active match in another channel or room.
   *[other] { $count } active matches in other channels or rooms.
}
profile-puzzles = { $game } puzzles: { $rating }, { $solved } solved of { $tried }, streak { $streak } (best { $best })
profile-unrated = No rated games yet.
profile-no-matches = No active matches.
profile-matches = { $count ->
    [one] One active match:
   *[other] { $count } active matches:
}
top-scope-global = everyone
top-scope-server = this server
top-scope-room = this room
top-scope-channel = here
top-title = { $game } leaderboard, { $scope } (page { $page } of { $pages }):
top-line = { $place }. { $player } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
top-line-unranked = • { $player } { $rating } ({ $games ->
    [one] 1 game
   *[other] { $games } games
})
top-unranked = Not ranked yet (a place needs { $games } rated games and a rating that is no longer provisional, marked ?):
top-you = Your place: { $place }.
top-empty = Nobody has played a rated game of { $game } yet ({ $scope }).

## Settings
leaderboard-listed = listed
leaderboard-hidden = hidden
settings-saved = Saved! Language: { $language }. Board style: { $style }. Global leaderboards: { $leaderboard }. Forced moves: { $auto }.
settings-show = Your settings: language { $language }, board style { $style }, global leaderboards: { $leaderboard }, forced moves: { $auto }. Change them with `settings language fr`, `settings style large`, `settings leaderboard=off` or `settings auto=on`.

## Time controls, notifications, vacations (docs/time-controls.md)
channel-moderators-only = Only moderators of this channel can change its settings.
channel-forfeit-auto = a player out of time loses at once
channel-forfeit-claim = the opponent decides (claim, grant or waive)
channel-expiry-never = never
channel-current = This channel: { $forfeit }. Challenges expire after { $expiry }.
channel-saved = Saved. This channel: { $forfeit }. Challenges expire after { $expiry }.
channel-boards-edit = a move edits its board
channel-boards-new = each move posts a new board
channel-boards-default = as the bot is set up
channel-threads-on = each new match starts its own thread
channel-threads-off = matches are played in the channel
channel-pictures = Board pictures: { $pictures }.
channel-pictures-on = as each player chose in their settings
channel-pictures-off = off in this channel, text boards only
channel-discord = Boards: { $boards }. Threads: { $threads }.

## The class screen, a web page for the projector and tablets.
channel-daily-off = Puzzle of the day: off (`channel puzzle=daily` turns it on).
channel-daily-rotate = Puzzle of the day: on, the five games in turn.
channel-daily-game = Puzzle of the day: on, { $game } every day.
# Moves played for a player: forced ones (`settings auto`) and planned answers (`plan`).
auto-on = played for you
auto-off = you play them
auto-default = played for you in Mangala IV only

# Help and the slash command's description of the verbs this folder owns.
help-rating = your rating in each game, or someone else's (mention them), with wins, losses and draws.
help-profile = your profile, or someone else's: each game's rating and record, best win, current streak, and the matches being played.
help-top = a game's leaderboard: of this server or room (`here`, the default) or of everyone (`global`), ten players a page. `settings leaderboard=off` keeps you off the global one.
help-settings = your language and board style.
help-channel = this channel's settings (moderators change them): `forfeit=auto|claim`, `expiry=3d`, `boards=edit|new|default`, `thread=on|off`. On Discord, `boards=new` posts a new board for each move instead of editing it, and `thread=on` gives each new match its own thread.
discord-cmd-rating-desc = A player's rating in each game
discord-cmd-profile-desc = A player's ratings, results, best wins and current matches
discord-cmd-top-desc = A game's leaderboard, of this server or of everyone
discord-cmd-settings-desc = Your language and board style
discord-cmd-channel-desc = This channel's settings (moderators)
