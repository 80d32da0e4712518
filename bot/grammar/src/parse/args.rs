//! The words after the command word, with the match id (`#3`) taken out wherever it was
//! written: each command reads its own arguments, and any word left over is refused.

use super::ParseError;
use lalao_model::ids::MatchId;

/// The arguments of one command, consumed as they are recognised.
pub(super) struct Args<'a> {
    pub(super) id: Option<MatchId>,
    pub(super) words: Vec<&'a str>,
}

impl<'a> Args<'a> {
    pub(super) fn new(raw: &[&'a str]) -> Result<Args<'a>, ParseError> {
        let mut id = None;
        let mut words = Vec::new();
        for word in raw {
            match word.strip_prefix('#').and(MatchId::parse(word)) {
                Some(found) if id.is_none() => id = Some(found),
                Some(_) => {
                    return Err(ParseError::Unexpected {
                        word: (*word).to_owned(),
                    })
                }
                None => words.push(*word),
            }
        }
        Ok(Args { id, words })
    }

    /// Fails on any word left over.
    pub(super) fn finish(&self) -> Result<(), ParseError> {
        match self.words.first() {
            Some(word) => Err(ParseError::Unexpected {
                word: (*word).to_owned(),
            }),
            None => Ok(()),
        }
    }

    pub(super) fn only_id(self) -> Result<Option<MatchId>, ParseError> {
        self.finish()?;
        Ok(self.id)
    }

    pub(super) fn take_first(&mut self) -> Option<&'a str> {
        (!self.words.is_empty()).then(|| self.words.remove(0))
    }
}
