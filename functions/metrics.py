"""The metrics the functions log for the alarms of infra/template.yaml, in CloudWatch's embedded metric
format: a JSON log line that Lambda's logs turn into a metric, with no call and no permission.

    print(json.dumps(staged_metric(True)))   # the nightly: every daily file of tomorrow staged
"""

from __future__ import annotations

import os
import time
from typing import Any

NAMESPACE = "PuzzleBook"
# 1 when a nightly run staged every daily game's file of tomorrow, else 0 (NightlyNotStagedAlarm).
STAGED = "TomorrowStaged"


def staged_metric(staged: bool, now_ms: int | None = None) -> dict[str, Any]:
    """The log line saying whether this run staged every daily game's file of tomorrow. Its dimension
    is the function's name, as the alarm names it."""
    return {
        "_aws": {
            "Timestamp": now_ms if now_ms is not None else int(time.time() * 1000),
            "CloudWatchMetrics": [{
                "Namespace": NAMESPACE,
                "Dimensions": [["FunctionName"]],
                "Metrics": [{"Name": STAGED, "Unit": "Count"}],
            }],
        },
        "FunctionName": os.environ.get("AWS_LAMBDA_FUNCTION_NAME", "nightly"),
        STAGED: 1 if staged else 0,
    }
