//! The verdict of `lalao check` on a store, shared by `check`, `restore` and `store copy`.

use std::process::ExitCode;

use lalao_app::Service;

/// `lalao check`'s verdict on `service`'s store, named `name`: every record readable and every
/// link whole (exit 0), or each fault on a line of its own (exit 1).
pub(crate) fn report_check(name: &str, service: &Service) -> ExitCode {
    match service.check_store() {
        Ok((entries, errors)) if errors.is_empty() => {
            println!("{name}: {entries} records, all readable");
            ExitCode::SUCCESS
        }
        Ok((entries, errors)) => {
            for error in &errors {
                println!("unreadable: {error}");
            }
            println!("{name}: {entries} records, {} unreadable", errors.len());
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}
