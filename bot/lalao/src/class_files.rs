//! Files an operator hands over or takes in: `lalao class export` and `lalao class import`, a
//! class's file (what `class export` hands the teacher) written from a store or put into one —
//! to move a class to another server, or to restore one a school kept (docs/classroom.md) —
//! and `lalao data`, a person's records whole (what `my data` gives, past its chat bound). On
//! sled, with the bot stopped (its store is locked while it runs); on PostgreSQL, at any time.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use lalao_app::ids::{ChannelId, UserId};
use lalao_app::Service;

#[derive(Subcommand)]
pub(crate) enum ClassCommand {
    /// Write the class of a channel as its file (JSON), to FILE or standard output.
    Export {
        /// The class's channel, as lalao writes it: `discord:123…`, `matrix:!room:example.org`,
        /// `console:local`.
        #[arg(long)]
        channel: String,
        /// Where to write it (standard output if not given).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Put the class of a file into the store, in one commit: in its own channel or
    /// `--channel`, with its own teacher or `--teacher`; refused if the channel has a class.
    Import {
        file: PathBuf,
        #[arg(long)]
        channel: Option<String>,
        #[arg(long)]
        teacher: Option<String>,
    },
}

pub(crate) fn run(command: &ClassCommand, service: &Service) -> ExitCode {
    match command {
        ClassCommand::Export { channel, out } => export(service, &ChannelId(channel.clone()), out.as_deref()),
        ClassCommand::Import {
            file,
            channel,
            teacher,
        } => import(
            service,
            file,
            channel.clone().map(ChannelId),
            teacher.clone().map(UserId),
        ),
    }
}

fn export(service: &Service, channel: &ChannelId, out: Option<&Path>) -> ExitCode {
    write_out(service.class_archive(channel), out)
}

/// `lalao data --user ID`: the person's records, whole.
pub(crate) fn write_data(service: &Service, user: &UserId, out: Option<&Path>) -> ExitCode {
    write_out(service.personal_data(user), out)
}

/// `bytes` written to `out` (standard output if `None`), or why not.
fn write_out(bytes: Result<Vec<u8>, String>, out: Option<&Path>) -> ExitCode {
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("lalao: {err}");
            return ExitCode::FAILURE;
        }
    };
    let written = match out {
        Some(path) => std::fs::write(path, &bytes),
        None => std::io::Write::write_all(&mut std::io::stdout(), &bytes),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}

fn import(service: &Service, file: &Path, channel: Option<ChannelId>, teacher: Option<UserId>) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("lalao: {}: {err}", file.display());
            return ExitCode::FAILURE;
        }
    };
    match service.import_class(&bytes, channel, teacher) {
        Ok(imported) => {
            println!(
                "class {:?} imported into {}: {} pupils, {} matches (numbered {})",
                imported.name,
                imported.channel,
                imported.pupils,
                imported.matches.len(),
                imported
                    .matches
                    .iter()
                    .map(|(before, now)| format!("#{} as #{}", before.0, now.0))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("lalao: {err}");
            ExitCode::FAILURE
        }
    }
}
