//! Tak's text formats: PTN moves (`3c3>12`), TPS positions, and the tokens of PTN files.
//!
//! Reading is generous where the community's programs differ harmlessly (an `F` prefix,
//! explicit counts, the rulebook's arrows, `x,x,x` runs in TPS) and strict where a program
//! would otherwise guess (drops that do not add up are refused, never "fixed"). Writing is
//! always the canonical form.

mod marks;
mod ptn_move;
mod ptn_text;
mod tps;

pub use marks::{Judgement, Marks, TakMark};
pub use ptn_move::{MoveSyntax, ParseMoveError, moves_text, parse_move, parse_ply};
pub use ptn_text::{
    ECHO_CHARS, LexError, Lexeme, Lexer, MAX_TAG_BYTES, MAX_TAG_NAME_BYTES, NO_RESULT,
    RESULT_TOKENS, Span, Token, clip, tokenize,
};
pub use tps::{Tps, TpsError, to_tps};
