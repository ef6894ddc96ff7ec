//! A test's WebSocket: frames sent as a browser would and read with a timeout,
//! and how the server ended it.

use serde_json::{Value, json};

/// How a socket's connection ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    /// With a WebSocket close frame (a clean closing handshake).
    CloseFrame,
    /// With the TCP connection going away.
    Dropped,
}

pub struct Socket {
    pub(super) ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Socket {
    pub async fn send(&mut self, frame: Value) {
        use futures::SinkExt as _;
        self.ws
            .send(tokio_tungstenite::tungstenite::Message::text(
                frame.to_string(),
            ))
            .await
            .expect("send");
    }

    pub async fn send_raw(&mut self, message: tokio_tungstenite::tungstenite::Message) {
        use futures::SinkExt as _;
        self.ws.send(message).await.expect("send");
    }

    /// The next JSON frame (within five seconds).
    pub async fn recv(&mut self) -> Value {
        use futures::StreamExt as _;
        use tokio_tungstenite::tungstenite::Message;
        loop {
            let next = tokio::time::timeout(std::time::Duration::from_secs(5), self.ws.next())
                .await
                .expect("a frame within 5 s")
                .expect("socket open")
                .expect("frame");
            match next {
                Message::Text(text) => return serde_json::from_str(&text).expect("JSON frame"),
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("unexpected frame {other:?}"),
            }
        }
    }

    /// Skips frames until one of type `kind` arrives.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// Reads until the connection ends, counting the text frames on the way;
    /// panics if it is still open after `within` of silence.
    pub async fn read_until_end(&mut self, within: std::time::Duration) -> (usize, Ending) {
        use futures::StreamExt as _;
        use tokio_tungstenite::tungstenite::Message;
        let mut texts = 0;
        loop {
            match tokio::time::timeout(within, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(_)))) => texts += 1,
                Ok(Some(Ok(Message::Close(_)))) => return (texts, Ending::CloseFrame),
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(_)) | None) => return (texts, Ending::Dropped),
                Err(_) => panic!("the socket is still open after {texts} text frames"),
            }
        }
    }

    /// Waits for the server's close frame; returns its code and reason.
    pub async fn closed_with(&mut self, within: std::time::Duration) -> (u16, String) {
        use futures::StreamExt as _;
        use tokio_tungstenite::tungstenite::Message;
        loop {
            match tokio::time::timeout(within, self.ws.next()).await {
                Ok(Some(Ok(Message::Close(Some(frame))))) => {
                    return (frame.code.into(), frame.reason.to_string());
                }
                Ok(Some(Ok(Message::Close(None)))) => panic!("closed without a reason"),
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(error))) => panic!("socket failed: {error}"),
                Ok(None) => panic!("socket ended without a close frame"),
                Err(_) => panic!("no close frame within {within:?}"),
            }
        }
    }

    pub fn ws_mut(
        &mut self,
    ) -> &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    > {
        &mut self.ws
    }

    pub async fn join(&mut self, chat: &str) -> Value {
        self.send(json!({ "type": "join_session", "sessionId": chat }))
            .await;
        self.recv().await
    }
}
