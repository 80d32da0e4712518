//! Colours and sizes of the pictures. One opaque palette for every theme: the picture carries
//! its own light background, so it reads the same in Discord's dark and light themes and in
//! Matrix clients. The two mark colours are from Okabe and Ito's colour-blind-safe set, and each
//! mark has its own shape as well (ring, square, cross), so colour is never the only cue.

/// How big a picture is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PictureSize {
    /// For chat: about 500–700 pixels wide.
    Normal,
    /// For projectors and young children (the `large` style): bigger pits, pieces and words.
    #[default]
    Large,
}

impl PictureSize {
    /// The size that goes with a text style: `large` draws large pictures, the others normal.
    pub fn for_style(style: crate::Style) -> PictureSize {
        match style {
            crate::Style::Large => PictureSize::Large,
            _ => PictureSize::Normal,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            PictureSize::Normal => "normal",
            PictureSize::Large => "large",
        }
    }

    pub(crate) fn metrics(self) -> Metrics {
        match self {
            PictureSize::Normal => Metrics {
                cell: 44.0,
                label: 11.0,
                text: 15.0,
                title: 19.0,
                pad: 14.0,
            },
            PictureSize::Large => Metrics {
                cell: 62.0,
                label: 15.0,
                text: 22.0,
                title: 27.0,
                pad: 20.0,
            },
        }
    }
}

/// Lengths in pixels (the SVG's user units are the picture's pixels).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Metrics {
    /// Side of a pit's or a square's cell.
    pub cell: f32,
    /// Coordinates (hole names, files and ranks).
    pub label: f32,
    /// Lines of text around the board.
    pub text: f32,
    pub title: f32,
    /// Margin around the board and between blocks.
    pub pad: f32,
}

/// The picture's background: warm paper, opaque.
pub(crate) const BACKGROUND: &str = "#f7f1e3";
/// Text and outlines: near black on every light surface (contrast over 12:1 on the paper).
pub(crate) const INK: &str = "#1d1a16";
/// Secondary text (coordinates): still over 7:1 on the paper and the wood.
pub(crate) const INK_SOFT: &str = "#3f3428";
/// The mancala boards' wood, one tint per row so that the track's two lanes can be followed;
/// they differ in lightness, not only in hue.
pub(crate) const LANE_SOUTH: &str = "#e2c48e";
pub(crate) const LANE_NORTH: &str = "#c89e62";
pub(crate) const WOOD_EDGE: &str = "#6b4a22";
/// A pit: lighter than the wood, dark rim.
pub(crate) const PIT: &str = "#fbf3e0";
pub(crate) const PIT_RIM: &str = "#7a5428";
pub(crate) const SEED: &str = "#4a3b2c";
/// Board squares and cells.
pub(crate) const SQUARE_LIGHT: &str = "#efdcb5";
pub(crate) const SQUARE_DARK: &str = "#b98a55";
/// Pieces: White light with a dark rim and letter, Black dark with a light letter.
pub(crate) const PIECE_WHITE: &str = "#fdfcf8";
pub(crate) const PIECE_BLACK: &str = "#262220";
/// The last move (blue, Okabe–Ito) and captures (vermillion): told apart by shape too.
pub(crate) const MARK_MOVE: &str = "#0060a0";
/// A lesson's places to look at: orange, apart from every mark of a move.
pub(crate) const HIGHLIGHT: &str = "#c05a00";
pub(crate) const MARK_CAPTURE: &str = "#c94f00";
