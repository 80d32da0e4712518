//! A match's public id: unguessable, made the first time a link to its live page is asked
//! for, kept in the match record with a pointer `public/<id>` to find the match by it.

use rand::RngCore;

use crate::ids::MatchId;
use crate::kernel::commit::Commits;
use crate::kernel::context::Fail;
use crate::store::{keys, Committed, StoreError, Txn};

/// Random bytes in a public id: 160 bits, written as 32 base-32 letters and digits.
const PUBLIC_ID_BYTES: usize = 20;
const PUBLIC_ID_LEN: usize = 32;
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// How many times making an id is tried when the match changes meanwhile.
pub(crate) const ATTEMPTS: usize = 5;

/// Whether `text` has the shape of a public id: anything else is refused before the store
/// is read.
pub fn is_public_id(text: &str) -> bool {
    text.len() == PUBLIC_ID_LEN && text.bytes().all(|byte| ALPHABET.contains(&byte))
}

/// 160 random bits as 32 base-32 letters and digits: public ids, and the class screen's ids
/// and secrets.
pub(crate) fn new_public_id() -> String {
    let mut bytes = [0u8; PUBLIC_ID_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    // Base 32 without padding: 160 bits are exactly 32 five-bit letters.
    let mut bits: u64 = 0;
    let mut held = 0;
    let mut out = String::with_capacity(PUBLIC_ID_LEN);
    for byte in bytes {
        bits = (bits << 8) | u64::from(byte);
        held += 8;
        while held >= 5 {
            held -= 5;
            out.push(char::from(ALPHABET[((bits >> held) & 31) as usize]));
        }
    }
    out
}

crate::kernel::family::family! {
    /// Matches' public ids, and the live page's address made of one.
    PublicIds
}

impl PublicIds<'_> {
    /// The public id of match `id`, made (and stored) if it has none yet; `None` if there is
    /// no such match.
    pub fn public_id(&self, id: MatchId) -> Result<Option<String>, StoreError> {
        for _ in 0..ATTEMPTS {
            let Some((old, bytes)) = self.load(id).map_err(store_error)? else {
                return Ok(None);
            };
            if let Some(public) = &old.public {
                return Ok(Some(public.clone()));
            }
            let public = new_public_id();
            let mut new = old.clone();
            new.public = Some(public.clone());
            let mut txn = Txn::default();
            let key = keys::public_key(&public);
            txn.check(key.clone(), None)
                .put(key, id.0.to_string().into_bytes());
            Commits(self)
                .match_txn(Some((&old, &bytes)), new, &mut txn)
                .map_err(store_error)?;
            if self.commit_txn(&txn)? == Committed::Applied {
                self.store().sync()?;
                return Ok(Some(public));
            }
        }
        Err(StoreError(
            "the match kept changing while its public id was made".to_owned(),
        ))
    }

    /// The address of match `id`'s live page, if the web server runs (its public id is made
    /// the first time).
    pub fn live_url(&self, id: MatchId) -> Option<String> {
        let base = self.web_base()?;
        match self.public_id(id) {
            Ok(public) => public.map(|public| format!("{base}/m/{public}")),
            Err(err) => {
                tracing::warn!(%err, match_id = id.0, "the match's public id could not be made");
                None
            }
        }
    }
}

fn store_error(fail: Fail) -> StoreError {
    match fail {
        Fail::Store(err) => err,
        Fail::Record(err) => StoreError(err.to_string()),
        _ => StoreError("the match could not be read".to_owned()),
    }
}
