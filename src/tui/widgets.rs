//! Widgets, each drawn from explicit inputs: the board, the side panel with its inspector,
//! move list and record information, and the lines under the board.

pub mod board;
pub mod bottom;
pub mod choice_list;
pub mod ending;
pub mod eval_graph;
pub mod input_line;
pub mod inspector;
pub mod move_list;
pub mod names;
pub mod panel;
pub mod record_info;
pub mod series_table;
pub mod thinking;
pub mod wrap;
