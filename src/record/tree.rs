//! A record's variations: the tree operations of [`Line`] on the record's main line, keeping
//! the position after the last ply in step.

use super::{Alternative, Branch, GameRecord, Line, Ply};
use crate::rules::Move;

impl GameRecord {
    /// The branches leaving the main line (each may have branches of its own).
    #[must_use]
    pub fn branches(&self) -> &[Branch] {
        &self.main.branches
    }

    /// The main line with its branches: the whole tree.
    #[must_use]
    pub const fn tree(&self) -> &Line {
        &self.main
    }

    /// Whether the record has any variation.
    #[must_use]
    pub fn has_branches(&self) -> bool {
        !self.main.branches.is_empty()
    }

    /// The moves that may follow `moves` (from the start): the line's own, then each branch's
    /// first. See [`Line::alternatives`].
    #[must_use]
    pub fn alternatives(&self, moves: &[Move]) -> Vec<Alternative> {
        self.main.alternatives(moves)
    }

    /// Adds `plies`, a line from the start, to the tree, a new branch called `name` if free:
    /// see [`Line::insert`]. The caller has played them from the record's start (the tree
    /// holds only legal plies).
    pub fn insert_line(&mut self, plies: &[Ply], name: Option<&str>) -> bool {
        let first = self.start.ply();
        self.change_main(|main| main.insert(first, plies, name))
    }

    /// Makes the line through `moves` the main line: see [`Line::promote`].
    pub fn promote(&mut self, moves: &[Move]) -> usize {
        self.change_main(|main| main.promote(moves))
    }

    /// A copy whose main line is the line through `moves` (followed on by its own plies):
    /// how that line is shown and replayed.
    #[must_use]
    pub fn with_main_line(&self, moves: &[Move]) -> GameRecord {
        let mut record = self.clone();
        if !moves.is_empty() {
            record.promote(moves);
        }
        record
    }

    /// Writes `token` as the result of the line that ends with `moves`; `false` when no
    /// line ends there.
    pub fn set_line_result(&mut self, moves: &[Move], token: String) -> bool {
        self.main.set_result(moves, token)
    }

    /// Keeps `line` as a variation in place of the main line's ply `at` (its own variations
    /// at its first ply beside it): the line a move was played over. The line follows the
    /// same plies before `at` (the tree holds only legal plies).
    pub fn add_alternative(&mut self, at: usize, line: Line) {
        let first = self.start.ply();
        self.main.add_alternative(at, line, first);
    }

    /// Removes the branch starting with `first` after `moves`: see [`Line::remove_branch`].
    pub fn remove_branch(&mut self, moves: &[Move], first: Move) -> Option<Branch> {
        self.main.remove_branch(moves, first)
    }

    /// Cuts the main line before ply `at`: see [`Line::split_off`].
    #[must_use]
    pub fn split_off(&mut self, at: usize) -> Line {
        self.change_main(|main| main.split_off(at))
    }

    /// Puts `tail` after the main line's last ply: see [`Line::attach`]. The tail's plies
    /// were cut from this record at its end (the tree holds only legal plies).
    pub fn attach(&mut self, tail: Line) {
        self.change_main(|main| main.attach(tail));
    }

    /// Changes the main line, then finds the position after its last ply again.
    fn change_main<T>(&mut self, change: impl FnOnce(&mut Line) -> T) -> T {
        let out = change(&mut self.main);
        self.end = self.replay_main();
        out
    }

    fn replay_main(&self) -> crate::rules::Position {
        let mut position = self.start.clone();
        for ply in &self.main.plies {
            position
                .play(ply.mv)
                .expect("a record's tree holds only legal plies");
        }
        position
    }
}
