//! End-to-end tests of the real `lalao` binary. One test binary for all of them (each links
//! hundreds of megabytes once the adapters are in).

mod browser;
mod class_homework;
mod class_lessons;
mod class_pages;
mod class_print;
mod class_screen;
mod class_simul;
mod class_vote;
mod classroom;
mod console_cli;
mod crash;
mod discord;
mod matrix;
mod operations;
mod picture_cli;
mod process;
mod rules_cli;
mod school_data;
mod screen_taps;
mod store_pg;
mod support;
mod synapse;
mod web;
mod web_fair;
