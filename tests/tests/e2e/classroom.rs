//! Classroom mode through the real `lalao` console, as a teacher at the classroom screen uses
//! it: a class of 6 pupils without accounts plays a full fano-7 round robin, the teacher moves
//! for the seats, and the standings come out exactly as computed by hand (docs/classroom.md).

use std::path::Path;
use std::process::Output;

use crate::process::output_with_input;
use crate::support::lalao_console;

fn session(data_dir: &Path, input: &str) -> Output {
    let output = output_with_input(
        lalao_console(data_dir).args(["--user", "maitresse", "--output", "plain"]),
        input.as_bytes(),
    );
    assert!(
        output.status.success(),
        "lalao failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The circle method's schedule for Ana, Bob, Chloé, Dia, Eli, Fara (roster order): match id,
/// first side (White), second side (Black). Checked against the pairings the bot posts.
const SCHEDULE: [(u32, &str, &str); 15] = [
    (1, "Fara", "Eli"),
    (2, "Ana", "Dia"),
    (3, "Bob", "Chloé"),
    (4, "Ana", "Fara"),
    (5, "Bob", "Eli"),
    (6, "Chloé", "Dia"),
    (7, "Fara", "Bob"),
    (8, "Chloé", "Ana"),
    (9, "Dia", "Eli"),
    (10, "Chloé", "Fara"),
    (11, "Dia", "Bob"),
    (12, "Eli", "Ana"),
    (13, "Fara", "Dia"),
    (14, "Eli", "Chloé"),
    (15, "Ana", "Bob"),
];

/// Who wins each pairing (`None`: the teacher adjudicates a draw). Chosen so that points tie
/// and the Sonneborn–Berger tie-break has to decide.
fn winner(a: &str, b: &str) -> Option<&'static str> {
    let pair = |x: &str, y: &str| (a == x && b == y) || (a == y && b == x);
    let table: [(&str, &str, Option<&'static str>); 15] = [
        ("Ana", "Bob", Some("Ana")),
        ("Ana", "Chloé", Some("Chloé")),
        ("Ana", "Dia", Some("Ana")),
        ("Ana", "Eli", Some("Ana")),
        ("Ana", "Fara", None),
        ("Bob", "Chloé", Some("Bob")),
        ("Bob", "Dia", Some("Bob")),
        ("Bob", "Eli", Some("Eli")),
        ("Bob", "Fara", Some("Bob")),
        ("Chloé", "Dia", Some("Dia")),
        ("Chloé", "Eli", Some("Chloé")),
        ("Chloé", "Fara", Some("Chloé")),
        ("Dia", "Eli", Some("Dia")),
        ("Dia", "Fara", Some("Fara")),
        ("Eli", "Fara", Some("Eli")),
    ];
    table
        .iter()
        .find(|(x, y, _)| pair(x, y))
        .map(|(_, _, winner)| *winner)
        .expect("every pair has a result")
}

/// The teacher's lines for one match. Fano-7 (2 pawns each, RULES.md §2):
/// - White wins: W@1 B@4 W@7 B@5, then W 7-6 captures 5 and 4 by approach; Black has no pawn.
/// - Black wins: W@1 B@2 W@7 B@6 leaves both white pawns hemmed in: White cannot move and loses.
/// - Dia–Fara ends by resignation, the draw by the teacher's decision.
fn script(id: u32, white: &str, black: &str) -> Vec<String> {
    let moves: &[&str] = match winner(white, black) {
        None => return vec![format!("classe résultat #{id} nulle")],
        Some(_) if [white, black].contains(&"Dia") && [white, black].contains(&"Fara") => {
            // Fara (White) wins: Dia (Black) gives up after White's first pawn.
            return vec![format!("#{id} @1"), format!("abandonner #{id}")];
        }
        Some(won) if won == white => &["@1", "@4", "@7", "@5", "7-6"],
        Some(_) => &["@1", "@2", "@7", "@6"],
    };
    moves.iter().map(|text| format!("#{id} {text}")).collect()
}

#[test]
fn six_pupils_play_a_fano_round_robin_and_the_standings_are_exact() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = vec![
        "classe nouvelle CE1".to_owned(),
        "classe ajouter Ana Bob Chloé Dia Eli Fara".to_owned(),
        // A pupil at the keyboard cannot manage the class…
        "/user Ana".to_owned(),
        "classe ajouter Zed".to_owned(),
        "/user maitresse".to_owned(),
        "classe tournoi fano cells=7".to_owned(),
        // …nor can a stranger move a seat.
        "/user intrus".to_owned(),
        "#1 @1".to_owned(),
        "classe recommencer #1".to_owned(),
        "/user maitresse".to_owned(),
    ];
    for (id, white, black) in SCHEDULE {
        input.extend(script(id, white, black));
    }
    input.push("classe classement".to_owned());
    input.push("classe csv".to_owned());
    let output = session(dir.path(), &(input.join("\n") + "\n"));
    let text = String::from_utf8(output.stdout).unwrap();

    assert!(text.contains("La classe « CE1 » est prête. Enseignant·e : maitresse."));
    assert_eq!(
        text.matches("Seul·e l'enseignant·e (maitresse) peut faire ça.")
            .count(),
        2,
        "the pupil and the stranger are refused: {text}"
    );
    assert!(text.contains("Ce n'est pas ta place dans la partie #1. Demande à maitresse de jouer pour toi."));
    for round in 1..=5 {
        assert!(
            text.contains(&format!("Ronde {round} sur 5 (Fano) :")),
            "round {round} posted"
        );
    }
    for (id, white, black) in SCHEDULE {
        let line = format!("#{id} : {white} (Blanc) contre {black} (Noir)");
        assert!(text.contains(&line), "pairing {line} posted");
    }
    // Boards carry the pupils' names and whose turn it is, repeated in capitals on the
    // classroom screen (the class's `large` style): Fara (White) placed a pawn in match #1.
    assert!(
        text.contains("À Noir (Eli) de jouer\n▶ À NOIR (ELI) DE JOUER ◀\n"),
        "{text}"
    );

    // By hand (win 2, draw 1; SB = Σ my points in the game × the opponent's final points):
    // Ana 3 wins 1 draw = 7, SB 2·6 + 2·4 + 2·4 + 1·3 = 31; Chloé and Bob 6, SB 28 and 26;
    // Dia and Eli 4, SB 20 and 18; Fara 3, SB 2·4 + 1·7 = 15.
    let standings = "\
Classement, Fano, après la ronde 5 sur 5 :
#    Nom      J    G    N    P  Pts   SB
1    Ana      5    3    1    1    7   31
2    Chloé    5    3    0    2    6   28
3    Bob      5    3    0    2    6   26
4    Dia      5    2    0    3    4   20
5    Eli      5    2    0    3    4   18
6    Fara     5    1    1    3    3   15
";
    assert_eq!(
        text.matches(standings).count(),
        2,
        "announced when the last game ends, and on request:\n{text}"
    );
    assert!(text.contains("Le tournoi est fini. Bravo à tous !"));
    // Every game: White wins in 5 moves, Black in 4, the resignation after 1, the draw
    // adjudicated before any move.
    let csv = "\
round,match,first,second,result,first_points,second_points,moves
1,1,Fara,Eli,0-1,0,2,4
1,2,Ana,Dia,1-0,2,0,5
1,3,Bob,Chloé,1-0,2,0,5
2,4,Ana,Fara,1/2-1/2,1,1,0
2,5,Bob,Eli,0-1,0,2,4
2,6,Chloé,Dia,0-1,0,2,4
3,7,Fara,Bob,0-1,0,2,4
3,8,Chloé,Ana,1-0,2,0,5
3,9,Dia,Eli,1-0,2,0,5
4,10,Chloé,Fara,1-0,2,0,5
4,11,Dia,Bob,0-1,0,2,4
4,12,Eli,Ana,0-1,0,2,4
5,13,Fara,Dia,1-0,2,0,1
5,14,Eli,Chloé,0-1,0,2,4
5,15,Ana,Bob,1-0,2,0,5
";
    let start = text.find("round,match,").expect("the CSV is printed");
    assert_eq!(&text[start..start + csv.len()], csv, "{text}");
}
