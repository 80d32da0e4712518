//! A school's data on the console, as a teacher and an operator meet it: `class export` writes
//! the class's file in the console's folder (and prints the tournament's CSV as it always did),
//! `my data` writes the person's; `lalao class import` puts the class into a fresh store, where
//! the teacher's page in a real Chromium shows the same class as before.

use serde_json::{json, Value};

use crate::browser::Browser;
use crate::class_screen::url_in;
use crate::console_cli::Console;
use crate::support::{free_port, lalao_console};

/// The teacher's page as a reader sees it, without the pupils' links (new ones each store).
fn teacher_page_text(url: &str) -> Value {
    let mut page = Browser::open(1920, 1080);
    page.go(url);
    page.script(
        "var main = document.querySelector('main').cloneNode(true);\
         main.querySelectorAll('.seats').forEach(function (n) { n.remove(); });\
         return main.innerText;",
        json!([]),
    )
}

#[test]
fn a_class_exported_on_the_console_is_imported_on_a_fresh_store_as_it_was() {
    let (data, folder) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let listen = format!("127.0.0.1:{}", free_port());
    let mut console = Console::open_in(data.path(), folder.path(), "mme", &[("LALAO_WEB", &listen)]);
    console.ask("class new CE1 lang=en");
    console.ask("class add Ana Bob Chloé Dina");
    console.ask("class tournament fano");
    console.ask("class result #1 Dina");
    console.ask("move @1 #2");
    let before_url = url_in(&console.ask("class link"));
    let exported = console.ask("class export");
    let lines: Vec<&str> = exported.lines().collect();
    assert_eq!(
        lines,
        [
            "Results (CSV):",
            "round,match,first,second,result,first_points,second_points,moves",
            "1,1,Dina,Chloé,1-0,2,0,0",
            "1,2,Ana,Bob,*,,,1",
            "The class's whole data (its roster, what each pupil learned, its tournament and its 2 \
             matches, without its page links) is in the file lalao-class-ce1.json: for the school's \
             records, or to move the class to another server (`lalao class import`)."
        ]
    );
    assert_eq!(
        console.answer(),
        format!(
            "The file lalao-class-ce1.json is written in {}.",
            folder.path().display()
        )
    );
    let file = folder.path().join("lalao-class-ce1.json");
    let archive: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(archive["class"]["name"], "CE1");

    // `my data` on the console: the teacher's own file, beside it.
    let mine = console.ask("my data");
    assert!(mine.starts_with("What lalao keeps of you: "), "{mine}");
    assert!(console
        .answer()
        .starts_with("The file lalao-my-data.json is written in "));
    let data_file: Value =
        serde_json::from_slice(&std::fs::read(folder.path().join("lalao-my-data.json")).unwrap()).unwrap();
    assert_eq!(data_file["user"], "console:mme");

    // An operator imports it into a fresh store.
    let fresh = tempfile::tempdir().unwrap();
    let output = lalao_console(fresh.path())
        .args(["class", "import"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "class \"CE1\" imported into console:local: 4 pupils, 2 matches (numbered #1 as #1, #2 as #2)\n"
    );
    // Imported twice: refused, and said why.
    let again = lalao_console(fresh.path())
        .args(["class", "import"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("That channel already has a class"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // The same class on the teacher's page, there as here.
    let listen = format!("127.0.0.1:{}", free_port());
    let mut after = Console::open_with(fresh.path(), "mme", &[("LALAO_WEB", &listen)]);
    let after_url = url_in(&after.ask("class link"));
    assert_eq!(after.ask("class standings"), console.ask("class standings"));
    let (before_page, after_page) = (teacher_page_text(&before_url), teacher_page_text(&after_url));
    assert!(before_page.as_str().unwrap().contains("Ana"), "{before_page}");
    assert_eq!(after_page, before_page);

    // The operator gives a person's records whole, with the bot stopped.
    drop(console);
    let written = folder.path().join("mme.json");
    let output = lalao_console(data.path())
        .args(["data", "--user", "console:mme", "--out"])
        .arg(&written)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let whole: Value = serde_json::from_slice(&std::fs::read(&written).unwrap()).unwrap();
    assert_eq!(whole["user"], "console:mme");
    assert_eq!(whole["complete"], true);
    assert_eq!(whole["records"], data_file["records"]);
}
