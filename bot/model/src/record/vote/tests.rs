use super::*;

fn voter(n: usize) -> UserId {
    UserId(format!("seat:p{n}"))
}

fn mv(text: &str) -> Choice {
    Choice::Move {
        text: text.to_owned(),
    }
}

/// A box whose open turn holds these choices, cast in this order by voters 0, 1, 2…
fn with(choices: &[Choice]) -> VoteBox {
    let mut vote = VoteBox::new(Side::First, 60, true);
    vote.ply = 0;
    for (n, choice) in choices.iter().enumerate() {
        vote.cast(voter(n), choice.clone());
    }
    vote
}

fn play(text: &str) -> Decision {
    Decision::Play {
        text: text.to_owned(),
        offer_draw: false,
    }
}

#[test]
fn the_most_voted_move_is_played_and_a_tie_goes_to_the_later_proposal() {
    assert_eq!(
        with(&[mv("a1"), mv("b1"), mv("b1")]).decide(false, true),
        play("b1")
    );
    // Two each: b1 was proposed after a1.
    assert_eq!(
        with(&[mv("a1"), mv("b1"), mv("a1"), mv("b1")]).decide(false, true),
        play("b1")
    );
    assert_eq!(
        with(&[mv("b1"), mv("a1"), mv("a1"), mv("b1")]).decide(false, true),
        play("a1")
    );
    let tally = with(&[mv("a1"), mv("b1"), mv("c1"), mv("b1")]).tally();
    let seen: Vec<(Choice, usize)> = tally.into_iter().map(|p| (p.choice, p.votes)).collect();
    assert_eq!(seen, [(mv("b1"), 2), (mv("c1"), 1), (mv("a1"), 1)]);
}

#[test]
fn a_changed_vote_counts_once_and_is_a_new_proposal() {
    let mut vote = with(&[mv("a1"), mv("b1")]);
    // Voter 0 changes to b1, then back to a1: one ballot, and a1 is now the later proposal.
    vote.cast(voter(0), mv("b1"));
    assert_eq!(vote.ballots.len(), 2);
    assert_eq!(vote.decide(false, true), play("b1"));
    vote.cast(voter(0), mv("a1"));
    assert_eq!(vote.ballots.len(), 2);
    assert_eq!(vote.decide(false, true), play("a1"));
    assert_eq!(vote.ballot_of(&voter(0)).map(|b| &b.choice), Some(&mv("a1")));
}

#[test]
fn resigning_needs_more_than_sixty_percent_of_the_votes() {
    use Choice::Resign;
    // 3 of 5 is 60 %: not more; the only move proposed is played.
    assert_eq!(
        with(&[Resign, Resign, Resign, mv("a1"), mv("a1")]).decide(false, true),
        play("a1")
    );
    // 4 of 6 is 67 %.
    let six = [Resign, Resign, Resign, Resign, mv("a1"), mv("b1")];
    assert_eq!(with(&six).decide(false, true), Decision::Resign);
    assert_eq!(with(&[Resign]).decide(false, false), Decision::Resign);
    // Only resignations short of 60 % and no move: nothing to play.
    assert_eq!(
        with(&[Resign, Choice::Draw]).decide(false, false),
        Decision::Nothing
    );
}

#[test]
fn a_draw_needs_more_than_half_of_the_votes() {
    use Choice::Draw;
    // 2 of 4 is half: not more.
    assert_eq!(
        with(&[Draw, Draw, mv("a1"), mv("b1")]).decide(true, true),
        play("b1")
    );
    // 3 of 5: offered with the move, or agreed when the other side offered one.
    let five = [Draw, mv("a1"), Draw, Draw, mv("a1")];
    assert_eq!(
        with(&five).decide(false, true),
        Decision::Play {
            text: "a1".to_owned(),
            offer_draw: true
        }
    );
    assert_eq!(with(&five).decide(true, true), Decision::AcceptDraw);
    // Against the computer there is no draw to offer: the move is played.
    assert_eq!(with(&five).decide(false, false), play("a1"));
    assert_eq!(with(&[Draw, Draw]).decide(false, true), Decision::OfferDraw);
    assert_eq!(with(&[]).decide(true, true), Decision::Nothing);
}

fn moves(n: usize) -> Vec<String> {
    (0..n).map(|n| format!("m{n}")).collect()
}

#[test]
fn a_turn_opens_on_the_voters_move_and_keeps_its_ballots_with_the_move_played() {
    let mut vote = VoteBox::new(Side::First, 30, false);
    vote.follow(&moves(0), true, true, "", 1000);
    assert_eq!((vote.ply, vote.closes_at), (0, Some(1030)));
    vote.cast(voter(0), mv("m0"));
    vote.cast(voter(1), mv("x"));
    // The voters' move is played: the other side is to move, nothing is open.
    vote.follow(&moves(1), true, false, "", 1031);
    assert_eq!((vote.ply, vote.closes_at, vote.ballots.len()), (1, None, 0));
    assert_eq!(vote.turns.len(), 1);
    assert_eq!((vote.turns[0].ply, vote.turns[0].played.as_str()), (0, "m0"));
    assert_eq!(vote.turns[0].ballots.len(), 2);
    // The answer: the voters' next turn opens.
    vote.follow(&moves(2), true, true, "", 1040);
    assert_eq!((vote.ply, vote.closes_at), (2, Some(1070)));
    // Another commit in the same turn (a ballot's) leaves its time alone.
    vote.cast(voter(0), mv("m2"));
    vote.follow(&moves(2), true, true, "", 1050);
    assert_eq!((vote.closes_at, vote.ballots.len()), (Some(1070), 1));
    // Undone back before it: the votes go, and the turn opens again when it is theirs.
    vote.follow(&moves(1), true, false, "", 1060);
    assert_eq!(
        (vote.ballots.len(), vote.turns.len(), vote.closes_at),
        (0, 1, None)
    );
    // The match ends in the open turn: its ballots are kept with how it ended.
    vote.follow(&moves(2), true, true, "", 1070);
    vote.cast(voter(3), Choice::Resign);
    vote.follow(&moves(2), false, true, "resign", 1080);
    assert_eq!(vote.turns.last().map(|t| t.played.as_str()), Some("resign"));
    assert_eq!(vote.closes_at, None);
}

#[test]
fn the_voters_moving_second_open_their_first_turn_after_the_first_move() {
    let mut vote = VoteBox::new(Side::Second, 30, false);
    vote.follow(&moves(0), true, false, "", 1000);
    assert_eq!((vote.ply, vote.closes_at), (0, None));
    vote.follow(&moves(1), true, true, "", 1005);
    assert_eq!((vote.ply, vote.closes_at), (1, Some(1035)));
}

#[test]
fn only_the_last_turns_keep_their_ballots() {
    let mut vote = with(&[]);
    for n in 0..MAX_KEPT_TURNS + 5 {
        vote.ply = n as u32;
        vote.cast(voter(0), mv("a"));
        vote.close_turn(format!("m{n}"));
    }
    assert_eq!(vote.turns.len(), MAX_KEPT_TURNS);
    assert_eq!(vote.turns[0].played, "m5");
}

#[test]
fn a_box_reads_back_as_written() {
    let vote = with(&[mv("a1"), Choice::Draw, Choice::Resign]);
    let json = serde_json::to_string(&vote).unwrap();
    assert!(json.contains(r#""choice":"move","text":"a1""#), "{json}");
    let back: VoteBox = serde_json::from_str(&json).unwrap();
    assert_eq!(back, vote);
}
