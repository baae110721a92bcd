//! What actions do while a dialog or page is open over the game.

use std::path::PathBuf;

use super::action::Action;
use super::app::{App, NewGameForm, Overlay};
use super::session::Session;
use super::text_field::TextField;
use crate::record::GameRecord;
use crate::rules::{Direction, Komi};

impl App {
    /// An action with `overlay` open; the overlay stays open unless the action closes it.
    pub(super) fn overlay_action(&mut self, overlay: Overlay, action: Action) {
        match overlay {
            Overlay::Help => {
                if !matches!(
                    action,
                    Action::Help | Action::Cancel | Action::Quit | Action::Confirm | Action::Submit
                ) {
                    self.overlay = Some(Overlay::Help);
                }
            }
            Overlay::MatchGameOver | Overlay::MatchSummary => self.match_action(&overlay, action),
            Overlay::Rules(page) => self.rules_action(page, action),
            Overlay::ConfirmQuit => match action {
                Action::Yes => self.quit = true,
                Action::Save => {
                    self.save();
                    if self.overlay.is_none() && !self.session.is_dirty() {
                        self.quit = true;
                    }
                }
                Action::No | Action::Cancel => {}
                _ => self.overlay = Some(Overlay::ConfirmQuit),
            },
            Overlay::SaveAs(mut field) => match action {
                Action::Submit | Action::Confirm => {
                    let name = field.text().trim();
                    let mut path = PathBuf::from(name);
                    if path.extension().is_none() {
                        path.set_extension("ptn");
                    }
                    let replacing = path.exists() && self.session.path() != Some(path.as_path());
                    let confirmed = self.replace_ok.as_ref() == Some(&path);
                    if name.is_empty() {
                        self.overlay = Some(Overlay::SaveAs(field));
                    } else if replacing && !confirmed {
                        self.error(format!(
                            "{} exists: Enter again replaces it, or change the name",
                            path.display()
                        ));
                        self.replace_ok = Some(path);
                        self.overlay = Some(Overlay::SaveAs(field));
                    } else if !self.save_to(path) {
                        self.overlay = Some(Overlay::SaveAs(field));
                    }
                }
                Action::Cancel => {}
                other => {
                    edit(&mut field, other);
                    self.overlay = Some(Overlay::SaveAs(field));
                }
            },
            Overlay::NewGame(form) => self.new_game_action(form, action),
            Overlay::Resume(record) => match action {
                Action::Yes | Action::Submit | Action::Confirm => {
                    self.session = Session::new(*record, None);
                    self.session.mark_dirty();
                    // The recovery file holds this very game: it is ours to keep writing.
                    self.recovery_claimed = true;
                    self.reset_view();
                    self.info("resumed the unfinished game");
                }
                Action::No | Action::Cancel => {
                    // Kept aside rather than deleted: declining should never destroy a game.
                    self.claim_recovery();
                }
                _ => self.overlay = Some(Overlay::Resume(record)),
            },
            Overlay::GameList(selected) => {
                let last = self.library.len().saturating_sub(1);
                match action {
                    Action::Arrow(Direction::Up) | Action::PreviousMove => {
                        self.overlay = Some(Overlay::GameList(selected.saturating_sub(1)));
                    }
                    Action::Arrow(Direction::Down) | Action::NextMove => {
                        self.overlay = Some(Overlay::GameList((selected + 1).min(last)));
                    }
                    Action::Confirm | Action::Submit => self.open_game(selected, 0),
                    Action::Quit | Action::Cancel if self.replay.is_none() => self.quit = true,
                    Action::Quit | Action::Cancel => {}
                    _ => self.overlay = Some(Overlay::GameList(selected)),
                }
            }
            Overlay::Goto(mut field) => match action {
                Action::Submit | Action::Confirm => {
                    self.goto_submit(field);
                    self.follow_last_move();
                }
                Action::Cancel => {}
                other => {
                    edit(&mut field, other);
                    self.overlay = Some(Overlay::Goto(field));
                }
            },
        }
    }

    fn new_game_action(&mut self, mut form: NewGameForm, action: Action) {
        match action {
            Action::Arrow(Direction::Up | Direction::Down) => form.on_komi = !form.on_komi,
            Action::Arrow(direction @ (Direction::Left | Direction::Right)) => {
                let step = if direction == Direction::Left { -1 } else { 1 };
                if form.on_komi {
                    form.komi = (form.komi + step).clamp(-2 * Komi::MAX_ABS, 2 * Komi::MAX_ABS);
                } else {
                    form.size = if step < 0 {
                        form.size.saturating_sub(1).max(3)
                    } else {
                        (form.size + 1).min(8)
                    };
                }
            }
            Action::Digit(n) if (3..=8).contains(&n) => form.size = n,
            Action::Confirm | Action::Submit => {
                if let Some(config) = App::config_for(form) {
                    let mut record = GameRecord::for_config(config);
                    let (date, time) = super::clock::now_utc();
                    record.tags_mut().set("Date", date);
                    record.tags_mut().set("Time", time);
                    for tag in ["Player1", "Player2"] {
                        if let Some(name) = self.session.record().tags().get(tag) {
                            record.tags_mut().set(tag, name.to_owned());
                        }
                    }
                    self.session = Session::new(record, None);
                    self.reset_view();
                    self.info(format!("new {0}x{0} game", form.size));
                    return;
                }
            }
            Action::Cancel | Action::Quit => return,
            _ => {}
        }
        self.overlay = Some(Overlay::NewGame(form));
    }
}

impl App {
    /// An action while the rules are shown: turn the page, or close them.
    fn rules_action(&mut self, page: usize, action: Action) {
        match action {
            Action::Arrow(Direction::Left) => {
                self.overlay = Some(Overlay::Rules(page.saturating_sub(1)));
            }
            Action::Arrow(Direction::Right) => {
                let last = super::view::RULES_PAGES - 1;
                self.overlay = Some(Overlay::Rules((page + 1).min(last)));
            }
            Action::Cancel => {}
            _ => self.overlay = Some(Overlay::Rules(page)),
        }
    }

    /// An action at the end of a match's game, or of the match.
    fn match_action(&mut self, overlay: &Overlay, action: Action) {
        match (overlay, action) {
            (Overlay::MatchGameOver, Action::Confirm | Action::Submit | Action::NewGame) => {
                self.next_match_game();
            }
            (Overlay::MatchGameOver, Action::Quit) => self.quit = true,
            (Overlay::MatchGameOver, Action::Undo) => {
                if let Some(matchup) = self.matchup.as_mut()
                    && let Err(error) = matchup.unfinish()
                {
                    let path = matchup.path.display().to_string();
                    self.error(format!("cannot save the match to {path}: {error}"));
                }
                self.undo();
            }
            (Overlay::MatchSummary, Action::Quit | Action::Confirm | Action::Cancel) => {
                self.quit = true;
            }
            _ => self.overlay = Some(overlay.clone()),
        }
    }

    /// Files the game that has just ended in the match, and saves the match file.
    pub(super) fn file_match_game(&mut self) {
        let record = self.session.record().clone();
        let Some(matchup) = self.matchup.as_mut() else {
            return;
        };
        if let Err(error) = matchup.finish(record) {
            let path = matchup.path.display().to_string();
            self.error(format!("cannot save the match to {path}: {error}"));
        }
        if let Some(recovery) = &self.recovery {
            super::recovery::clear(recovery);
        }
    }

    /// After a match's game: the next one, or the summary when it was the last.
    fn next_match_game(&mut self) {
        let Some(matchup) = self.matchup.as_mut() else {
            return;
        };
        if matchup.is_over() {
            self.overlay = Some(Overlay::MatchSummary);
            return;
        }
        let (record, number, games) = (
            matchup.start_next(),
            matchup.finished.len() + 1,
            matchup.games,
        );
        self.session = Session::new(record, None);
        self.reset_view();
        let white = self.session.player(crate::rules::Color::White);
        self.status = None;
        self.info(format!(
            "game {number} of {games}: {white} plays White and goes first"
        ));
    }
}

/// Text editing keys in a dialog's field.
fn edit(field: &mut TextField, action: Action) {
    match action {
        Action::Type(c) => field.insert(c),
        Action::Backspace | Action::Back => field.backspace(),
        Action::Delete => field.delete(),
        Action::Left | Action::Arrow(Direction::Left) => field.left(),
        Action::Right | Action::Arrow(Direction::Right) => field.right(),
        Action::Home => field.home(),
        Action::End => field.end(),
        _ => {}
    }
}

/// `tak-YYYY-MM-DD-HHMM.ptn` in the current folder, from the clock (UTC).
pub(super) fn default_file_name() -> String {
    let (date, time) = super::clock::now_utc();
    format!(
        "tak-{}-{}.ptn",
        date.replace('.', "-"),
        time.replace(':', "")[..4].to_owned()
    )
}
