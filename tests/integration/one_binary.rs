//! Every integration test is in this one binary: each `.rs` file in `tests/integration` is a
//! module of its `main.rs`, and nothing in `tests/` makes a test binary of its own (Cargo builds
//! one for each `tests/*.rs` and each `tests/*/main.rs`, each linking ratatui and the test
//! crates again). A file left out of `main.rs` would never be compiled, its tests never run.

use std::path::Path;

/// The names (without `.rs`) of the Rust files directly in `folder`, in order.
fn rust_files(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_file_in_tests_integration_is_a_module_of_main_rs() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration");
    let main = std::fs::read_to_string(folder.join("main.rs")).unwrap();
    let declared: Vec<&str> = main
        .lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    let left_out: Vec<String> = rust_files(&folder)
        .into_iter()
        .filter(|name| name != "main" && !declared.contains(&name.as_str()))
        .collect();
    assert!(
        left_out.is_empty(),
        "tests/integration/main.rs has no `mod` line for {left_out:?}: their tests never run"
    );
}

#[test]
fn nothing_in_tests_makes_a_test_binary_of_its_own() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut alone: Vec<String> = rust_files(&tests)
        .into_iter()
        .map(|name| format!("tests/{name}.rs"))
        .collect();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.join("main.rs").is_file() && name != "integration" {
            alone.push(format!("tests/{name}/main.rs"));
        }
    }
    assert!(
        alone.is_empty(),
        "{alone:?}: each is a test binary of its own; move the file to tests/integration/ \
         and add its `mod` line to tests/integration/main.rs"
    );
}
