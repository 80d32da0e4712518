//! A match's live page: its HTML, the position after a move, its replays and animations.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{Html, IntoResponse, Response};
use lalao_app::i18n::t;
use lalao_app::{is_public_id, LiveView, PageRead, Unreachable};
use lalao_renderer::{escape_html, Locale};

use crate::budget::Client;
use crate::drawn::*;
use crate::responses::*;
use crate::state::*;

/// The live view of `public` for `locale`, read on a blocking thread (the store is).
pub(crate) async fn view(web: &Web, public: &str, locale: Locale) -> PageRead<Arc<LiveView>> {
    if !is_public_id(public) {
        return Ok(None);
    }
    let page = Watched::Match(public.to_owned(), locale);
    let public = public.to_owned();
    web.live_reads
        .read(&page, || {
            web.read(move |service| service.live_view(&public, locale))
        })
        .await
}

pub(crate) async fn page(
    State(web): State<Arc<Web>>,
    Path(public): Path<String>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    let view = match view(&web, &public, locale).await {
        Ok(Some(view)) => view,
        Ok(None) => return not_found(locale),
        Err(Unreachable) => return unreachable(locale),
    };
    let body = format!(
        "<main id=\"live\" data-events=\"/m/{public}/events\">{main}</main>\
         <script src=\"/assets/live.js\"></script>",
        main = main_html(&view),
    );
    page_of(&view, &body)
}

/// The page of a match with the position after one of its moves (a link of its annotated move
/// list): a still page, with a link back to the live one.
pub(crate) async fn after(
    State(web): State<Arc<Web>>,
    Path((public, count)): Path<(String, usize)>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    if !is_public_id(&public) {
        return not_found(locale);
    }
    let view = {
        let public = public.clone();
        web.read(move |service| service.live_view_after(&public, count, locale))
            .await
    };
    let view = match view {
        Ok(Some(view)) => view,
        Ok(None) => return not_found(locale),
        Err(Unreachable) => return unreachable(locale),
    };
    let body = format!(
        "<main><p><a href=\"/m/{public}\">{back}</a></p>{main}</main>",
        back = escape_html(&t(view.locale, "web-back-to-live", &[])),
        main = main_html(&view),
    );
    page_of(&view, &body)
}

/// A match's page around `body`: its language, its title and the pages' style sheet.
fn page_of(view: &LiveView, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/live.css\"></head>\
         <body>{body}</body></html>",
        lang = view.locale.id(),
        title = escape_html(&view.title),
    );
    Html(html).into_response()
}

/// The animated replay (APNG) of a match's last move, at the version its address names (only
/// while that is the match's version): it never changes under that address, so browsers may
/// keep it.
pub(crate) async fn replay(
    State(web): State<Arc<Web>>,
    Path((public, version)): Path<(String, u64)>,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    if !is_public_id(&public) {
        return not_found(locale);
    }
    // Only the current version's replay is served: a page that moved on asks for the next.
    if let Err(refused) = at_version(&web, &public, version, locale).await {
        return refused;
    }
    let key = (public.clone(), version, locale);
    let cell = web.replays.lock().unwrap_or_else(|p| p.into_inner()).cell(&key);
    // Drawn once (20–100 ms of CPU), whoever asks meanwhile waits for that drawing.
    let drawn = drawn_once(&cell, || async {
        let read = web.read(move |service| service.live_replay(&public, version, locale));
        picture(read.await, |animation| axum::body::Bytes::from(animation.png))
    })
    .await;
    let png = match drawn {
        Ok(png) => png,
        Err(undrawn) => return undrawn.answer(locale),
    };
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        png,
    )
        .into_response()
}

/// Passes when `version` is the live page's current one: a picture's address names the
/// version it shows, and only that version's is served.
pub(crate) async fn at_version(
    web: &Web,
    public: &str,
    version: u64,
    locale: Locale,
) -> Result<(), Response> {
    let public = public.to_owned();
    match web.read(move |service| service.live_version(&public)).await {
        Ok(Some(current)) if current == version => Ok(()),
        Ok(_) => Err(not_found(locale)),
        Err(Unreachable) => Err(unreachable(locale)),
    }
}

/// The whole game animated, `animation.png` (APNG) or `animation.gif`, at the version its
/// address names (only while that is the match's version): never changing under that
/// address, so browsers may keep it.
pub(crate) async fn animation(
    State(web): State<Arc<Web>>,
    Path((public, version, file)): Path<(String, u64, String)>,
    client: Client,
    headers: HeaderMap,
) -> Response {
    let locale = reader_locale(&headers);
    let gif = match file.as_str() {
        "animation.png" => false,
        "animation.gif" => true,
        _ => return not_found(locale),
    };
    if !is_public_id(&public) {
        return not_found(locale);
    }
    let key = (public.clone(), version, locale);
    // A client whose drawing runs is answered at once for one that is not drawn, before any
    // read: its further requests cost the store nothing.
    let drawn = web
        .animations
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .is_drawn(&key);
    if !drawn && web.draws.share_taken(client) {
        return Undrawn::Busy.answer(locale);
    }
    if let Err(refused) = at_version(&web, &public, version, locale).await {
        return refused;
    }
    let cell = web
        .animations
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .cell(&key);
    // Drawn once for both formats, in the drawings' turns and this client's share of them,
    // never among the page reads. The drawing is the server's own task: once started it is
    // kept for the next reader even if this one has gone.
    let (draws, service) = (web.draws.clone(), web.service.clone());
    let drawing = tokio::spawn(async move {
        drawn_once(&cell, || async move {
            let drawn = draws
                .run(client, move || service.live_animation(&public, version, locale))
                .await;
            let Ok(read) = drawn else {
                return Err(Undrawn::Busy);
            };
            picture(read, |drawn| {
                (
                    axum::body::Bytes::from(drawn.apng),
                    axum::body::Bytes::from(drawn.gif),
                )
            })
        })
        .await
    });
    let drawn = drawing.await.unwrap_or(Err(Undrawn::Unreachable));
    let (apng, gif_bytes) = match drawn {
        Ok(both) => both,
        Err(undrawn) => return undrawn.answer(locale),
    };
    let (kind, body) = if gif {
        ("image/gif", gif_bytes)
    } else {
        ("image/png", apng)
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        body,
    )
        .into_response()
}

/// The page's changing part: title, players, status, board and moves.
pub(crate) fn main_html(view: &LiveView) -> String {
    let locale = view.locale;
    let players: String = view
        .players
        .iter()
        .map(|player| format!("<li>{}</li>", escape_html(player)))
        .collect();
    // Each move a link to the position after it; once the match is reviewed, each marked with
    // its verdict and, for a move the review names, what it says.
    let moves: String = view
        .moves
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let count = index + 1;
            let (verdict, note) = view
                .review
                .as_ref()
                .and_then(|review| review.moves.get(index))
                .map_or(("", None), |(verdict, note)| (verdict.as_str(), note.as_deref()));
            let class = match verdict {
                "" => String::new(),
                verdict => format!(" class=\"{}\"", escape_html(verdict)),
            };
            let current = match view.after == Some(count) {
                true => " aria-current=\"step\"",
                false => "",
            };
            let note = note.map_or(String::new(), |note| {
                format!(" <span class=\"note\">{}</span>", escape_html(note))
            });
            format!(
                "<li id=\"move-{count}\"{class}><a href=\"/m/{public}/after/{count}\"{current}><code>{text}</code></a>{note}</li>",
                public = view.public,
                text = escape_html(text),
            )
        })
        .collect();
    let review = match &view.review {
        Some(review) => format!(
            "<section class=\"review\"><h2>{title}</h2><ul>{summary}</ul></section>",
            title = escape_html(&review.title),
            summary = review
                .summary
                .iter()
                .map(|line| format!("<li>{}</li>", escape_html(line)))
                .collect::<String>(),
        ),
        None => String::new(),
    };
    let replay = match &view.replay {
        Some(words) => format!(
            "<figure class=\"replay\"><img src=\"/m/{public}/replay/{version}\" alt=\"{words}\">\
             <figcaption>{words}</figcaption></figure>",
            public = view.public,
            version = view.version,
            words = escape_html(words),
        ),
        None => String::new(),
    };
    // The whole game, animated: GIF for every browser, APNG beside it.
    let animation = if view.moves.is_empty() || view.moves.len() > lalao_renderer::GAME_ANIMATION_MAX_PLIES {
        String::new()
    } else {
        format!(
            "<p class=\"animation\"><a href=\"/m/{public}/animation/{version}/animation.gif\">{words}</a> \
             (<a href=\"/m/{public}/animation/{version}/animation.png\">APNG</a>)</p>",
            public = view.public,
            version = view.version,
            words = escape_html(&t(locale, "web-animation", &[])),
        )
    };
    format!(
        "<h1>{title}</h1><ul class=\"players\">{players}</ul>\
         <p class=\"status\" role=\"status\" aria-live=\"polite\">{status}</p>\
         <figure class=\"board\" role=\"img\" aria-label=\"{description}\">{svg}</figure>{replay}\
         <h2>{moves_title}</h2><ol class=\"moves\">{moves}</ol>{review}{animation}",
        title = escape_html(&view.title),
        status = escape_html(&view.status),
        description = escape_html(&view.description),
        svg = view.svg,
        moves_title = escape_html(&t(
            locale,
            "web-moves",
            &[("count", view.moves.len().to_string())]
        )),
    )
}
