//! How the holes a move touched are marked (start, arrival, capture) in every style, and the
//! legend that names the marks.

use super::steps::Step;
use crate::{html_legend, tr, HtmlMark, View};

/// How a hole is marked after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// The hole the move started from (or the lone seed left).
    Start,
    /// Where the lone seed stepped to.
    Arrived,
    /// A hole seeds were captured from.
    Captured,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Start, Mark::Arrived, Mark::Captured];

    pub(crate) fn text(self) -> char {
        match self {
            Mark::Start => '*',
            Mark::Arrived => '+',
            Mark::Captured => 'x',
        }
    }

    pub(crate) fn emoji(self) -> &'static str {
        match self {
            Mark::Start => "⭐",
            Mark::Arrived => "🔹",
            Mark::Captured => "❌",
        }
    }

    pub(crate) fn html(self) -> HtmlMark {
        match self {
            Mark::Start => HtmlMark::From,
            Mark::Arrived => HtmlMark::To,
            Mark::Captured => HtmlMark::Captured,
        }
    }

    fn legend_id(self, frame: bool) -> &'static str {
        match self {
            Mark::Start if frame => "mark-start-lap",
            Mark::Start => "mark-start",
            Mark::Arrived => "mark-arrived",
            Mark::Captured => "mark-captured",
        }
    }
}

/// The marks of a move: where it started, where a lone seed stepped, what it captured.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    pub(crate) start: Option<usize>,
    pub(crate) arrived: Option<usize>,
    pub(crate) captured: Vec<usize>,
}

impl Marks {
    pub(crate) fn of(steps: &[Step]) -> Marks {
        let mut marks = Marks::default();
        for step in steps {
            match *step {
                Step::Lap { start, .. } => {
                    marks.start.get_or_insert(start);
                }
                Step::Stepped { from, to } => {
                    marks.start.get_or_insert(from);
                    marks.arrived = Some(to);
                }
                Step::Capture { holes, .. } => marks
                    .captured
                    .extend(holes.iter().map(|(hole, _)| *hole as usize)),
                Step::Sweep { .. } | Step::Passed { .. } => {}
            }
        }
        marks
    }

    pub(crate) fn at(&self, hole: usize) -> Option<Mark> {
        if self.start == Some(hole) {
            Some(Mark::Start)
        } else if self.arrived == Some(hole) {
            Some(Mark::Arrived)
        } else if self.captured.contains(&hole) {
            Some(Mark::Captured)
        } else {
            None
        }
    }

    fn used(&self) -> Vec<Mark> {
        Mark::ALL
            .into_iter()
            .filter(|mark| match mark {
                Mark::Start => self.start.is_some(),
                Mark::Arrived => self.arrived.is_some(),
                Mark::Captured => !self.captured.is_empty(),
            })
            .collect()
    }

    /// "* start of the last move, x captured", for the marks drawn with `symbol`.
    /// In a replay `frame`, the start mark is the start of the frame's lap.
    pub(crate) fn legend(&self, view: &View, frame: bool, symbol: impl Fn(Mark) -> String) -> Option<String> {
        let parts: Vec<String> = self
            .used()
            .into_iter()
            .map(|mark| {
                tr(
                    view.locale,
                    mark.legend_id(frame),
                    &[("mark", symbol(mark).into())],
                )
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// The same legend for the HTML board: each phrase drawn in its mark, as one paragraph.
    pub(crate) fn html_legend(&self, view: &View, frame: bool) -> Option<String> {
        let marks: Vec<(&str, HtmlMark)> = self
            .used()
            .into_iter()
            .map(|mark| (mark.legend_id(frame), mark.html()))
            .collect();
        html_legend(view.locale, &marks)
    }
}
