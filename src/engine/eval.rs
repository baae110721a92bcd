//! The static evaluation: how good a quiet position looks to the side to move, in centiflats.
//!
//! A sum of weight × feature ([`super::features`]), the weights blended from their early to
//! their middle and late values by the phase of the game (the flat count matters more as the
//! reserves run out), seen from the side to move. Every number comes from [`Weights`].

use super::Weights;
use super::features::{FEATURE_COUNT, PHASE_END, features};
use crate::rules::{Color, Position};

/// The evaluation of `position` for the side to move, in centiflats.
#[must_use]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let features = features(position);
    let white = blend(&features.values, features.phase, weights);
    match position.to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The weighted sum of `values` for White at `phase`.
fn blend(values: &[i32; FEATURE_COUNT], phase: i32, weights: &Weights) -> i32 {
    let mut sums = [0; 3];
    for (i, &value) in values.iter().enumerate() {
        if value != 0 {
            sums[0] += value * weights.early[i];
            sums[1] += value * weights.middle[i];
            sums[2] += value * weights.late[i];
        }
    }
    let [early, middle, late] = phase_shares(phase);
    (sums[0] * early + sums[1] * middle + sums[2] * late) / PHASE_END
}

/// How much of the early, middle and late weights count at `phase` (0 to [`PHASE_END`]),
/// summing to `PHASE_END`: from early to middle over the first half of the game, from middle
/// to late over the second.
#[must_use]
pub fn phase_shares(phase: i32) -> [i32; 3] {
    let phase = phase.clamp(0, PHASE_END);
    let half = PHASE_END / 2;
    if phase <= half {
        [2 * (half - phase), 2 * phase, 0]
    } else {
        [0, 2 * (PHASE_END - phase), 2 * (phase - half)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn eval(tps: &str) -> i32 {
        let position = tps.parse::<Tps>().unwrap().to_standard_position().unwrap();
        evaluate(&position, &Weights::default())
    }

    #[test]
    fn the_start_is_about_even_and_a_flat_ahead_is_better() {
        // Without komi the first player is ahead by the move alone, and less so than with a
        // flat more on the board besides.
        let start = eval("x5/x5/x5/x5/x5 1 1");
        let flat_ahead = eval("x5/x5/x,1,x3/x,2,x,1,x/x5 1 3");
        assert!(0 < start && start < flat_ahead, "{start} {flat_ahead}");
        // White has one flat more, Black to move: bad for Black.
        assert!(eval("x5/x5/x,1,x3/x,2,x,1,x/x5 2 3") < 0);
        assert!(eval("x5/x5/x,1,x3/x,2,x,1,x/x5 1 3") > 0);
    }

    #[test]
    fn the_phases_blend_early_to_middle_to_late() {
        assert_eq!(phase_shares(0), [PHASE_END, 0, 0]);
        assert_eq!(phase_shares(PHASE_END / 2), [0, PHASE_END, 0]);
        assert_eq!(phase_shares(PHASE_END), [0, 0, PHASE_END]);
        let quarter = phase_shares(PHASE_END / 4);
        assert_eq!(quarter, [PHASE_END / 2, PHASE_END / 2, 0]);
        for phase in 0..=PHASE_END {
            assert_eq!(phase_shares(phase).iter().sum::<i32>(), PHASE_END);
        }
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_players() {
        // The same position with colours swapped and the other side to move.
        let a = eval("x5/x,1,1,x2/x,2,21,x2/x,x,2,x2/x5 1 5");
        let b = eval("x5/x,2,2,x2/x,1,12,x2/x,x,1,x2/x5 2 5");
        assert_eq!(a, b);
    }
}
