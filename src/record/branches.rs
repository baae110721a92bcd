//! Variations: a record's plies as a tree. The main line is the game; a [`Branch`] leaves a
//! line at one of its plies and plays another move there, and may have branches of its own.
//!
//! Lines are found by their moves, not by names or indices: "the line that starts `a1 e5 c3`"
//! stays the same line whatever is promoted or deleted around it. Every operation here keeps
//! every ply of the tree (only [`Line::remove_branch`] drops one, when asked to), and keeps
//! each ply's position, since a line's plies always follow the same plies before them.

use super::Ply;
use crate::rules::Move;

/// A line of play leaving another at one of its plies.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Branch {
    /// Its name as ptn.ninja writes it: move number, `w` or `b`, and a count (`12b2`: the
    /// second branch at Black's ply of move 12). Only the last part of a nested name.
    pub name: String,
    /// Which ply of the line it leaves it stands in place of (0-based, in that line).
    pub at: usize,
    /// Its plies, the first in place of that ply, and the branches off them.
    pub line: Line,
}

/// Plies in order, the branches leaving them, and the result written after the last.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Line {
    /// The plies.
    pub plies: Vec<Ply>,
    /// Branches off these plies, in order of the ply they leave at (siblings in their order).
    pub branches: Vec<Branch>,
    /// The result token written at the end of the line, if any.
    pub result_token: Option<String>,
}

/// A move that may be played at a ply of the tree: the line's own, or a branch's first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Alternative {
    /// The move.
    pub mv: Move,
    /// The branch's name; `None` for the move of the line the ply belongs to.
    pub name: Option<String>,
    /// For the move of the line the ply belongs to: that line's name when it is a variation,
    /// `None` on the main line. `None` for a branch (named by `name`).
    pub line: Option<String>,
    /// How many plies the line has from that ply on (following its own moves).
    pub length: usize,
}

impl Line {
    /// Where `moves` lead from this line's start: the line they end in (as the branch indices
    /// taken from here) and the number of that line's plies they cover. `None` when some move
    /// is not in the tree.
    fn follow(&self, moves: &[Move]) -> Option<(Vec<usize>, usize)> {
        let mut line = self;
        let mut path = Vec::new();
        let mut j = 0;
        for &mv in moves {
            if line.plies.get(j).is_some_and(|ply| ply.mv == mv) {
                j += 1;
                continue;
            }
            let index = line.branch_index(j, mv)?;
            path.push(index);
            line = &line.branches[index].line;
            j = 1;
        }
        Some((path, j))
    }

    /// The branch leaving at ply `at` whose first move is `mv`.
    fn branch_index(&self, at: usize, mv: Move) -> Option<usize> {
        self.branches
            .iter()
            .position(|b| b.at == at && b.line.plies.first().is_some_and(|p| p.mv == mv))
    }

    fn line_at_mut(&mut self, path: &[usize]) -> &mut Line {
        path.iter()
            .fold(self, |line, &index| &mut line.branches[index].line)
    }

    fn line_at(&self, path: &[usize]) -> &Line {
        path.iter()
            .fold(self, |line, &index| &line.branches[index].line)
    }

    /// Whether `moves` (from this line's start) are all in the tree.
    #[must_use]
    pub fn contains(&self, moves: &[Move]) -> bool {
        self.follow(moves).is_some()
    }

    /// The moves that may come after `moves`: the line's own first, then each branch leaving
    /// there. Empty when `moves` are not in the tree or every line ends there.
    #[must_use]
    pub fn alternatives(&self, moves: &[Move]) -> Vec<Alternative> {
        let Some((path, j)) = self.follow(moves) else {
            return Vec::new();
        };
        let line = self.line_at(&path);
        let line_name = path
            .split_last()
            .map(|(&last, parents)| self.line_at(parents).branches[last].name.clone());
        let own = line.plies.get(j).map(|ply| Alternative {
            mv: ply.mv,
            name: None,
            line: line_name,
            length: line.plies.len() - j,
        });
        let branches = line.branches.iter().filter(|b| b.at == j).filter_map(|b| {
            Some(Alternative {
                mv: b.line.plies.first()?.mv,
                name: Some(b.name.clone()),
                line: None,
                length: b.line.plies.len(),
            })
        });
        own.into_iter().chain(branches).collect()
    }

    /// Adds the plies `plies` (from this line's start) to the tree: as far as they follow
    /// plies already there they are those plies; where they leave them, the rest becomes a
    /// new branch (named for its ply: `first_ply` is the number of plies played before this
    /// line, counted from the very start of the game) called `name` when no branch of that
    /// line has the name already; where a line ends, they go on it. `false` when every ply
    /// was there already.
    pub fn insert(&mut self, first_ply: u32, plies: &[Ply], name: Option<&str>) -> bool {
        let mut j = 0;
        for (i, ply) in plies.iter().enumerate() {
            if self.plies.get(j).is_some_and(|own| own.mv == ply.mv) {
                j += 1;
                continue;
            }
            if j == self.plies.len() {
                self.plies.extend_from_slice(&plies[i..]);
                return true;
            }
            let here = first_ply + j as u32;
            if let Some(index) = self.branch_index(j, ply.mv) {
                return self.branches[index].line.insert(here, &plies[i..], name);
            }
            let name = match name {
                Some(name) if self.branches.iter().all(|b| b.name != name) => name.to_owned(),
                _ => self.free_name(here),
            };
            let branch = Branch {
                name,
                at: j,
                line: Line {
                    plies: plies[i..].to_vec(),
                    ..Line::default()
                },
            };
            self.add_branch(branch);
            return true;
        }
        false
    }

    /// Keeps `line` as a branch in place of ply `at` (`first_ply` as for [`Line::insert`]),
    /// its branches at its first ply beside it.
    pub fn add_alternative(&mut self, at: usize, mut line: Line, first_ply: u32) {
        let (siblings, own): (Vec<Branch>, Vec<Branch>) = std::mem::take(&mut line.branches)
            .into_iter()
            .partition(|b| b.at == 0);
        line.branches = own;
        if line.plies.is_empty() {
            return;
        }
        let name = self.free_name(first_ply + at as u32);
        self.add_branch(Branch { name, at, line });
        for sibling in siblings {
            let name = if self.branches.iter().any(|b| b.name == sibling.name) {
                self.free_name(first_ply + at as u32)
            } else {
                sibling.name
            };
            self.add_branch(Branch {
                name,
                at,
                ..sibling
            });
        }
    }

    /// Adds a branch after the others leaving at its ply.
    fn add_branch(&mut self, branch: Branch) {
        let after = self
            .branches
            .iter()
            .rposition(|b| b.at <= branch.at)
            .map_or(0, |i| i + 1);
        self.branches.insert(after, branch);
    }

    /// A name for a new branch at ply `ply` (counted from the start of the game) not taken by
    /// a branch of this line.
    fn free_name(&self, ply: u32) -> String {
        let side = if ply.is_multiple_of(2) { 'w' } else { 'b' };
        let stem = format!("{}{side}", ply / 2 + 1);
        // Among n + 1 counts, one is not taken by the n branches.
        (1..=self.branches.len() + 1)
            .map(|n| format!("{stem}{n}"))
            .find(|name| self.branches.iter().all(|b| &b.name != name))
            .expect("some count is free")
    }

    /// Makes the line through `moves` this line: at each ply where it takes a branch, that
    /// branch's plies and this line's from there change places (the branch keeps its name and
    /// place among its siblings, now holding the line it replaced). Returns how many of
    /// `moves` are in the tree: all of them were made this line.
    pub fn promote(&mut self, moves: &[Move]) -> usize {
        let mut j = 0;
        for (i, &mv) in moves.iter().enumerate() {
            if self.plies.get(j).is_some_and(|ply| ply.mv == mv) {
                j += 1;
                continue;
            }
            let Some(index) = self.branch_index(j, mv) else {
                return i;
            };
            self.swap_with_branch(index);
            j += 1;
        }
        moves.len()
    }

    /// The branch `index` and this line from its ply on change places.
    fn swap_with_branch(&mut self, index: usize) {
        let branch = self.branches.remove(index);
        let at = branch.at;
        let mut tail = self.split_off(at);
        // The branch's siblings leave at the same ply: they stay, the replaced line among them.
        let (siblings, after): (Vec<Branch>, Vec<Branch>) = std::mem::take(&mut tail.branches)
            .into_iter()
            .partition(|b| b.at == 0);
        tail.branches = after;
        let kept = self.branches.len();
        self.attach(branch.line);
        let mut siblings: Vec<Branch> = siblings.into_iter().map(|b| Branch { at, ..b }).collect();
        siblings.insert(
            index - kept,
            Branch {
                name: branch.name,
                at,
                line: tail,
            },
        );
        self.branches.splice(kept..kept, siblings);
    }

    /// Writes `token` as the result of the line that ends with `moves`; `false` when no
    /// line ends there.
    pub fn set_result(&mut self, moves: &[Move], token: String) -> bool {
        let Some((path, j)) = self.follow(moves) else {
            return false;
        };
        let line = self.line_at_mut(&path);
        if j != line.plies.len() {
            return false;
        }
        line.result_token = Some(token);
        true
    }

    /// Removes the branch whose first ply is `first`, leaving the line through `moves` at
    /// the ply after them. The branch removed, with every branch of its own.
    pub fn remove_branch(&mut self, moves: &[Move], first: Move) -> Option<Branch> {
        let (path, j) = self.follow(moves)?;
        let line = self.line_at_mut(&path);
        let index = line.branch_index(j, first)?;
        Some(line.branches.remove(index))
    }

    /// Cuts this line before ply `at`: the plies from there, the branches leaving them and
    /// the result, as a line of their own (its branches counted from its start).
    #[must_use]
    pub fn split_off(&mut self, at: usize) -> Line {
        let at = at.min(self.plies.len());
        let plies = self.plies.split_off(at);
        let (keep, go): (Vec<Branch>, Vec<Branch>) = std::mem::take(&mut self.branches)
            .into_iter()
            .partition(|b| b.at < at);
        self.branches = keep;
        Line {
            plies,
            branches: go
                .into_iter()
                .map(|b| Branch { at: b.at - at, ..b })
                .collect(),
            result_token: self.result_token.take(),
        }
    }

    /// Puts `tail` (a line cut off by [`Line::split_off`], or one to follow this line) after
    /// this line's last ply.
    pub fn attach(&mut self, tail: Line) {
        let at = self.plies.len();
        self.plies.extend(tail.plies);
        self.branches.extend(
            tail.branches
                .into_iter()
                .map(|b| Branch { at: b.at + at, ..b }),
        );
        self.result_token = tail.result_token;
    }

    /// Every branch of the tree with its full name (`3w1/4b1`) and its first ply counted from
    /// this line's start, parents before their branches: the order in which they are written.
    #[must_use]
    pub fn all_branches(&self) -> Vec<(String, usize, &Branch)> {
        let mut out = Vec::new();
        self.collect_branches("", 0, &mut out);
        out
    }

    fn collect_branches<'a>(
        &'a self,
        prefix: &str,
        start: usize,
        out: &mut Vec<(String, usize, &'a Branch)>,
    ) {
        for branch in &self.branches {
            let name = if prefix.is_empty() {
                branch.name.clone()
            } else {
                format!("{prefix}/{}", branch.name)
            };
            let first = start + branch.at;
            out.push((name.clone(), first, branch));
            branch.line.collect_branches(&name, first, out);
        }
    }

    /// How many branches the whole tree holds, nested ones too.
    #[must_use]
    pub fn branch_count(&self) -> usize {
        self.branches
            .iter()
            .map(|b| 1 + b.line.branch_count())
            .sum()
    }

    /// How many plies the whole tree holds, branches and all.
    #[must_use]
    pub fn ply_count(&self) -> usize {
        self.plies.len()
            + self
                .branches
                .iter()
                .map(|b| b.line.ply_count())
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::BoardSize;

    fn mv(text: &str) -> Move {
        parse_move(text, BoardSize::new(5).unwrap()).unwrap()
    }

    fn plies(text: &str) -> Vec<Ply> {
        text.split_whitespace()
            .map(|t| Ply {
                mv: mv(t),
                marks: crate::notation::Marks::default(),
                comments: Vec::new(),
            })
            .collect()
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(mv).collect()
    }

    fn text(line: &Line) -> String {
        line.plies
            .iter()
            .map(|p| p.mv.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn tree() -> Line {
        let mut line = Line {
            plies: plies("a1 e5 c3 c4 d3"),
            ..Line::default()
        };
        assert!(line.insert(0, &plies("a1 e5 b2 b3"), None));
        assert!(line.insert(0, &plies("a1 e5 d2"), None));
        assert!(line.insert(0, &plies("a1 e5 b2 b3 b4 b5"), None));
        assert!(line.insert(0, &plies("a1 e5 c3 d4"), None));
        line
    }

    #[test]
    fn inserting_branches_names_them_by_ply_and_count() {
        let line = tree();
        let names: Vec<(String, usize)> = line
            .all_branches()
            .into_iter()
            .map(|(name, first, _)| (name, first))
            .collect();
        assert_eq!(
            names,
            [("2w1".into(), 2), ("2w2".into(), 2), ("2b1".into(), 3)]
        );
        assert_eq!(
            text(&line.branches[0].line),
            "b2 b3 b4 b5",
            "went on the branch"
        );
        assert!(
            !line.clone().insert(0, &plies("a1 e5 b2"), None),
            "already there"
        );
        assert_eq!(line.ply_count(), 5 + 4 + 1 + 1);
    }

    #[test]
    fn alternatives_list_the_own_move_then_each_branch() {
        let line = tree();
        let at_c3: Vec<(String, Option<String>, usize)> = line
            .alternatives(&moves("a1 e5"))
            .into_iter()
            .map(|a| (a.mv.to_string(), a.name, a.length))
            .collect();
        assert_eq!(
            at_c3,
            [
                ("c3".into(), None, 3),
                ("b2".into(), Some("2w1".into()), 4),
                ("d2".into(), Some("2w2".into()), 1)
            ]
        );
        assert_eq!(line.alternatives(&moves("a1 e5 b2")).len(), 1);
        assert!(
            line.alternatives(&moves("a1 e4")).is_empty(),
            "not in the tree"
        );
    }

    #[test]
    fn promoting_swaps_lines_and_keeps_every_ply() {
        let mut line = tree();
        let before = line.ply_count();
        assert_eq!(line.promote(&moves("a1 e5 b2 b3 b4")), 5);
        assert_eq!(text(&line), "a1 e5 b2 b3 b4 b5");
        assert_eq!(line.ply_count(), before);
        let first = &line.branches[0];
        assert_eq!((first.name.as_str(), first.at), ("2w1", 2));
        assert_eq!(
            text(&first.line),
            "c3 c4 d3",
            "the old line took the branch's place"
        );
        assert_eq!(first.line.branches[0].at, 1, "its branch moved with it");
        // And back: the old main line is found by its moves.
        assert_eq!(line.promote(&moves("a1 e5 c3 c4 d3")), 5);
        assert_eq!(line, tree());
        assert_eq!(line.promote(&moves("a1 e5 e4")), 2, "e4 is nowhere");
    }

    #[test]
    fn removing_a_branch_takes_its_own_branches_with_it() {
        let mut line = tree();
        line.promote(&moves("a1 e5 c3 d4"));
        let removed = line.remove_branch(&moves("a1 e5"), mv("b2")).unwrap();
        assert_eq!(text(&removed.line), "b2 b3 b4 b5");
        assert!(line.remove_branch(&moves("a1 e5"), mv("b2")).is_none());
        assert!(line.contains(&moves("a1 e5 c3 c4 d3")));
        assert!(!line.contains(&moves("a1 e5 b2")));
    }

    #[test]
    fn split_and_attach_give_back_the_same_tree() {
        let original = tree();
        for at in 0..=5 {
            let mut line = original.clone();
            let tail = line.split_off(at);
            assert_eq!(line.plies.len() + tail.plies.len(), 5);
            line.attach(tail);
            assert_eq!(line, original, "cut at {at}");
        }
    }
}
