//! How good a Locke position looks to the player to move, in hundredths of a stack on the
//! middle row: the middle row held (and a third square within reach), stacks to spare before
//! starvation, pieces on the board, height (a taller stack goes further and captures), and
//! nearness to the middle row.

use super::super::Player;
use super::super::board::{CENTER_RANK, SIZE};
use super::state::State;

/// The score for `state`'s player to move (positive: better for them).
pub(super) fn evaluate(state: &State) -> i32 {
    let me = state.to_move();
    side(state, me) - side(state, !me) + TEMPO
}

/// Worth having the move.
const TEMPO: i32 = 10;

fn side(state: &State, player: Player) -> i32 {
    let mut score = 0;
    let mut stacks = 0;
    for i in 0..usize::from(SIZE * SIZE) {
        let Some((owner, height)) = state.at(i) else {
            continue;
        };
        if owner != player {
            continue;
        }
        stacks += 1;
        let rank = i as u8 / SIZE;
        let file = i as u8 % SIZE;
        let away = i32::from(rank.abs_diff(CENTER_RANK));
        let height = i32::from(height);
        score += 30 + 12 * height;
        if away == 0 {
            score += 100;
            // The middle squares of the middle row are reached from more sides.
            if (1..SIZE - 1).contains(&file) {
                score += 10;
            }
        } else if away <= height.min(2) {
            // Within one move of the middle row.
            score += 25;
        } else {
            score -= 8 * away;
        }
    }
    if state.on_centerline(player) == 2 {
        score += 60;
    }
    // Three stacks is the edge of starvation: one capture or combination loses.
    match stacks {
        0..=3 => score -= 150,
        4 => score -= 40,
        _ => {}
    }
    score + 8 * i32::from(state.reserve(player))
}
