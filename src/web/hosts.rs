//! Which `Host` and `Origin` the server answers: the defence against DNS
//! rebinding (a web page whose name is made to point at this machine) and
//! against another site's page posting to the server from the user's
//! browser.
//!
//! - The `Host` of every request names this server: a loopback name
//!   (`localhost`, `127.0.0.1`, `[::1]`), or, when the server listens
//!   beyond loopback, an IP address or a name given with
//!   `--allowed-host`; with the port the server listens on.
//! - A request that carries an `Origin` comes from a page of such a host
//!   (a page of another site is refused, and so is `Origin: null`).
//!
//! Either refusal is a 403 with a JSON error.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;

use super::error::ApiError;

/// The hosts a request may name.
#[derive(Clone, Debug)]
pub struct HostPolicy {
    /// The port listened on.
    port: u16,
    /// Whether the server listens beyond loopback (then any IP address
    /// reaches it, as the people on the network type it).
    open: bool,
    /// The names given with `--allowed-host`, lower case.
    names: Vec<String>,
}

impl HostPolicy {
    /// The policy of a server bound to `address`, with the extra `names`.
    #[must_use]
    pub fn new(address: SocketAddr, names: &[String]) -> Self {
        Self {
            port: address.port(),
            open: !address.ip().is_loopback(),
            names: names.iter().map(|name| name.to_ascii_lowercase()).collect(),
        }
    }

    /// Whether `authority` (`NAME[:PORT]`, as a `Host` header or an
    /// origin writes it) names this server.
    #[must_use]
    pub fn allows(&self, authority: &str) -> bool {
        let (name, port) = split_authority(authority);
        let port = match port {
            None => 80,
            Some(port) => match port.parse::<u16>() {
                Ok(port) => port,
                Err(_) => return false,
            },
        };
        if port != self.port {
            return false;
        }
        let name = name.to_ascii_lowercase();
        let address = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .ok();
        name == "localhost"
            || address.is_some_and(|ip| ip.is_loopback() || self.open)
            || self.names.contains(&name)
    }

    /// Whether `origin` (`http://NAME[:PORT]`) is a page of this server.
    #[must_use]
    pub fn allows_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .is_some_and(|authority| !authority.contains('/') && self.allows(authority))
    }
}

/// `NAME[:PORT]` split; an IPv6 name keeps its brackets.
fn split_authority(authority: &str) -> (&str, Option<&str>) {
    if authority.starts_with('[') {
        match authority.find(']') {
            Some(end) => {
                let (name, rest) = authority.split_at(end + 1);
                (name, rest.strip_prefix(':'))
            }
            None => (authority, None),
        }
    } else {
        match authority.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (authority, None),
        }
    }
}

/// The middleware: refuses a request whose `Host` or `Origin` is foreign.
pub async fn check(
    State(policy): State<Arc<HostPolicy>>,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let (host_ok, origin_ok) = {
        let header = |name| {
            request
                .headers()
                .get(name)
                .map(|value| value.to_str().unwrap_or(""))
        };
        let host = header(HOST).or_else(|| request.uri().authority().map(|a| a.as_str()));
        (
            host.is_some_and(|host| policy.allows(host)),
            header(ORIGIN).is_none_or(|origin| policy.allows_origin(origin)),
        )
    };
    if !host_ok {
        return Err(ApiError {
            status: StatusCode::FORBIDDEN,
            message: "this server does not answer to that host name (its owner can allow \
                      one with `tauler serve --allowed-host NAME`)"
                .into(),
        });
    }
    if !origin_ok {
        return Err(ApiError {
            status: StatusCode::FORBIDDEN,
            message: "requests from another site's page are refused".into(),
        });
    }
    Ok(next.run(request).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(address: &str, names: &[&str]) -> HostPolicy {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        HostPolicy::new(address.parse().expect("an address"), &names)
    }

    #[test]
    fn loopback_answers_loopback_names_on_its_port() {
        let local = policy("127.0.0.1:8080", &[]);
        for host in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LocalHost:8080",
        ] {
            assert!(local.allows(host), "{host}");
        }
        for host in [
            "attacker.example:8080",
            "localhost:8081",
            "localhost",
            "192.168.1.5:8080",
            "localhost:x",
            "",
        ] {
            assert!(!local.allows(host), "{host}");
        }
        assert!(local.allows_origin("http://localhost:8080"));
        assert!(!local.allows_origin("http://attacker.example"));
        assert!(!local.allows_origin("null"));
        assert!(!local.allows_origin("http://localhost:8080/x"));
    }

    #[test]
    fn an_open_server_answers_addresses_and_allowed_names() {
        let open = policy("0.0.0.0:80", &["Club.Local"]);
        for host in ["192.168.1.5", "club.local", "localhost:80", "[fe80::1]"] {
            assert!(open.allows(host), "{host}");
        }
        assert!(!open.allows("attacker.example"));
        assert!(!open.allows("club.local:8080"));
    }
}
