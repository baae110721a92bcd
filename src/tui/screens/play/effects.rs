//! What dialogs ask of the game at the board: save, quit, a new game, a resumed one, undo.

use std::path::PathBuf;

use super::{PlayIntent, PlayScreen};
use crate::game::kaen::KaenSession;
use crate::game::locke::LockeSession;
use crate::game::store::{self, HowPlayed, KeptRecord};
use crate::game::{PlayedOn, Player, Session};
use crate::record::GameRecord;
use crate::rules::{ByColor, Color, GameConfig};
use crate::tui::context::Context;
use crate::tui::dialogs::{Effect, Seat};
use crate::tui::screens::{KaenScreen, LockeScreen, Outcome, Screen};

/// What a game taken up with its clocks stopped says.
pub const CLOCKS_STOPPED: &str = "its clocks are as they were, stopped: p starts them";

impl PlayScreen {
    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::Quit => Outcome::Quit,
            Effect::SaveAndQuit => self.save_then(true, ctx),
            Effect::SaveTo { path, then_quit } => match (self.save_to(path, ctx), then_quit) {
                (true, true) => Outcome::Quit,
                (true, false) => Outcome::Stay,
                (false, _) => Outcome::Refused,
            },
            Effect::NewGame(config, sides, clock, names) => {
                self.new_game(config, ctx);
                self.set_clock(clock);
                // A person keeps the name they played under, on the side they now play (one
                // who changes sides with the computer takes their name along); the computer
                // its new level.
                let players =
                    ByColor::from_fn(|color| match (&sides[color], &self.players[color]) {
                        (Seat::Computer(level), _) => Player::Computer(*level),
                        (Seat::Engine(entry), _) => Player::Engine((**entry).clone()),
                        (Seat::Person, person @ Player::Person(_)) => person.clone(),
                        (Seat::Person, Player::Computer(_) | Player::Engine(_)) => {
                            match (&sides[!color], &self.players[!color]) {
                                (
                                    Seat::Computer(_) | Seat::Engine(_),
                                    moved @ Player::Person(_),
                                ) => moved.clone(),
                                _ => Player::Person(String::new()),
                            }
                        }
                    });
                for (color, player) in players.iter() {
                    if matches!(player, Player::Person(_)) && self.players[color].is_program() {
                        self.driver
                            .session_mut()
                            .record_mut()
                            .tags_mut()
                            .remove(crate::record::player_tag(color));
                    }
                }
                // A name typed in the dialog is the person's from now on (none, typed empty).
                let players = ByColor::from_fn(|color| match (&players[color], &names[color]) {
                    (Player::Person(_), Some(name)) => {
                        if name.is_empty() {
                            self.driver
                                .session_mut()
                                .record_mut()
                                .tags_mut()
                                .remove(crate::record::player_tag(color));
                        }
                        Player::Person(name.clone())
                    }
                    (player, _) => player.clone(),
                });
                let seed = self.seed.wrapping_add(1);
                self.set_players(players, seed);
                Outcome::Stay
            }
            Effect::Resume(path) => self.resume(&path, ctx),
            Effect::Study(kind) => Self::open_study(kind, ctx),
            Effect::NewRulebookGame(kind, levels) => self.new_rulebook_game(kind, levels, ctx),
            Effect::Undo => {
                if let Some(why) = self.undo_refused() {
                    // The dialog that asked stays open.
                    ctx.error(why);
                    return Outcome::Refused;
                }
                self.undo(ctx);
                Outcome::Stay
            }
            Effect::AskNewGame => self.common_intent(PlayIntent::NewGame, ctx),
            Effect::Save => self.save(ctx),
            Effect::SaveAs => self.save_as(),
            Effect::AskQuit => self.quit(ctx),
            Effect::ShowBranch(mv) => {
                self.take_branch(mv, ctx);
                Outcome::Stay
            }
            Effect::DeleteBranch(mv) => {
                self.delete_branch(mv, ctx);
                Outcome::Stay
            }
            Effect::Resign(loser) => self.resign(loser, ctx),
            Effect::AgreeDraw => self.agree_draw(ctx),
            Effect::DeclineDraw => {
                let outcome = self.answer_draw(false, ctx);
                ctx.info("the draw is declined: play on");
                outcome
            }
            Effect::GoToPly(_)
            | Effect::NextMatchGame
            | Effect::TakeBackMatchPly
            | Effect::PostSeek(_)
            | Effect::LeaveGame { .. } => Outcome::Stay,
        }
    }

    /// Leaves for a new game of Kaen or Locke at its own screen (the game played here is kept
    /// to resume).
    fn new_rulebook_game(
        &mut self,
        kind: crate::record::GameKind,
        levels: [Option<crate::engine::Level>; 2],
        ctx: &mut Context,
    ) -> Outcome {
        // The game played here is kept to resume, as when a new game of Tak starts.
        ctx.keeper.release();
        let seed = ctx.next_seed();
        let mut tags = crate::record::Tags::default();
        // The computer's sides named as `tak kaen --vs` names them, so a kept game goes on
        // against it.
        for (tag, level) in ["Player1", "Player2"].into_iter().zip(levels) {
            if let Some(level) = level {
                tags.set(tag, format!("Computer (level {})", level.get()));
            }
        }
        let screen = match kind {
            crate::record::GameKind::Kaen => {
                let config = crate::kaen::SeriesConfig::new(
                    crate::kaen::SeriesConfig::DEFAULT_CHIPS,
                    crate::kaen::SeriesConfig::DEFAULT_BET,
                    3,
                    false,
                );
                let Ok(config) = config else {
                    return Outcome::Refused;
                };
                // Who starts is drawn as the die is: from the system's randomness.
                let die = crate::game::kaen::Die::random();
                let first = match die.toss() {
                    Ok(first) => first,
                    Err(error) => {
                        ctx.error(error.to_string());
                        return Outcome::Refused;
                    }
                };
                let mut screen = KaenScreen::new(KaenSession::new(config, first, tags))
                    .with_die(die)
                    .learning(self.learn);
                for (player, level) in crate::kaen::Player::BOTH.into_iter().zip(levels) {
                    if let Some(level) = level {
                        screen = screen.with_computer(player, level);
                    }
                }
                Screen::Kaen(screen)
            }
            crate::record::GameKind::Locke => {
                let first = crate::game::locke::first_player(seed);
                let config = crate::locke::Config::classic();
                let mut screen =
                    LockeScreen::new(LockeSession::new(config, first, tags)).learning(self.learn);
                for (player, level) in crate::locke::Player::ALL.into_iter().zip(levels) {
                    if let Some(level) = level {
                        screen = screen.with_computer(player, level);
                    }
                }
                Screen::Locke(screen)
            }
            crate::record::GameKind::Tak => return Outcome::Stay,
        };
        ctx.info("a new game: ? shows its keys and rules");
        Outcome::Switch(Box::new(screen))
    }

    /// Opens the lessons or the puzzles in place of the game, which is kept to resume.
    fn open_study(kind: crate::tui::dialogs::StudyKind, ctx: &mut Context) -> Outcome {
        let data = ctx
            .keeper
            .store()
            .and_then(|store| store.data_dir().map(std::path::Path::to_path_buf));
        let outcome = crate::tui::screens::open_study(kind, data.as_deref(), ctx);
        if !matches!(outcome, Outcome::Refused) {
            // As when a new game starts.
            ctx.keeper.release();
        }
        outcome
    }

    /// Plays on with the unfinished game kept at `path`, unless another `tak` plays it.
    pub(crate) fn resume(&mut self, path: &std::path::Path, ctx: &mut Context) -> Outcome {
        let Some(store) = ctx.keeper.store() else {
            return Outcome::Refused;
        };
        match store.claim(path) {
            Ok((kept, mut game)) => {
                // This game goes on in its own file; a game begun here before is kept too.
                ctx.keeper.release();
                ctx.keeper.adopt(kept);
                ctx.info("resumed the unfinished game");
                // As it was being played: the same players at each side (the computer goes
                // on as the computer, not as this run was started), saving to its file.
                let how = HowPlayed::take(&mut game, &ctx.engines);
                for note in &how.notes {
                    ctx.also(note);
                }
                match game {
                    KeptRecord::Tak(record) => {
                        if self.take_up(*record, how.saved_in) {
                            ctx.also(CLOCKS_STOPPED);
                        }
                        if let Some(origin) = how.came_from {
                            self.driver.session_mut().set_origin(origin);
                        }
                        if let Some(from) = how.played_on {
                            ctx.also(&played_on_note(from, self.driver.session_mut()));
                        }
                        self.set_players(how.players, self.seed);
                        Outcome::Stay
                    }
                    // The rulebook's other games go on at their own screens.
                    KeptRecord::Kaen(record) => {
                        let session = KaenSession::resume(*record, how.saved_in).unsaved();
                        Outcome::Switch(Box::new(Screen::Kaen(
                            KaenScreen::new(session)
                                .learning(self.learn)
                                .seated(&how.players),
                        )))
                    }
                    KeptRecord::Locke(record) => {
                        let session = LockeSession::resume(*record, how.saved_in).unsaved();
                        Outcome::Switch(Box::new(Screen::Locke(
                            LockeScreen::new(session)
                                .learning(self.learn)
                                .seated(&how.players),
                        )))
                    }
                }
            }
            Err(error) => {
                ctx.error(error.to_string());
                Outcome::Refused
            }
        }
    }

    /// Starts a new game with `config`, keeping the players' names.
    pub fn new_game(&mut self, config: GameConfig, ctx: &mut Context) {
        let mut record = crate::record::GameRecord::for_config(config);
        record.tags_mut().set_stamp(crate::record::Stamp::now());
        for color in Color::ALL {
            if let Some(name) = self.driver.session().record().tags().player(color) {
                record.tags_mut().set_player(color, name.to_owned());
            }
        }
        // The game being replaced stays in the store, to be offered at the next start.
        let kept = ctx.keeper.release();
        self.replace_session(Session::new(record, None));
        let size = config.size().get();
        match kept {
            Some(_) => ctx.info(format!(
                "new {size}x{size} game; the last one is kept: the next `tak` offers it"
            )),
            None => ctx.info(format!("new {size}x{size} game")),
        }
    }

    /// Plays on with an unfinished game taken from the store, with its own clocks, not this
    /// screen's, saving to `saved_in` (the file it was saved in, still holding it), if any.
    /// Whether the clocks are kept stopped (the player is then told: [`CLOCKS_STOPPED`]).
    #[must_use]
    pub fn take_up(&mut self, mut record: GameRecord, saved_in: Option<PathBuf>) -> bool {
        // What only the kept copy says is not the game's (a match's game has its own
        // players and file).
        store::forget(record.tags_mut());
        let mut session = Session::new(record, saved_in);
        // Not saved anywhere yet: a quit asks about it.
        session.mark_dirty();
        self.driver.set_clock(None);
        self.replace_session(session);
        self.restore_clock() && self.paused()
    }

    /// Plays another game on this screen (a new, resumed or next match game).
    pub fn replace_session(&mut self, session: Session) {
        self.stop_opponent();
        // The programs are told of the new game, the clocks are full again.
        self.driver.new_game(session);
        if let Some(clock) = self.driver.clock() {
            let tag = clock.control().tag();
            let tags = self.driver.session_mut().record_mut().tags_mut();
            tags.set("Clock", tag);
        }
        self.reset_view();
        self.refresh_threats();
        self.opponent.help.hint = None;
    }
}

/// Goes on with a resumed game as played on from the record `from`, and says what saving it
/// does: the record keeps its own main line and result, as before the game was left.
fn played_on_note(from: PlayedOn, session: &mut Session) -> String {
    let name = from
        .file
        .as_deref()
        .and_then(std::path::Path::file_name)
        .map_or_else(|| "a record".to_owned(), |name| name.display().to_string());
    let ply = from.ply;
    if session.resume_played_on(from) {
        format!(
            "played on from {name} at ply {ply}: saved, the record keeps its own line and \
             result, and the moves played are a variation"
        )
    } else {
        format!(
            "the main line of {name} is not legal from this game's start: w saves the moves as played"
        )
    }
}
