"""The example notebook runs top to bottom (so it cannot rot)."""

import pathlib

from conftest import require

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "examples" / "strategies.ipynb"


def test_the_example_notebook_runs(tmp_path):
    nbformat = require("nbformat")
    nbclient = require("nbclient")
    require("ipykernel")
    require("pandas")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError on any failing cell
    text = [
        out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
    ]
    assert text[0].startswith("92 complete")
    html = [out["data"]["text/html"] for cell in nb.cells for out in cell.get("outputs", []) if "text/html" in out.get("data", {})]
    assert any(h.startswith("<iframe srcdoc=") for h in html), "the replay page shows inline"
    svg = [out for cell in nb.cells for out in cell.get("outputs", []) if "image/svg+xml" in out.get("data", {})]
    assert svg, "the study's chart shows inline"
    assert "'s': 9" in text[-1] and "'y': 2" in text[-1], "SEND + MORE = MONEY"
