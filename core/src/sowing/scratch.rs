//! The board a move is sown on.

/// The most holes a scratch board keeps on the stack (Katro 6 × 26, En Gehé 2 × 80); larger
/// boards use the heap.
const STACK_HOLES: usize = 160;

/// A scratch board to sow a move on (moves are sown on a copy, so a never-ending one changes
/// nothing): on the stack for ordinary boards, so no allocation per move or legality check.
pub(crate) struct Scratch {
    stack: [u16; STACK_HOLES],
    heap: Vec<u16>,
    len: usize,
}

impl Scratch {
    pub fn new(len: usize) -> Scratch {
        Scratch {
            stack: [0; STACK_HOLES],
            heap: if len > STACK_HOLES {
                vec![0; len]
            } else {
                Vec::new()
            },
            len,
        }
    }

    pub fn board(&mut self) -> &mut [u16] {
        if self.len > STACK_HOLES {
            &mut self.heap
        } else {
            &mut self.stack[..self.len]
        }
    }
}
