//! Which defence to show when several hold out equally long. In a tinue every defence loses,
//! and many lose equally fast; the search keeps the first it meets, often a move that ignores
//! the threat. A person expects the defender to try: to block what can be blocked. So among
//! the defences that last as long as the longest, the one that leaves the attacker the fewest
//! roads in one is shown.

use super::{Verdict, solve};
use crate::rules::{Move, Position};

/// How many of the most blocking moves are searched to see whether they hold as long.
const TRIED: usize = 8;

/// The defence to play in `position` (the defender to move, in tinue): of the moves that hold
/// out as long as `longest` (the solver's line, its defence first), the one leaving the
/// attacker the fewest roads in one; `longest[0]` itself on a tie, or when the searches
/// (sharing `budget` nodes) cannot tell; `None` when `longest` is empty. Only the few moves
/// leaving the fewest roads are searched.
///
/// ```
/// use taktui::notation::{Tps, parse_move};
/// use taktui::tinue::{Verdict, in_tinue, natural_defence};
///
/// // A puzzle from a 2016 server game: after White's a1>, Black loses whatever it does.
/// let tps = "2,x,2,x2/x3,2,x/x3,2,x/1,12,1,111112C,x/1,2,1,2221C,121 1 22".parse::<Tps>()?;
/// let mut position = tps.to_standard_position()?;
/// position.play(parse_move("a1>", position.size())?)?;
/// let Verdict::Win(line) = in_tinue(&position, 4, 1_000_000).verdict else { panic!() };
/// let defence = natural_defence(&position, &line, 0, 1_000_000).unwrap();
/// // The first defence the search meets blocks nothing; the one shown blocks what it can.
/// let roads_after = |mv| {
///     let mut after = position.clone();
///     after.play(mv).unwrap();
///     after.threats(!position.to_move()).len()
/// };
/// assert!(roads_after(defence) < roads_after(line[0]), "{defence} against {}", line[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn natural_defence(
    position: &Position,
    longest: &[Move],
    quiet: u32,
    budget: u64,
) -> Option<Move> {
    let &found = longest.first()?;
    let attacker = !position.to_move();
    // A move that ends the game (a spread that makes the attacker's road) blocks nothing.
    let threats_after = |mv: Move| {
        let mut after = position.clone();
        match after.play(mv) {
            Ok(_) if !after.is_over() => after.threats(attacker).len(),
            _ => usize::MAX,
        }
    };
    let fewest_found = threats_after(found);
    let mut candidates: Vec<(usize, Move)> = position
        .legal_moves()
        .into_iter()
        .map(|mv| (threats_after(mv), mv))
        .filter(|&(threats, mv)| threats < fewest_found && mv != found)
        .collect();
    candidates.sort_by_key(|&(threats, _)| threats);
    // After the defence the attacker needs `longest.len() - 1` plies; a defence holds as
    // long when the attacker cannot win in two fewer. The searches share `budget`.
    let shorter = (longest.len() as u32).saturating_sub(3);
    let mut left = budget;
    for (_, mv) in candidates.into_iter().take(TRIED) {
        if shorter == 0 {
            return Some(mv);
        }
        let mut after = position.clone();
        if after.play(mv).is_err() {
            continue;
        }
        let searched = solve(&after, shorter, quiet, left);
        left = left.saturating_sub(searched.nodes);
        if searched.verdict == Verdict::NoWin {
            return Some(mv);
        }
        if left == 0 {
            break;
        }
    }
    Some(found)
}

/// `line` (a win for the side to move in `position`: attacker first, then defence and attack
/// in turn) with each defence replaced by the [`natural_defence`] and the attack after it
/// found again; `line` as it is where a search runs past `budget`.
#[must_use]
pub fn natural_line(position: &Position, line: &[Move], quiet: u32, budget: u64) -> Vec<Move> {
    let mut position = position.clone();
    let mut natural = Vec::with_capacity(line.len());
    let mut rest = line.to_vec();
    while let Some(&attack) = rest.first() {
        if position.play(attack).is_err() {
            return line.to_vec();
        }
        natural.push(attack);
        if position.is_over() {
            return natural;
        }
        let Some(defence) = natural_defence(&position, &rest[1..], quiet, budget) else {
            return line.to_vec();
        };
        if position.play(defence).is_err() {
            return line.to_vec();
        }
        natural.push(defence);
        let left = (line.len() - natural.len()) as u32;
        rest = match solve(&position, left, quiet, budget).verdict {
            Verdict::Win(attack) => attack,
            Verdict::NoWin | Verdict::Unknown => return line.to_vec(),
        };
    }
    natural
}
