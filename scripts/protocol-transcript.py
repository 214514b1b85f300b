"""Writes a transcript of a conversation with a tauler engine process, as
docs/protocol.md shows them: `> ` before each line sent, `< ` before each
line received.

Usage: python3 scripts/protocol-transcript.py SCRIPT -- COMMAND [ARGS...]

SCRIPT holds the lines to send, one a line. After each line the script
waits for its answer when it has one (`uci`/`ugi` until `uciok`/`ugiok`,
`isready` until `readyok`, `go` (not infinite) and `stop` until `bestmove`, `query` until
`response`), or a moment for an error line otherwise. A line
`# sleep MS` waits MS milliseconds and is not sent. With `--elide N`, runs
of more than N `info depth` lines keep the first and the last, joined by
`< …`.
"""

import subprocess
import sys
import threading
import queue
import time


def main():
    args = sys.argv[1:]
    elide = None
    if args[0] == "--elide":
        elide, args = int(args[1]), args[2:]
    split = args.index("--")
    script, command = args[0], args[split + 1 :]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines = queue.Queue()

    def read():
        for line in engine.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    out = []

    def take(until, wait):
        got = []
        while True:
            try:
                line = lines.get(timeout=wait)
            except queue.Empty:
                return got
            if line is None:
                return got
            got.append(line)
            if until and line.split(" ")[0] == until:
                return got

    answers = {
        "uci": "uciok",
        "ugi": "ugiok",
        "isready": "readyok",
        "go": "bestmove",
        "stop": "bestmove",
        "query": "response",
    }
    for line in open(script, encoding="utf-8").read().splitlines():
        if line.startswith("# sleep "):
            time.sleep(int(line.split()[2]) / 1000)
            continue
        out.append("> " + line)
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        word = line.split(" ")[0]
        if word == "quit":
            break
        until = answers.get(word)
        if word == "go" and ("infinite" in line or "ponder" in line):
            until = None
        got = take(until, 30 if until else 0.3)
        infos = [g for g in got if g.startswith("info depth")]
        if elide is not None and len(infos) > elide:
            first, last = infos[0], infos[-1]
            got = [g for g in got if not g.startswith("info depth") or g in (first, last)]
            got.insert(got.index(last), "…")
        out.extend("< " + g for g in got)
    engine.stdin.close()
    engine.wait(timeout=30)
    print("\n".join(out))


if __name__ == "__main__":
    main()
