//! The real bot core behind the adapter, with a record of every request that reached it:
//! the scenarios check that Matrix delivers each command to the core once.

use std::sync::Mutex;

use lalao_matrix::{CoreHandler, Handler, Reply, Request};
use lalao_renderer::Locale;

pub struct Recorder {
    core: CoreHandler,
    /// Every request the adapter delivered, in order (event id, sender, text).
    delivered: Mutex<Vec<(String, String, String)>>,
}

impl Recorder {
    pub fn new(core: CoreHandler) -> Recorder {
        Recorder {
            core,
            delivered: Mutex::new(Vec::new()),
        }
    }

    pub fn delivered(&self) -> Vec<(String, String, String)> {
        self.delivered.lock().unwrap().clone()
    }
}

impl Handler for Recorder {
    async fn handle(&self, request: Request) -> Vec<Reply> {
        self.delivered.lock().unwrap().push((
            request.event_id.clone(),
            request.sender.clone(),
            request.text.clone(),
        ));
        self.core.handle(request).await
    }

    async fn applied(&self, event_id: &str) -> bool {
        self.core.applied(event_id).await
    }

    async fn locale(&self, user_id: &str) -> Locale {
        self.core.locale(user_id).await
    }
}
