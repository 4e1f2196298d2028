//! A minimal WebDriver client for the browser tests: chromedriver started
//! on a free port, headless Chromium, JSON over plain HTTP/1.1 (std only).

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The browser and its driver, where Debian's `chromium` and
/// `chromium-driver` install them.
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A chromedriver process and one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile.
    pub fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while browser.request("GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!(
            "--user-data-dir={}",
            browser.profile.path().display()
        )])
        .collect::<Vec<_>>();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let session = browser
            .request("POST", "/session", Some(&capabilities))
            .expect("a browser session");
        browser.session = session["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        browser
    }

    /// Opens a local file.
    pub fn open(&self, path: &Path) {
        let url = format!("file://{}", path.display());
        self.command("POST", "url", json!({ "url": url }));
    }

    /// Runs `script` (a function body) in the page and returns its result.
    pub fn eval(&self, script: &str) -> Value {
        self.command(
            "POST",
            "execute/sync",
            json!({"script": script, "args": []}),
        )
    }

    /// Clicks the element matching the CSS `selector`.
    pub fn click(&self, selector: &str) {
        let found = self.command(
            "POST",
            "element",
            json!({"using": "css selector", "value": selector}),
        );
        let id = found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {selector}"))
            .to_owned();
        self.command("POST", &format!("element/{id}/click"), json!({}));
    }

    /// Presses and releases one key (a character, or a WebDriver key code
    /// such as `\u{E014}` for the right arrow).
    pub fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key},
            {"type": "keyUp", "value": key},
        ]}]});
        self.command("POST", "actions", actions);
    }

    fn command(&self, method: &str, what: &str, body: Value) -> Value {
        let path = format!("/session/{}/{what}", self.session);
        match self.request(method, &path, Some(&body)) {
            Ok(value) => value,
            Err(e) => panic!("WebDriver {what}: {e}"),
        }
    }

    /// One HTTP request; the answer's `value`, or the error it reports.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(|e| e.to_string())?;
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )
        .map_err(|e| e.to_string())?;
        // chromedriver keeps the connection open: read the header, then
        // exactly the body's Content-Length.
        let mut answer = Vec::new();
        let mut buf = [0u8; 8192];
        let header_end = loop {
            if let Some(i) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("connection closed before the header ended".into());
            }
            answer.extend_from_slice(&buf[..n]);
        };
        let head = String::from_utf8_lossy(&answer[..header_end]).into_owned();
        let length = head
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.trim()
                    .eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())?
            })
            .ok_or("no Content-Length")?;
        let mut body = answer[header_end + 4..].to_vec();
        while body.len() < length {
            let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("connection closed in the body".into());
            }
            body.extend_from_slice(&buf[..n]);
        }
        let text = String::from_utf8_lossy(&body[..length]).into_owned();
        let json: Value = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
        let value = json["value"].clone();
        if head.starts_with("HTTP/1.1 200") {
            Ok(value)
        } else {
            Err(format!("{}: {value}", head.lines().next().unwrap_or("")))
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Whether the browser and driver are installed.
pub fn installed() -> Option<(PathBuf, PathBuf)> {
    let (browser, driver) = (PathBuf::from(CHROMIUM), PathBuf::from(CHROMEDRIVER));
    (browser.exists() && driver.exists()).then_some((browser, driver))
}
