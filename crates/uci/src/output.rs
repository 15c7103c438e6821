//! An output buffer that can be shared with the engine, for tests and embedding.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A cloneable in-memory writer: give one clone to [`crate::Engine::new`], read the text
/// from another.
#[derive(Clone, Debug, Default)]
pub struct SharedOutput(Arc<Mutex<Vec<u8>>>);

impl SharedOutput {
    /// Everything written so far.
    pub fn text(&self) -> String {
        let bytes = match self.0.lock() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// Empties the buffer.
    pub fn clear(&self) {
        if let Ok(mut guard) = self.0.lock() {
            guard.clear();
        }
    }
}

impl Write for SharedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut guard) => guard.extend_from_slice(buf),
            Err(poisoned) => poisoned.into_inner().extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
