//! The command-line flags of the tuning examples (`texel`, `label`): `--name value` pairs.

/// The value of `--name` in `args`, parsed, or `default` when the flag is not given.
pub fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
    }
}
