//! The "Tek mi, Çift mi?" rite that opens every two-player Mangala IV match (RULES.md M-3):
//! the challenger secretly holds one or two coins, the opponent calls odd ("tek") or even
//! ("çift"), and whoever wins the call chooses the side. Pure state machine; the service stores
//! it in the match and routes the secret pick through a private channel.

use lalao_core::Side;
use serde::{Deserialize, Serialize};

/// The two people of a challenge, before sides exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Challenger,
    Opponent,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::Challenger => Role::Opponent,
            Role::Opponent => Role::Challenger,
        }
    }
}

/// Where the rite stands. The coins stay in the record until the call reveals them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Rite {
    AwaitingCoins,
    AwaitingCall { coins: u8 },
    AwaitingSide { chooser: Role, coins: u8, call: Parity },
}

/// The step the rite is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Coins,
    Call,
    Side,
}

/// A rite action out of turn: the rite waits for `step` by `who`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTurn {
    pub step: Step,
    pub who: Role,
}

/// The sides once the rite is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The role that plays each side, indexed by [`Side::index`].
    pub roles: [Role; 2],
}

impl Rite {
    /// Who the rite waits for, and for what.
    pub fn expected(self) -> OutOfTurn {
        match self {
            Rite::AwaitingCoins => OutOfTurn {
                step: Step::Coins,
                who: Role::Challenger,
            },
            Rite::AwaitingCall { .. } => OutOfTurn {
                step: Step::Call,
                who: Role::Opponent,
            },
            Rite::AwaitingSide { chooser, .. } => OutOfTurn {
                step: Step::Side,
                who: chooser,
            },
        }
    }

    fn require(self, step: Step, by: Role) -> Result<(), OutOfTurn> {
        let expected = self.expected();
        if expected.step == step && expected.who == by {
            Ok(())
        } else {
            Err(expected)
        }
    }

    /// The challenger hides one or two coins (the caller has checked `count` is 1 or 2).
    pub fn pick_coins(self, by: Role, count: u8) -> Result<Rite, OutOfTurn> {
        self.require(Step::Coins, by)?;
        Ok(Rite::AwaitingCall { coins: count })
    }

    /// The opponent calls; the call is right when the parity matches the hidden coins.
    /// Returns the next state and the winner of the call.
    pub fn call(self, by: Role, call: Parity) -> Result<(Rite, Role), OutOfTurn> {
        self.require(Step::Call, by)?;
        let Rite::AwaitingCall { coins } = self else {
            unreachable!("checked by require")
        };
        let chooser = if Parity::of(coins) == call {
            Role::Opponent
        } else {
            Role::Challenger
        };
        Ok((Rite::AwaitingSide { chooser, coins, call }, chooser))
    }

    /// The winner of the call takes `side`; the other role gets the other side.
    pub fn choose_side(self, by: Role, side: Side) -> Result<Seating, OutOfTurn> {
        self.require(Step::Side, by)?;
        let mut roles = [by.other(); 2];
        roles[side.index()] = by;
        Ok(Seating { roles })
    }
}

/// The call in the Mangala rite (RULES.md M-3): "Tek mi, Çift mi?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Tek: one coin.
    Odd,
    /// Çift: two coins.
    Even,
}

impl Parity {
    pub fn of(coins: u8) -> Parity {
        if coins % 2 == 1 {
            Parity::Odd
        } else {
            Parity::Even
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_right_call_lets_the_opponent_choose() {
        let rite = Rite::AwaitingCoins.pick_coins(Role::Challenger, 2).unwrap();
        let (rite, winner) = rite.call(Role::Opponent, Parity::Even).unwrap();
        assert_eq!(winner, Role::Opponent);
        let seating = rite.choose_side(Role::Opponent, Side::NORTH).unwrap();
        assert_eq!(seating.roles, [Role::Challenger, Role::Opponent]);
    }

    #[test]
    fn a_wrong_call_lets_the_challenger_choose() {
        let rite = Rite::AwaitingCoins.pick_coins(Role::Challenger, 1).unwrap();
        let (rite, winner) = rite.call(Role::Opponent, Parity::Even).unwrap();
        assert_eq!(winner, Role::Challenger);
        assert_eq!(
            rite,
            Rite::AwaitingSide {
                chooser: Role::Challenger,
                coins: 1,
                call: Parity::Even
            }
        );
        let seating = rite.choose_side(Role::Challenger, Side::SOUTH).unwrap();
        assert_eq!(seating.roles, [Role::Challenger, Role::Opponent]);
    }

    #[test]
    fn each_step_belongs_to_one_person() {
        let coins = OutOfTurn {
            step: Step::Coins,
            who: Role::Challenger,
        };
        assert_eq!(Rite::AwaitingCoins.pick_coins(Role::Opponent, 1), Err(coins));
        assert_eq!(Rite::AwaitingCoins.call(Role::Opponent, Parity::Odd), Err(coins));
        let waiting_call = Rite::AwaitingCall { coins: 1 };
        let call = OutOfTurn {
            step: Step::Call,
            who: Role::Opponent,
        };
        assert_eq!(waiting_call.call(Role::Challenger, Parity::Odd), Err(call));
        assert_eq!(waiting_call.pick_coins(Role::Challenger, 2), Err(call));
        let waiting_side = Rite::AwaitingSide {
            chooser: Role::Opponent,
            coins: 1,
            call: Parity::Odd,
        };
        assert_eq!(
            waiting_side.choose_side(Role::Challenger, Side::SOUTH),
            Err(OutOfTurn {
                step: Step::Side,
                who: Role::Opponent
            })
        );
    }
}
