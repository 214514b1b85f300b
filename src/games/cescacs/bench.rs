//! Positions for `tauler bench` and the criterion benches: the oracle's
//! castling and promotion test positions, which exercise the rarer move
//! kinds.

/// All 24 castlings legal for White.
pub const CASTLING: &str = "/28:v/27:1k/26:1jg/25:rnnr/24:2d2/23:pp3p/22:2p2p1/20:3p3/19:5p2/18:g6/10:G6/9:5P2/8:3P3/6:2P2P1/5:PP3P/4:2D2/3:RNNR/2:1JG/1:1K/0:V/ w RKRrkr - 0 1";

/// Promotions to captured pieces, bishop colours and an awaiting pawn.
pub const PROMOTION: &str = "/26:2d/25:1P2/24:2j2/23:1P1P2/22:5P1/21:1P1p4/20:2p4/19:4j1vr/18:g6/17:3j4/15:1g6/14:6k/12:5n1/11:2n5/9:r7/8:p6/6:3J3/5:p4P/4:P4/3:RNN1/2:1J1/1:1K/ w - - 0 30";
