//! The settings file (config.toml) as the real `tak` writes it: `--theme` changes its line and
//! nothing else.

use crate::common::{scratch, tak};

#[test]
fn theme_keeps_the_comments_and_other_settings_of_config_toml() {
    let dir = scratch("settings-comments");
    let config = dir.join("config.toml");
    let mine = "# Written by hand: keep these notes.\ntheme = \"dark\" # for the night\n\n\
                # Settings of later versions.\n[later]\nx = 1 # one\n";
    std::fs::write(&config, mine).unwrap();
    // Without a terminal the game does not start, but the theme given is remembered first.
    let output = tak(&dir, &["--theme", "light"]);
    assert!(!output.status.success());
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        mine.replace("theme = \"dark\" # for the night", "theme = \"light\"")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
