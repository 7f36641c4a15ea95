"""The Python examples of the README and of docs/architecture.md run as written."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", ["README.md", "docs/architecture.md"])
def test_readme_examples(name: str) -> None:
    path = ROOT / name
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)
    assert blocks, f"{name} has no Python example"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for number, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{name} block {number}", str(path), 0))
    assert runner.summarize(verbose=False).failed == 0
