//! What the load generators share (`chatload`, `reconnect_storm`).

pub mod visitor;
