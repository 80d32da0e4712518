//! Endpoint mode: Discord POSTs each interaction to our URL, signed with the application's
//! Ed25519 key. Every request is verified with serenity's `Verifier` before anything else looks
//! at it: a missing or wrong signature gets 401 and changes nothing. The initial response is the
//! HTTP answer's body; anything later goes through the interaction's webhook.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use serenity::all::Interaction;
use serenity::interactions_endpoint::Verifier;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, Semaphore};

use super::{replay, Adapter, Responder};

/// Discord's interaction bodies are small; refuse anything unreasonable before verifying it.
const MAX_BODY: usize = 1 << 20;
/// Discord sends a request at once; a client that dribbles its headers is holding a slot.
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Keep-alive connections are closed after this; Discord opens new ones as it needs.
const CONNECTION_LIFETIME: Duration = Duration::from_secs(120);
const MAX_CONNECTIONS: usize = 512;
/// The pause after a failed `accept` (EMFILE and the like) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The endpoint, as `/readyz` names it.
const DISCORD_ENDPOINT: &str = "discord endpoint";

pub(crate) async fn run(adapter: Arc<Adapter>) -> Result<(), String> {
    let key = adapter
        .config
        .public_key
        .clone()
        .ok_or("endpoint mode needs DISCORD_PUBLIC_KEY")?;
    let verifier = Arc::new(
        Verifier::try_new(parse_key(&key)?)
            .map_err(|_| "DISCORD_PUBLIC_KEY is not an Ed25519 public key".to_owned())?,
    );
    let listener = TcpListener::bind(adapter.config.listen)
        .await
        .map_err(|err| format!("cannot listen on {}: {err}", adapter.config.listen))?;
    tracing::info!(address = %adapter.config.listen, "Discord interactions endpoint listening");
    // Up while it listens: it stops only with the process.
    adapter
        .service
        .health()
        .connected(DISCORD_ENDPOINT, true, std::time::Duration::MAX);
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return Err("the endpoint's connection limit was closed".to_owned());
        };
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(err) => {
                tracing::warn!(error = %err, "accepting a connection failed");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let adapter = adapter.clone();
        let verifier = verifier.clone();
        tokio::spawn(async move {
            let service = service_fn(move |request| answer(adapter.clone(), verifier.clone(), request));
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            match tokio::time::timeout(CONNECTION_LIFETIME, connection).await {
                Ok(Ok(())) => {}
                Ok(Err(err)) => {
                    tracing::debug!(%peer, error = %err, "endpoint connection ended with an error")
                }
                Err(_) => tracing::debug!(%peer, "endpoint connection closed after its lifetime"),
            }
            drop(slot);
        });
    }
}

fn parse_key(hex: &str) -> Result<[u8; 32], String> {
    let mut key = [0u8; 32];
    // Byte offsets below would split a multi-byte character: only ASCII can be hex anyway.
    if hex.len() != 64 || !hex.is_ascii() {
        return Err("DISCORD_PUBLIC_KEY must be 64 hexadecimal digits".to_owned());
    }
    for (index, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16)
            .map_err(|_| "DISCORD_PUBLIC_KEY must be 64 hexadecimal digits".to_owned())?;
    }
    Ok(key)
}

fn plain(status: StatusCode, text: &'static str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from_static(text.as_bytes())));
    *response.status_mut() = status;
    response
}

async fn answer(
    adapter: Arc<Adapter>,
    verifier: Arc<Verifier>,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if request.method() != Method::POST {
        return Ok(plain(StatusCode::METHOD_NOT_ALLOWED, "POST interactions here\n"));
    }
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let (Some(signature), Some(timestamp)) = (header("X-Signature-Ed25519"), header("X-Signature-Timestamp"))
    else {
        return Ok(plain(StatusCode::UNAUTHORIZED, "missing request signature\n"));
    };
    let body = match tokio::time::timeout(
        BODY_TIMEOUT,
        Limited::new(request.into_body(), MAX_BODY).collect(),
    )
    .await
    {
        Ok(Ok(body)) => body.to_bytes(),
        Ok(Err(_)) => return Ok(plain(StatusCode::PAYLOAD_TOO_LARGE, "request too large\n")),
        Err(_) => return Ok(plain(StatusCode::REQUEST_TIMEOUT, "request body too slow\n")),
    };
    if verifier.verify(&signature, &timestamp, &body).is_err() {
        tracing::warn!("refused an interaction with an invalid signature");
        return Ok(plain(StatusCode::UNAUTHORIZED, "invalid request signature\n"));
    }
    // The wall clock, not the service's (which tests may move): this is about the request.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    if !replay::fresh(&timestamp, now) {
        tracing::warn!(%timestamp, "refused a signed interaction with a stale or future timestamp");
        return Ok(plain(StatusCode::UNAUTHORIZED, "stale request timestamp\n"));
    }
    let interaction: Interaction = match serde_json::from_slice(&body) {
        Ok(interaction) => interaction,
        Err(err) => {
            tracing::warn!(error = %err, "a signed interaction could not be read");
            return Ok(plain(StatusCode::BAD_REQUEST, "unreadable interaction\n"));
        }
    };
    let (sender, receiver) = oneshot::channel();
    tokio::spawn(adapter.process(interaction, Responder::Endpoint(sender)));
    match receiver.await {
        Ok(body) => {
            let mut response = Response::new(Full::new(Bytes::from(body.to_string())));
            response.headers_mut().insert(
                hyper::header::CONTENT_TYPE,
                hyper::header::HeaderValue::from_static("application/json"),
            );
            Ok(response)
        }
        // An interaction kind lalao ignores: nothing to answer with.
        Err(_) => Ok(plain(StatusCode::BAD_REQUEST, "unsupported interaction\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_from_hex() {
        let key = parse_key(&"0f".repeat(32)).unwrap();
        assert_eq!(key, [0x0f; 32]);
        assert!(parse_key("0f").is_err());
        assert!(parse_key(&"zz".repeat(32)).is_err());
        // 64 bytes that are not ASCII: an error, not a panic.
        assert!(parse_key(&"é".repeat(32)).is_err());
        assert!(parse_key(&format!("{}é", "0".repeat(62))).is_err());
    }
}
