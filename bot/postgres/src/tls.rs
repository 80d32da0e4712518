//! TLS to the database, read from the address as libpq reads it (`sslmode`, `sslrootcert`):
//! - `disable`: no TLS;
//! - `prefer` (the default) and `require`: encrypted, the server's certificate not checked
//!   (libpq's meaning: a listener learns nothing, but someone in the middle could pose as the
//!   server); `prefer` goes on in clear with a server that offers no TLS, `require` does not;
//! - `verify-ca`: the certificate must chain to a trusted root, `verify-full`: and name the host.
//!   The roots are `sslrootcert`'s (a PEM file), else the system's.
//!
//! tokio-postgres reads only the first three modes and no `sslrootcert`, so both are taken out of
//! the address here and the connector is made to match.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::{aws_lc_rs, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

/// How much the connection checks of the server, from `sslmode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

/// The address tokio-postgres reads, and the TLS the connections use.
pub(crate) struct Settings {
    pub config: postgres::Config,
    pub connector: MakeRustlsConnect,
}

/// Reads `url` (a `postgres://…?sslmode=…` URL or `key=value` words).
pub(crate) fn settings(url: &str) -> Result<Settings, String> {
    let (rest, mode, root) = take_tls_settings(url)?;
    let mut config: postgres::Config = rest
        .parse()
        .map_err(|err| format!("the database's address is not one PostgreSQL reads: {err}"))?;
    config.ssl_mode(match mode {
        Mode::Disable => postgres::config::SslMode::Disable,
        Mode::Prefer => postgres::config::SslMode::Prefer,
        Mode::Require | Mode::VerifyCa | Mode::VerifyFull => postgres::config::SslMode::Require,
    });
    let connector = MakeRustlsConnect::new(client_config(mode, root.as_deref())?);
    Ok(Settings { config, connector })
}

fn mode_named(name: &str) -> Result<Mode, String> {
    Ok(match name {
        "disable" => Mode::Disable,
        "prefer" => Mode::Prefer,
        "require" => Mode::Require,
        "verify-ca" => Mode::VerifyCa,
        "verify-full" => Mode::VerifyFull,
        // libpq's `allow` tries without TLS first: no TLS is what it gets from a server that
        // accepts both, so it is read as `prefer`'s weaker sibling and refused rather than guessed.
        other => {
            return Err(format!(
            "sslmode={other} is not one lalao reads: use disable, prefer, require, verify-ca or verify-full"
        ))
        }
    })
}

/// `url` without its `sslmode` and `sslrootcert`, the mode (`prefer` when none is given, as
/// libpq) and the root file.
fn take_tls_settings(url: &str) -> Result<(String, Mode, Option<String>), String> {
    let mut mode = Mode::Prefer;
    let mut root = None;
    let mut take = |key: &str, value: String| -> Result<bool, String> {
        match key {
            "sslmode" => mode = mode_named(&value)?,
            "sslrootcert" => root = Some(value),
            _ => return Ok(false),
        }
        Ok(true)
    };
    let rest = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        match url.split_once('?') {
            None => url.to_owned(),
            Some((base, query)) => {
                let mut kept = Vec::new();
                for pair in query.split('&').filter(|pair| !pair.is_empty()) {
                    let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                    if !take(key, percent_decoded(value))? {
                        kept.push(pair);
                    }
                }
                match kept.is_empty() {
                    true => base.to_owned(),
                    false => format!("{base}?{}", kept.join("&")),
                }
            }
        }
    } else {
        let mut kept = Vec::new();
        for word in url.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            let value = value.trim_matches('\'').to_owned();
            if !take(key.trim(), value)? {
                kept.push(word);
            }
        }
        kept.join(" ")
    };
    Ok((rest, mode, root))
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |index: usize| bytes.get(index).and_then(|byte| (*byte as char).to_digit(16));
        match (bytes[at], hex(at + 1), hex(at + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                at += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn provider() -> Arc<CryptoProvider> {
    Arc::new(aws_lc_rs::default_provider())
}

fn roots(file: Option<&str>) -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    match file {
        Some(path) => {
            let certs = CertificateDer::pem_file_iter(path)
                .map_err(|err| format!("sslrootcert {path} cannot be read: {err}"))?;
            for cert in certs {
                let cert =
                    cert.map_err(|err| format!("sslrootcert {path} is not PEM certificates: {err}"))?;
                roots
                    .add(cert)
                    .map_err(|err| format!("sslrootcert {path} holds an unusable certificate: {err}"))?;
            }
        }
        None => {
            let found = rustls_native_certs::load_native_certs();
            let (added, _) = roots.add_parsable_certificates(found.certs);
            if added == 0 {
                return Err(
                    "no trusted root certificates on this system: give one with sslrootcert=<file>"
                        .to_owned(),
                );
            }
        }
    }
    if roots.is_empty() {
        return Err("sslrootcert holds no certificate".to_owned());
    }
    Ok(roots)
}

fn client_config(mode: Mode, root: Option<&str>) -> Result<ClientConfig, String> {
    let builder = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|err| format!("TLS cannot be set up: {err}"))?;
    let verifier: Arc<dyn ServerCertVerifier> = match mode {
        Mode::Disable | Mode::Prefer | Mode::Require => Arc::new(Unchecked(provider())),
        Mode::VerifyCa | Mode::VerifyFull => {
            let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots(root)?), provider())
                .build()
                .map_err(|err| format!("TLS cannot be set up: {err}"))?;
            match mode {
                Mode::VerifyCa => Arc::new(AnyName(webpki)),
                _ => webpki,
            }
        }
    };
    Ok(builder
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth())
}

/// `prefer` and `require`: the handshake is checked (the server holds the key of the
/// certificate it shows), the certificate itself is not, as libpq does in these modes.
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: &ServerName<'_>,
        _: &[u8],
        _: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            signed,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            signed,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// `verify-ca`: the chain is checked, the name the certificate gives is not.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, name, ocsp, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, signed)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, signed)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_settings_are_taken_out_of_both_forms_of_address() {
        let (rest, mode, root) =
            take_tls_settings("postgres://lalao@db:5432/lalao?sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem&application_name=x")
                .unwrap();
        assert_eq!(rest, "postgres://lalao@db:5432/lalao?application_name=x");
        assert_eq!(mode, Mode::VerifyFull);
        assert_eq!(root.as_deref(), Some("/etc/ca.pem"));
        let (rest, mode, root) = take_tls_settings("postgres://lalao@db/lalao").unwrap();
        assert_eq!(
            (rest.as_str(), mode, root),
            ("postgres://lalao@db/lalao", Mode::Prefer, None)
        );
        let (rest, mode, root) =
            take_tls_settings("host=db user=lalao sslmode=require sslrootcert='/etc/ca.pem'").unwrap();
        assert_eq!(rest, "host=db user=lalao");
        assert_eq!(mode, Mode::Require);
        assert_eq!(root.as_deref(), Some("/etc/ca.pem"));
        assert_eq!(
            take_tls_settings("postgres://db/lalao?sslmode=allow").unwrap_err(),
            "sslmode=allow is not one lalao reads: use disable, prefer, require, verify-ca or verify-full"
        );
    }
}
