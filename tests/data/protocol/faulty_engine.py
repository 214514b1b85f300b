"""A deliberately broken engine, for tests/it/protocol_faults.rs.

Usage: python3 faulty_engine.py MODE N ENGINE [ARGS...]

Runs the real engine ENGINE ARGS (a UCI or UGI engine) and passes every
line through, until the N-th `go`; then, by MODE:
  crash    writes one line and exits with status 3;
  hang     never answers again;
  garbage  writes noise and a best move that is no move.
"""

import subprocess
import sys
import threading
import time


def main():
    mode, after, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    engine = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    muted = threading.Event()

    def pass_output():
        for line in engine.stdout:
            if not muted.is_set():
                sys.stdout.write(line)
                sys.stdout.flush()

    threading.Thread(target=pass_output, daemon=True).start()
    goes = 0
    for line in sys.stdin:
        if line.startswith("go"):
            goes += 1
            if goes == after:
                muted.set()
                if mode == "crash":
                    print("info string about to crash", flush=True)
                    engine.kill()
                    sys.exit(3)
                if mode == "hang":
                    engine.kill()
                    while True:
                        time.sleep(60)
                if mode == "garbage":
                    print("%%% 0xDEADBEEF ~~~", flush=True)
                    print("bestmove banana", flush=True)
                    continue
        engine.stdin.write(line)
        engine.stdin.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
