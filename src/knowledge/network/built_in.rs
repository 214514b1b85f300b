//! A network built into the program: its file's bytes (`include_bytes!`
//! of `networks/<game>.nnue`), read and checked against the game's feature
//! set once, on first use, then shared by every evaluator that plays it.

use std::sync::{Arc, OnceLock};

use super::{FeatureSet, Network, NetworkError};

/// A game's built-in network (see the module's comment).
pub struct BuiltIn {
    bytes: &'static [u8],
    features: &'static FeatureSet,
    network: OnceLock<Result<Arc<Network>, String>>,
}

impl BuiltIn {
    /// The network in `bytes`, which must read `features`.
    #[must_use]
    pub const fn new(bytes: &'static [u8], features: &'static FeatureSet) -> Self {
        Self {
            bytes,
            features,
            network: OnceLock::new(),
        }
    }

    /// The network, read and checked the first time.
    ///
    /// # Errors
    /// A damaged network, or one for other features.
    pub fn get(&self) -> Result<Arc<Network>, NetworkError> {
        self.network
            .get_or_init(|| {
                let network = Network::from_bytes(self.bytes).map_err(|e| e.to_string())?;
                network
                    .check_features(self.features)
                    .map_err(|e| e.to_string())?;
                Ok(Arc::new(network))
            })
            .as_ref()
            .map(Arc::clone)
            .map_err(|message| NetworkError::Corrupt(format!("built-in network: {message}")))
    }
}
