# The Matrix adapter's own sentences. The bot core's replies live in its own files.

# Under a board: the pill of the player to move.
matrix-your-move = { $player }, it's your move.
# Said when the bot joins a room.
matrix-welcome = Hello! I'm lalao: I run board games here. Write `!lalao help` to see what we can play.
# After a 🏳️ reaction on a board.
matrix-confirm-resign = { $player }, do you really want to resign match { $match }? React ✅ to this message to confirm.
# `!lalao leave`.
matrix-leave-bye = Goodbye! Invite me again whenever you want to play.
matrix-leave-refused = Only the room's moderators can ask me to leave.
# A command in an encrypted message the bot could not read yet.
matrix-unreadable = I could not read your message: it is encrypted with keys my device does not have. Please send it again.

matrix-no-such-user = I can't find { $user } on Matrix: nobody has this id. Check the spelling (a Matrix id looks like @name:example.org), or mention them by picking their name as you type it.
matrix-invite-failed = I could not invite { $user } to this room, so they cannot see the challenge. Invite them yourself: then they can accept it.
matrix-challenged-not-here = { $user } is not in this room, so they cannot see the challenge. Challenge them in a room you share.
