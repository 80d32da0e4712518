//! A real headless Chromium for the web pages' tests, driven over the W3C WebDriver
//! protocol through Debian's `chromedriver`: each [`Browser`] is its own browser process, so
//! two of them are two separate contexts (no shared storage or cookies), as a teacher's
//! computer and a pupil's tablet are.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{json, Value};

use crate::support::free_port;

/// Where Debian's packages put them (`chromium`, `chromium-driver`).
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Installs Debian's Chromium and ChromeDriver when they are missing and we may (as root), as
/// the PostgreSQL tests install their server: the test command needs nothing set up by hand.
fn ensure_installed() {
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _once = INSTALL.lock().unwrap_or_else(|p| p.into_inner());
    if std::path::Path::new(CHROMEDRIVER).exists() && std::path::Path::new(CHROMIUM).exists() {
        return;
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0");
    assert!(
        root,
        "Chromium is not installed and this user cannot install it: apt-get install chromium chromium-driver"
    );
    for args in [
        &["update", "-qq"][..],
        &["install", "-y", "-qq", "chromium", "chromium-driver"][..],
    ] {
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .expect("apt-get");
        assert!(status.success(), "apt-get {args:?} failed");
    }
}

/// A chromedriver with one browser session; both end when it is dropped.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
}

impl Browser {
    /// A headless Chromium with a viewport of `width` × `height` CSS pixels at scale 1.
    pub fn open(width: u32, height: u32) -> Browser {
        ensure_installed();
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while ureq::get(&format!("{base}/status")).call().is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let capabilities = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": CHROMIUM,
                    // A French-speaking classroom's browser (headless ignores `--lang`).
                    "prefs": { "intl.accept_languages": "fr-FR,fr" },
                    "args": [
                        "--headless=new", "--no-sandbox", "--disable-gpu",
                        "--disable-dev-shm-usage", "--hide-scrollbars",
                        "--force-device-scale-factor=1", "--font-render-hinting=none",
                        "--autoplay-policy=no-user-gesture-required",
                        format!("--window-size={width},{height}"),
                    ]
                }
            }}
        });
        let answer: Value = ureq::post(&format!("{base}/session"))
            .send_json(capabilities)
            .expect("a browser session")
            .into_json()
            .unwrap();
        let session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        let mut browser = Browser {
            driver,
            base,
            session,
        };
        browser.viewport(width, height);
        browser
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}/session/{}{path}", self.base, self.session);
        let request = ureq::request(method, &url);
        let answer = match body {
            Some(body) => request.send_json(body),
            None => request.call(),
        };
        match answer {
            Ok(response) => response.into_json::<Value>().unwrap()["value"].clone(),
            Err(ureq::Error::Status(code, response)) => {
                panic!(
                    "WebDriver {method} {path}: {code} {}",
                    response.into_string().unwrap_or_default()
                )
            }
            Err(err) => panic!("WebDriver {method} {path}: {err}"),
        }
    }

    /// Makes the page's viewport exactly `width` × `height` (the window has chrome around it).
    pub fn viewport(&mut self, width: u32, height: u32) {
        // A loaded machine applies a new window size a moment after it answers: the size is
        // read again until it holds, and a browser that never gets there stops the test.
        let started = Instant::now();
        loop {
            let inner = self.script("return [window.innerWidth, window.innerHeight];", json!([]));
            let (w, h) = (inner[0].as_u64().unwrap(), inner[1].as_u64().unwrap());
            if (w, h) == (u64::from(width), u64::from(height)) {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the viewport stays {w} × {h}, not {width} × {height}"
            );
            let outer = self.call("GET", "/window/rect", None);
            let (ow, oh) = (
                outer["width"].as_i64().unwrap(),
                outer["height"].as_i64().unwrap(),
            );
            self.call(
                "POST",
                "/window/rect",
                Some(json!({
                    "width": ow + i64::from(width) - w as i64,
                    "height": oh + i64::from(height) - h as i64,
                })),
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    pub fn go(&mut self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `body` (a function body: `arguments[i]` are `args`) in the page and gives its result.
    pub fn script(&self, body: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": body, "args": args })),
        )
    }

    /// The element `css` finds, if any.
    pub fn find(&self, css: &str) -> Option<String> {
        let url = format!("{}/session/{}/element", self.base, self.session);
        let answer = ureq::post(&url).send_json(json!({ "using": "css selector", "value": css }));
        let value = answer.ok()?.into_json::<Value>().ok()?["value"].clone();
        value.as_object()?.values().next()?.as_str().map(str::to_owned)
    }

    /// Every element `css` finds, in document order.
    pub fn find_all(&self, css: &str) -> Vec<String> {
        let found = self.call(
            "POST",
            "/elements",
            Some(json!({ "using": "css selector", "value": css })),
        );
        found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|element| element.as_object()?.values().next()?.as_str().map(str::to_owned))
            .collect()
    }

    /// A PNG of one element (scrolled into view first, as WebDriver does).
    pub fn element_screenshot(&self, element: &str) -> Vec<u8> {
        let encoded = self.call("GET", &format!("/element/{element}/screenshot"), None);
        base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().expect("base64"))
            .expect("a screenshot")
    }

    /// The page printed as Chromium prints it (A4 portrait, the page's own margins), as PDF.
    pub fn print_pdf(&self) -> Vec<u8> {
        let encoded = self.call(
            "POST",
            "/print",
            Some(json!({ "page": { "width": 21.0, "height": 29.7 }, "background": false })),
        );
        base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().expect("base64"))
            .expect("a PDF")
    }

    /// A real click (pointer events at the element's centre, as a tap would be).
    /// Clicks what `css` finds. A page that pushes updates may draw it again between the find
    /// and the click (a "stale element"): then the new one is found and clicked, as a finger
    /// would.
    pub fn click(&self, css: &str) {
        for _ in 0..20 {
            let element = self.find(css).unwrap_or_else(|| panic!("nothing matches {css}"));
            let url = format!("{}/session/{}/element/{element}/click", self.base, self.session);
            match ureq::post(&url).send_json(json!({})) {
                Ok(_) => return,
                Err(ureq::Error::Status(404, response)) => {
                    let body = response.into_string().unwrap_or_default();
                    assert!(
                        body.contains("stale element"),
                        "WebDriver click {css}: 404 {body}"
                    );
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(err) => panic!("WebDriver click {css}: {err}"),
            }
        }
        panic!("{css} was drawn again at every click");
    }

    /// Waits until `condition` (a script returning a boolean) holds; panics after `limit`.
    pub fn wait_for(&self, condition: &str, args: Value, limit: Duration) -> Duration {
        let started = Instant::now();
        loop {
            if self.script(condition, args.clone()).as_bool() == Some(true) {
                return started.elapsed();
            }
            assert!(
                started.elapsed() < limit,
                "waited {limit:?} for: {condition} {args}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self.call("GET", "/screenshot", None);
        base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().expect("base64"))
            .expect("a screenshot")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = ureq::delete(&format!("{}/session/{}", self.base, self.session)).call();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
