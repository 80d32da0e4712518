//! What a move reports while it is sown: nothing (legality checks, playouts) or the events of
//! the renderer's sowing trace.

use crate::event::{Event, LapEnd};
use crate::side::Side;

/// Receives the steps of a move. [`Silent`] ignores them (legality checks, playouts) and compiles
/// to nothing; [`Recorder`] builds the [`Event`]s of the renderer's sowing trace.
pub(crate) trait Trace {
    /// A lap takes `seeds` from `hole` (its contents plus any seeds already in hand).
    fn lap_start(&mut self, _hole: u16, _seeds: u32) {}
    /// One seed dropped into `hole`.
    fn sow(&mut self, _hole: u16) {}
    /// Seeds taken from `hole` by a capture at the end of the current lap.
    fn capture(&mut self, _hole: u16, _seeds: u32) {}
    /// The current lap ended.
    fn lap_end(&mut self, _end: LapEnd) {}
    /// Reports captures made outside a lap (Katro's lone-stone step) now.
    fn flush_captures(&mut self) {}
    /// The last lap's relay is not sown: its lap-start state repeats (`loop-stops-turn`).
    fn looped(&mut self) {}
    /// A point to come back to with [`Trace::rollback`].
    fn checkpoint(&self) -> usize {
        0
    }
    fn rollback(&mut self, _checkpoint: usize) {}
    /// Whether this trace wants every seed (else laps may be sown in bulk).
    const PER_SEED: bool;
}

/// A trace that records nothing.
pub(crate) struct Silent;

impl Trace for Silent {
    const PER_SEED: bool = false;
}

/// A trace that records [`Event`]s for the side `by` that moves.
pub(crate) struct Recorder {
    pub by: Side,
    pub events: Vec<Event>,
    lap: Option<(u16, u32, Vec<u16>)>,
    captures: Vec<(u16, u32)>,
}

impl Recorder {
    pub fn new(by: Side) -> Recorder {
        Recorder {
            by,
            events: Vec::new(),
            lap: None,
            captures: Vec::new(),
        }
    }

    /// Seeds captured outside any lap (end-of-game sweeps), by `by`.
    pub fn sweep(&mut self, by: Side, holes: Vec<(u16, u32)>) {
        if !holes.is_empty() {
            self.events.push(Event::SeedsCaptured { by, holes });
        }
    }
}

impl Trace for Recorder {
    const PER_SEED: bool = true;

    fn lap_start(&mut self, hole: u16, seeds: u32) {
        self.lap = Some((hole, seeds, Vec::with_capacity(seeds.min(64) as usize)));
    }

    fn sow(&mut self, hole: u16) {
        if let Some((_, _, sown)) = &mut self.lap {
            sown.push(hole);
        }
    }

    fn capture(&mut self, hole: u16, seeds: u32) {
        if seeds > 0 {
            self.captures.push((hole, seeds));
        }
    }

    fn lap_end(&mut self, end: LapEnd) {
        if let Some((start, seeds, sown)) = self.lap.take() {
            self.events.push(Event::Lap {
                start,
                seeds,
                sown,
                end,
            });
        }
        self.flush_captures();
    }

    fn flush_captures(&mut self) {
        if !self.captures.is_empty() {
            let holes = std::mem::take(&mut self.captures);
            self.events.push(Event::SeedsCaptured { by: self.by, holes });
        }
    }

    fn looped(&mut self) {
        if let Some(Event::Lap { end, .. }) = self.events.last_mut() {
            *end = LapEnd::Loop;
        }
    }

    fn checkpoint(&self) -> usize {
        self.events.len()
    }

    fn rollback(&mut self, checkpoint: usize) {
        self.events.truncate(checkpoint);
        self.lap = None;
        self.captures.clear();
    }
}
