"""How long dealing ``duidiao-deal/2`` takes: N boards by ``core.dealing.deal_v2`` (the
server, and ``verify_deals``), and the same N boards by the page's own script
(``web/static/web/deals-verify.js``) under Node's WebCrypto — a stand-in for the reader's
browser. Runs interleaved; min and median printed.

    python benchmarks/dealing.py [--boards N] [--runs R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.dealing import deal_v2  # noqa: E402

SCRIPT = ROOT / "web" / "static" / "web" / "deals-verify.js"
SECRET = "9f" * 32
NODE = """
const fs = require("fs"), vm = require("vm");
vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8"));
const n = Number(process.argv[2]);
(async () => {
  const t = performance.now();
  for (let i = 1; i <= n; i++) await DuidiaoDeal.dealV2(process.argv[3], "4071", 1, 0, i);
  console.log(JSON.stringify((performance.now() - t) / 1000));
})();
"""


def python_run(boards: int) -> float:
    start = time.perf_counter()
    for number in range(1, boards + 1):
        deal_v2(SECRET, "4071", stage=1, round_number=0, number=number)
    return time.perf_counter() - start


def node_run(boards: int) -> float:
    out = subprocess.run(
        ["node", "-e", NODE, str(SCRIPT), str(boards), SECRET],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"python": [], "node": []}
    for _ in range(args.runs):
        times["python"].append(python_run(args.boards))
        times["node"].append(node_run(args.boards))
    for name, runs in times.items():
        print(
            f"{name}: {args.boards} boards, min {min(runs):.3f} s, "
            f"median {statistics.median(runs):.3f} s over {args.runs} runs"
        )


if __name__ == "__main__":
    main()
