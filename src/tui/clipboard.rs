//! Copying text to the clipboard of the terminal the game runs in, with OSC 52: the escape
//! sequence `ESC ] 52 ; c ; BASE64 ST` asks the terminal itself to put the text on the
//! clipboard, which works over ssh and needs no clipboard program. Whether it arrives is up to
//! the terminal (many ask or refuse), and nothing comes back to say so; what can be known in
//! advance (tmux, GNU screen, the Linux console) is said in the note.
//!
//! All of it is pure: the terminal loop writes the sequence, and reads the environment that
//! [`Clipboard::detect`] is told about.

/// What stands between the game and a clipboard, as far as the environment tells.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Clipboard {
    /// A terminal emulator: it may honour OSC 52.
    #[default]
    Terminal,
    /// Inside tmux, which passes OSC 52 on only with `set-clipboard on`.
    Tmux,
    /// Inside GNU screen, which may not pass OSC 52 on at all.
    Screen,
    /// The Linux console, which has no clipboard.
    Console,
}

impl Clipboard {
    /// The clipboard given `$TERM`, whether `$TMUX` is set and whether `$STY` (GNU screen's
    /// session) is set. A multiplexer is asked first: inside one, `$TERM` names it, not the
    /// terminal outside.
    #[must_use]
    pub fn detect(term: Option<&str>, tmux: bool, screen: bool) -> Clipboard {
        if tmux {
            Clipboard::Tmux
        } else if screen {
            Clipboard::Screen
        } else if term == Some("linux") {
            Clipboard::Console
        } else {
            Clipboard::Terminal
        }
    }

    /// What to say before anything is copied, where copying is known not to work.
    #[must_use]
    pub const fn warning(self) -> Option<&'static str> {
        match self {
            Clipboard::Console => {
                Some("the Linux console has no clipboard: select the text by hand")
            }
            _ => None,
        }
    }

    /// Copying `text`, called `what` (`the TPS`): the sequence to write to the terminal, if
    /// there is any point, and what to tell the player about it.
    #[must_use]
    pub fn copy(self, what: &str, text: &str) -> Copy {
        let size = crate::words::count(text.chars().count(), "character", "characters");
        let sent = format!("copied {what} ({size}) with OSC 52");
        let (sequence, note) = match self {
            Clipboard::Terminal => (
                Some(osc52(text)),
                format!("{sent}: your terminal puts it on the clipboard if it allows it"),
            ),
            Clipboard::Tmux => (
                Some(osc52(text)),
                format!(
                    "{sent}: inside tmux it reaches the clipboard only with \
                     `set -g set-clipboard on` (and if your terminal allows it)"
                ),
            ),
            Clipboard::Screen => (
                Some(osc52(text)),
                format!(
                    "{sent}, but GNU screen may not pass it on to your terminal: if nothing \
                     was copied, select the text by hand"
                ),
            ),
            // No clipboard to ask: the sequence would only be noise on the console.
            Clipboard::Console => (
                None,
                format!(
                    "the Linux console has no clipboard: {what} cannot be copied here, so it \
                     is shown to select by hand"
                ),
            ),
        };
        Copy { sequence, note }
    }
}

/// What copying comes to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Copy {
    /// The escape sequence for the terminal, if one is worth writing.
    pub sequence: Option<String>,
    /// What to tell the player: what was sent and whether it can arrive.
    pub note: String,
}

/// The OSC 52 sequence that asks the terminal to put `text` on the clipboard (`c`), ended by
/// ST (`ESC \`), which terminals and multiplexers all accept.
#[must_use]
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x1b\\", base64(text.as_bytes()))
}

/// `bytes` in base64 (RFC 4648, with padding). Written out here rather than taken from a
/// crate: it is a dozen lines, used once.
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        // Three bytes make 24 bits, four letters of six bits; a short chunk is padded with `=`.
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let bits = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(bits >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_gives_the_rfc_4648_test_vectors() {
        for (text, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(text.as_bytes()), expected, "{text:?}");
        }
    }

    #[test]
    fn base64_uses_the_whole_alphabet_and_any_bytes() {
        assert_eq!(base64(&[0xfb, 0xff, 0xbf]), "+/+/");
        assert_eq!(base64(&[0, 0, 0]), "AAAA");
        assert_eq!(base64("é".as_bytes()), "w6k=");
        assert_eq!(
            base64(b"x5/x5/x5/x5/x5 1 1"),
            "eDUveDUveDUveDUveDUgMSAx",
            "a TPS"
        );
    }

    #[test]
    fn the_osc_52_sequence_wraps_the_base64_for_the_clipboard() {
        assert_eq!(osc52("foobar"), "\x1b]52;c;Zm9vYmFy\x1b\\");
    }

    #[test]
    fn multiplexers_come_before_the_terminal_they_run_in() {
        assert_eq!(
            Clipboard::detect(Some("xterm-256color"), false, false),
            Clipboard::Terminal
        );
        assert_eq!(Clipboard::detect(None, false, false), Clipboard::Terminal);
        assert_eq!(
            Clipboard::detect(Some("tmux-256color"), true, false),
            Clipboard::Tmux
        );
        assert_eq!(
            Clipboard::detect(Some("screen"), false, true),
            Clipboard::Screen
        );
        assert_eq!(
            Clipboard::detect(Some("linux"), false, false),
            Clipboard::Console
        );
        // tmux started on the console: tmux says what it passes on.
        assert_eq!(
            Clipboard::detect(Some("linux"), true, false),
            Clipboard::Tmux
        );
    }

    #[test]
    fn the_note_says_what_can_come_of_it() {
        let copy = Clipboard::Terminal.copy("the TPS", "x3/x3/x3 1 1");
        assert_eq!(
            copy.sequence.as_deref(),
            Some(osc52("x3/x3/x3 1 1").as_str())
        );
        assert_eq!(
            copy.note,
            "copied the TPS (12 characters) with OSC 52: your terminal puts it on the \
             clipboard if it allows it"
        );
        let copy = Clipboard::Tmux.copy("the PTN", "1. a1 e5");
        assert!(copy.sequence.is_some());
        assert!(
            copy.note.contains("set -g set-clipboard on"),
            "{}",
            copy.note
        );
        let copy = Clipboard::Console.copy("the TPS", "x3/x3/x3 1 1");
        assert_eq!(copy.sequence, None, "nothing is written to the console");
        assert!(copy.note.contains("cannot be copied"), "{}", copy.note);
        assert!(Clipboard::Console.warning().is_some());
        assert!(Clipboard::Terminal.warning().is_none());
    }
}
