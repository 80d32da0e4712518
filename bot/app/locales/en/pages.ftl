## lalao's messages (English): live pages. Each id exists in every language (a test checks).

## Finding the match
link-shown = Match { $id }'s live page: { $url }
link-new = Match { $id } has a new live page: { $url } — the old address no longer works.
link-no-web = The web pages are off here, so matches have no live page.
link-not-player = Only the players of match { $id } or a moderator can give its page a new address.

## Review
web-after-move = { $count ->
    [0] The start of the match
   *[other] After move { $count }: { $move }
}

## The class screen, a web page for the projector and tablets.
web-replay = The last move, { $move }, seed by seed

# Help and the slash command's description of the verbs this folder owns.
help-link = the address of a match's live page; `link new` gives it a new one and the old one stops working.
discord-cmd-link-desc = The address of a match's live page, or a new one
