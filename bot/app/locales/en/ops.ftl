# Operations: forgetting a person (docs/privacy.md).
help-forget = ask lalao to forget you: your profile, ratings, lessons and puzzles are erased, your running matches end, and your past matches name “a former player” (`forget me`, then `forget confirm`)
discord-cmd-forget-desc = Ask lalao to forget you: profile, ratings and progress erased for good
discord-opt-confirm-desc = Erase for good now (without it, lalao says what it would erase)
forget-ask = lalao will forget you for good: your profile, settings, ratings and leaderboard places, lesson stars and puzzle ratings are erased; your running matches end (resigned against a person, cancelled otherwise); your past matches stay for the other players but name “a former player”. A class you teach stays with its pupils. This cannot be undone. To go ahead, type `{ $command }`.
forget-confirm-word = confirm
forget-done = Done: lalao has forgotten you.
forget-resigned = { $count ->
    [one] One running match was resigned.
   *[other] { $count } running matches were resigned.
}
forget-cancelled = { $count ->
    [one] One running match was cancelled.
   *[other] { $count } running matches were cancelled.
}
forget-nobody = There is nobody to forget under that id.
former-player = a former player

# Operations: what lalao keeps of a person, handed to them (docs/privacy.md).
help-my-data = what lalao keeps of you, as a file only you receive
discord-cmd-my-data-desc = What lalao keeps of you, as a file only you receive
my-data = What lalao keeps of you: { $count ->
        [one] one record
       *[other] { $count } records
    }, as stored, in the file { $file }.
my-data-cut = The file stops at 8 MB: whoever runs lalao gives the rest with `lalao data`.
my-data-busy = lalao is gathering someone else's data right now: ask again in a minute.
my-data-nobody = There is nobody's data to give under that id.
