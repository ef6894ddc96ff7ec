//! A multipart file part written to an unnamed temporary file as it
//! arrives (in `TMPDIR`), so that an upload is never held whole in memory
//! while it streams in: sixty slow 10 MiB uploads cost disk, not RAM. The
//! file has no name and is gone when dropped, even if the process dies.

use std::io::{self, SeekFrom};

use axum::extract::multipart::{Field, MultipartError};
use tokio::io::{AsyncReadExt as _, AsyncSeekExt as _, AsyncWriteExt as _};

/// How much of the start of a file is also kept in memory: enough for any
/// image header a type and size are read from.
pub const HEAD_BYTES: usize = 256 * 1024;

/// A part written out to disk.
#[derive(Debug)]
pub struct Spooled {
    file: tokio::fs::File,
    /// The part's length in bytes.
    pub len: usize,
    /// Its first [`HEAD_BYTES`] bytes (all of it when shorter).
    pub head: Vec<u8>,
}

/// Why a part could not be spooled.
#[derive(Debug, thiserror::Error)]
pub enum SpoolError {
    /// Longer than the limit: the rest was not read.
    #[error("the file is larger than the limit")]
    TooLarge,
    #[error(transparent)]
    Multipart(#[from] MultipartError),
    #[error("could not write the upload to a temporary file")]
    Io(#[from] io::Error),
}

/// Writes `field` to a temporary file, refused as soon as it passes `max`
/// bytes.
pub async fn spool(field: &mut Field<'_>, max: usize) -> Result<Spooled, SpoolError> {
    let file = tokio::task::spawn_blocking(tempfile::tempfile)
        .await
        .map_err(io::Error::other)??;
    let mut file = tokio::fs::File::from_std(file);
    let mut len = 0usize;
    let mut head = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        len += chunk.len();
        if len > max {
            return Err(SpoolError::TooLarge);
        }
        if head.len() < HEAD_BYTES {
            let room = HEAD_BYTES - head.len();
            head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        file.write_all(&chunk).await?;
    }
    file.flush().await?;
    Ok(Spooled { file, len, head })
}

impl Spooled {
    /// `data` (a file that came another way than an upload, already in
    /// memory: an email's) spooled as an upload is.
    pub async fn from_bytes(data: &[u8]) -> io::Result<Spooled> {
        let file = tokio::task::spawn_blocking(tempfile::tempfile)
            .await
            .map_err(io::Error::other)??;
        let mut file = tokio::fs::File::from_std(file);
        file.write_all(data).await?;
        file.flush().await?;
        Ok(Spooled {
            file,
            len: data.len(),
            head: data[..data.len().min(HEAD_BYTES)].to_vec(),
        })
    }

    /// The whole file, read back into memory (callers bound how many are
    /// read at once).
    pub async fn read_all(mut self) -> io::Result<Vec<u8>> {
        if self.len <= self.head.len() {
            return Ok(self.head);
        }
        self.file.seek(SeekFrom::Start(0)).await?;
        let mut data = Vec::with_capacity(self.len);
        self.file.read_to_end(&mut data).await?;
        Ok(data)
    }
}
