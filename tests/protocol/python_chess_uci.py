"""Drives `tauler uci` with python-chess, a real UCI client.

Usage: python3 python_chess_uci.py ENGINE_PATH MODE

`game`: a whole game, the engine against python-chess's random legal moves
(seeded), the engine at a fixed depth; every engine move must be legal and
the game must end by the rules. `analysis`: an infinite analysis of the
start position, stopped after a few info lines, must yield a legal best
move with a score. `ends`: checkmate and stalemate are answered with
`bestmove (none)` (python-chess reads no move). `claimable`: after an
unclaimed threefold repetition, at halfmove clock 100 and in K+N v K the
engine still searches and moves (the interface is the arbiter).
`searchmoves`: `root_moves` limits the engine's choice. `chess960`: Chess960
games (python-chess turns `UCI_Chess960` on and writes castling as the king
taking its rook): the opponent castles whenever it can, the engine is made
to castle once through `root_moves`, and every engine move must be legal.
`strength`: `UCI_LimitStrength` and `UCI_Elo` are advertised with a range,
and at the lowest `UCI_Elo` the engine's moves from one position vary
between searches and its searches are shallower, while at full strength
it plays one move.
Prints `ok ...` on success; any failure raises.
"""

import random
import sys

import chess
import chess.engine


def play_game(path):
    rng = random.Random(16)
    board = chess.Board()
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        assert engine.id.get("name", "").startswith("tauler"), engine.id
        engine.configure({"Hash": 8})
        while not board.is_game_over(claim_draw=True) and board.ply() < 160:
            if board.turn == chess.WHITE:
                result = engine.play(board, chess.engine.Limit(depth=2))
                assert result.move in board.legal_moves, result.move
                board.push(result.move)
            else:
                board.push(rng.choice(list(board.legal_moves)))
    print("ok game", board.ply(), "plies", board.result(claim_draw=True))


def analyse(path):
    board = chess.Board()
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        with engine.analysis(board) as analysis:
            seen = 0
            for info in analysis:
                if "score" in info and "pv" in info:
                    seen += 1
                if seen >= 3:
                    break
            analysis.stop()
            best = analysis.wait()
        assert best.move in board.legal_moves, best
        assert analysis.info.get("score") is not None, analysis.info
    print("ok analysis", best.move.uci(), seen, "lines")


def ends(path):
    mated = chess.Board()
    for move in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        mated.push_uci(move)
    stalemated = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert mated.is_checkmate() and stalemated.is_stalemate()
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        for board in [mated, stalemated]:
            result = engine.play(board, chess.engine.Limit(depth=3))
            assert result.move is None, (board.fen(), result)
        # The engine is still there and plays on.
        result = engine.play(chess.Board(), chess.engine.Limit(depth=2))
        assert result.move in chess.Board().legal_moves, result
    print("ok ends")


def claimable(path):
    repeated = chess.Board()
    for move in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split():
        repeated.push_uci(move)
    assert repeated.can_claim_threefold_repetition()
    # A move past the claimable draw is played (the GUI sends it).
    past = repeated.copy()
    past.push_uci("e2e4")
    fifty = chess.Board("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 90")
    assert fifty.can_claim_fifty_moves()
    knight = chess.Board("8/8/8/8/8/2k5/8/K5N1 w - - 0 80")
    assert knight.is_insufficient_material()
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        for board in [repeated, past, fifty, knight]:
            result = engine.play(board, chess.engine.Limit(depth=3))
            assert result.move in board.legal_moves, (board.fen(), result)
    print("ok claimable")


def searchmoves(path):
    board = chess.Board()
    only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h4")]
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        for limit in [chess.engine.Limit(depth=4), chess.engine.Limit(nodes=3000)]:
            result = engine.play(board, limit, root_moves=only)
            assert result.move in only, result
        info = engine.analyse(board, chess.engine.Limit(depth=3), root_moves=only[:1])
        assert info["pv"][0] == only[0], info
    print("ok searchmoves")


def chess960(path):
    rng = random.Random(960)
    castled = {chess.WHITE: 0, chess.BLACK: 0}
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        assert "UCI_Chess960" in engine.options, engine.options
        # Three start arrangements, then a position where both sides can
        # castle at once on either side (rooks on b and g, king on e).
        starts = [chess.Board.from_chess960_pos(n) for n in [0, 518, 959]]
        starts.append(chess.Board("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", chess960=True))
        for board in starts:
            board.chess960 = True
            forced = False
            while not board.is_game_over(claim_draw=True) and board.ply() < 120:
                castles = [m for m in board.legal_moves if board.is_castling(m)]
                if board.turn == chess.WHITE:
                    only = castles[:1] if castles and not forced else None
                    result = engine.play(board, chess.engine.Limit(depth=2), root_moves=only)
                    assert result.move in board.legal_moves, (board.fen(), result.move)
                    if only:
                        assert result.move == only[0], (board.fen(), result.move)
                        forced = True
                    move = result.move
                else:
                    move = castles[0] if castles else rng.choice(list(board.legal_moves))
                if board.is_castling(move):
                    castled[board.turn] += 1
                board.push(move)
    assert castled[chess.WHITE] >= 1 and castled[chess.BLACK] >= 1, castled
    print("ok chess960", castled)


def strength(path):
    board = chess.Board()
    board.push_uci("e2e4")
    with chess.engine.SimpleEngine.popen_uci([path, "uci"]) as engine:
        elo = engine.options["UCI_Elo"]
        assert engine.options["UCI_LimitStrength"].type == "check"
        assert elo.type == "spin" and elo.min < elo.max, elo
        limit = chess.engine.Limit(time=0.05, depth=3)
        full = {engine.play(board, limit, game=object()).move for _ in range(6)}
        assert len(full) == 1, full
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": elo.min})
        weak = set()
        for _ in range(12):
            result = engine.play(board, chess.engine.Limit(time=0.05), game=object(), info=chess.engine.INFO_ALL)
            assert result.move in board.legal_moves, result.move
            assert result.info.get("depth", 0) <= 2, result.info
            weak.add(result.move)
        assert len(weak) > 1, weak
        try:
            engine.configure({"UCI_Elo": elo.max + 1})
            raise AssertionError("UCI_Elo above its maximum accepted")
        except chess.engine.EngineError:
            pass
    print("ok strength", elo.min, elo.max, len(weak), "moves")


if __name__ == "__main__":
    modes = {
        "game": play_game,
        "analysis": analyse,
        "ends": ends,
        "claimable": claimable,
        "searchmoves": searchmoves,
        "chess960": chess960,
        "strength": strength,
    }
    modes[sys.argv[2]](sys.argv[1])
