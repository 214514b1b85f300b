//! Every integration test, in one crate (one link step): a module per
//! area, the shared helpers in [`support`]. Run all with `cargo test`, one
//! area with `cargo test --test it AREA::` (e.g. `cargo test --test it
//! search::`), the slow measurements with `-- --ignored` as each says.

mod support;

mod camelot_parse;
mod camelot_perft;
mod camelot_records;
mod camelot_rules;
mod cardchess_expectimax;
mod cardchess_mcts;
mod cardchess_parsers;
mod cardchess_plain;
mod cardchess_rules;
mod cardchess_strength;
mod cescacs_fuzz;
mod cescacs_perft;
mod cescacs_rules;
mod chess960_perft;
mod chess_differential;
mod chess_parsers;
mod chess_perft;
mod cli_analyse_muzicando;
mod cli_errors;
mod cli_play;
mod conformance;
mod datagen;
mod deploy;
mod docs;
mod front_end_limits;
mod greedy_capturer;
mod layering;
mod levels;
mod muzicando_engine_model;
mod muzicando_engines;
mod muzicando_table;
mod noisy_generation;
mod openings;
mod option_words;
mod profiles;
mod protocol_faults;
mod protocol_referee;
mod protocol_uci;
mod protocol_ugi;
mod regression_records;
mod search;
mod sessions;
mod stats_vectors;
mod tactics;
mod tournament;
mod tournament_muzicando;
mod tournament_shards;
mod tune;
mod web_api;
mod web_browser;
mod web_browser_play_setup;
mod web_clock_editor;
mod web_fairness;
mod web_files;
mod web_hosts;
mod web_levels;
mod web_load;
mod web_looks;
mod web_memory;
mod web_table;
mod web_tournaments;
