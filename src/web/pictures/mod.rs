//! Each game's [`Pictured`](super::picture::Pictured) drawing, one file a
//! game.

mod camelot;
mod cardchess;
mod cescacs;
