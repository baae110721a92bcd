//! The flat race's end, for the search: a placement that ends the game on flats at once and
//! wins it (the side to move places its last piece, or fills the board's last square, with
//! more flats on top than the opponent, komi counted).
//!
//! The search looks for this at every node as it looks for a road in one, so a won flat count
//! is never missed at a leaf, however shallow the search: Tak games between strong players
//! are often decided so, and a leaf's evaluation would only guess at it.

use crate::rules::{GameResult, Move, Position, Role};

/// A placement that ends the game on flats at once and wins it for the side to move, if there
/// is one. Only looked for when a placement can end the game: the side to move has one
/// piece left, or one square is empty.
pub fn flat_win(position: &mut Position) -> Option<Move> {
    if position.is_over() || position.is_opening() {
        return None;
    }
    let player = position.to_move();
    let reserves = position.reserves(player);
    let size = position.size();
    let empty = size.mask() & !position.board().occupied();
    if reserves.is_empty() || (reserves.total() != 1 && empty.len() != 1) {
        return None;
    }
    let square = empty.squares().next()?;
    // A flat counts; a capstone only when no stone is left.
    let role = if reserves.stones > 0 {
        Role::Flat
    } else {
        Role::Cap
    };
    let mv = Move::place(square, role);
    let undo = position.play_unchecked(mv);
    let wins = matches!(position.result(), GameResult::Win { winner, .. } if winner == player);
    position.undo(undo);
    wins.then_some(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Tps, to_tps};
    use crate::rules::{Color, GameConfig, Komi, Reserves};

    /// The position of `tps` without komi, each player having started with so many stones.
    fn position(tps: &str, white: u8, black: u8) -> Position {
        let tps: Tps = tps.parse().unwrap();
        let stones = |stones| Reserves { stones, caps: 0 };
        let config = GameConfig::new(tps.size())
            .with_komi(Komi::from_halves(0).unwrap())
            .with_player_pieces(Color::White, stones(white))
            .and_then(|c| c.with_player_pieces(Color::Black, stones(black)))
            .unwrap();
        tps.to_position(config).unwrap()
    }

    #[test]
    fn the_last_piece_placed_wins_when_it_leaves_the_player_ahead_on_flats() {
        // White to move, 3 flats to Black's 3, one stone left: placing it wins 4-3.
        let mut p = position("1,2,x2/x4/1,2,x2/1,2,x2 1 8", 4, 4);
        let mv = flat_win(&mut p).expect("the last flat wins");
        p.play(mv).unwrap();
        assert!(
            matches!(
                p.result(),
                GameResult::Win {
                    winner: Color::White,
                    ..
                }
            ),
            "{}",
            to_tps(&p)
        );
    }

    #[test]
    fn no_flat_win_when_the_last_piece_leaves_a_tie_or_a_loss_or_the_game_goes_on() {
        // White 2 flats to Black's 3 and one stone left: placing it ties, not a win.
        let mut p = position("1,2,x2/x4/1,2,x2/x,2,x2 1 8", 3, 4);
        assert_eq!(flat_win(&mut p), None);
        // Two stones left and the board far from full: no placement ends the game.
        let mut p = position("1,2,x2/x4/1,2,x2/1,2,x2 1 8", 5, 5);
        assert_eq!(flat_win(&mut p), None);
    }

    #[test]
    fn filling_the_last_square_wins_for_the_player_ahead() {
        // One empty square, no road; Black to move fills it and wins 9-7 on a full board.
        let mut p = position("1,1,2,2/2,2,1,1/1,1,2,2/2,1,2,x 2 9", 20, 20);
        let mv = flat_win(&mut p).expect("filling the board wins");
        p.play(mv).unwrap();
        assert!(matches!(
            p.result(),
            GameResult::Win {
                winner: Color::Black,
                ..
            }
        ));
    }
}
