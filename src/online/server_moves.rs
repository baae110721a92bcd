//! Moves in the server's notation (`P A1 C`, `M A1 A3 1 1`) to and from taktui's moves.
