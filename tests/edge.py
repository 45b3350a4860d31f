"""Running CloudFront Functions' code (viewer-request handlers from infra/template.yaml) under node, as
the CDN would: each code in a context of its own (node's vm), every request at its own time
(Date.now), all in one node process (starting node is most of the cost)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

_SCRIPT = """
const vm = require('vm');
const groups = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = groups.map(({ code, requests }) => {
  const context = vm.createContext({});
  const fn = vm.runInContext(code + '\\n;({ handler, clock: (f) => { Date.now = f } })', context);
  const realNow = vm.runInContext('Date.now', context);
  return requests.map((r) => {
    fn.clock(r.now_ms === undefined ? realNow : () => r.now_ms);
    const request = { uri: r.uri, querystring: r.querystring || {}, headers: r.headers || {} };
    if (r.cookies) request.cookies = r.cookies;
    return JSON.parse(JSON.stringify(fn.handler({ request })));
  });
});
process.stdout.write(JSON.stringify(out));
"""


def viewer_requests_of(groups: list[tuple[str, list[dict[str, Any]]]]) -> list[list[dict[str, Any]]]:
    """For each (code, requests): the handler's answer to each request (the request it lets through,
    or the response it makes). A request: {"uri", "querystring" (optional), "headers" and "cookies"
    (optional, as CloudFront gives them: {name: {"value": ...}}), "now_ms" (optional: the clock for
    that request, Unix milliseconds)}."""
    payload = [{"code": code, "requests": requests} for code, requests in groups]
    done = subprocess.run(["node", "-e", _SCRIPT], input=json.dumps(payload), capture_output=True, text=True,
                          check=True)
    answers: list[list[dict[str, Any]]] = json.loads(done.stdout)
    return answers


def viewer_requests(code: str, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The handler of `code`'s answer to each of `requests` (as viewer_requests_of)."""
    return viewer_requests_of([(code, requests)])[0]
