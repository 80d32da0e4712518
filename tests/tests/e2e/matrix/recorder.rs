//! A record of every command the adapter handed to the application: the scenarios check that
//! Matrix delivers each command to it once.

use std::sync::{Arc, Mutex};

use lalao_matrix::Observer;

#[derive(Default)]
pub struct Recorder {
    /// Every command the adapter delivered, in order (event id, sender, command).
    delivered: Arc<Mutex<Vec<(String, String, String)>>>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder::default()
    }

    pub fn delivered(&self) -> Vec<(String, String, String)> {
        self.delivered.lock().unwrap().clone()
    }

    /// What the adapter tells of each command it hands to the application.
    pub fn observer(&self) -> Observer {
        let delivered = self.delivered.clone();
        Arc::new(move |event_id: &str, sender: &str, command: &str| {
            delivered
                .lock()
                .unwrap()
                .push((event_id.to_owned(), sender.to_owned(), command.to_owned()));
        })
    }
}
