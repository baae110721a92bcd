//! The evaluation's weights, all in one place so that they can be tuned by measurement
//! (`scripts/tune.sh` plays versions against each other over `tak tei`).

/// What each feature of a position is worth, in centiflats (100 is one flat on top).
///
/// Features are counted for each player and the difference taken; the evaluation is then seen
/// from the side to move. Tables indexed by a count have one entry per possible value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A flat on top while reserves are full.
    pub flat_early: i32,
    /// A flat on top when a reserve is nearly spent (the flat count is about to decide).
    pub flat_late: i32,
    /// A wall on top.
    pub wall: i32,
    /// A capstone on top.
    pub cap: i32,
    /// One of the player's own pieces under their own top, by the top's role (flat, wall,
    /// capstone): pieces that stay in play when the stack spreads.
    pub support: [i32; 3],
    /// One of the opponent's pieces held under the player's top, by the top's role.
    pub captive: [i32; 3],
    /// A flat on top, per step away from the board's edge.
    pub flat_center: i32,
    /// A capstone, per step away from the board's edge.
    pub cap_center: i32,
    /// A group of road pieces by how many lines it is short of a road: index 0 is a road, 1 a
    /// group spanning all lines but one.
    pub group_short: [i32; 8],
    /// Road squares in one rank or file, by count (index 0 unused): lines being built.
    pub line: [i32; 9],
    /// An empty square where the player would complete a road by placing a piece.
    pub threat: i32,
    /// A piece left in reserve (stone or capstone), compared with the opponent's.
    pub reserve: i32,
    /// Having the move.
    pub tempo: i32,
    /// A wall or capstone next to an opponent's flat on top (blocking and threatening it).
    pub pressure: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            flat_early: 90,
            flat_late: 150,
            wall: 35,
            cap: 70,
            support: [25, 30, 40],
            captive: [-10, -5, 5],
            flat_center: 6,
            cap_center: 15,
            group_short: [0, 140, 70, 30, 12, 5, 0, 0],
            line: [0, 0, 4, 14, 30, 45, 55, 65, 75],
            threat: 90,
            reserve: 0,
            tempo: 20,
            pressure: 6,
        }
    }
}

impl Weights {
    /// Changes weights from text such as `flat_early=95 threat=100 line=0,0,4,14,30,45,55,65,75`
    /// (the field names above; tables as comma lists): how tuning runs try other weights over
    /// `tak tei` (its `Weights` option).
    pub fn set(&mut self, text: &str) -> Result<(), String> {
        use crate::notation::clip;
        for item in text.split_whitespace() {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("{:?} is not name=value", clip(item)))?;
            let numbers: Vec<i32> = value
                .split(',')
                .map(|n| n.trim().parse::<i32>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("{:?} is not a number or a list of numbers", clip(value)))?;
            let table: &mut [i32] = match name {
                "flat_early" => std::slice::from_mut(&mut self.flat_early),
                "flat_late" => std::slice::from_mut(&mut self.flat_late),
                "wall" => std::slice::from_mut(&mut self.wall),
                "cap" => std::slice::from_mut(&mut self.cap),
                "support" => &mut self.support,
                "captive" => &mut self.captive,
                "flat_center" => std::slice::from_mut(&mut self.flat_center),
                "cap_center" => std::slice::from_mut(&mut self.cap_center),
                "group_short" => &mut self.group_short,
                "line" => &mut self.line,
                "threat" => std::slice::from_mut(&mut self.threat),
                "reserve" => std::slice::from_mut(&mut self.reserve),
                "tempo" => std::slice::from_mut(&mut self.tempo),
                "pressure" => std::slice::from_mut(&mut self.pressure),
                _ => return Err(format!("no weight is called {:?}", clip(name))),
            };
            if numbers.len() != table.len() {
                return Err(format!("{name} takes {} number(s)", table.len()));
            }
            table.copy_from_slice(&numbers);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_set_by_name() {
        let mut weights = Weights::default();
        weights.set("threat=120 support=1,2,3").unwrap();
        assert_eq!(weights.threat, 120);
        assert_eq!(weights.support, [1, 2, 3]);
        assert!(weights.set("nothing=1").is_err());
        assert!(weights.set("support=1").is_err());
        assert!(weights.set("threat").is_err());
    }
}
