//! Where the engine writes: a writer shared by the protocol loop and the search's listener,
//! and an in-memory writer for tests and embedding.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// The engine's output, shared by the protocol loop and the running search. Every
/// [`Output::say`] writes whole lines under one lock and flushes, so lines never interleave.
#[derive(Clone)]
pub(crate) struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to `writer`.
    pub(crate) fn new<W: Write + Send + 'static>(writer: W) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` (one line or several) and a newline, and flushes. Write errors are
    /// ignored: a GUI that has gone away cannot be told.
    pub(crate) fn say(&self, text: &str) {
        let mut out = match self.0.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

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
        match self.0.lock() {
            Ok(mut guard) => guard.clear(),
            Err(poisoned) => poisoned.into_inner().clear(),
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
