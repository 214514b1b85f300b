"""Drives `tauler uci` with python-chess, a real UCI client.

Usage: python3 python_chess_uci.py ENGINE_PATH game|analysis

`game`: a whole game, the engine against python-chess's random legal moves
(seeded), the engine at a fixed depth; every engine move must be legal and
the game must end by the rules. `analysis`: an infinite analysis of the
start position, stopped after a few info lines, must yield a legal best
move with a score. Prints `ok ...` on success; any failure raises.
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


if __name__ == "__main__":
    {"game": play_game, "analysis": analyse}[sys.argv[2]](sys.argv[1])
