//! What a move did, told from its events: laps, a lone seed's step, captures, the end-of-game
//! sweep, a pass.

use lalao_core::event::LapEnd;
use lalao_core::{Event, Side};

/// One thing a move did, as the renderer tells it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'a> {
    Lap {
        start: usize,
        seeds: u32,
        sown: &'a [u16],
        end: LapEnd,
    },
    /// Katro §5.5 `lone-stone`: the lone seed stepped one hole (the core's `Moved` event).
    Stepped {
        from: usize,
        to: usize,
    },
    /// Seeds captured at the end of a lap, or by a lone-stone step.
    Capture {
        by: Side,
        holes: &'a [(u16, u32)],
    },
    /// The end-of-game sweep (Mangala IV M-10, En Gehé E-9/E-10): seeds left on the board go to
    /// a store. The core reports it as `SeedsCaptured` after the last lap.
    Sweep {
        by: Side,
        holes: &'a [(u16, u32)],
    },
    Passed {
        side: Side,
    },
}

impl Step<'_> {
    pub(crate) fn starts_unit(&self) -> bool {
        matches!(
            self,
            Step::Lap { .. } | Step::Stepped { .. } | Step::Passed { .. }
        )
    }
}

/// The steps of a move's events. `SeedsCaptured` is a capture when it follows a lap that
/// ended in a capture or a lone-stone step; any other one is an end-of-game sweep.
pub(crate) fn steps(events: &[Event]) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    let mut previous: Option<&Event> = None;
    for event in events {
        match event {
            Event::Lap {
                start,
                seeds,
                sown,
                end,
            } => out.push(Step::Lap {
                start: *start as usize,
                seeds: *seeds,
                sown,
                end: *end,
            }),
            Event::Moved { from, to, .. } => out.push(Step::Stepped {
                from: *from as usize,
                to: *to as usize,
            }),
            Event::SeedsCaptured { by, holes } => {
                let capture = matches!(
                    previous,
                    Some(Event::Lap {
                        end: LapEnd::Capture,
                        ..
                    }) | Some(Event::Moved { .. })
                );
                out.push(if capture {
                    Step::Capture { by: *by, holes }
                } else {
                    Step::Sweep { by: *by, holes }
                });
            }
            Event::Passed { side } => out.push(Step::Passed { side: *side }),
            _ => {}
        }
        previous = Some(event);
    }
    out
}
