//! The PlayTak line protocol: every line the server sends, parsed totally, and the commands sent.
