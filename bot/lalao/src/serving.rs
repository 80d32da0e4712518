//! What the process serves beside the chat adapters: the web pages (`LALAO_WEB`) and the admin
//! address (`LALAO_ADMIN`: health probes and metrics, docs/operations.md), on a runtime of their
//! own; and the open-file limit they share with the adapters and the database.

use std::sync::Arc;

use lalao_app::Service;
use lalao_config::Config;

/// Raises the process's soft limit of open files to its hard limit, and answers the limit. The
/// web pages, the Discord endpoint, PostgreSQL, Matrix and the control socket share it, and the
/// soft limit (commonly 1,024) is the one a flood of connections would exhaust first.
pub(crate) fn raise_open_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 1024,
        rlim_max: 1024,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return 1024;
    }
    if limit.rlim_cur >= limit.rlim_max {
        return limit.rlim_cur;
    }
    let soft = limit.rlim_cur;
    limit.rlim_cur = limit.rlim_max;
    // SAFETY: setrlimit only reads the struct it is given.
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } == 0 {
        tracing::info!(from = soft, to = limit.rlim_max, "open-file limit raised");
        limit.rlim_max
    } else {
        tracing::warn!(limit = soft, "the open-file limit could not be raised");
        soft
    }
}

/// Starts the web pages and the admin address, as configured, on a thread of their own until
/// the process ends. The addresses are taken before anything else starts: a taken port is an
/// error at once. An admin address equal to the pages' adds `/metrics` to the pages.
pub(crate) fn start_serving(config: &Config, service: &Arc<Service>, open_files: u64) -> Result<(), String> {
    let shared = config
        .web
        .as_ref()
        .is_some_and(|web| config.admin == Some(web.listen));
    let web = match &config.web {
        Some(web) => Some((bind(web.listen, "the web pages")?, web.url.clone())),
        None => None,
    };
    let admin = match config.admin.filter(|_| !shared) {
        Some(admin) => Some((bind(admin, "the admin address")?, admin)),
        None => None,
    };
    if web.is_none() && admin.is_none() {
        return Ok(());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("lalao-web")
        .enable_all()
        .build()
        .map_err(|err| err.to_string())?;
    let connections = lalao_web::connection_cap(open_files);
    let service = service.clone();
    std::thread::Builder::new()
        .name("lalao-web".to_owned())
        .spawn(move || {
            runtime.block_on(async move {
                let pages = async {
                    let Some((listener, url)) = web else { return };
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(err) => return tracing::error!(%err, "the web pages cannot start"),
                    };
                    tracing::info!(%url, "web pages served");
                    let served = match shared {
                        true => lalao_web::serve_with_metrics(listener, service.clone(), connections).await,
                        false => lalao_web::serve(listener, service.clone(), connections).await,
                    };
                    if let Err(err) = served {
                        tracing::error!(%err, "the web pages stopped");
                    }
                };
                let admin = async {
                    let Some((listener, address)) = admin else { return };
                    let listener = match tokio::net::TcpListener::from_std(listener) {
                        Ok(listener) => listener,
                        Err(err) => return tracing::error!(%err, "the admin address cannot start"),
                    };
                    tracing::info!(%address, "health probes and metrics served");
                    if let Err(err) = lalao_web::serve_admin(listener, service.clone()).await {
                        tracing::error!(%err, "the admin address stopped");
                    }
                };
                tokio::join!(pages, admin);
            });
        })
        .map(drop)
        .map_err(|err| err.to_string())
}

/// A listener on `address`, non-blocking, for the runtime of [`start_serving`] (which makes
/// it a tokio listener: that needs the runtime running).
fn bind(address: std::net::SocketAddr, what: &str) -> Result<std::net::TcpListener, String> {
    std::net::TcpListener::bind(address)
        .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
        .map_err(|err| format!("{what} cannot listen on {address}: {err}"))
}
