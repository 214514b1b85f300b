"""A real engine behind a recorder, for tests/it/protocol_referee.rs.

Usage: python3 recording_engine.py TRANSCRIPT [QUIRK...] -- ENGINE [ARGS...]

Runs ENGINE ARGS (a UCI or UGI engine), passes every line through both
ways, and appends every line it receives to TRANSCRIPT. Quirks change what
the engine seems to write, as some real engines do:
  latin1     its `id author` line is Latin-1 bytes (`Jos\xe9 Ra\xfal`);
  garbled    before each `bestmove`, an `info string` line that is not UTF-8;
  lowercase  its `bestmove` move is written in lower case.
"""

import subprocess
import sys
import threading


def main():
    split = sys.argv.index("--")
    transcript, quirks = sys.argv[1], set(sys.argv[2:split])
    command = sys.argv[split + 1 :]
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = sys.stdout.buffer

    def pass_output():
        for line in engine.stdout:
            if "latin1" in quirks and line.startswith(b"id author"):
                line = b"id author Jos\xe9 Ra\xfal\n"
            if line.startswith(b"bestmove"):
                if "garbled" in quirks:
                    out.write(b"info string \xff\xfe caf\xe9\n")
                if "lowercase" in quirks:
                    line = line.lower()
            out.write(line)
            out.flush()

    reader = threading.Thread(target=pass_output, daemon=True)
    reader.start()
    with open(transcript, "a", encoding="utf-8") as log:
        for line in sys.stdin:
            log.write(line)
            log.flush()
            engine.stdin.write(line.encode())
            engine.stdin.flush()
    engine.stdin.close()
    engine.wait()
    reader.join(timeout=1)


if __name__ == "__main__":
    main()
