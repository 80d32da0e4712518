//! The layering of ARCHITECTURE.md as facts, checked on every `cargo test`:
//! - the application crate depends on no chat platform and no async runtime, directly or
//!   through another crate (read from Cargo.lock, which cargo keeps exact), and the model and
//!   grammar crates under it on nothing of the application;
//! - the adapters (the web pages too) ask the application, never the store: no store keys, no
//!   record decoding.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every package's dependencies by name, from Cargo.lock.
fn lock_graph() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(workspace().join("Cargo.lock")).expect("Cargo.lock");
    let lock: toml::Table = text.parse().expect("Cargo.lock is TOML");
    let mut graph = BTreeMap::new();
    for package in lock["package"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("a name").to_owned();
        let deps = package
            .get("dependencies")
            .and_then(|deps| deps.as_array())
            .map(|deps| {
                deps.iter()
                    // "name" or "name version" when several versions are locked.
                    .filter_map(|dep| dep.as_str()?.split(' ').next().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        graph
            .entry(name)
            .or_insert_with(Vec::new)
            .extend::<Vec<String>>(deps);
    }
    graph
}

fn reachable(graph: &BTreeMap<String, Vec<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_owned()];
    while let Some(name) = todo.pop() {
        for dep in graph.get(&name).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

#[test]
fn the_application_depends_on_no_chat_platform_and_no_async_runtime() {
    let graph = lock_graph();
    let deps = reachable(&graph, "lalao-app");
    assert!(deps.contains("lalao-core"), "the lock graph was read: {deps:?}");
    for forbidden in [
        "tokio",
        "serenity",
        "matrix-sdk",
        "axum",
        "hyper",
        "lalao-discord",
        "lalao-matrix",
        "lalao-web",
        "lalao",
    ] {
        assert!(!deps.contains(forbidden), "lalao-app reaches {forbidden}");
    }
}

/// The layers under the application: the model (what is stored) and the grammar (what is
/// typed) know nothing of the application, of storage engines or of any runtime, and the model
/// knows nothing of the grammar.
#[test]
fn the_model_and_the_grammar_are_below_the_application() {
    let graph = lock_graph();
    let app = reachable(&graph, "lalao-app");
    assert!(
        app.contains("lalao-model") && app.contains("lalao-grammar"),
        "{app:?}"
    );
    let below = [
        "lalao-app",
        "sled",
        "postgres",
        "tokio",
        "serenity",
        "matrix-sdk",
        "axum",
    ];
    for (layer, also) in [("lalao-model", Some("lalao-grammar")), ("lalao-grammar", None)] {
        let deps = reachable(&graph, layer);
        assert!(deps.contains("lalao-core"), "{layer}: the lock graph was read");
        for forbidden in below.iter().copied().chain(also) {
            assert!(!deps.contains(forbidden), "{layer} reaches {forbidden}");
        }
    }
}

#[test]
fn the_adapters_depend_on_each_other_not_at_all() {
    let graph = lock_graph();
    assert!(!reachable(&graph, "lalao-discord").contains("lalao-matrix"));
    assert!(!reachable(&graph, "lalao-matrix").contains("lalao-discord"));
    for adapter in ["lalao-discord", "lalao-matrix"] {
        assert!(!reachable(&graph, "lalao-web").contains(adapter));
        assert!(!reachable(&graph, adapter).contains("lalao-web"));
    }
}

/// The source of a crate without its unit tests (`#[cfg(test)] mod …` to the end of the file,
/// where this project keeps them).
fn sources_without_tests(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") && !path.ends_with("tests.rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                let code = match text.find("#[cfg(test)]\nmod ") {
                    Some(at) => text[..at].to_owned(),
                    None => text,
                };
                found.push((path, code));
            }
        }
    }
    found
}

#[test]
fn adapters_read_no_store_keys_and_decode_no_records() {
    let mut checked = 0;
    for adapter in [
        "bot/discord/src",
        "bot/matrix/src",
        "bot/web/src",
        "bot/lalao/src",
    ] {
        for (path, code) in sources_without_tests(&workspace().join(adapter)) {
            checked += 1;
            for forbidden in [
                "store::keys",
                "keys::",
                "record::decode",
                "record::encode",
                ".store()",
                // A match reaches adapters as typed replies, offers and actions, not as its record.
                "MatchRecord",
                ".match_record(",
                "Stage::",
            ] {
                assert!(
                    !code.contains(forbidden),
                    "{} uses `{forbidden}`: ask the application instead",
                    path.display()
                );
            }
        }
    }
    assert!(checked > 10, "the adapters' sources were read ({checked} files)");
}

/// Adapters decide edits, buttons, mentions and files from a message's typed `Kind`, never
/// by matching the Fluent key of its text (a new key would silently fall through).
#[test]
fn adapters_never_decide_by_a_messages_fluent_key() {
    let mut checked = 0;
    for adapter in [
        "bot/discord/src",
        "bot/matrix/src",
        "bot/web/src",
        "bot/lalao/src",
    ] {
        for (path, code) in sources_without_tests(&workspace().join(adapter)) {
            checked += 1;
            for forbidden in [
                "message.key ==",
                "matches!(message.key",
                ".contains(&message.key)",
                "\"## \"",
            ] {
                assert!(
                    !code.contains(forbidden),
                    "{} uses `{forbidden}`: read the message's `kind` instead",
                    path.display()
                );
            }
        }
    }
    assert!(checked > 10, "the adapters' sources were read ({checked} files)");
}

/// The type an inherent `impl` line opens (`impl Moves<'_> {` → `Moves`), or `None` for a trait
/// implementation or a line that opens no impl.
fn inherent_impl_of(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("impl")?;
    if line.contains(" for ") || !line.trim_end().ends_with('{') {
        return None;
    }
    // Skip the impl's own generics, `impl<T: Bound>`.
    let rest = match rest.strip_prefix('<') {
        Some(generics) => &generics[generics.find('>')? + 1..],
        None => rest,
    };
    let name = rest.trim_start();
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    Some(&name[..end]).filter(|name| !name.is_empty())
}

/// No god object: every type of the application keeps its own methods in one module (each
/// command family in its file, the shared `App`'s primitives in `service/mod.rs`, the door in
/// `facade.rs`), so no file adds methods to a type defined elsewhere.
#[test]
fn no_type_of_the_application_is_reopened_in_another_module() {
    let mut homes: BTreeMap<String, BTreeSet<PathBuf>> = BTreeMap::new();
    for (path, code) in sources_without_tests(&workspace().join("bot/app/src")) {
        for line in code.lines() {
            if let Some(name) = inherent_impl_of(line) {
                homes.entry(name.to_owned()).or_default().insert(path.clone());
            }
        }
    }
    assert!(
        homes.contains_key("App") && homes.contains_key("Moves"),
        "{homes:?}"
    );
    assert_eq!(inherent_impl_of("impl<T: Send> Cache<T> {"), Some("Cache"));
    assert_eq!(inherent_impl_of("impl std::fmt::Display for Score {"), None);
    let reopened: Vec<_> = homes.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(
        reopened.is_empty(),
        "types reopened in several modules: {reopened:?}"
    );
}

/// The folders (top-level modules) of the application and what each may import: the kernel
/// names no feature; play sits on the kernel alone; time, the social features, the live pages
/// and teaching above play; classroom mode above them all; upkeep, the dispatcher and the
/// scheduler on top, and the facade over everything. `crate::X` paths are read from the sources
/// without their tests, so an import against this table fails here, not in review.
#[test]
fn the_folders_of_the_application_import_only_what_the_table_allows() {
    // Shared by every folder: pure helpers and the types of the crates below.
    const ANYWHERE: &[&str] = &[
        "clock", "i18n", "shown", "ratings", "store", "seats", "command", "ids", "record", "rite",
    ];
    const FEATURES: &[&str] = &["kernel", "play", "time", "social", "pages", "teach", "class"];
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("clock", &[][..]),
        ("i18n", &[]),
        ("shown", &[]),
        ("store", &[]),
        ("seats", &[]),
        ("ratings", &[]),
        ("kernel", &[]),
        ("play", &["kernel"]),
        ("time", &["kernel", "play"]),
        ("social", &["kernel", "play"]),
        ("pages", &["kernel", "play"]),
        ("teach", &["kernel", "play"]),
        ("class", &["kernel", "play", "social", "pages", "teach"]),
        ("ops", FEATURES),
        (
            "dispatch",
            &[
                "kernel", "play", "time", "social", "pages", "teach", "class", "ops",
            ],
        ),
        (
            "schedule",
            &[
                "kernel", "play", "time", "social", "pages", "teach", "class", "ops",
            ],
        ),
        ("fuzz", &["kernel", "dispatch", "teach", "class"]),
        ("testing", &["kernel", "teach", "class", "dispatch"]),
        (
            "facade",
            &[
                "kernel", "play", "time", "social", "pages", "teach", "class", "ops", "dispatch", "schedule",
            ],
        ),
        ("lib", &["kernel", "play", "pages", "ops", "facade"]),
    ]);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut against = Vec::new();
    let mut checked = 0;
    for (path, code) in sources_without_tests(&src) {
        if path.to_string_lossy().ends_with("_tests.rs") {
            continue;
        }
        // Comments may name what is above; only code imports.
        let code: String = code
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let relative = path.strip_prefix(&src).expect("under src");
        let folder = relative
            .components()
            .next()
            .and_then(|part| part.as_os_str().to_str())
            .map(|part| part.trim_end_matches(".rs"))
            .expect("a folder or file");
        let Some(may) = allowed.get(folder) else {
            panic!("{folder} is not in the table: say what it may import");
        };
        checked += 1;
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name != folder && !ANYWHERE.contains(&name.as_str()) && !may.contains(&name.as_str()) {
                against.push(format!("{} imports crate::{name}", relative.display()));
            }
        }
    }
    assert!(checked > 60, "the sources were read: {checked}");
    assert_eq!(against, Vec::<String>::new(), "imports against the layering");
}

/// The lines of the function that opens at `lines[0]` (a `fn` line), to its closing brace;
/// braces in strings, characters and comments are not counted.
fn function_length(lines: &[&str]) -> usize {
    let mut depth = 0i32;
    let mut opened = false;
    for (n, line) in lines.iter().enumerate() {
        let mut in_string = false;
        let mut previous = ' ';
        for c in line.chars() {
            // A comment runs to the line's end; `//` in a string (an address) is no comment.
            if c == '/' && previous == '/' && !in_string {
                break;
            }
            match c {
                '"' if previous != '\\' => in_string = !in_string,
                '{' if !in_string => {
                    depth += 1;
                    opened = true;
                }
                '}' if !in_string => depth -= 1,
                ';' if !in_string && !opened && depth == 0 => return n + 1,
                _ => {}
            }
            previous = c;
        }
        if opened && depth == 0 {
            return n + 1;
        }
    }
    lines.len()
}

/// A reader finds each concept of the application in a file of its own: every `mod.rs`
/// (outside `store/`, the storage seam's declarations) only names its modules, no source file
/// but tests is over 600 lines and no function over 150.
#[test]
fn the_application_keeps_its_files_and_functions_small() {
    assert_eq!(
        function_length(&["fn a() {", "    let b = \"{\";", "}", "fn c() {}"]),
        3
    );
    assert_eq!(
        function_length(&["fn a() {", "    let b = \"http://{x}\"; // {", "}", "fn c() {}"]),
        3
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut too_long = Vec::new();
    let mut checked = 0;
    for (path, code) in sources_without_tests(&src) {
        let relative = path.strip_prefix(&src).expect("under src").to_owned();
        let name = relative.display().to_string();
        if name.ends_with("_tests.rs") {
            continue;
        }
        checked += 1;
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines = text.lines().count();
        if name.ends_with("mod.rs") && !name.starts_with("store") && lines > 40 {
            too_long.push(format!("{name}: {lines} lines, a mod.rs of more than 40"));
        }
        if lines > 600 {
            too_long.push(format!("{name}: {lines} lines"));
        }
        let code: Vec<&str> = code.lines().collect();
        for (at, line) in code.iter().enumerate() {
            let opens = line.trim_start().starts_with("fn ")
                || line.trim_start().starts_with("pub fn ")
                || line.trim_start().starts_with("pub(crate) fn ")
                || line.trim_start().starts_with("pub(super) fn ");
            if opens {
                let length = function_length(&code[at..]);
                if length > 150 {
                    too_long.push(format!("{name}:{}: a function of {length} lines", at + 1));
                }
            }
        }
    }
    assert!(checked > 80, "the sources were read: {checked}");
    assert_eq!(too_long, Vec::<String>::new());
}

/// Play never names teaching: a lesson or a puzzle is an activity to it (`is_activity`), whose
/// moves go to the `Teaching` seam to judge.
#[test]
fn play_names_no_lesson_and_no_puzzle() {
    let play = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/play");
    let mut named = Vec::new();
    let mut checked = 0;
    for (path, code) in sources_without_tests(&play) {
        checked += 1;
        let lower = code.to_lowercase();
        for word in ["lesson", "puzzle"] {
            if lower.contains(word) {
                named.push(format!("{} names {word}", path.display()));
            }
        }
    }
    assert!(checked >= 8, "play's sources were read: {checked}");
    assert_eq!(named, Vec::<String>::new());
}

/// Teaching owns lessons and puzzles: outside `teach/`, only the files that dispatch to it (a
/// verb, the class commands that give a class its activities, the daily post's timer) name
/// them. Everything else reaches teaching through the `Teaching` seam, which speaks of
/// activities.
#[test]
fn outside_teaching_only_the_dispatchers_name_lessons_and_puzzles() {
    const DISPATCHERS: &[&str] = &["class/commands.rs", "dispatch/commands.rs", "schedule/fire.rs"];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut naming = Vec::new();
    let mut checked = 0;
    for (path, code) in sources_without_tests(&src) {
        let relative = path.strip_prefix(&src).expect("under src").display().to_string();
        if relative.starts_with("teach/") || relative.ends_with("_tests.rs") {
            continue;
        }
        checked += 1;
        let lower = code.to_lowercase();
        if lower.contains("lesson") || lower.contains("puzzle") {
            naming.push(relative);
        }
    }
    naming.sort();
    assert!(checked > 60, "the sources were read: {checked}");
    assert!(
        naming.len() <= 10,
        "at most 10 files outside teaching name its activities"
    );
    assert_eq!(naming, DISPATCHERS);
}

/// The features read the store and change it only through the kernel's commits, which tell the
/// pages and the scheduler what changed: none of them holds the store itself.
#[test]
fn the_features_change_the_store_only_through_the_kernel() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut reaching = Vec::new();
    let mut checked = 0;
    for folder in ["play", "time", "social", "pages", "teach", "class", "dispatch"] {
        for (path, code) in sources_without_tests(&src.join(folder)) {
            if path.to_string_lossy().ends_with("_tests.rs") {
                continue;
            }
            checked += 1;
            if code.contains(".store()") || code.contains("dyn Store") {
                reaching.push(path.strip_prefix(&src).expect("under src").display().to_string());
            }
        }
    }
    assert!(checked > 50, "the features' sources were read: {checked}");
    assert_eq!(reaching, Vec::<String>::new(), "features that hold the store");
}

/// The crates around the application keep the same sizes: no source file but tests over 600
/// lines, no function over 150. Not held to it yet: the engines', the configuration's, the
/// PostgreSQL store's and the puzzle maker's largest files (`core`, `config`, `bot/postgres`,
/// `bot/learn`, 616 to 671 lines) and the renderer's drawing of a two-row board (a function of
/// 188 lines, whose pictures are golden files).
#[test]
fn the_grammar_the_model_and_the_adapters_keep_their_files_and_functions_small() {
    let root = workspace();
    let mut too_long = Vec::new();
    let mut checked = 0;
    for krate in [
        "bot/grammar",
        "bot/model",
        "bot/discord",
        "bot/matrix",
        "bot/web",
        "bot/lalao",
    ] {
        let src = root.join(krate).join("src");
        for (path, code) in sources_without_tests(&src) {
            let name = path
                .strip_prefix(&root)
                .expect("under the workspace")
                .display()
                .to_string();
            if name.ends_with("_tests.rs") || name.contains("/tests/") {
                continue;
            }
            checked += 1;
            let lines = std::fs::read_to_string(&path)
                .expect("a source file")
                .lines()
                .count();
            if lines > 600 {
                too_long.push(format!("{name}: {lines} lines"));
            }
            let code: Vec<&str> = code.lines().collect();
            for (at, line) in code.iter().enumerate() {
                let trimmed = line.trim_start();
                let opens = [
                    "fn ",
                    "pub fn ",
                    "pub(crate) fn ",
                    "pub(super) fn ",
                    "async fn ",
                    "pub async fn ",
                    "pub(crate) async fn ",
                ]
                .iter()
                .any(|start| trimmed.starts_with(start));
                if opens {
                    let length = function_length(&code[at..]);
                    if length > 150 {
                        too_long.push(format!("{name}:{}: a function of {length} lines", at + 1));
                    }
                }
            }
        }
    }
    assert!(checked > 80, "the sources were read: {checked}");
    assert_eq!(too_long, Vec::<String>::new());
}
