"""JSMinesweeper's own solver, played on exactly the boards our solver benchmark plays.

Run ``python -m benchmarks.peer_solver [--games N] [--seed S] [--level expert]
[--first centre|corner|ROW,COL] [--opening zero|safe] [--jobs 1] [--results FILE]
[--paired] [--progress]``.

Game ``i`` is seed ``S + i``: :mod:`benchmarks.peer_boards` deals its board as
``python -m benchmarks.solver`` does (same mines, same first click), and
``tools/bench/peer_solver.mjs`` plays it under Node with the peer's solver, loaded unchanged
from ``../shared/peers/jsminesweeper`` (MIT), as the peer's page plays with "Auto play" and
"Accept guesses" on and its default settings (that script says how). Printed: games, wins,
the win rate with its 95% Wilson interval, the games the peer could not finish (its solver
threw, or gave no move), and the seconds.

``--jobs N`` splits the seeds into N runs of Node side by side (each game is seeded, so the
outcome of a seed does not depend on the split). ``--results FILE`` writes one JSON line a
seed (``seed``, ``won``, ``guesses``, ``slow_engine``, ``error`` if any, and with
``--paired`` ``ours``), so the two solvers can be compared seed by seed. ``--paired`` also
plays our solver (:func:`benchmarks.solver.play`) on the same seeds and prints the paired
difference, peer minus ours (:func:`benchmarks.solver.paired_difference`): on the same
boards the luck of the deal cancels out.

The peer's solver skips its tie-break between guesses when its probability engine took
50 ms or more; the summary counts such turns ("slow engine"), as a loaded machine would
change the peer's play there.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.peer_boards import add_board_arguments, check_first_click, peer_boards, write_boards
from benchmarks.solver import LEVELS, paired_difference, play
from play.lab.figures import wilson

ROOT = Path(__file__).resolve().parent.parent
PEER_DIR = ROOT.parent / "shared" / "peers" / "jsminesweeper"
"""Where the peer lies: beside the clone, never copied into it."""
SCRIPT = ROOT / "tools" / "bench" / "peer_solver.mjs"
SOLVER_FILE = Path("Minesweeper") / "client" / "solver_main.js"


@dataclass(frozen=True)
class PeerResult:
    """One game the peer played."""

    seed: int
    won: bool
    turns: int
    """Solver calls."""
    guesses: int
    slow_engine: int
    """Guessing turns where the peer skipped its tie-break because its engine was slow."""
    error: str | None = None
    """Why the game did not end (the solver threw, or gave no move); None when it ended."""
    exploded: int | None = None
    """The mine the losing click hit."""
    revealed: tuple[int, ...] | None = None
    """The cells open at the end, when asked for."""

    @classmethod
    def from_json(cls, line: str) -> PeerResult:
        data = json.loads(line)
        revealed = data.get("revealed")
        return cls(
            seed=int(data["seed"]),
            won=bool(data["won"]),
            turns=int(data["turns"]),
            guesses=int(data["guesses"]),
            slow_engine=int(data["slowEngine"]),
            error=data.get("error"),
            exploded=data.get("exploded"),
            revealed=None if revealed is None else tuple(int(cell) for cell in revealed),
        )


def missing(peer_dir: Path = PEER_DIR) -> str | None:
    """Why the peer cannot be played here (None when it can)."""
    if not (peer_dir / SOLVER_FILE).is_file():
        return (
            f"JSMinesweeper is not at {peer_dir} (no {SOLVER_FILE}): this benchmark plays "
            f"its solver from there, beside the clone"
        )
    if shutil.which("node") is None:
        return "Node (node) is not on PATH: the peer's solver runs under Node"
    return None


def play_peer(
    level_name: str,
    seeds: Sequence[int],
    first: str = "centre",
    opening: str = "zero",
    jobs: int = 1,
    revealed: bool = False,
    on_result: Callable[[PeerResult], None] | None = None,
    peer_dir: Path = PEER_DIR,
) -> list[PeerResult]:
    """The peer's games on ``seeds``' boards, in seed order.

    ``jobs`` runs of Node share the seeds, each a contiguous slice; ``on_result`` hears each
    game as it ends (from the runs' reading threads, one at a time).
    """
    jobs = max(1, min(jobs, len(seeds)))
    size = -(-len(seeds) // jobs) if seeds else 0
    slices = [list(seeds[i : i + size]) for i in range(0, len(seeds), size)] if size else []
    results: list[PeerResult] = []
    failures: list[str] = []
    lock = threading.Lock()

    def run(part: list[int]) -> None:
        with tempfile.TemporaryFile("w+") as boards:
            write_boards(peer_boards(level_name, part, first, opening), boards)
            boards.seek(0)
            command = ["node", str(SCRIPT), "--peer", str(peer_dir)]
            if revealed:
                command.append("--revealed")
            with subprocess.Popen(
                command, stdin=boards, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            ) as node:
                assert node.stdout is not None and node.stderr is not None
                for line in node.stdout:
                    result = PeerResult.from_json(line)
                    with lock:
                        results.append(result)
                        if on_result is not None:
                            on_result(result)
                errors = node.stderr.read()
            if node.returncode != 0:
                with lock:
                    failures.append(f"node exited {node.returncode}: {errors.strip()}")

    threads = [threading.Thread(target=run, args=(part,)) for part in slices]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise RuntimeError("; ".join(failures))
    results.sort(key=lambda r: r.seed)
    if [r.seed for r in results] != list(seeds):
        raise RuntimeError(f"the peer played {len(results)} of {len(seeds)} games")
    return results


def result_line(result: PeerResult) -> dict[str, object]:
    """A game's line in the ``--results`` file."""
    line: dict[str, object] = {
        "seed": result.seed,
        "won": result.won,
        "guesses": result.guesses,
        "slow_engine": result.slow_engine,
    }
    if result.error is not None:
        line["error"] = result.error
    return line


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.peer_solver", description=__doc__.split("\n")[0]
    )
    add_board_arguments(parser)
    parser.add_argument("--jobs", type=int, default=1, help="runs of Node side by side")
    parser.add_argument("--results", type=Path, help="write each seed's outcome here (JSON lines)")
    parser.add_argument(
        "--paired", action="store_true", help="also play our solver on the same seeds"
    )
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    args = parser.parse_args(argv)
    check_first_click(parser, args)
    level = LEVELS[args.level]
    reason = missing()
    if reason is not None:
        print(reason, file=sys.stderr)
        raise SystemExit(2)
    seeds = range(args.seed, args.seed + args.games)
    done = [0, 0]

    # Each game is written as it ends, so that a long run cut short keeps what it played;
    # the file is written again in seed order at the end.
    partial = None if args.results is None else args.results.open("w")

    def report(result: PeerResult) -> None:
        done[0] += 1
        done[1] += result.won
        if partial is not None:
            partial.write(json.dumps(result_line(result)) + "\n")
            partial.flush()
        if args.progress and done[0] % 250 == 0:
            print(f"  peer: {done[0]}/{args.games} games, {done[1]} won", file=sys.stderr)

    start = time.perf_counter()
    try:
        results = play_peer(
            args.level, seeds, args.first, args.opening, args.jobs, on_result=report
        )
    finally:
        if partial is not None:
            partial.close()
    seconds = time.perf_counter() - start
    wins = sum(r.won for r in results)
    low, high = wilson(wins, args.games)
    unfinished = [r for r in results if r.error is not None]
    opening = "opens an area" if args.opening == "zero" else "safe"
    print(
        f"JSMinesweeper's solver on our boards: {args.level} {level}, first click in the "
        f"{args.first} ({opening}), seeds {args.seed}..{args.seed + args.games - 1}"
    )
    print(
        f"  {wins}/{args.games} won = {wins / max(1, args.games):.1%} (95% CI {low:.1%}-"
        f"{high:.1%}); {len(unfinished)} unfinished; slow-engine turns "
        f"{sum(r.slow_engine for r in results)}; {seconds:.0f} s with {args.jobs} job(s)"
    )
    for r in unfinished[:5]:
        print(f"  seed {r.seed}: {r.error}")
    ours: list[bool] = []
    if args.paired:
        start = time.perf_counter()
        ours = [play(level, seed, args.first, args.opening).won for seed in seeds]
        mean, d_low, d_high = paired_difference([r.won for r in results], ours)
        only_peer = sum(1 for r, o in zip(results, ours, strict=True) if r.won and not o)
        only_ours = sum(1 for r, o in zip(results, ours, strict=True) if o and not r.won)
        o_low, o_high = wilson(sum(ours), args.games)
        print(
            f"  ours on the same boards: {sum(ours)}/{args.games} = "
            f"{sum(ours) / max(1, args.games):.1%} (95% CI {o_low:.1%}-{o_high:.1%}); paired "
            f"difference, peer minus ours, {mean:+.2%} (95% CI {d_low:+.2%} to {d_high:+.2%}); "
            f"won only by the peer {only_peer}, only by ours {only_ours}; "
            f"{time.perf_counter() - start:.0f} s"
        )
    if args.results is not None:
        with args.results.open("w") as out:
            for i, r in enumerate(results):
                line = result_line(r)
                if ours:
                    line["ours"] = ours[i]
                out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
