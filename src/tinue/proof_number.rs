//! Proof-number search (Allis) within a bound on plies: the tree is grown best first, always
//! at the position that would most cheaply prove or disprove the root, so a forced road is
//! found after far fewer positions than a depth-first search looks at when the defender has
//! many moves and only a few of them matter.
//!
//! Nodes where the attacker is to move are OR nodes (one winning move is enough), the
//! defender's are AND nodes (every reply must lose). The attacker's moves are those of the
//! solver's rules: the road at once; else a move that threatens a road (or a quiet move, while
//! some are allowed); the defender's are all its moves. A node past the ply bound is lost for
//! the attacker, so a proof is a road within the bound.

use crate::engine::roads::winning_move;
use crate::rules::{Color, GameResult, Move, Position, WinReason};

/// Proof and disproof numbers this large are infinite: proven or disproven.
const INFINITE: u32 = u32::MAX / 4;

/// What a search found.
pub(super) enum Outcome {
    /// The attacker forces a road: the line (the attacker's moves, the longest defence).
    Proven(Vec<Move>),
    /// It does not, within the bound.
    Disproven,
    /// The node budget ran out first (or the caller said stop).
    Unknown,
    /// The tree grew too large for memory first.
    OutOfRoom,
}

/// The most nodes a tree holds (about 80 MB): past it the caller searches depth first.
pub(super) const ROOM: usize = 2_000_000;

/// One position of the tree.
#[derive(Clone, Copy)]
struct Node {
    /// The move that led here (none at the root).
    mv: Option<Move>,
    parent: u32,
    /// Its children are `first_child..first_child + children` (once expanded).
    first_child: u32,
    children: u32,
    proof: u32,
    disproof: u32,
    /// The attacker is to move.
    or: bool,
    expanded: bool,
    /// The game is over here.
    over: bool,
    /// Plies left within the bound.
    plies: u32,
    /// Quiet moves the attacker may still make.
    quiet: u32,
}

/// The tree and what the search may spend.
pub(super) struct Tree<'a> {
    nodes: Vec<Node>,
    root: Position,
    attacker: Color,
    /// Positions visited (the caller's budget is counted in these).
    pub(super) visited: u64,
    budget: u64,
    stop: &'a std::sync::atomic::AtomicBool,
    /// Where the positions visited are counted for the caller, if it watches.
    searched: Option<&'a std::sync::atomic::AtomicU64>,
}

impl<'a> Tree<'a> {
    /// A search from `root`, the attacker to move when `or`, within `plies` plies and
    /// `quiet` quiet moves; `budget` positions at most (the tree holds at most as many).
    pub(super) fn new(
        root: &Position,
        or: bool,
        plies: u32,
        quiet: u32,
        budget: u64,
        watch: super::Watch<'a>,
    ) -> Tree<'a> {
        let attacker = if or { root.to_move() } else { !root.to_move() };
        let mut tree = Tree {
            nodes: Vec::new(),
            root: root.clone(),
            attacker,
            visited: 0,
            budget,
            stop: watch.stop,
            searched: watch.searched,
        };
        let mut position = root.clone();
        let node = tree.evaluate(&mut position, None, u32::MAX, or, plies, quiet);
        tree.nodes.push(node);
        tree
    }

    /// Grows the tree until the root is proven or disproven, or the budget is spent.
    pub(super) fn search(&mut self) -> Outcome {
        while self.nodes[0].proof != 0 && self.nodes[0].disproof != 0 {
            if self.visited >= self.budget || self.stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Outcome::Unknown;
            }
            if self.nodes.len() >= ROOM {
                return Outcome::OutOfRoom;
            }
            let (leaf, mut position) = self.most_proving();
            self.expand(leaf, &mut position);
            self.update(leaf);
        }
        if self.nodes[0].proof == 0 {
            Outcome::Proven(self.line())
        } else {
            Outcome::Disproven
        }
    }

    /// The proof and disproof numbers of a new node at `position`, with what is known at once.
    fn evaluate(
        &mut self,
        position: &mut Position,
        mv: Option<Move>,
        parent: u32,
        or: bool,
        plies: u32,
        quiet: u32,
    ) -> Node {
        self.visited += 1;
        if self.visited.is_multiple_of(super::REPORT_EVERY)
            && let Some(searched) = self.searched
        {
            searched.fetch_add(super::REPORT_EVERY, std::sync::atomic::Ordering::Relaxed);
        }
        let over = position.is_over();
        let (proof, disproof) = if over {
            match position.result() {
                GameResult::Win {
                    winner,
                    reason: WinReason::Road { .. },
                } if winner == self.attacker => (0, INFINITE),
                // The defender's road (a spread's dragon), or an end on flats.
                _ => (INFINITE, 0),
            }
        } else if or {
            if winning_move(position).is_some() {
                (0, INFINITE)
            } else if plies < 3 {
                (INFINITE, 0)
            } else {
                (1, 1)
            }
        } else if winning_move(position).is_some() {
            // The defender wins first.
            (INFINITE, 0)
        } else {
            (1, 1)
        };
        Node {
            mv,
            parent,
            first_child: 0,
            children: 0,
            proof,
            disproof,
            or,
            expanded: false,
            over,
            plies,
            quiet,
        }
    }

    /// The most-proving leaf: down the child of least proof number at OR nodes and of least
    /// disproof number at AND nodes; and the position there.
    fn most_proving(&self) -> (u32, Position) {
        let mut position = self.root.clone();
        let mut at = 0;
        while self.nodes[at as usize].expanded {
            let node = self.nodes[at as usize];
            let children = node.first_child..node.first_child + node.children;
            at = children
                .min_by_key(|&c| {
                    let child = &self.nodes[c as usize];
                    if node.or { child.proof } else { child.disproof }
                })
                .expect("an unsolved expanded node has children");
            let mv = self.nodes[at as usize].mv.expect("a child has its move");
            let _ = position.play(mv);
        }
        (at, position)
    }

    /// Adds the children of `leaf`: the attacker's moves by the solver's rules, or all of the
    /// defender's.
    fn expand(&mut self, leaf: u32, position: &mut Position) {
        let node = self.nodes[leaf as usize];
        let first = self.nodes.len() as u32;
        let mut added = Vec::new();
        for mv in position.legal_moves() {
            let Ok(undo) = position.play(mv) else {
                continue;
            };
            let child = if node.or {
                if position.is_over() {
                    None
                } else if threatens(position) {
                    Some(self.evaluate(position, Some(mv), leaf, false, node.plies - 1, node.quiet))
                } else if node.quiet > 0 && node.plies >= 5 {
                    let quiet = node.quiet - 1;
                    Some(self.evaluate(position, Some(mv), leaf, false, node.plies - 1, quiet))
                } else {
                    None
                }
            } else {
                match position.result() {
                    // A defence that makes the attacker's road loses at once.
                    GameResult::Win {
                        winner,
                        reason: WinReason::Road { .. },
                    } if winner == self.attacker => Some(Node {
                        proof: 0,
                        disproof: INFINITE,
                        ..self.evaluate(position, Some(mv), leaf, true, 0, node.quiet)
                    }),
                    GameResult::Ongoing => Some(self.evaluate(
                        position,
                        Some(mv),
                        leaf,
                        true,
                        node.plies - 1,
                        node.quiet,
                    )),
                    // The defender's own win, or the game ending otherwise.
                    _ => Some(Node {
                        proof: INFINITE,
                        disproof: 0,
                        ..self.evaluate(position, Some(mv), leaf, true, 0, node.quiet)
                    }),
                }
            };
            position.undo(undo);
            added.extend(child);
        }
        self.nodes.extend(added.iter().copied());
        let node = &mut self.nodes[leaf as usize];
        node.first_child = first;
        node.children = added.len() as u32;
        node.expanded = true;
    }

    /// Works the numbers out again from `from` up to the root.
    fn update(&mut self, from: u32) {
        let mut at = from;
        loop {
            let node = self.nodes[at as usize];
            let children = node.first_child..node.first_child + node.children;
            let numbers = children.map(|c| {
                let child = &self.nodes[c as usize];
                (child.proof, child.disproof)
            });
            let (proof, disproof) = if node.children == 0 {
                // No move: the attacker has nothing that threatens; the defender, no move at all
                // (a full board ends the game before this).
                if node.or {
                    (INFINITE, 0)
                } else {
                    (0, INFINITE)
                }
            } else if node.or {
                numbers.fold((INFINITE, 0_u32), |(p, d), (cp, cd)| {
                    (p.min(cp), d.saturating_add(cd).min(INFINITE))
                })
            } else {
                numbers.fold((0_u32, INFINITE), |(p, d), (cp, cd)| {
                    (p.saturating_add(cp).min(INFINITE), d.min(cd))
                })
            };
            let unchanged = proof == node.proof && disproof == node.disproof;
            let node = &mut self.nodes[at as usize];
            node.proof = proof;
            node.disproof = disproof;
            if at == 0 || (unchanged && at != from) {
                return;
            }
            at = node.parent;
        }
    }

    /// The winning line in the proof: at the attacker's turns its quickest proven move, at the
    /// defender's the reply that holds out longest.
    fn line(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut position = self.root.clone();
        let mut at = 0;
        loop {
            let node = self.nodes[at as usize];
            if node.or && !node.expanded {
                // Proven unexpanded: the road at once (or made already by the defence).
                if !node.over
                    && let Some(mv) = winning_move(&mut position)
                {
                    line.push(mv);
                }
                return line;
            }
            let children = node.first_child..node.first_child + node.children;
            let proven = children.filter(|&c| self.nodes[c as usize].proof == 0);
            // Ties go to the first in move order: min_by_key keeps the first least, and the
            // defence is folded to keep the first greatest.
            let next = if node.or {
                proven.min_by_key(|&c| self.depth(c))
            } else {
                proven
                    .fold(None, |best: Option<(u32, u32)>, c| {
                        let depth = self.depth(c);
                        match best {
                            Some((_, most)) if most >= depth => best,
                            _ => Some((c, depth)),
                        }
                    })
                    .map(|(c, _)| c)
            };
            let Some(next) = next else { return line };
            let mv = self.nodes[next as usize].mv.expect("a child has its move");
            line.push(mv);
            let _ = position.play(mv);
            if position.is_over() {
                return line;
            }
            at = next;
        }
    }

    /// Plies of the proof below a proven node, moves to it not counted.
    fn depth(&self, at: u32) -> u32 {
        let node = self.nodes[at as usize];
        if !node.expanded {
            // A proven leaf: an OR node with the road at once, or a defence that made it.
            return u32::from(!node.over);
        }
        let children = node.first_child..node.first_child + node.children;
        let proven = children
            .filter(|&c| self.nodes[c as usize].proof == 0)
            .map(|c| self.depth(c));
        1 + if node.or {
            proven.min().unwrap_or(0)
        } else {
            proven.max().unwrap_or(0)
        }
    }
}

/// Whether the player who just moved threatens to win by road on their next move.
pub(super) fn threatens(position: &mut Position) -> bool {
    position.pass();
    let threat = winning_move(position).is_some();
    position.pass();
    threat
}
