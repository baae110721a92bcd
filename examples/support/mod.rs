//! What the tuning examples (`texel`, `label`) share: their flags and their data files.

pub mod data;
pub mod flag;
