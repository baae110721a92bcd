//! A series of games: holdings carried from game to game, who starts each, when it ends.

use super::{Action, Chips, Ending, Game, KaenError, Player};

/// A series' settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SeriesConfig {
    chips: Chips,
    bet: Chips,
    games: u32,
    reload: bool,
}

/// Settings the rules do not allow.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigError {
    /// An odd or too small starting bet.
    #[error("the starting bet must be even and at least 2 (half of it may be taken back), not {0}")]
    Bet(Chips),
    /// Holdings that cannot cover the starting bet.
    #[error("each player needs at least the starting bet of {bet} chips, not {chips}")]
    Chips {
        /// The chips asked for.
        chips: Chips,
        /// The bet.
        bet: Chips,
    },
    /// More chips than can be counted once both players' are put together.
    #[error(
        "each player may start with at most {max} chips (both players' chips together must \
         be countable), not {chips}",
        max = SeriesConfig::MAX_CHIPS
    )]
    TooManyChips {
        /// The chips asked for.
        chips: Chips,
    },
    /// A series of no games.
    #[error("a series has at least one game")]
    Games,
}

impl SeriesConfig {
    /// The rulebook's suggestions: 100 chips each, a bet of 2.
    pub const DEFAULT_CHIPS: Chips = 100;
    /// The starting bet suggested.
    pub const DEFAULT_BET: Chips = 2;
    /// The most chips a player may start with: both players' together, every chip there is,
    /// must still be a count of [`Chips`], so that no pot, holding or sum of them overflows
    /// (reloads are refused where they would pass it).
    pub const MAX_CHIPS: Chips = Chips::MAX / 2;

    /// A series of `games` games, each player starting with `chips`, each game with a bet of
    /// `bet`; when `reload`, a player who cannot cover the bet does not end the series: the
    /// bet doubles and both are given their starting chips again at the new stakes (`chips`
    /// times the bet over `bet`).
    pub fn new(chips: Chips, bet: Chips, games: u32, reload: bool) -> Result<Self, ConfigError> {
        if bet < 2 || !bet.is_multiple_of(2) {
            return Err(ConfigError::Bet(bet));
        }
        if chips > Self::MAX_CHIPS {
            return Err(ConfigError::TooManyChips { chips });
        }
        if chips < bet {
            return Err(ConfigError::Chips { chips, bet });
        }
        if games == 0 {
            return Err(ConfigError::Games);
        }
        Ok(SeriesConfig {
            chips,
            bet,
            games,
            reload,
        })
    }

    /// Each player's chips at the start.
    #[must_use]
    pub const fn chips(&self) -> Chips {
        self.chips
    }

    /// The starting bet of the first game.
    #[must_use]
    pub const fn bet(&self) -> Chips {
        self.bet
    }

    /// How many games the series lasts at most.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.games
    }

    /// Whether players are reloaded (the stakes doubling) rather than the series ending.
    #[must_use]
    pub const fn reload(&self) -> bool {
        self.reload
    }
}

/// A finished game of the series, for its table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameSummary {
    /// The game as it ended.
    pub game: Game,
    /// How it ended.
    pub ending: Ending,
    /// Each player's holdings after it.
    pub holdings: [Chips; 2],
    /// Each player's gain (or loss) in it.
    pub gain: [i64; 2],
    /// The chips each player was given after it, when a player could not cover the bet and
    /// both were reloaded (0 otherwise); `holdings` include them.
    pub reload: Chips,
}

/// Why a series is over.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeriesEnd {
    /// Every game agreed was played.
    AllPlayed,
    /// This player cannot cover the starting bet.
    Broke(Player),
}

/// A series of games and where it stands.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Series {
    config: SeriesConfig,
    first: Player,
    played: Vec<GameSummary>,
    /// The game in play, or the last one once the series is over.
    game: Game,
    /// The bet of each game now (doubled at each reload).
    stake: Chips,
    reloads: u32,
    /// The chips each player was given at the reloads, all told.
    reloaded: Chips,
    end: Option<SeriesEnd>,
}

impl Series {
    /// A series whose first game `first` begins (chosen at random by the app).
    #[must_use]
    pub fn new(config: SeriesConfig, first: Player) -> Series {
        Series {
            config,
            first,
            played: Vec::new(),
            game: Game::new(first, config.bet, [config.chips; 2]),
            stake: config.bet,
            reloads: 0,
            reloaded: 0,
            end: None,
        }
    }

    /// The settings.
    #[must_use]
    pub const fn config(&self) -> &SeriesConfig {
        &self.config
    }

    /// Who began the first game.
    #[must_use]
    pub const fn first(&self) -> Player {
        self.first
    }

    /// The game in play (the last one, once the series is over).
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The games finished.
    #[must_use]
    pub fn played(&self) -> &[GameSummary] {
        &self.played
    }

    /// The number of the game in play, from 1.
    #[must_use]
    pub fn game_number(&self) -> usize {
        if self.game.is_over() {
            self.played.len()
        } else {
            self.played.len() + 1
        }
    }

    /// The starting bet of games now.
    #[must_use]
    pub const fn stake(&self) -> Chips {
        self.stake
    }

    /// How many times both players were reloaded.
    #[must_use]
    pub const fn reloads(&self) -> u32 {
        self.reloads
    }

    /// Why the series is over, once it is.
    #[must_use]
    pub const fn end(&self) -> Option<SeriesEnd> {
        self.end
    }

    /// Every chip there is: the starting chips, and those added at each reload.
    #[must_use]
    pub const fn total_chips(&self) -> Chips {
        2 * (self.config.chips + self.reloaded)
    }

    /// The legal actions now (none once the series is over).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    /// Carries out `action` in the game in play; when it ends the game, the next game begins
    /// at once (its loser starting it), unless the series is over. Refused actions change
    /// nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), KaenError> {
        self.game.apply(action)?;
        if let Some(ending) = self.game.ending() {
            self.finish(ending);
        }
        Ok(())
    }

    fn finish(&mut self, ending: Ending) {
        let mut after = [0; 2];
        let mut gain = [0; 2];
        let before = self
            .played
            .last()
            .map_or([self.config.chips; 2], |s| s.holdings);
        for player in Player::BOTH {
            after[player.index()] = self.game.holdings(player);
            gain[player.index()] =
                i64::from(after[player.index()]) - i64::from(before[player.index()]);
        }
        let summary = GameSummary {
            game: self.game.clone(),
            ending,
            holdings: after,
            gain,
            reload: 0,
        };
        let starter = self.game.starter();
        self.played.push(summary);
        if self.played.len() >= self.config.games as usize {
            self.end = Some(SeriesEnd::AllPlayed);
            return;
        }
        let mut holdings = after;
        let broke = |holdings: [Chips; 2], stake| {
            Player::BOTH
                .into_iter()
                .find(|p| holdings[p.index()] < stake)
        };
        if let Some(player) = broke(holdings, self.stake) {
            // Reloading doubles the stakes and gives both their starting chips again, at the
            // new stakes (as many bets' worth as at the start: twice the chips when the bet
            // has doubled once, four times after two reloads...), so both cover the new bet.
            let reload = self.config.reload.then(|| {
                let stake = self.stake.checked_mul(2)?;
                let chips = self.config.chips.checked_mul(stake / self.config.bet)?;
                let reloaded = [
                    holdings[0].checked_add(chips)?,
                    holdings[1].checked_add(chips)?,
                ];
                let total = self.reloaded.checked_add(chips)?;
                // Every chip there is must still be counted.
                total.checked_add(self.config.chips)?.checked_mul(2)?;
                Some((stake, chips, reloaded))
            });
            let Some(Some((stake, chips, reloaded))) = reload else {
                self.end = Some(SeriesEnd::Broke(player));
                return;
            };
            self.reloads += 1;
            self.reloaded += chips;
            self.stake = stake;
            holdings = reloaded;
        }
        // The loser starts the next game; after a split, the one who did not start this one.
        let next = match ending.winner() {
            Some(winner) => !winner,
            None => !starter,
        };
        self.game = Game::new(next, self.stake, holdings);
        // A reload's chips are added to the summary's holdings so that gains add up.
        if let Some(last) = self.played.last_mut() {
            last.reload = holdings[0] - after[0];
            last.holdings = holdings;
        }
    }

    /// Each player's chips, bets included.
    #[must_use]
    pub fn worth(&self, player: Player) -> Chips {
        self.game.holdings(player) + self.game.bet(player)
    }
}
