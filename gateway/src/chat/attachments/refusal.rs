//! Why an attachment is refused, in the words the sender reads: the
//! image rules ([`super::process`]) and the PDF rules ([`super::pdf`]) both
//! answer with it.

/// Why a file was refused (answered 400, in these words).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("The file is empty")]
    Empty,
    #[error("Only images (PNG, JPEG, WebP or GIF) and PDF files can be attached")]
    Unsupported,
    #[error("The image could not be read. It may be damaged.")]
    UnreadableImage,
    #[error(
        "The image is too large to process (at most 40 megapixels, such as 8000 × 5000, and 12000 pixels a side)"
    )]
    TooManyPixels,
    /// Encoded again, the image is larger than the upload limit (413).
    #[error("The image is too large once processed. Save it smaller and try again.")]
    TooLargeOnceProcessed,
    #[error("The PDF file is damaged or incomplete")]
    BrokenPdf,
    #[error("Password-protected or encrypted PDF files cannot be attached")]
    EncryptedPdf,
    #[error(
        "PDF files with scripts, actions, embedded files or interactive forms cannot be attached. Print it to a new PDF and try again."
    )]
    ActivePdf,
}
