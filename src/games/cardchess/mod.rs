//! Card chess: chess with EDAMI's luck cards ("Cartes de la Sort").

pub mod chess;
