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
