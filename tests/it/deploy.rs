//! The cluster deployment: the Kubernetes manifests validate against the
//! Kubernetes schemas (`kubernetes-validate`, offline, strict: no unknown
//! field) and name the image `deploy/container/build.sh` tags; and, in an
//! ignored test (it builds the image, many minutes), a shard played in the
//! container merges with a shard played outside it.
//!
//! ```text
//! cargo test --test it deploy::                       # the manifests
//! cargo test --test it deploy:: -- --ignored         # the image (root, podman, runc)
//! ```
//!
//! The ignored test builds the image with `deploy/container/build.sh`
//! unless `TAULER_IMAGE_BUILT=1` says it is built from this tree already.

// The shared component gate; this test needs only part of it.
use crate::support::components;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use components::{available, Component};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The image the Containerfile is built as: `localhost/tauler:VERSION`.
fn image() -> String {
    format!("localhost/tauler:{}", env!("CARGO_PKG_VERSION"))
}

fn manifests() -> Vec<PathBuf> {
    let dir = root().join("deploy/kubernetes");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    found.sort();
    found
}

fn ok(output: &Output, what: &str) -> String {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn the_manifests_name_the_image_the_containerfile_builds() {
    let build = std::fs::read_to_string(root().join("deploy/container/build.sh")).unwrap();
    assert!(build.contains("image=localhost/tauler:$version"), "{build}");
    let files = manifests();
    assert_eq!(files.len(), 2, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let images: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("image: "))
            .collect();
        assert_eq!(images, [image().as_str()], "{}", file.display());
    }
}

#[test]
fn the_manifests_validate_against_the_kubernetes_schemas() {
    if !available(
        Component::KubernetesValidate,
        "the_manifests_validate_against_the_kubernetes_schemas",
    ) {
        return;
    }
    let files = manifests();
    let output = Command::new("kubernetes-validate")
        .arg("--strict")
        .args(&files)
        .output()
        .unwrap();
    let text = ok(&output, "kubernetes-validate");
    assert_eq!(
        text.matches(" passed for resource job/").count(),
        2,
        "{text}"
    );
    // The validator is strict: an unknown field fails.
    let dir = std::env::temp_dir().join(format!("tauler-deploy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    let shards = std::fs::read_to_string(&files[1]).unwrap();
    std::fs::write(&bad, shards.replace("completionMode:", "completionMood:")).unwrap();
    let output = Command::new("kubernetes-validate")
        .arg("--strict")
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!output.status.success(), "a misspelt field must fail");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `podman` as `deploy/container/build.sh` runs it.
fn podman() -> Command {
    let mut command = Command::new("podman");
    command
        .env(
            "CONTAINERS_CONF",
            root().join("deploy/container/containers.conf"),
        )
        .args(["--storage-driver", "vfs"]);
    command
}

/// A small node-limited C'escacs tournament from the shipped suite, in two
/// shards: shard 1 in the container (the suite from the image's
/// /openings), shard 0 by this build outside it; the merge accepts both
/// and reports every pair.
#[test]
#[ignore = "builds the container image (many minutes); needs root, podman and runc"]
fn a_shard_played_in_the_container_merges_with_one_played_outside() {
    let test = "a_shard_played_in_the_container_merges_with_one_played_outside";
    if !available(Component::Podman, test) {
        return;
    }
    if std::env::var("TAULER_IMAGE_BUILT").as_deref() != Ok("1") {
        let output = Command::new(root().join("deploy/container/build.sh"))
            .output()
            .unwrap();
        ok(&output, "deploy/container/build.sh");
    }
    let dir = std::env::temp_dir().join(format!("tauler-container-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["tournaments", "openings", "results"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::copy(
        root().join("openings/cescacs.txt"),
        dir.join("openings/cescacs.txt"),
    )
    .unwrap();
    std::fs::write(
        dir.join("tournaments/shards.toml"),
        "game = \"cescacs\"\nengines = [\"cescacs-default\", \"cescacs-weak\"]\nrounds = 4\n\
         seed = 3\n[openings]\nfile = \"../openings/cescacs.txt\"\n\
         [limits.cescacs-default]\nnodes = 500\n[adjudication]\nmax_plies = 60\n",
    )
    .unwrap();
    let outside = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .arg("tournament")
        .arg(dir.join("tournaments/shards.toml"))
        .args(["--quiet", "--shard", "0/2", "--out"])
        .arg(dir.join("results/shard-0"))
        .output()
        .unwrap();
    ok(&outside, "the shard outside");
    let mount = |from: &str, to: &str| format!("{}:{to}", dir.join(from).display());
    let inside = podman()
        .args(["run", "--rm", "--network", "none", "-v"])
        .arg(mount("tournaments", "/tournament:ro"))
        .arg("-v")
        .arg(mount("results", "/results"))
        .arg(image())
        .args([
            "tournament",
            "/tournament/shards.toml",
            "--quiet",
            "--shard",
            "1/2",
            "--out",
            "/results/shard-1",
        ])
        .output()
        .unwrap();
    ok(&inside, "the shard in the container");
    let merged = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args(["tournament", "merge"])
        .arg(dir.join("results/shard-0"))
        .arg(dir.join("results/shard-1"))
        .output()
        .unwrap();
    let report = ok(&merged, "the merge");
    assert!(report.contains("8/8 games"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}
