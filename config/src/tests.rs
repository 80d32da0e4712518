use std::collections::HashMap;

use super::*;

const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB";
const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |name| map.get(name).cloned()
}

fn load(toml: &str, pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_toml(toml, &env(pairs))
}

#[test]
fn nothing_configured_means_the_console_with_defaults() {
    let config = load("", &[]).unwrap();
    assert_eq!(config.data_dir, PathBuf::from("./data"));
    assert_eq!(config.locale, "en");
    assert_eq!(config.style, "text");
    assert_eq!(config.adapters(), vec![Adapter::Console]);
}

#[test]
fn the_environment_wins_over_the_file_and_empty_values_are_unset() {
    let toml = "data_dir = \"/srv/lalao\"\nlocale = \"en\"\nstyle = \"emoji\"\n";
    let config = load(
        toml,
        &[
            ("LALAO_LOCALE", "fr-FR"),
            ("LALAO_DATA_DIR", ""),
            ("RUST_LOG", "lalao=debug"),
        ],
    )
    .unwrap();
    assert_eq!(config.data_dir, PathBuf::from("/srv/lalao"));
    assert_eq!(config.locale, "fr");
    assert_eq!(config.style, "emoji");
    assert_eq!(config.log.as_deref(), Some("lalao=debug"));
    assert_eq!(config.clock_offset, 0);
}

#[test]
fn a_clock_offset_for_tests() {
    assert_eq!(
        load("", &[("LALAO_CLOCK_OFFSET", "7200")]).unwrap().clock_offset,
        7200
    );
    assert_eq!(
        load("", &[("LALAO_CLOCK_OFFSET", " -60 ")]).unwrap().clock_offset,
        -60
    );
    for bad in ["2h", "1e9", "999999999999"] {
        let err = load("", &[("LALAO_CLOCK_OFFSET", bad)]).unwrap_err();
        assert!(
            matches!(&err, ConfigError::Invalid { setting: "LALAO_CLOCK_OFFSET", value, .. } if value == bad),
            "{bad}: {err}"
        );
    }
}

#[test]
fn chat_credentials_select_the_adapters() {
    let config = load(
        "",
        &[
            ("DISCORD_TOKEN", TOKEN),
            ("MATRIX_HOMESERVER", "https://matrix.example.org"),
            ("MATRIX_USER", "@lalao:example.org"),
            ("MATRIX_ACCESS_TOKEN", "syt_abc"),
        ],
    )
    .unwrap();
    assert_eq!(config.adapters(), vec![Adapter::Discord, Adapter::Matrix]);
    let matrix = config.matrix.unwrap();
    assert_eq!(matrix.auth, MatrixAuth::AccessToken(Secret("syt_abc".into())));
    assert_eq!(format!("{:?}", config.discord.unwrap().token), "Some(Secret(…))");
}

#[test]
fn scheduler_limits_from_the_file_and_the_environment() {
    assert_eq!(load("", &[]).unwrap().schedule, Schedule::default());
    let toml =
        "[schedule]\nchallenge_expiry = \"3d\"\nfirst_move_window = \"off\"\nvacation_days_per_month = 10\n";
    let config = load(
        toml,
        &[("LALAO_MAX_GRANT", "36h"), ("LALAO_CHALLENGE_EXPIRY", "12h")],
    )
    .unwrap();
    assert_eq!(
        config.schedule,
        Schedule {
            challenge_expiry: Some(12 * 3600),
            first_move_window: None,
            vacation_days_per_month: 10,
            max_grant: 36 * 3600,
            keep_days: None,
        }
    );
    assert_eq!(
        load("", &[("LALAO_CHALLENGE_EXPIRY", "soon")])
            .unwrap_err()
            .to_string(),
        "LALAO_CHALLENGE_EXPIRY = \"soon\" is not valid: give a duration like 7d, 36h or 90m, or off"
    );
    assert_eq!(
        load("[schedule]\nvacation_days_per_month = 40\n", &[])
            .unwrap_err()
            .to_string(),
        "vacation_days_per_month = \"40\" is not valid: give a number of days from 0 to 31"
    );
    assert!(matches!(
        load("[schedule]\nholidays = 3\n", &[]),
        Err(ConfigError::FileSyntax { .. })
    ));
}

#[test]
fn file_mistakes() {
    let unknown = load("data_dri = \"x\"", &[]).unwrap_err();
    assert!(
        matches!(&unknown, ConfigError::FileSyntax { message, .. } if message.contains("data_dri")),
        "{unknown}"
    );
    assert!(matches!(
        load("locale = ", &[]),
        Err(ConfigError::FileSyntax { .. })
    ));
    let missing = Config::load(Some(Path::new("/nonexistent/lalao.toml")), &env(&[])).unwrap_err();
    assert!(missing
        .to_string()
        .starts_with("cannot read the configuration file /nonexistent/lalao.toml"));
}

#[test]
fn a_bad_locale_or_style() {
    assert_eq!(
        load("", &[("LALAO_LOCALE", "mg")]).unwrap_err().to_string(),
        "locale = \"mg\" is not valid: lalao speaks en (English) and fr (French)"
    );
    assert_eq!(
        load("style = \"huge\"", &[]).unwrap_err(),
        invalid("style", "huge", "board styles are text, emoji and large")
    );
}

#[test]
fn a_bad_discord_token_is_explained_without_echoing_it() {
    let error = load("", &[("DISCORD_TOKEN", "not-a-token")]).unwrap_err();
    assert!(!error.to_string().contains("not-a-token"));
    assert!(error.to_string().contains("three parts separated by dots"));
    let prefixed = format!("Bot {TOKEN}");
    assert!(load("", &[("DISCORD_TOKEN", &prefixed)])
        .unwrap_err()
        .to_string()
        .contains("without the \"Bot \" prefix"));
}

#[test]
fn a_bad_discord_public_key() {
    let error = load("[discord]\npublic_key = \"abc\"\n", &[]).unwrap_err();
    assert!(matches!(
        error,
        ConfigError::Invalid {
            setting: "DISCORD_PUBLIC_KEY",
            ..
        }
    ));
    let config = load(&format!("[discord]\npublic_key = \"{KEY}\"\n"), &[]).unwrap();
    assert_eq!(config.adapters(), vec![Adapter::Discord]);
}

#[test]
fn an_incomplete_matrix_section() {
    assert_eq!(
        load("", &[("MATRIX_USER", "@lalao:example.org")]).unwrap_err(),
        ConfigError::Incomplete {
            section: "Matrix",
            missing: "MATRIX_HOMESERVER"
        }
    );
    assert_eq!(
        load(
            "",
            &[
                ("MATRIX_HOMESERVER", "https://m.org"),
                ("MATRIX_USER", "@lalao:m.org")
            ]
        )
        .unwrap_err()
        .to_string(),
        "Matrix is only partly configured: MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN is missing"
    );
    assert_eq!(
        load(
            "",
            &[("MATRIX_HOMESERVER", "https://m.org"), ("MATRIX_PASSWORD", "pw")]
        )
        .unwrap_err(),
        ConfigError::Incomplete {
            section: "Matrix",
            missing: "MATRIX_USER"
        }
    );
}

#[test]
fn bad_matrix_values() {
    let base = [("MATRIX_USER", "@lalao:m.org"), ("MATRIX_PASSWORD", "pw")];
    let mut bad_url = base.to_vec();
    bad_url.push(("MATRIX_HOMESERVER", "matrix.org"));
    assert!(matches!(
        load("", &bad_url),
        Err(ConfigError::Invalid {
            setting: "MATRIX_HOMESERVER",
            ..
        })
    ));
    let bad_user = [
        ("MATRIX_HOMESERVER", "https://m.org"),
        ("MATRIX_USER", "lalao"),
        ("MATRIX_PASSWORD", "pw"),
    ];
    assert!(matches!(
        load("", &bad_user),
        Err(ConfigError::Invalid {
            setting: "MATRIX_USER",
            ..
        })
    ));
    let mut both = base.to_vec();
    both.push(("MATRIX_HOMESERVER", "https://m.org"));
    both.push(("MATRIX_ACCESS_TOKEN", "syt"));
    assert_eq!(load("", &both), Err(ConfigError::MatrixTwoSecrets));
}

#[cfg(unix)]
#[test]
fn a_config_file_with_secrets_that_others_can_read_is_noticed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let with = dir.path().join("secret.toml");
    std::fs::write(&with, "[discord]\ntoken = \"abc\"\n").unwrap();
    let without = dir.path().join("plain.toml");
    std::fs::write(&without, "locale = \"fr\"\n").unwrap();
    for path in [&with, &without] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    assert!(Config::exposes_secrets(&with));
    assert!(!Config::exposes_secrets(&without));
    std::fs::set_permissions(&with, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert!(!Config::exposes_secrets(&with));
}

#[test]
fn the_store_cache_is_set_in_mebibytes_within_bounds() {
    let none = |_: &str| None;
    assert_eq!(Config::from_toml("", &none).unwrap().store_cache_bytes, None);
    let config = Config::from_toml("[store]\ncache_mb = 64\n", &none).unwrap();
    assert_eq!(config.store_cache_bytes, Some(64 * 1024 * 1024));
    let env = |name: &str| (name == "LALAO_STORE_CACHE_MB").then(|| "128".to_owned());
    assert_eq!(
        Config::from_toml("[store]\ncache_mb = 64\n", &env)
            .unwrap()
            .store_cache_bytes,
        Some(128 * 1024 * 1024)
    );
    for bad in ["0", "8", "100000", "lots"] {
        let env = |name: &str| (name == "LALAO_STORE_CACHE_MB").then(|| bad.to_owned());
        assert!(Config::from_toml("", &env).is_err(), "{bad}");
    }
}

/// `LALAO_DATABASE_URL` (or `[store] url`) selects PostgreSQL; it is a secret, and
/// anything but a PostgreSQL address is refused without echoing it.
#[test]
fn a_database_url_selects_postgresql() {
    let none = |_: &str| None;
    assert_eq!(Config::from_toml("", &none).unwrap().database_url, None);
    let config = Config::from_toml("[store]\nurl = \"postgres://lalao:pw@db:5432/lalao\"\n", &none).unwrap();
    assert_eq!(
        config.database_url.as_ref().map(Secret::expose),
        Some("postgres://lalao:pw@db:5432/lalao")
    );
    assert!(!format!("{config:?}").contains("pw@"));
    let env = |name: &str| (name == "LALAO_DATABASE_URL").then(|| "postgresql://x@y/z".to_owned());
    assert_eq!(
        Config::from_toml("", &env)
            .unwrap()
            .database_url
            .map(|url| url.expose().to_owned()),
        Some("postgresql://x@y/z".to_owned())
    );
    let err = Config::from_toml("[store]\nurl = \"mysql://root:secret@db/x\"\n", &none).unwrap_err();
    assert!(!err.to_string().contains("secret"), "{err}");
}

/// The web pages are off unless `LALAO_WEB` names an address; readers reach them at
/// `LALAO_WEB_URL`, else at that address.
#[test]
fn web_pages_listen_where_told_and_are_reached_at_their_url() {
    assert_eq!(load("", &[]).unwrap().web, None);
    let web = load("", &[("LALAO_WEB", "127.0.0.1:8080")]).unwrap().web.unwrap();
    assert_eq!(web.listen, "127.0.0.1:8080".parse().unwrap());
    assert_eq!(web.url, "http://127.0.0.1:8080");
    let web = load(
        "",
        &[
            ("LALAO_WEB", "0.0.0.0:80"),
            ("LALAO_WEB_URL", "https://lalao.example.org/"),
        ],
    )
    .unwrap()
    .web
    .unwrap();
    assert_eq!(web.url, "https://lalao.example.org");
    for (listen, url) in [("localhost", None), ("127.0.0.1:8080", Some("lalao.example.org"))] {
        let mut pairs = vec![("LALAO_WEB", listen)];
        pairs.extend(url.map(|url| ("LALAO_WEB_URL", url)));
        assert!(
            matches!(load("", &pairs), Err(ConfigError::Invalid { .. })),
            "{listen} {url:?}"
        );
    }
}

#[test]
fn the_admin_address_and_the_log_format_come_from_the_environment() {
    let config = Config::from_toml("", &env(&[])).unwrap();
    assert_eq!((config.admin, config.log_format), (None, LogFormat::Text));
    let config = Config::from_toml(
        "",
        &env(&[("LALAO_ADMIN", "0.0.0.0:9090"), ("LALAO_LOG_FORMAT", "json")]),
    )
    .unwrap();
    assert_eq!(
        (config.admin, config.log_format),
        (Some("0.0.0.0:9090".parse().unwrap()), LogFormat::Json)
    );
    assert_eq!(
        Config::from_toml("", &env(&[("LALAO_LOG_FORMAT", "xml")])).unwrap_err(),
        ConfigError::Invalid {
            setting: "LALAO_LOG_FORMAT",
            value: "xml".to_owned(),
            why: "expected text or json",
        }
    );
    assert_eq!(
        Config::from_toml("", &env(&[("LALAO_ADMIN", "9090")])).unwrap_err(),
        ConfigError::Invalid {
            setting: "LALAO_ADMIN",
            value: "9090".to_owned(),
            why: "expected host:port, such as 127.0.0.1:8080",
        }
    );
}
