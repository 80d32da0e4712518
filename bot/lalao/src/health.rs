//! `lalao health`: asks the lalao serving this configuration whether it is ready (`/readyz`)
//! or only alive (`--live`, `/healthz`), for a container's HEALTHCHECK or a supervisor's
//! probe: exit status 0 when it is, 1 when it is not or does not answer, 2 when there is no
//! address to ask.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

use lalao_config::Config;

/// How long the probe waits to connect, and then for the whole answer (`/readyz` waits up to
/// two seconds for the store).
const CONNECT: Duration = Duration::from_secs(3);
const ANSWER: Duration = Duration::from_secs(5);
/// The most of an answer read: a probe's answer is a few lines.
const MOST: u64 = 64 * 1024;

/// Asks the admin address, or else the web pages' address, and prints the answer.
pub fn run(config: &Config, live: bool) -> ExitCode {
    let Some(address) = config.admin.or(config.web.as_ref().map(|web| web.listen)) else {
        eprintln!("lalao: no address to ask: set LALAO_ADMIN (or LALAO_WEB) as the running lalao has it");
        return ExitCode::from(2);
    };
    let path = if live { "/healthz" } else { "/readyz" };
    match ask(reachable(address), path) {
        Ok((200, body)) => {
            print!("{body}");
            ExitCode::SUCCESS
        }
        Ok((status, body)) => {
            print!("{body}");
            eprintln!("lalao: {path} answered {status}");
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("lalao: no answer from {address}{path}: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The address to connect to for one that a server listens on: a server on every interface
/// is asked on the loopback.
fn reachable(address: SocketAddr) -> SocketAddr {
    match address.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(Ipv4Addr::LOCALHOST.into(), address.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(Ipv6Addr::LOCALHOST.into(), address.port()),
        _ => address,
    }
}

/// `GET path` over HTTP/1.1 on a connection of its own: the status and the body.
fn ask(address: SocketAddr, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&address, CONNECT)?;
    stream.set_read_timeout(Some(ANSWER))?;
    stream.set_write_timeout(Some(ANSWER))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nUser-Agent: lalao-health\r\n\r\n"
    )?;
    let mut answer = Vec::new();
    stream.take(MOST).read_to_end(&mut answer)?;
    let answer = String::from_utf8_lossy(&answer);
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP answer"))?;
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .to_owned();
    Ok((status, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_on_every_interface_is_asked_on_the_loopback() {
        assert_eq!(
            reachable("0.0.0.0:9090".parse().unwrap()),
            "127.0.0.1:9090".parse::<SocketAddr>().unwrap()
        );
        assert_eq!(
            reachable("[::]:9090".parse().unwrap()),
            "[::1]:9090".parse::<SocketAddr>().unwrap()
        );
        assert_eq!(
            reachable("10.0.0.5:9090".parse().unwrap()),
            "10.0.0.5:9090".parse::<SocketAddr>().unwrap()
        );
    }
}
