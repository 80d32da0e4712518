//! The answers every page shares: security headers, embedded assets and fonts, the reader's
//! language, and the pages for what is missing or busy.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use lalao_app::i18n::t;
use lalao_renderer::{escape_html, Locale};

/// The script and style of the pages, embedded.
pub(crate) const LIVE_JS: &str = include_str!("../assets/live.js");
pub(crate) const LIVE_CSS: &str = include_str!("../assets/live.css");

/// Nothing but this server's own scripts, styles and event stream; no framing, no forms.
pub(crate) const CSP: &str =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

/// The pictures' own fonts (DejaVu, renderer/fonts/LICENSE-DejaVu.txt), served to the pages:
/// the boards' SVG and the pages read the same on every machine, whatever fonts it has.
pub(crate) const SANS: &[u8] = include_bytes!("../../../renderer/fonts/DejaVuSans.ttf");
pub(crate) const SANS_BOLD: &[u8] = include_bytes!("../../../renderer/fonts/DejaVuSans-Bold.ttf");

/// The headers every answer carries.
pub(crate) async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

pub(crate) async fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

pub(crate) async fn font(bytes: &'static [u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, "font/ttf"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        bytes,
    )
        .into_response()
}

/// The reader's language from `Accept-Language` (French if it comes first), else English;
/// a class match's page speaks the class's language whatever the browser says.
pub(crate) fn reader_locale(headers: &HeaderMap) -> Locale {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(',').next())
        .and_then(|first| Locale::from_tag(first.split(';').next().unwrap_or_default().trim()))
        .unwrap_or(Locale::En)
}

/// Asked to come back (503, `Retry-After`): the store does not answer now.
pub(crate) fn unreachable(locale: Locale) -> Response {
    let text = escape_html(&t(locale, "web-store-unreachable", &[]));
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{text}</title>\
         <link rel=\"stylesheet\" href=\"/assets/live.css\"></head><body><main><p>{text}</p></main></body></html>",
        locale.id()
    );
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, Html(html)).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

/// Asked to come back (503, `Retry-After`) with `key`'s words: a budget is spent just now.
pub(crate) fn busy(locale: Locale, key: &str) -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, t(locale, key, &[])).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
    response
}

pub(crate) fn not_found(locale: Locale) -> Response {
    let text = escape_html(&t(locale, "web-not-found", &[]));
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{text}</title>\
         <link rel=\"stylesheet\" href=\"/assets/live.css\"></head><body><main><p>{text}</p></main></body></html>",
        locale.id()
    );
    (StatusCode::NOT_FOUND, Html(html)).into_response()
}
