//! The class screen: `/class/<link>`, the teacher's or a pupil's page of a class,
//! its boards played by taps. Moves are posted to `/class/<link>/play` as JSON and go through
//! the application's own move command; the page learns the result from the answer and sees
//! the board move on through its event stream, like every other viewer.
//!
//! A move is taken only with a current link, from a page of this server (the request's
//! `Origin` is this server's, or the browser says `Sec-Fetch-Site: same-origin`), as JSON
//! (which no plain cross-site form can send), and within the link's rate limit.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use lalao_app::class::screen::{Access, ClassScreen, ScreenAnswer, ScreenPlay};
use lalao_app::i18n::t;
use lalao_app::ids::MatchId;
use lalao_app::{Outcome, PageRead, Unreachable};
use lalao_renderer::{escape_html, Locale};
use serde::Deserialize;
use serde_json::json;

use super::{busy, not_found, reader_locale, stream, unreachable, Shown, Watched, Web};
use crate::budget::{Client, StreamKind};

pub(crate) const CLASS_JS: &str = include_str!("../assets/class.js");

/// A loudspeaker, drawn (no emoji font is needed on the classroom's computer).
const SPEAKER: &str = "<svg aria-hidden=\"true\" viewBox=\"0 0 24 24\"><path fill=\"#1d1a16\" \
                       d=\"M3 9h4l5-4v14l-5-4H3z\"/><path fill=\"none\" stroke=\"#1d1a16\" \
                       stroke-width=\"2\" stroke-linecap=\"round\" d=\"M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12\"/></svg>";

/// Moves a link may send at once, and how fast it earns them back: a class plays a move every
/// few seconds; a script hammering the server gets refused.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 1.0;
/// Longest move request read.
const BODY_MAX: usize = 1024;
/// How long a move's body may take to arrive.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// A link's rate limit: moves it may still send, as of `at`.
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self, now: Instant) -> bool {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + earned).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The screen of `token` now, read on a blocking thread (the store is).
pub(crate) async fn screen(web: &Web, token: &str) -> PageRead<Arc<ClassScreen>> {
    if token.len() != 64 {
        return Ok(None);
    }
    let page = Watched::Class(token.to_owned());
    let token = token.to_owned();
    web.screen_reads
        .read(&page, || {
            web.class_read(move |service| service.class_screen(&token))
        })
        .await
}

/// The animated replay of a lesson's last right move (APNG), at the lesson's version its
/// address names: drawn once for everyone asking (the live pages' cache), never changing under
/// that address.
pub(crate) async fn lesson_replay(
    State(web): State<Arc<Web>>,
    Path((token, id, version)): Path<(String, u64, u64)>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    if token.len() != 64 {
        return not_found(locale);
    }
    let key = (format!("class/{token}/{id}"), version, locale);
    let cell = web.replays.lock().unwrap_or_else(|p| p.into_inner()).cell(&key);
    let drawn = crate::drawn::drawn_once(&cell, || async {
        let read = web.class_read(move |service| service.activity_replay(&token, MatchId(id), version));
        crate::drawn::picture(read.await, |animation| axum::body::Bytes::from(animation.png))
    })
    .await;
    match drawn {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "private, max-age=86400, immutable"),
            ],
            png,
        )
            .into_response(),
        Err(undrawn) => undrawn.answer(locale),
    }
}

pub(crate) async fn page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let screen = match screen(&web, &token).await {
        Ok(Some(screen)) => screen,
        Ok(None) => return not_found(reader_locale(&headers)),
        Err(Unreachable) => return unreachable(reader_locale(&headers)),
    };
    let locale = screen.locale;
    let said = |key: &str| escape_html(&t(locale, key, &[]));
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/live.css\"></head>\
         <body class=\"class {page}\"><header class=\"bar\"><label class=\"sound\">\
         <input type=\"checkbox\" id=\"sound\" checked>{SPEAKER} {sound}</label></header>\
         <p id=\"notice\" class=\"notice\" role=\"alert\" aria-live=\"assertive\"></p>\
         <main id=\"class\" data-events=\"/class/{token}/events\"{play} \
         data-nothing=\"{nothing}\" data-not-yours=\"{not_yours}\">{main}</main>\
         <script src=\"/assets/class.js\"></script></body></html>",
        lang = locale.id(),
        page = match screen.access {
            Access::Teacher => "teacher",
            Access::Seat(_) => "seat",
            Access::Projector => "projector",
        },
        // The projector plays nothing: its page has nowhere to send a move.
        play = match screen.access {
            Access::Projector => String::new(),
            _ => format!(" data-play=\"/class/{token}/play\""),
        },
        title = escape_html(&screen.title),
        sound = said("web-class-sound"),
        nothing = said("web-class-nothing-here"),
        not_yours = said("web-class-not-your-turn"),
        main = main_html(&screen),
    );
    Html(html).into_response()
}

pub(crate) async fn events(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    client: Client,
    headers: HeaderMap,
) -> Response {
    // Counted before the screen is read: a client past its share costs no read.
    let Some(slot) = web.streams.open(client, StreamKind::Class) else {
        return busy(reader_locale(&headers), "web-busy");
    };
    let screen = match screen(&web, &token).await {
        Ok(Some(screen)) => screen,
        Ok(None) => return not_found(reader_locale(&headers)),
        Err(Unreachable) => return unreachable(reader_locale(&headers)),
    };
    let now = Shown {
        version: screen.version,
        html: main_html(&screen),
    };
    // A seat's page open is its pupil in class (a class vote counts on them).
    let slot = slot.showing(&token);
    let receiver = web.watch(Watched::Class(token), now);
    stream(receiver, "screen", slot)
}

/// A move as the page sends it.
#[derive(Deserialize)]
struct Posted {
    #[serde(rename = "match")]
    id: u64,
    board: u32,
    #[serde(rename = "move")]
    text: String,
    nonce: String,
    /// The teacher's "Play again" under a finished match, instead of a move.
    #[serde(default)]
    again: bool,
    /// A seat's "Next lesson" under its finished lesson, instead of a move.
    #[serde(default)]
    next_lesson: bool,
    /// The teacher's "Play it" under the class's vote: its open turn closes now.
    #[serde(default)]
    close_vote: bool,
}

/// An answer to a posted move: `{"outcome": "applied" | "duplicate" | "refused", "text": …}`.
fn answer(status: StatusCode, outcome: &str, text: Option<String>) -> Response {
    (status, axum::Json(json!({ "outcome": outcome, "text": text }))).into_response()
}

/// A played move's answer, with the notation its words leave out as small print (`"small"`).
fn verdict(done: ScreenAnswer) -> Response {
    let body = json!({ "outcome": "applied", "text": done.text, "small": done.small });
    (StatusCode::OK, axum::Json(body)).into_response()
}

/// A tap on a link that names nothing (any more).
fn gone(locale: Locale) -> Response {
    answer(
        StatusCode::NOT_FOUND,
        "refused",
        Some(t(locale, "web-not-found", &[])),
    )
}

/// A tap the store could not take now: nothing was played, and the pupil may tap again.
fn come_back(locale: Locale) -> Response {
    let mut response = answer(
        StatusCode::SERVICE_UNAVAILABLE,
        "refused",
        Some(t(locale, "web-class-tap-unreachable", &[])),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

/// Whether the request comes from a page of this server.
fn same_origin(headers: &HeaderMap, base: Option<&str>) -> bool {
    let value = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    match value(header::ORIGIN) {
        Some(origin) => {
            let own = value(header::HOST).is_some_and(|host| {
                origin == format!("http://{host}") || origin == format!("https://{host}")
            });
            // Behind a proxy the Host may be rewritten: the configured address counts too.
            own || base.is_some_and(|base| origin_of(base) == Some(origin))
        }
        None => headers
            .get("sec-fetch-site")
            .is_some_and(|site| site.as_bytes() == b"same-origin"),
    }
}

/// `https://host:port` of an address.
fn origin_of(url: &str) -> Option<&str> {
    let rest = url.split_once("://")?.1;
    let end = url.len() - rest.len() + rest.find('/').unwrap_or(rest.len());
    Some(&url[..end])
}

pub(crate) async fn play(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let locale = {
        let token = token.clone();
        web.class_read(move |service| service.class_screen_locale(&token))
            .await
    };
    let locale = match locale {
        Ok(Some(locale)) => locale,
        Ok(None) => return gone(reader_locale(&headers)),
        Err(Unreachable) => return come_back(reader_locale(&headers)),
    };
    let refused = |status, key: &str| answer(status, "refused", Some(t(locale, key, &[])));
    if !same_origin(&headers, web.service.web_base()) {
        return refused(StatusCode::FORBIDDEN, "web-class-other-site");
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|kind| {
            kind.split(';')
                .next()
                .is_some_and(|k| k.trim() == "application/json")
        });
    if !json {
        return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, "web-bad-request");
    }
    let allowed = {
        let mut buckets = web.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        // Forget links that have been quiet long enough to be full again.
        if buckets.len() > 10_000 {
            buckets.retain(|_, bucket| {
                now.saturating_duration_since(bucket.at).as_secs_f64() * PER_SECOND < BURST
            });
        }
        buckets
            .entry(token.clone())
            .or_insert(Bucket {
                tokens: BURST,
                at: now,
            })
            .take(now)
    };
    if !allowed {
        return refused(StatusCode::TOO_MANY_REQUESTS, "web-class-too-fast");
    }
    // A declared length over the limit is refused before a byte of the body is read, and a
    // body is read for at most BODY_TIMEOUT, never past BODY_MAX.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > BODY_MAX as u64) {
        return refused(StatusCode::PAYLOAD_TOO_LARGE, "web-bad-request");
    }
    let body = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, BODY_MAX)).await {
        Ok(Ok(body)) => body,
        Ok(Err(_)) => return refused(StatusCode::PAYLOAD_TOO_LARGE, "web-bad-request"),
        Err(_) => return refused(StatusCode::REQUEST_TIMEOUT, "web-bad-request"),
    };
    let posted: Option<Posted> = serde_json::from_slice(&body).ok();
    let Some(posted) = posted else {
        return refused(StatusCode::BAD_REQUEST, "web-bad-request");
    };
    let play = ScreenPlay {
        id: MatchId(posted.id),
        board: posted.board,
        text: posted.text,
        nonce: posted.nonce,
        again: posted.again,
        go_on: posted.next_lesson,
        close_vote: posted.close_vote,
    };
    let played = web.play(move |service| service.screen_play(&token, play)).await;
    match played {
        Ok(None) => gone(locale),
        Err(Unreachable) => come_back(locale),
        Ok(Some(done)) => match done.outcome {
            // A lesson's verdict on the move comes with it.
            Outcome::Applied | Outcome::Shown => verdict(done),
            Outcome::Duplicate => answer(StatusCode::OK, "duplicate", None),
            Outcome::Refused { .. } => answer(StatusCode::CONFLICT, "refused", done.text),
        },
    }
}

/// QR codes kept drawn, by address: more than the seats of every class a server holds pages of
/// at once, and past that all are dropped (the next redraw draws them again).
const QR_CODES_KEPT: usize = 4096;

/// A QR code of `url` as inline SVG, for a tablet's camera. Drawn once per address: a QR code
/// is a pure function of it, and the teacher's page, redrawn after every tap, shows one per
/// pupil (drawing them was most of the CPU of a tap).
pub(crate) fn qr_svg(url: &str) -> Arc<str> {
    static DRAWN: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<String, Arc<str>>>> =
        std::sync::LazyLock::new(Default::default);
    if let Some(found) = DRAWN.lock().unwrap_or_else(|p| p.into_inner()).get(url) {
        return found.clone();
    }
    let drawn: Arc<str> = Arc::from(draw_qr(url));
    let mut kept = DRAWN.lock().unwrap_or_else(|p| p.into_inner());
    if kept.len() >= QR_CODES_KEPT {
        kept.clear();
    }
    kept.insert(url.to_owned(), drawn.clone());
    drawn
}

fn draw_qr(url: &str) -> String {
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(160, 160)
                .quiet_zone(true)
                .build();
            // Inline: without the XML declaration.
            match svg.find("<svg") {
                Some(start) => svg[start..].to_owned(),
                None => String::new(),
            }
        }
        Err(_) => String::new(),
    }
}

/// The page's changing part: title, round, (for the teacher) each pupil's link and their
/// progress, the boards, the standings.
pub(crate) fn main_html(screen: &ClassScreen) -> String {
    let locale = screen.locale;
    let said = |key: &str| escape_html(&t(locale, key, &[]));
    let mut html = format!("<h1>{}</h1>", escape_html(&screen.title));
    if let Some(round) = &screen.round {
        html.push_str(&format!("<p class=\"round\">{}</p>", escape_html(round)));
    }
    // The teacher's first question is who is where: each pupil's link one tap away, then
    // their progress, then their boards.
    if screen.access == Access::Teacher && !screen.seats.is_empty() {
        let seats: String = screen
            .seats
            .iter()
            .map(|(name, url)| {
                // Each pupil's link folded on its own, so that it is shown to one pupil at a time.
                format!(
                    "<li><details><summary>{name}</summary>\
                     <a href=\"{url}\" target=\"_blank\" rel=\"noopener\">{name}</a>{qr}</details></li>",
                    url = escape_html(url),
                    name = escape_html(name),
                    qr = qr_svg(url),
                )
            })
            .collect();
        html.push_str(&format!(
            "<nav class=\"seats\"><h2>{}</h2><ul>{seats}</ul></nav>",
            said("web-class-seats")
        ));
    }
    if !screen.progress.is_empty() {
        let rows: String = screen
            .progress
            .iter()
            .map(|line| format!("<li>{}</li>", escape_html(line)))
            .collect();
        html.push_str(&format!(
            "<section class=\"progress\"><h2>{}</h2><ul>{rows}</ul></section>",
            said("web-class-progress")
        ));
    }
    if screen.boards.is_empty() {
        html.push_str(&format!(
            "<section class=\"boards\"><p class=\"empty\">{}</p></section>",
            said("web-class-no-matches")
        ));
    }
    // The pupils' own boards, small, side by side; then the class's.
    let (pupils, others): (Vec<_>, Vec<_>) = screen.boards.iter().partition(|board| board.pupil);
    // A simul's boards side by side, each named by its pupil.
    let (mosaic, others): (Vec<_>, Vec<_>) = others.into_iter().partition(|board| board.mosaic);
    for (boards, class) in [
        (pupils, "boards pupils"),
        (mosaic, "boards mosaic"),
        (others, "boards"),
    ] {
        if boards.is_empty() {
            continue;
        }
        html.push_str(&format!("<section class=\"{class}\">"));
        for board in boards {
            html.push_str(&crate::board_card::board_html(locale, board));
        }
        html.push_str("</section>");
    }
    if !screen.standings.is_empty() {
        let rows: String = screen
            .standings
            .iter()
            .map(|row| {
                format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                    row.rank,
                    escape_html(&row.name),
                    escape_html(&row.points)
                )
            })
            .collect();
        html.push_str(&format!(
            "<section class=\"standings\"><h2>{}</h2><table><tbody>{rows}</tbody></table></section>",
            said("web-class-standings")
        ));
    }
    html
}
