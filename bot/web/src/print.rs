//! The teacher's print page, `/class/<teacher link>/print`: the class's report (each pupil's
//! learning and matches), the tournament's last round and standings, and one card per pupil
//! with their name and their seat's QR code, laid out for A4 in black on white with nothing to
//! tap, for a teacher to print, pin up and cut. Only the teacher's link has one: it names every
//! pupil's results and seat.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{Html, IntoResponse, Response};
use lalao_app::class::screen::ClassPrint;
use lalao_app::i18n::t;
use lalao_app::Unreachable;
use lalao_renderer::escape_html;

use super::{not_found, reader_locale, unreachable, Web};
use crate::class::qr_svg;

pub(crate) const PRINT_CSS: &str = include_str!("../assets/print.css");

pub(crate) async fn page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    if token.len() != 64 {
        return not_found(reader_locale(&headers));
    }
    match web.class_read(move |service| service.class_print(&token)).await {
        Ok(Some(print)) => Html(html(&print)).into_response(),
        Ok(None) => not_found(reader_locale(&headers)),
        Err(Unreachable) => unreachable(reader_locale(&headers)),
    }
}

/// The whole page.
fn html(print: &ClassPrint) -> String {
    let locale = print.locale;
    let said = |key: &str| escape_html(&t(locale, key, &[]));
    let heading = escape_html(&t(locale, "web-print-heading", &[("class", print.title.clone())]));
    let mut body = format!("<h1>{heading}</h1>");
    body.push_str(&format!(
        "<section class=\"report\"><h2>{}</h2>",
        said("web-print-report")
    ));
    body.push_str(&table(&print.headers, &print.rows));
    body.push_str("</section>");
    if let Some(round) = &print.round {
        let rows: Vec<Vec<String>> = round
            .games
            .iter()
            .enumerate()
            .map(|(board, (first, second, result))| {
                vec![
                    (board + 1).to_string(),
                    first.clone(),
                    result.clone(),
                    second.clone(),
                ]
            })
            .collect();
        body.push_str(&format!(
            "<section class=\"pairings\"><h2>{} · {}</h2>",
            said("web-print-pairings"),
            escape_html(&round.title)
        ));
        body.push_str(&table(
            &[String::new(), String::new(), String::new(), String::new()],
            &rows,
        ));
        if let Some(bye) = &round.bye {
            let line = t(locale, "web-print-bye", &[("name", bye.clone())]);
            body.push_str(&format!("<p>{}</p>", escape_html(&line)));
        }
        body.push_str("</section>");
    }
    if !print.standings.is_empty() {
        let rows: Vec<Vec<String>> = print
            .standings
            .iter()
            .map(|row| vec![row.rank.to_string(), row.name.clone(), row.points.clone()])
            .collect();
        body.push_str(&format!(
            "<section class=\"standings\"><h2>{}</h2>",
            said("web-print-standings")
        ));
        body.push_str(&table(&[String::new(), String::new(), String::new()], &rows));
        body.push_str("</section>");
    }
    body.push_str(&format!(
        "<section class=\"cards\"><h2>{}</h2>",
        said("web-print-cards")
    ));
    if print.cards.is_empty() {
        body.push_str(&format!("<p>{}</p>", said("web-print-no-cards")));
    }
    body.push_str("<ul>");
    let hint = said("web-print-card-hint");
    for (name, url) in &print.cards {
        body.push_str(&format!(
            "<li class=\"card\" data-url=\"{url}\"><p class=\"name\">{name}</p>{qr}<p class=\"hint\">{hint}</p></li>",
            url = escape_html(url),
            name = escape_html(name),
            qr = qr_svg(url),
        ));
    }
    body.push_str("</ul></section>");
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{heading}</title><link rel=\"stylesheet\" href=\"/assets/print.css\"></head>\
         <body class=\"print\">{body}</body></html>",
        lang = locale.id(),
    )
}

/// A table with `headers` (none when they are all empty) and `rows`, every cell escaped.
fn table(headers: &[String], rows: &[Vec<String>]) -> String {
    let mut html = String::from("<table>");
    if headers.iter().any(|header| !header.is_empty()) {
        html.push_str("<thead><tr>");
        for header in headers {
            html.push_str(&format!("<th>{}</th>", escape_html(header)));
        }
        html.push_str("</tr></thead>");
    }
    html.push_str("<tbody>");
    for row in rows {
        html.push_str("<tr>");
        for cell in row {
            html.push_str(&format!("<td>{}</td>", escape_html(cell)));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    html
}
