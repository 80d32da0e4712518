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
