//! The lobby's keys against a lobby made from server lines.
