// JSMinesweeper's own solver (MIT, ../shared/peers/jsminesweeper) playing our boards, headless.
//
//   python -m benchmarks.peer_boards --games 200 \
//     | node tools/bench/peer_solver.mjs [--peer DIR] [--revealed]
//
// Reads boards as JSON lines (benchmarks/peer_boards.py: rows, cols, mine indices, first click)
// and plays each to a win or a loss; prints one JSON line a game on stdout and a summary on
// stderr. It lives beside the other benchmark helpers run outside Python (tools/bench/), and
// benchmarks/peer_solver.py drives it.
//
// The peer's files are read from where they lie and run unchanged, in one `vm` context in the
// page's order (index.html), so their top-level classes and functions see each other as scripts
// of one page do. Only main.js is left out: its top level is the page's UI (canvas, DOM
// elements). What the solver needs from it is set up here as main.js does:
//   * `board`, the page's global for the game in play (LongTermRiskHelper and the probability
//     engine's BoxWitness read it), set to each game's board;
//   * `BOMB` (9, main.js's constant: the brute force marks mines with it in its solutions);
//   * `binomialCache`, built as `startup()` builds it; then, as `startup()` does, one call of
//     `solver()` without a board (it sets `solver.countSolutions`, which LongTermRiskHelper uses);
//   * `sleep` (main.js waits on a timer so that the page repaints) resolves at once;
//   * `showMessage` (a UI message line) and `console` (the solver's verbose trace) do nothing;
//   * `analysisMode` false (play mode), `docNgMode` unchecked (no no-guess generation), `oldrng`
//     false (main.js's default; that generator only deals the game's own mines, replaced by ours);
//   * `URL.createObjectURL` and `revokeObjectURL` (the game's MBF download link) do nothing.
//
// A game is played as the page's autoplay with "Accept guesses" plays it (main.js,
// `handleSolver`, `buildMessageFromActions`, `sendActionsMessage`):
//   * the game is the peer's own client-side "server" (MinesweeperGame.js), given our mines
//     with `createGameFromArray`, and the solver sees the peer's `Board`, fed from the game's
//     replies exactly as the page feeds it (reveals with the game's flood of zeros, flags);
//   * the first click is ours (the centre by default), sent to that game like a player's click;
//   * each turn the solver is called with the page's options: play style "Flagging" (the
//     page's default style), fullProbability true, hardcore false, no zero overlay (the page's
//     default overlay is "Mine %"), verbose left unset (the page leaves it unset: the solver then
//     logs, into the stub console); SolverGlobal and BruteForceGlobal keep their defaults, the
//     page's unless its settings panel is changed;
//   * when its first action is certain (safe, or a mine to flag) every certain action is
//     played, else its first action alone (the guess).
// Math.random (used only for the brute force's position hashes) is seeded per game, so a
// board replays the same. One timing remains in the solver: a guess's tie-break is skipped
// when the probability engine took 50 ms or more (solver_main.js); those turns are counted
// per game ("slowEngine"), so a loaded machine shows.

import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_PEER = path.resolve(HERE, "../../../shared/peers/jsminesweeper");

// The page's script order (index.html), main.js and its UI left out.
const PEER_FILES = [
  "Minesweeper/client/Board.js",
  "Minesweeper/client/Tile.js",
  "Minesweeper/client/solver_main.js",
  "Minesweeper/client/solver_probability_engine.js",
  "Minesweeper/client/Brute_force.js",
  "Minesweeper/client/BruteForceAnalysis.js",
  "Minesweeper/client/MinesweeperGame.js",
  "Minesweeper/client/SolutionCounter.js",
  "Minesweeper/client/EfficiencyHelper.js",
  "Minesweeper/client/FiftyFiftyHelper.js",
  "Minesweeper/client/LongTermRiskHelper.js",
  "Minesweeper/Utility/PrimeSieve.js",
  "Minesweeper/Utility/Binomial.js",
];

// As main.js: MAX_BINOMIAL_N, and the cache startup() makes.
const SETUP = `
  binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500));
`;

// The names the harness uses; top-level classes are not properties of the context's global.
const EXPORTS = `({
  Board, solver, createGameFromArray, handleActions, killGame, heartbeat, ProbabilityEngine,
  PLAY_STYLE_FLAGS, ACTION_CLEAR, ACTION_FLAG, ACTION_CHORD, WON, LOST, IN_PLAY,
})`;

/** Loads the peer's solver and game into a fresh context; returns the names the harness uses. */
export async function loadPeer(peerDir) {
  const quiet = () => {};
  const downloadLinks = { createObjectURL: () => "blob:none", revokeObjectURL: quiet };
  const context = vm.createContext({
    console: { log: quiet, error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet },
    performance,
    showMessage: quiet,
    analysisMode: false,
    oldrng: false,
    docNgMode: { checked: false },
    board: null,
    BOMB: 9,
    binomialCache: null,
    sleep: async () => {},
    Blob,
    URL: downloadLinks,
    window: { URL: downloadLinks },
  });
  for (const file of PEER_FILES) {
    const filename = path.join(peerDir, file);
    vm.runInContext(fs.readFileSync(filename, "utf8"), context, { filename });
  }
  vm.runInContext(SETUP, context);
  const peer = vm.runInContext(EXPORTS, context);
  await peer.solver();
  peer.context = context;
  peer.math = vm.runInContext("Math", context);
  peer.slowEngine = 0;
  // Count the probability-engine runs that make the solver skip a guess's tie-break.
  const engineProcess = peer.ProbabilityEngine.prototype.process;
  peer.ProbabilityEngine.prototype.process = function countedProcess(...args) {
    const result = engineProcess.apply(this, args);
    if (this.duration >= 50 && this.bestProbability != 1) {
      peer.slowEngine += 1;
    }
    return result;
  };
  return peer;
}

/** A small seeded generator (mulberry32) for the context's Math.random. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page's options for an autoplay turn (main.js, handleSolver), with its defaults. */
function pageOptions(peer) {
  return { playStyle: peer.PLAY_STYLE_FLAGS, fullProbability: true, hardcore: false };
}

/** main.js buildMessageFromActions: the actions a turn sends to the game. */
function messageFromActions(peer, board, actions, safeOnly) {
  const message = { header: board.getMessageHeader(), actions: [] };
  for (const action of actions) {
    const index = board.xy_to_index(action.x, action.y);
    if (action.action == peer.ACTION_CHORD) {
      message.actions.push({ index, action: 3 });
    } else if (action.prob == 0) {
      message.actions.push({ index, action: 2 });
    } else if (!safeOnly || action.prob == 1) {
      message.actions.push({ index, action: 1 });
    }
  }
  return message;
}

/** main.js sendActionsMessage: the game's reply applied to the solver's board. */
function applyReply(peer, board, reply) {
  if (board.seed == 0) {
    board.seed = reply.header.seed;
    if (board.num_bombs != reply.header.mines) {
      board.num_bombs = reply.header.mines;
      board.bombs_left = board.num_bombs;
    }
  }
  if (reply.header.status == peer.LOST) {
    board.setGameLost();
  } else if (reply.header.status == peer.WON) {
    board.setGameWon();
  }
  for (const target of reply.tiles) {
    const tile = board.getTile(target.index);
    if (target.action == 1) {
      tile.setValue(target.value);
    } else if (target.action == 2) {
      if (target.flag != tile.isFlagged()) {
        tile.toggleFlag();
        board.bombs_left += tile.isFlagged() ? -1 : 1;
      }
    } else if (target.action == 3) {
      board.setGameLost();
      tile.setBomb(true);
    } else if (target.action == 4) {
      board.setGameLost();
      tile.setBombExploded();
    } else if (target.action == 5) {
      tile.setBomb(false);
    }
  }
}

const MAX_TURNS = 10_000;

/** Plays one board (a peer_boards line) to the end; returns its result line. */
export async function playBoard(peer, spec, withRevealed = false) {
  const { rows, cols, mines } = spec;
  const [firstRow, firstCol] = spec.first;
  peer.math.random = seededRandom(spec.seed);
  peer.slowEngine = 0;
  // [width, height, mines, x, y, ...] as createGameFromArray takes it.
  const array = [cols, rows, mines.length];
  for (const cell of mines) {
    array.push(cell % cols, Math.floor(cell / cols));
  }
  const { id } = peer.createGameFromArray(array, firstRow * cols + firstCol);
  const board = new peer.Board(id, cols, rows, mines.length, "", spec.opening ?? "zero");
  peer.context.board = board;
  const click = { index: firstRow * cols + firstCol, action: 1 };
  const first = { header: board.getMessageHeader(), actions: [click] };
  let reply = await peer.handleActions(first);
  applyReply(peer, board, reply);
  const options = pageOptions(peer);
  let turns = 0;
  let guesses = 0;
  let error = null;
  let exploded = null;
  while (!board.isGameover()) {
    if (++turns > MAX_TURNS) {
      error = `no end after ${MAX_TURNS} turns`;
      break;
    }
    let hints;
    try {
      hints = (await peer.solver(board, { ...options })).actions;
    } catch (thrown) {
      const where = thrown && thrown.stack ? thrown.stack.split("\n").slice(0, 2).join(" ") : thrown;
      error = `solver threw: ${where}`;
      break;
    }
    let message;
    if (hints.length > 0 && (hints[0].prob == 1 || hints[0].prob == 0)) {
      message = messageFromActions(peer, board, hints, true);
    } else if (hints.length > 0) {
      guesses += 1;
      message = messageFromActions(peer, board, [hints[0]], false);
    } else {
      error = "the solver returned no move";
      break;
    }
    if (message.actions.length == 0) {
      error = "the solver's move sends no action";
      break;
    }
    reply = await peer.handleActions(message);
    applyReply(peer, board, reply);
    if (reply.header.status == peer.LOST) {
      exploded = reply.tiles.find((t) => t.action == 4)?.index ?? null;
    }
  }
  const result = {
    seed: spec.seed,
    won: board.won,
    lost: board.isGameover() && !board.won,
    turns,
    guesses,
    slowEngine: peer.slowEngine,
  };
  if (exploded !== null) result.exploded = exploded;
  if (error !== null) result.error = error;
  if (withRevealed) {
    result.revealed = board.tiles.filter((tile) => !tile.isCovered()).map((tile) => tile.index);
  }
  // As the page: the game is let go, and the housekeeping drops it.
  peer.killGame({ id });
  peer.heartbeat();
  return result;
}

async function main() {
  const args = process.argv.slice(2);
  let peerDir = DEFAULT_PEER;
  let withRevealed = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] == "--peer") {
      peerDir = path.resolve(args[++i]);
    } else if (args[i] == "--revealed") {
      withRevealed = true;
    } else {
      process.stderr.write("usage: node peer_solver.mjs [--peer DIR] [--revealed] < boards.jsonl\n");
      process.exit(2);
    }
  }
  if (!fs.existsSync(path.join(peerDir, PEER_FILES[2]))) {
    process.stderr.write(`JSMinesweeper not found at ${peerDir} (expected ${PEER_FILES[2]})\n`);
    process.exit(3);
  }
  const peer = await loadPeer(peerDir);
  const start = performance.now();
  let games = 0;
  let wins = 0;
  let errors = 0;
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const result = await playBoard(peer, JSON.parse(line), withRevealed);
    games += 1;
    wins += result.won ? 1 : 0;
    errors += result.error ? 1 : 0;
    process.stdout.write(JSON.stringify(result) + "\n");
  }
  const rate = games ? ((100 * wins) / games).toFixed(2) : "0.00";
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  process.stderr.write(
    `JSMinesweeper: ${wins}/${games} won (${rate}%), ${errors} unfinished, ${seconds} s\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) == fileURLToPath(import.meta.url)) {
  await main();
}
