//! The integration tests, as one test binary: each file here is a module of it (a concept each,
//! as a test file of its own was before), `common` holds what they share. One binary links
//! ratatui and the test crates once, where a binary per file linked them sixty times over.
//!
//! A new test file goes here beside the others, with its `mod` line below (in order);
//! `one_binary.rs` fails the run when a file is left out, or when one is put straight in
//! `tests/` (a test binary of its own). Run one file's tests with
//! `cargo test --test integration perft::`.

mod analyse;
mod app_driven;
mod app_keys;
mod assets;
mod board_view;
mod cli_check;
mod clocks;
mod common;
mod computer;
mod damaged_store;
mod differential;
mod draws;
mod engine;
mod engine_matches;
mod engine_players;
mod engine_threads;
mod explained;
mod hostile_engines;
mod kaen_locke_computer;
mod kaen_locke_layout;
mod kaen_locke_matches;
mod kaen_rules;
mod key_tables;
mod lessons;
mod lobby;
mod locke_rules;
mod match_files;
mod match_keys;
mod notation;
mod notation_dialog;
mod one_binary;
mod online_bot_life;
mod online_bots;
mod online_connect;
mod online_games;
mod online_hostile;
mod online_offers;
mod online_play;
mod online_reconnect;
mod online_resume;
mod online_screen;
mod online_transport;
mod perft;
mod properties;
mod ptn_corpus;
mod ptn_files;
mod ptn_hostile;
mod ptn_real_world;
mod ptn_roundtrip;
mod pty;
mod puzzles;
mod replay_analysis;
mod replay_keys;
mod replay_tinue_marks;
mod replay_variations;
mod resume_as_played;
mod rulebook_mends;
mod rulebook_records;
mod rulebook_screens;
mod rules_scenarios;
mod safekeeping;
mod settings_file;
mod snapshots;
mod study_progress;
mod study_screens;
mod tactics;
mod tei;
mod tei_client;
mod tinue;
mod variations;
