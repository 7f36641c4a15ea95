"""The figures report, docs/figures.md: each benchmark of ``make bench`` run, and its output
kept with the command, the date and the machine that printed it.

Figures typed by hand drift away from the code and lose the conditions they were taken under
(a shared machine's load can double a time). Here each section is written by the run that
measured it, and says when, where and how::

    python -m benchmarks.report                  # every benchmark (make bench)
    python -m benchmarks.report engine noguess   # these only; the other sections are kept
    python -m benchmarks.report --quick          # the CPython ones (make bench-quick)

Each benchmark runs as a process of its own, as it would alone; its output is printed as it
comes, and its section is written as soon as it ends, so a long run stopped half-way keeps
what it measured. A benchmark that fails keeps its previous section, and the run exits 1.
A benchmark never run has no section: the report holds measurements only. A path in an
output is written from the checkout (``_site``, ``../shared``, ``~``), never as this
machine's absolute path, so the report reads the same on every machine.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import os
import platform
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "figures.md"
HOME = Path.home()
WIDTH = 100
"""The report's prose is wrapped as the README's is; a benchmark's output is kept as printed."""


@dataclass(frozen=True)
class Benchmark:
    """One section of the report: its name and the command that prints its figures.

    The command is written as a reader types it (``python -m ...``); a leading ``python`` is
    run as this interpreter, so the venv's packages are the ones measured.
    """

    name: str
    command: tuple[str, ...]
    browser: bool
    """Whether it drives Chromium on the built site: slow, and it needs ``make site``."""

    def shown(self) -> str:
        return " ".join(self.command)

    def about(self) -> str:
        """The first sentence of the benchmark module's docstring, read without importing it
        (a browser benchmark imports Playwright), so the report's words are the module's."""
        if self.command[:2] != ("python", "-m"):
            return ""
        path = ROOT / (self.command[2].replace(".", "/") + ".py")
        if not path.exists():
            return ""
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        paragraph = " ".join(doc.split("\n\n", 1)[0].split())
        return paragraph.split(". ", 1)[0].rstrip(".") + "."


def module(name: str, *, browser: bool) -> Benchmark:
    return Benchmark(name, ("python", "-m", f"benchmarks.{name}"), browser)


BENCHMARKS = (
    module("engine", browser=False),
    module("engine_calls", browser=False),
    module("noguess", browser=False),
    module("browser", browser=True),
    module("network", browser=True),
    module("engines", browser=True),
    module("lab", browser=False),
    module("floor", browser=True),
    module("big_board", browser=True),
    module("review", browser=False),
    module("review_page", browser=True),
    module("paths", browser=True),
    module("redraw", browser=True),
    module("click_frame", browser=True),
)
"""What ``make bench`` runs, in this order; the report's sections follow it."""


@dataclass(frozen=True)
class Run:
    """One benchmark's output and the conditions it was measured in."""

    benchmark: Benchmark
    output: str
    started: datetime.datetime
    seconds: float
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    machine: str
    commit: str


def machine() -> str:
    """The processor, its cores, the memory, the system and Python, in one line: what a figure
    from another machine must be compared with."""
    cpu = platform.processor() or platform.machine()
    memory = ""
    try:
        info = Path("/proc/cpuinfo").read_text(encoding="utf-8")
        names = re.findall(r"^model name\s*:\s*(.+)$", info, flags=re.M)
        cpu = names[0].strip() if names else cpu
        meminfo = Path("/proc/meminfo").read_text(encoding="utf-8")
        if found := re.search(r"^MemTotal:\s*(\d+) kB", meminfo, flags=re.M):
            memory = f", {int(found[1]) / 1024**2:.1f} GB of memory"
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.machine()}; "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def commit() -> str:
    """The commit measured, and whether the working tree differed from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
    except OSError:
        return "unknown (no git)"
    if head.returncode != 0:
        return "unknown (not a git checkout)"
    return head.stdout.strip() + (", with uncommitted changes" if changed.stdout.strip() else "")


def load() -> tuple[float, float, float]:
    return os.getloadavg()


def measure(benchmark: Benchmark) -> Run | None:
    """Run the benchmark, echoing its output as it comes; None when it fails."""
    command = list(benchmark.command)
    if command[0] == "python":
        command[0] = sys.executable
    started = datetime.datetime.now(datetime.UTC)
    load_before, clock = load(), time.perf_counter()
    print(f"$ {benchmark.shown()}", flush=True)
    lines = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}  # lines as they are printed, not at exit
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        for line in run.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            lines.append(line)
    if run.returncode != 0:
        return None
    seconds = time.perf_counter() - clock
    output = "".join(lines)
    return Run(benchmark, output, started, seconds, load_before, load(), machine(), commit())


def fenced(text: str) -> str:
    """The text in a code block whose fence no run of backticks in it can close."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text.rstrip()}\n{fence}"


def loads(values: tuple[float, float, float]) -> str:
    return ", ".join(f"{value:.2f}" for value in values)


def opening(benchmark: Benchmark) -> list[str]:
    about = benchmark.about()
    return [f"<!-- figure {benchmark.name} -->", f"## {benchmark.name}", ""] + (
        [textwrap.fill(about, WIDTH), ""] if about else []
    )


def checkout_relative(text: str) -> str:
    """``text`` with every path under the checkout, beside it or under the home folder written
    from the checkout (``_site``, ``.``, ``../shared``, ``~/``): a machine's own folders are
    nobody else's, and a reader's checkout is elsewhere."""
    for base, shown in ((ROOT, "."), (ROOT.parent, ".."), (HOME, "~")):
        if len(base.parts) < 2:  # the file system's root: every path is under it
            continue
        at = r"(?<![\w.-])" + re.escape(str(base))
        text = re.sub(at + "/", "" if shown == "." else shown + "/", text)
        text = re.sub(at + r"(?![\w./-])", shown, text)
    return text


def section(run: Run) -> str:
    """A benchmark's section: what it measures, how it was run, where, when, and its output
    (its paths written from the checkout)."""
    date = run.started.strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        *opening(run.benchmark),
        f"- command: `{run.benchmark.shown()}`",
        f"- date: {date}, {run.seconds:.0f} s",
        f"- machine: {run.machine}",
        f"- load average (1, 5, 15 min): {loads(run.load_before)} at the start, "
        f"{loads(run.load_after)} at the end",
        f"- commit: {run.commit}",
        "",
        fenced(run.output),
        f"<!-- /figure {run.benchmark.name} -->",
    ]
    return checkout_relative("\n".join(lines))


SECTION = re.compile(r"^<!-- figure (\S+) -->\n.*?^<!-- /figure \1 -->$", flags=re.M | re.S)


def sections_of(report: str) -> dict[str, str]:
    """The report's sections by benchmark name, each as it was written."""
    return {found[1]: found[0] for found in SECTION.finditer(report)}


HEADER = """\
# Figures

Written by `make bench` (`python -m benchmarks.report`, see its docstring); not typed by hand.
Each section is one benchmark's output, verbatim, under the command that printed it, its date,
the machine and its load. A section is replaced only when its benchmark runs again:
`python -m benchmarks.report engine noguess` reruns those two, `make bench-quick` the CPython
ones. Figures measured on different days or machines are not comparable; the load average
says how busy the machine was (the machines we work on are shared).

A benchmark that has not run yet has no section: `make bench` adds it when it runs (the list
is in benchmarks/report.py).

Before this report, figures were typed by hand with their dates and conditions: they are kept
in [figures-history.md](figures-history.md). The solver's win rates (`make bench-solver`,
`make bench-peer`) are in [solver-notes.md](solver-notes.md).
"""


def report_text(benchmarks: Sequence[Benchmark], sections: dict[str, str]) -> str:
    """The whole report: the header, a line of contents, then a section per benchmark measured,
    in ``make bench``'s order; a benchmark not measured yet is left out."""
    shown = [b for b in benchmarks if b.name in sections]
    parts = [HEADER]
    if shown:
        contents = " · ".join(f"[{b.name}](#{b.name})" for b in shown)
        parts.append(textwrap.fill(f"Contents: {contents}", WIDTH, break_on_hyphens=False))
    parts += [sections[b.name] for b in shown]
    return "\n\n".join(part.rstrip("\n") for part in parts) + "\n"


def write(path: Path, benchmarks: Sequence[Benchmark], run: Run) -> None:
    """Put the run's section in the report, keeping every other section as it was."""
    kept = sections_of(path.read_text(encoding="utf-8")) if path.exists() else {}
    kept[run.benchmark.name] = section(run)
    path.write_text(report_text(benchmarks, kept), encoding="utf-8")


def main(argv: Sequence[str] | None = None, benchmarks: Sequence[Benchmark] = BENCHMARKS) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = [b.name for b in benchmarks]
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"some of: {' '.join(names)}")
    parser.add_argument("--quick", action="store_true", help="the benchmarks without a browser")
    parser.add_argument("--report", type=Path, default=REPORT, help="the file to write")
    args = parser.parse_args(argv)
    if unknown := [name for name in args.names if name not in names]:
        parser.error(f"no benchmark {', '.join(unknown)}; there are: {' '.join(names)}")
    chosen = [
        b
        for b in benchmarks
        if (not args.names or b.name in args.names) and not (args.quick and b.browser)
    ]
    failed = []
    for benchmark in chosen:
        run = measure(benchmark)
        if run is None:
            failed.append(benchmark.name)
            print(f"{benchmark.shown()} failed: its section is kept as it was", file=sys.stderr)
        else:
            write(args.report, benchmarks, run)
        print(flush=True)
    if not args.report.exists():  # nothing measured yet: the header says who writes it
        args.report.write_text(report_text(benchmarks, {}), encoding="utf-8")
    print(f"{args.report}: {len(chosen) - len(failed)} of {len(chosen)} sections written")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
