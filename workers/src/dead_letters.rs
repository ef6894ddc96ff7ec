//! Dead letters: the messages a consumer gave up on. The code lives in
//! [`runtime::dead_letters`], shared with the gateway (which counts them
//! for `/metrics` and replays or discards them from `/admin/database`);
//! workers record them and `workers replay-dead-letters` replays them.

pub use contract::dead_letters::Reason;
pub use runtime::dead_letters::{Filter, counts, record, replay};
