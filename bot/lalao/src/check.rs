//! The verdict of `lalao check` on a store, shared by `check`, `restore` and `store copy`.

use std::process::ExitCode;

use lalao_app::Service;

/// `lalao check`'s verdict on `service`'s store, named `name`: every record readable and every
/// link whole (exit 0), or each fault on a line of its own (exit 1). Records written by a newer
/// lalao are listed as such: they are sound, kept for that build (a rollback), and no fault.
pub(crate) fn report_check(name: &str, service: &Service) -> ExitCode {
    let check = match service.check() {
        Ok(check) => check,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    };
    for newer in &check.newer {
        println!("newer: {newer}");
    }
    let newer = match check.newer.len() {
        0 => String::new(),
        count => format!(", {count} written by a newer lalao and kept"),
    };
    if check.errors.is_empty() {
        println!("{name}: {} records, all readable{newer}", check.entries);
        return ExitCode::SUCCESS;
    }
    for error in &check.errors {
        println!("unreadable: {error}");
    }
    println!(
        "{name}: {} records, {} unreadable{newer}",
        check.entries,
        check.errors.len()
    );
    ExitCode::FAILURE
}

/// `lalao check --person ID`: whether any record still holds `person` (a chat id, as lalao
/// writes it). Each one on a line of its own and exit 1, or one line saying none does (exit 0).
pub(crate) fn report_person(name: &str, service: &Service, person: &str) -> ExitCode {
    match service.records_holding(person) {
        Ok(found) if found.is_empty() => {
            println!("{name}: no record holds {person}");
            ExitCode::SUCCESS
        }
        Ok(found) => {
            for key in &found {
                println!("holds {person}: {key}");
            }
            println!("{name}: {} records hold {person}", found.len());
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}
