"""infra/template.yaml: cfn-lint clean, translatable as `sam deploy` would, and
saying what the operator's guide promises (private bucket, least privilege, the
cache rules of ops/cache.py, the site key by name only)."""

from __future__ import annotations

import copy
import fnmatch
import json
import re
from pathlib import Path
from typing import Any

import pytest

from ops import cache
from ops.template import TEMPLATE, load_template
from tests.edge import viewer_requests

CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"
ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac"


def _lint(path: Path) -> list[str]:
    from cfnlint.api import ManualArgs, lint_file  # here: its import is seconds, in every collecting worker

    config = ManualArgs(regions=["us-east-1", "eu-west-1"], include_checks=["I"])
    return [f"{m.rule.id} {m.message} (line {m.linenumber})" for m in lint_file(path, config=config)]


# One xdist worker runs the module, so its module-scoped fixtures are made once.
pytestmark = pytest.mark.xdist_group("infra_template")


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return load_template()


@pytest.fixture(scope="module")
def resources(template: dict[str, Any]) -> dict[str, Any]:
    return template["Resources"]


@pytest.fixture(scope="module")
def translated(template: dict[str, Any]) -> dict[str, Any]:
    """The template as CloudFormation, through the same SAM translator `sam deploy` uses."""
    import os

    from samtranslator.translator.transform import transform

    class NoManagedPolicies:
        def load(self) -> dict[str, str]:
            return {}

    tpl = copy.deepcopy(template)
    # sam build + sam package replace the local CodeUri with an S3 location.
    tpl["Globals"]["Function"]["CodeUri"] = "s3://example-artifacts/puzzlebook/lambda.zip"
    before = os.environ.get("AWS_DEFAULT_REGION")
    os.environ["AWS_DEFAULT_REGION"] = "us-east-1"
    try:
        return transform(tpl, {}, NoManagedPolicies())
    finally:
        if before is None:
            del os.environ["AWS_DEFAULT_REGION"]
        else:
            os.environ["AWS_DEFAULT_REGION"] = before


def test_cfn_lint_reports_nothing_not_even_informational() -> None:
    assert _lint(TEMPLATE) == []


@pytest.mark.slow
def test_cfn_lint_would_catch_a_broken_template(tmp_path: Path) -> None:
    broken = TEMPLATE.read_text(encoding="utf-8").replace(
        "      Handler: functions.handler.nightly\n",
        "      Handler: functions.handler.nightly\n      Memory: 512\n",
    )
    path = tmp_path / "template.yaml"
    path.write_text(broken, encoding="utf-8")
    problems = _lint(path)
    assert any("Memory" in p for p in problems), problems


def test_the_sam_translation_is_clean_cloudformation(translated: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "translated.json"
    path.write_text(json.dumps(translated), encoding="utf-8")
    assert _lint(path) == []
    kinds = {r["Type"] for r in translated["Resources"].values()}
    wanted = {"AWS::Lambda::Function", "AWS::ApiGatewayV2::Api", "AWS::Scheduler::Schedule", "AWS::IAM::Role"}
    assert wanted <= kinds


def test_functions_run_python_312_on_arm_with_the_agreed_handlers(resources: dict[str, Any],
                                                                   template: dict[str, Any]) -> None:
    glob = template["Globals"]["Function"]
    assert glob["Runtime"] == "python3.12"
    assert glob["Architectures"] == ["arm64"]
    assert resources["ApiFunction"]["Properties"]["Handler"] == "functions.handler.handler"
    assert resources["NightlyFunction"]["Properties"]["Handler"] == "functions.handler.nightly"
    event = resources["ApiFunction"]["Properties"]["Events"]["Api"]
    assert event["Type"] == "HttpApi"
    assert event["Properties"]["Path"] == "/api/{proxy+}"
    # Before midnight in the site's zone, and again before it in case the first run failed: tomorrow's
    # files are staged in time (the release function keeps them until their day: tests/test_release.py).
    events = resources["NightlyFunction"]["Properties"]["Events"]
    for event_name, parameter in (("Nightly", "NightlySchedule"), ("NightlyRetry", "NightlyRetrySchedule")):
        schedule = events[event_name]
        assert schedule["Type"] == "ScheduleV2"
        assert schedule["Properties"]["ScheduleExpression"] == {"Ref": parameter}
        assert schedule["Properties"]["ScheduleExpressionTimezone"] == {"Ref": "SiteTimeZone"}
    first = template["Parameters"]["NightlySchedule"]["Default"]
    retry = template["Parameters"]["NightlyRetrySchedule"]["Default"]
    assert (first, retry) == ("cron(0 23 * * ? *)", "cron(30 23 * * ? *)")
    # make serve's own nightly runs at the same hour (service/nightly.py, ops/server.py NightlyLoop).
    from service.nightly import NIGHTLY_AT

    assert first == f"cron({NIGHTLY_AT.minute} {NIGHTLY_AT.hour} * * ? *)"


def test_the_snapshot_function_runs_every_minute_one_at_a_time(resources: dict[str, Any]) -> None:
    """The boards' snapshots (service/boards/): every minute, four rounds 15 s apart, so the run needs
    most of a minute; one at a time (reserved concurrency 1), so no board is written twice in 15 s by
    two runs, and a flood on the API can't take what it needs."""
    from functions import snapshots

    props = resources["SnapshotFunction"]["Properties"]
    assert props["Handler"] == "functions.snapshots.handler"
    assert props["ReservedConcurrentExecutions"] == 1
    assert snapshots.ROUNDS == 4 and (snapshots.ROUNDS - 1) * 15 < props["Timeout"] <= 60
    assert props["Timeout"] * 1000 - (snapshots.ROUNDS - 1) * 15_000 >= snapshots.ROUND_NEEDS_MS
    (event,) = props["Events"].values()
    assert event["Type"] == "ScheduleV2" and event["Properties"]["ScheduleExpression"] == "rate(1 minute)"
    assert event["Properties"]["State"] == "ENABLED"


def test_the_site_key_is_passed_by_name_never_by_value(template: dict[str, Any]) -> None:
    env = template["Globals"]["Function"]["Environment"]["Variables"]
    assert env["SITE_KEY_PARAMETER"] == {"Ref": "SiteKeyParameterName"}
    assert "SITE_KEY" not in env
    assert env["SITE_TZ"] == {"Ref": "SiteTimeZone"}
    params = template["Parameters"]
    assert params["SiteKeyParameterName"]["Type"] == "String"  # a name, not NoEcho secret material
    assert params["SiteKeyParameterName"]["Default"].startswith("/")


def test_the_functions_know_the_sites_address_for_passkeys(template: dict[str, Any]) -> None:
    """Passkeys are tied to the address players open: the custom domain, else the SiteUrl parameter
    (the CloudFront address, known only after the first deploy: the function can't name the
    distribution without a cycle, since the distribution's origin is the function's API)."""
    env = template["Globals"]["Function"]["Environment"]["Variables"]
    assert env["PUZZLEBOOK_SITE_URL"] == {
        "Fn::If": ["HasDomain", {"Fn::Sub": "https://${DomainName}"}, {"Ref": "SiteUrl"}]
    }
    assert template["Parameters"]["SiteUrl"]["Default"] == ""


def _statements(translated: dict[str, Any], role: str) -> list[dict[str, Any]]:
    """Every IAM statement a function's role carries (inline and the stack's managed policy)."""
    res = translated["Resources"]
    props = res[role]["Properties"]
    out = []
    for policy in props.get("Policies") or []:
        out += policy["PolicyDocument"]["Statement"]
    for arn in props["ManagedPolicyArns"]:
        if isinstance(arn, dict):
            out += res[arn["Ref"]]["Properties"]["PolicyDocument"]["Statement"]
        else:
            assert arn.endswith(":policy/service-role/AWSLambdaBasicExecutionRole"), arn
    return out


def _actions(statement: dict[str, Any]) -> list[str]:
    actions = statement["Action"]
    return [actions] if isinstance(actions, str) else actions


def test_iam_is_least_privilege(translated: dict[str, Any]) -> None:
    for role in ("ApiFunctionRole", "NightlyFunctionRole"):
        statements = _statements(translated, role)
        for st in statements:
            assert st["Effect"] == "Allow"
            assert all("*" not in a for a in _actions(st)), st
            assert st["Resource"] != "*", st
        by_sid = {st["Sid"]: st for st in statements}
        table = by_sid["TableItems"]
        assert all(a.startswith("dynamodb:") for a in _actions(table))
        assert not {"dynamodb:Scan", "dynamodb:DeleteTable", "dynamodb:UpdateTable"} & set(_actions(table))
        assert json.dumps(table["Resource"]).count("/index/*") == 2  # the table's indexes, both table choices
        assert _actions(by_sid["SiteKeyParameter"]) == ["ssm:GetParameter"]
        assert "parameter${SiteKeyParameterName}" in json.dumps(by_sid["SiteKeyParameter"]["Resource"])
        decrypt = by_sid["SiteKeyDecrypt"]
        assert _actions(decrypt) == ["kms:Decrypt"]
        conditions = set(decrypt["Condition"]["StringEquals"])
        assert conditions == {"kms:ViaService", "kms:EncryptionContext:PARAMETER_ARN"}
    nightly = {st["Sid"]: st for st in _statements(translated, "NightlyFunctionRole")}
    assert _actions(nightly["PublishDailyFiles"]) == ["s3:PutObject"]
    assert nightly["PublishDailyFiles"]["Resource"] == {"Fn::Sub": "${SiteBucket.Arn}/daily/*"}
    api = {st["Sid"]: st for st in _statements(translated, "ApiFunctionRole")}
    # The API never writes the site; it reads the boards' snapshots, and nothing else of the bucket.
    assert [sid for sid, st in api.items() if "s3:" in json.dumps(st)] == ["ReadSnapshots"]
    assert _actions(api["ReadSnapshots"]) == ["s3:GetObject"]
    assert api["ReadSnapshots"]["Resource"] == {"Fn::Sub": "${SiteBucket.Arn}/snapshots/*"}
    # The snapshot function reads the table (no write of any kind) and writes snapshots/ alone.
    job = {st["Sid"]: st for st in _statements(translated, "SnapshotFunctionRole")}
    assert set(job) == {"TableReads", "SiteKeyParameter", "SiteKeyDecrypt", "PublishSnapshots"}
    for st in job.values():
        assert st["Effect"] == "Allow" and st["Resource"] != "*"
        assert all("*" not in a for a in _actions(st)), st
    reads = sorted(_actions(job["TableReads"]))
    assert reads == ["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"]
    assert json.dumps(job["TableReads"]["Resource"]).count("/index/*") == 2
    assert sorted(_actions(job["PublishSnapshots"])) == ["s3:GetObject", "s3:PutObject"]
    assert job["PublishSnapshots"]["Resource"] == {"Fn::Sub": "${SiteBucket.Arn}/snapshots/*"}


def test_the_bucket_is_private_encrypted_and_tls_only(resources: dict[str, Any]) -> None:
    props = resources["SiteBucket"]["Properties"]
    assert all(props["PublicAccessBlockConfiguration"].values())
    assert len(props["PublicAccessBlockConfiguration"]) == 4
    assert props["BucketEncryption"]["ServerSideEncryptionConfiguration"][0]["ServerSideEncryptionByDefault"]
    statements = resources["SiteBucketPolicy"]["Properties"]["PolicyDocument"]["Statement"]
    allows = [s for s in statements if s["Effect"] == "Allow"]
    assert allows and all(s["Principal"] == {"Service": "cloudfront.amazonaws.com"} for s in allows)
    assert all("AWS:SourceArn" in s["Condition"]["StringEquals"] for s in allows)
    deny = next(s for s in statements if s["Effect"] == "Deny")
    assert deny["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}
    origin = resources["Distribution"]["Properties"]["DistributionConfig"]["Origins"][0]
    assert origin["OriginAccessControlId"] == {"Fn::GetAtt": ["OriginAccessControl", "Id"]}
    oac = resources["OriginAccessControl"]["Properties"]["OriginAccessControlConfig"]
    assert oac["SigningBehavior"] == "always"


def test_data_is_kept_when_the_stack_goes(resources: dict[str, Any]) -> None:
    for name in ("Table", "SiteBucket"):
        assert resources[name]["DeletionPolicy"] == "Retain"
        assert resources[name]["UpdateReplacePolicy"] == "Retain"
    table = resources["Table"]["Properties"]
    assert table["BillingMode"] == "PAY_PER_REQUEST"
    assert table["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"] is True
    assert table["TimeToLiveSpecification"]["Enabled"] is True


def _behaviours(resources: dict[str, Any]) -> list[dict[str, Any]]:
    config = resources["Distribution"]["Properties"]["DistributionConfig"]
    return [*config["CacheBehaviors"], {**config["DefaultCacheBehavior"], "PathPattern": "*"}]


def _matches(pattern: str, url_path: str) -> bool:
    # CloudFront: * matches any characters (slashes too), ? one; case-sensitive.
    return fnmatch.fnmatchcase(url_path, pattern)


def _behaviour_for(resources: dict[str, Any], url_path: str) -> dict[str, Any]:
    return next(b for b in _behaviours(resources) if _matches(b["PathPattern"], url_path))


def test_each_index_holds_what_the_store_says_its_readers_read(resources: dict[str, Any]) -> None:
    """Each GSI projects its keys, `doc` and its own `row<n>` (service/store/items.py, PROJECTED: what
    the SQLite store gives an index's reader too), never `v`, a state item's `stats` or its `play`."""
    from service.store.items import PROJECTED

    indexes = resources["Table"]["Properties"]["GlobalSecondaryIndexes"]
    held = {int(gsi["IndexName"].removeprefix("GSI")): gsi["Projection"] for gsi in indexes}
    assert held == {n: {"ProjectionType": "INCLUDE", "NonKeyAttributes": list(names)}
                    for n, names in PROJECTED.items()}


def test_api_goes_uncached_to_the_http_api_with_every_method(resources: dict[str, Any]) -> None:
    api = _behaviour_for(resources, "/api/chess/solves")
    assert api["TargetOriginId"] == "api"
    assert api["CachePolicyId"] == CACHING_DISABLED
    assert api["OriginRequestPolicyId"] == ALL_VIEWER_EXCEPT_HOST
    assert set(api["AllowedMethods"]) == {"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"}
    assert api["ViewerProtocolPolicy"] == "https-only"
    for behaviour in _behaviours(resources):
        assert behaviour["ResponseHeadersPolicyId"] == {"Ref": "SecurityHeaders"}
        assert behaviour["ViewerProtocolPolicy"] in {"https-only", "redirect-to-https"}


def test_each_daily_games_api_copy_of_its_day_is_kept_at_the_edge_by_its_path_alone(
        resources: dict[str, Any]) -> None:
    """GET /api/<game>/daily/<date> (a page's fallback while the CDN hasn't the day's file) is the same
    for everyone: CloudFront keeps it as long as the API's DAILY rule says (functions/caching.py), by
    its path only, so no token, cookie or query reaches the API through it; errors (no-store) aren't
    kept; every other /api path stays uncached."""
    from functions.caching import DAILY, DAILY_SECONDS
    from puzzlebook.games import GAMES

    assert DAILY.anonymous == f"public, max-age={DAILY_SECONDS}" and not DAILY.per_caller
    for game in GAMES:
        behaviour = _behaviour_for(resources, f"/api/{game.key}/daily/2026-12-01")
        if not game.daily:
            assert behaviour["CachePolicyId"] == CACHING_DISABLED, game.key
            continue
        assert behaviour["TargetOriginId"] == "api"
        assert set(behaviour["AllowedMethods"]) == {"GET", "HEAD"}
        assert "OriginRequestPolicyId" not in behaviour, "nothing of the viewer's request reaches the API"
        policy = resources[behaviour["CachePolicyId"]["Ref"]]["Properties"]["CachePolicyConfig"]
        assert policy["MinTTL"] == 0 and policy["DefaultTTL"] == 0, "an answer that says no-store isn't kept"
        assert policy["MaxTTL"] >= DAILY_SECONDS
        keys = policy["ParametersInCacheKeyAndForwardedToOrigin"]
        assert keys["CookiesConfig"] == {"CookieBehavior": "none"}
        assert keys["HeadersConfig"] == {"HeaderBehavior": "none"}
        assert keys["QueryStringsConfig"] == {"QueryStringBehavior": "none"}
    board = _behaviour_for(resources, "/api/boards/chess/daily/2026-12-01")
    assert board["CachePolicyId"] == CACHING_DISABLED


def test_every_daily_games_api_copy_is_kept_as_the_edge_keeps_it() -> None:
    """Each daily game has its GET /api/<game>/daily/{date}, and its answers carry the DAILY rule; no
    other route's do (the edge keeps only those: the next test)."""
    from functions.app import create_app
    from functions.caching import DAILY, api_routes, rule_of
    from functions.routers_on_demand import include_all
    from puzzlebook.games import GAMES
    from service.store.sqlite import SqliteStore
    from tests.support import settings_for_tests

    app = create_app(settings_for_tests(), SqliteStore(":memory:"))
    include_all(app)  # the routers built on demand too
    routes = {path: route for path, route in api_routes(app) if "GET" in (route.methods or ())}
    for game in GAMES:
        if game.daily:
            assert rule_of(routes[f"/api/{game.key}/daily/{{date}}"]) is DAILY, game.key
    kept_so = {path for path, route in routes.items() if rule_of(route) is DAILY}
    assert kept_so == {f"/api/{g.key}/daily/{{date}}" for g in GAMES if g.daily}, "no other answer is DAILY"


def test_the_nightly_has_its_own_concurrency_and_an_alarm_for_a_tomorrow_not_staged(
        resources: dict[str, Any]) -> None:
    """Reserved concurrency: a flood on the API can't take what the night's staging needs (a run and
    its retry, or a run by hand); the alarm watches the metric the nightly logs (functions/metrics.py)."""
    from functions import metrics

    assert resources["NightlyFunction"]["Properties"]["ReservedConcurrentExecutions"] == 2
    alarm = resources["NightlyNotStagedAlarm"]["Properties"]
    assert (alarm["Namespace"], alarm["MetricName"]) == (metrics.NAMESPACE, metrics.STAGED)
    assert alarm["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": "NightlyFunction"}}]
    assert (alarm["Statistic"], alarm["Threshold"], alarm["ComparisonOperator"]) == ("Minimum", 1,
                                                                                   "LessThanThreshold")
    assert alarm["AlarmActions"] == [{"Ref": "AlarmTopic"}]
    assert resources["NightlyFailedAlarm"]["Properties"]["Period"] <= 30 * 60, "before the retry runs"


@pytest.mark.parametrize("url_path", ["/", "/static/0123456789/js/chess/app.js", "/shards/index.json",
                                      "/shards/Easy/0.0123456789ab.json", "/daily/chess/2026-11-30.json"])
def test_the_cdn_sends_every_file_of_the_site_compressed(resources: dict[str, Any], url_path: str) -> None:
    """The deploy uploads the plain files only (ops/deploy.py): CloudFront compresses them, with
    Brotli and gzip each cached apart (the cache key holds the normalised Accept-Encoding)."""
    behaviour = _behaviour_for(resources, url_path)
    assert behaviour["Compress"] is True
    policy = resources[behaviour["CachePolicyId"]["Ref"]]["Properties"]["CachePolicyConfig"]
    key = policy["ParametersInCacheKeyAndForwardedToOrigin"]
    assert key["EnableAcceptEncodingBrotli"] is True and key["EnableAcceptEncodingGzip"] is True


# Real paths of a built site, one or more per kind (see sitebuild/assets.py, shards.py, pages.py).
SITE_PATHS = [
    "/", "/about/", "/chain/", "/404.html", "/sw.js", "/manifest.webmanifest", "/robots.txt", "/sitemap.xml",
    "/schema/lesson.json", "/shards/index.json", "/shards/Easy/0.4026ce204239.json",
    "/shards/Expert/28.aea29a262005.json", "/static/878c00ef25/js/vendor/chess.js",
    "/static/878c00ef25/css/site.css", "/daily/index.json", "/daily/chess/2026-11-30.json",
    "/daily/chain/2026-11-30.json", "/snapshots/chess/daily/2026-11-30/Easy.json",
    "/snapshots/ratings/chess.json", "/snapshots/chess/alltime/Hard.json",
]


@pytest.mark.parametrize("url_path", SITE_PATHS)
def test_the_cdn_keeps_each_file_as_long_as_its_cache_control_says(resources: dict[str, Any],
                                                                    url_path: str) -> None:
    """The behaviour CloudFront picks for a path honours that path's cache class:
    the class's CDN lifetime lies within the policy's TTL bounds, and a path that
    the template expects to be of a class gets that class's lifetime as default."""
    behaviour = _behaviour_for(resources, url_path)
    assert behaviour["TargetOriginId"] == "site"
    policy = resources[behaviour["CachePolicyId"]["Ref"]]["Properties"]["CachePolicyConfig"]
    rule = cache.cache_rule(url_path)
    assert policy["MinTTL"] <= rule.cdn_seconds <= policy["MaxTTL"], (url_path, rule, policy)
    if rule is cache.IMMUTABLE:
        assert policy["DefaultTTL"] == cache.YEAR
    else:
        assert policy["MaxTTL"] <= cache.SHORT, "a mutable file must not outlive a few minutes at the edge"


def test_each_behaviour_pattern_is_the_cache_class_it_claims(resources: dict[str, Any]) -> None:
    expected = {
        "/shards/index.json": cache.SHORT_LIVED,
        "/shards/*": cache.IMMUTABLE,
        "/static/*": cache.IMMUTABLE,
        "/daily/*": cache.SHORT_LIVED,
        "/snapshots/*": cache.SNAPSHOT,
    }
    samples = {"/shards/*": "/shards/Hard/3.0123456789ab.json", "/static/*": "/static/0123456789/js/app.js",
               "/daily/*": "/daily/chain/2026-12-01.json", "/shards/index.json": "/shards/index.json",
               "/snapshots/*": "/snapshots/chess/daily/2026-12-01/Easy.json"}
    patterns = [b["PathPattern"] for b in _behaviours(resources)]
    assert patterns.index("/shards/index.json") < patterns.index("/shards/*"), "index.json is not immutable"
    for pattern, rule in expected.items():
        assert _matches(pattern, samples[pattern])
        assert cache.cache_rule(samples[pattern]) is rule
        behaviour = _behaviour_for(resources, samples[pattern])
        assert behaviour["PathPattern"] == pattern
        policy = resources[behaviour["CachePolicyId"]["Ref"]]["Properties"]["CachePolicyConfig"]
        assert policy["DefaultTTL"] == rule.cdn_seconds


def test_outputs_name_everything_the_deploy_and_the_operator_need(template: dict[str, Any]) -> None:
    assert {"SiteUrl", "BucketName", "ApiUrl", "TableName", "DistributionId", "NightlyFunctionName",
            "SnapshotFunctionName", "SiteKeyParameter", "SiteTimeZone"} <= set(template["Outputs"])


def _run_page_function(code: str, uri: str, querystring: dict[str, Any] | None = None) -> dict[str, Any]:
    return viewer_requests(code, [{"uri": uri, "querystring": querystring or {}}])[0]


def test_folder_urls_find_their_index_page_and_bare_folders_get_a_slash(resources: dict[str, Any]) -> None:
    code = resources["PagePathFunction"]["Properties"]["FunctionCode"]
    assert _run_page_function(code, "/about/")["uri"] == "/about/index.html"
    assert _run_page_function(code, "/")["uri"] == "/index.html"
    assert _run_page_function(code, "/static/0123456789/js/app.js")["uri"] == "/static/0123456789/js/app.js"
    assert _run_page_function(code, "/sw.js")["uri"] == "/sw.js"
    moved = _run_page_function(code, "/chain", {"ref": {"value": "home"}})
    assert moved["statusCode"] == 301
    assert moved["headers"]["location"]["value"] == "/chain/?ref=home"


def _run_page_function_on(code: str, uris: list[str]) -> list[dict[str, Any]]:
    """The function's answer for each of `uris` (no query string), in one node process."""
    return viewer_requests(code, [{"uri": uri} for uri in uris])


def test_a_folder_redirect_never_leaves_the_site(resources: dict[str, Any]) -> None:
    from urllib.parse import unquote

    from tests.redirects import RAW, SITE, browser_goes_to, hostile_paths

    code = resources["PagePathFunction"]["Properties"]["FunctionCode"]
    # As sent, decoded (should CloudFront hand the function a decoded URI), and with raw controls.
    paths = hostile_paths()
    uris = sorted({*paths, *(unquote(p) for p in paths), *hostile_paths(RAW)})
    answers = _run_page_function_on(code, uris)
    moved = [(uri, a["headers"]["location"]["value"]) for uri, a in zip(uris, answers, strict=True)
             if a.get("statusCode") == 301]
    assert len(moved) > len(uris) / 2, "most of these are folder paths: each gets a redirect"
    origins = browser_goes_to([location for _, location in moved])
    away = [(uri, location) for (uri, location), origin in zip(moved, origins, strict=True) if origin != SITE]
    assert not away, away[:5]
    # Where it goes instead: the same path, once slashed, on this site.
    by_uri = dict(moved)
    assert by_uri["//evil.example/x"] == "/evil.example/x/"
    assert by_uri["/\\evil.example/x"] == "/%5Cevil.example/x/"
    assert by_uri["/%2Fevil.example/x"] == "/%2Fevil.example/x/"


def test_both_functions_start_from_a_snapstart_snapshot_of_a_published_version(
        template: dict[str, Any], resources: dict[str, Any]) -> None:
    glob = template["Globals"]["Function"]
    assert glob["SnapStart"] == {"ApplyOn": "PublishedVersions"}
    assert glob["AutoPublishAlias"] == "live"
    for name in ("ApiFunction", "NightlyFunction", "SnapshotFunction"):
        props = resources[name]["Properties"]
        assert "SnapStart" not in props and "AutoPublishAlias" not in props, f"{name} must not opt out"
        # SnapStart refuses provisioned concurrency, EFS and more than 512 MB of /tmp.
        assert not {"ProvisionedConcurrencyConfig", "FileSystemConfigs", "EphemeralStorage"} & set(props)


def _refs(value: Any) -> set[str]:
    """Every logical id `value` refers to (Ref, Fn::GetAtt, and ${Name} / ${Name.Attr} in Fn::Sub)."""
    import re

    found: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "Ref" and isinstance(inner, str):
                found.add(inner)
            elif key == "Fn::GetAtt":
                found.add(inner[0] if isinstance(inner, list) else inner.split(".")[0])
            elif key == "Fn::Sub":
                text = inner[0] if isinstance(inner, list) else inner
                found |= {m.split(".")[0] for m in re.findall(r"\$\{([^}!]+)\}", text)}
                found |= _refs(inner[1:] if isinstance(inner, list) else [])
            else:
                found |= _refs(inner)
    elif isinstance(value, list):
        for inner in value:
            found |= _refs(inner)
    return found


def test_the_api_and_the_schedule_call_the_alias_never_latest(translated: dict[str, Any]) -> None:
    res = translated["Resources"]
    by_type: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for logical_id, resource in res.items():
        by_type.setdefault(resource["Type"], []).append((logical_id, resource))
    for function in ("ApiFunction", "NightlyFunction", "SnapshotFunction", "LiveFunction"):
        assert res[function]["Properties"]["SnapStart"] == {"ApplyOn": "PublishedVersions"}
        aliases = [(i, r) for i, r in by_type["AWS::Lambda::Alias"]
                   if function in _refs(r["Properties"]["FunctionName"])]
        assert len(aliases) == 1, aliases
        alias_id, alias = aliases[0]
        assert alias["Properties"]["Name"] == "live"
        version_id = alias["Properties"]["FunctionVersion"]["Fn::GetAtt"][0]
        assert res[version_id]["Type"] == "AWS::Lambda::Version"
        # Whatever invokes the function names the alias: the API's integration, the schedule's target,
        # and the permissions that let them.
        kinds = ("AWS::ApiGatewayV2::Integration", "AWS::Scheduler::Schedule", "AWS::Lambda::Permission")
        callers = [r for t in kinds for _, r in by_type.get(t, [])
                   if function in _refs(r) or alias_id in _refs(r)]
        assert callers, f"nothing calls {function}"
        for caller in callers:
            refs = _refs(caller)
            assert alias_id in refs, caller
            assert function not in refs, f"{caller} calls $LATEST of {function}"
    apis = by_type["AWS::ApiGatewayV2::Api"]
    assert any("ApiFunctionAliaslive" in json.dumps(r) for _, r in apis), "the API's route calls the alias"


def test_each_daily_games_api_copy_has_one_behaviour_made_alike(resources: dict[str, Any]) -> None:
    """The template writes a behaviour for each daily game's API copy (`/api/<game>/daily/*`, the run
    modes' among them), one a game, by hand: they are held to the registry (exactly one for each game
    it marks daily, and the app answers exactly those: the test above) and to each other: each the
    same but for its pattern, and before /api/*. A new daily game or mode copies one and changes the
    key; this fails on anything else."""
    from puzzlebook.games import GAMES

    behaviours = _behaviours(resources)
    patterns = [b["PathPattern"] for b in behaviours]
    copies = [b for b in behaviours if re.fullmatch(r"/api/[^/*]+/daily/\*", b["PathPattern"])]
    daily = sorted(f"/api/{g.key}/daily/*" for g in GAMES if g.daily)
    assert sorted(b["PathPattern"] for b in copies) == daily
    for behaviour in copies:
        pattern = behaviour["PathPattern"]
        assert patterns.index(pattern) < patterns.index("/api/*"), pattern
        assert {**behaviour, "PathPattern": None} == {**copies[0], "PathPattern": None}, pattern


def test_the_live_rooms_are_a_websocket_api_whose_three_routes_call_the_live_functions_alias(
        translated: dict[str, Any], resources: dict[str, Any], template: dict[str, Any]) -> None:
    """API Gateway's WebSocket API in front of LiveFunction (docs/live.md): $connect, $disconnect and
    $default to one integration that calls the alias; one stage, `live`, throttled by the parameters."""
    assert resources["LiveApi"]["Properties"]["ProtocolType"] == "WEBSOCKET"
    res = translated["Resources"]
    routes = {r["Properties"]["RouteKey"]: r["Properties"] for r in res.values()
              if r["Type"] == "AWS::ApiGatewayV2::Route"}
    assert set(routes) == {"$connect", "$disconnect", "$default"}
    for route in routes.values():
        assert route["ApiId"] == {"Ref": "LiveApi"}
        assert route["Target"] == {"Fn::Sub": "integrations/${LiveIntegration}"}
    integration = res["LiveIntegration"]["Properties"]
    assert integration["IntegrationType"] == "AWS_PROXY"
    assert "LiveFunctionAliaslive" in json.dumps(integration["IntegrationUri"])
    stage = resources["LiveStage"]["Properties"]
    assert stage["StageName"] == "live"
    assert stage["DefaultRouteSettings"] == {"ThrottlingRateLimit": {"Ref": "LiveRateLimit"},
                                             "ThrottlingBurstLimit": {"Ref": "LiveBurstLimit"}}
    from functions.live import aws

    props = resources["LiveFunction"]["Properties"]
    assert props["Handler"] == "functions.live.aws.handler" == f"{aws.__name__}.handler"
    endpoint = props["Environment"]["Variables"]["PUZZLEBOOK_LIVE_ENDPOINT"]["Fn::Sub"]
    assert endpoint.endswith("/live")  # the stage's own Management API


def test_the_live_function_posts_only_to_its_own_apis_connections(translated: dict[str, Any]) -> None:
    statements = {st["Sid"]: st for st in _statements(translated, "LiveFunctionRole")}
    assert set(statements) == {"TableItems", "SiteKeyParameter", "SiteKeyDecrypt", "PostToConnections"}
    post = statements["PostToConnections"]
    assert _actions(post) == ["execute-api:ManageConnections"]
    arn = ("arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:"
           "${LiveApi}/live/POST/@connections/*")
    assert post["Resource"] == {"Fn::Sub": arn}


def test_the_live_function_logs_only_warnings_and_errors(translated: dict[str, Any]) -> None:
    """An invocation a message: Lambda's START/END/REPORT lines (INFO) would be most of live play's log
    bill (infra/README.md, "What it costs")."""
    function = translated["Resources"]["LiveFunction"]["Properties"]
    assert function["LoggingConfig"] == {"LogFormat": "JSON", "ApplicationLogLevel": "WARN",
                                         "SystemLogLevel": "WARN"}


def test_the_site_reaches_the_live_rooms_at_slash_live_uncached_with_the_handshakes_headers(
        resources: dict[str, Any]) -> None:
    live = _behaviour_for(resources, "/live")
    assert live["TargetOriginId"] == "live"
    assert live["CachePolicyId"] == CACHING_DISABLED
    assert live["OriginRequestPolicyId"] == ALL_VIEWER_EXCEPT_HOST  # Sec-WebSocket-Protocol: the token
    origins = resources["Distribution"]["Properties"]["DistributionConfig"]["Origins"]
    origin = next(o for o in origins if o["Id"] == "live")
    assert "OriginPath" not in origin  # /live is the stage's own path
    assert origin["DomainName"] == {"Fn::Sub": "${LiveApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}"}
    from ops.server import LIVE_PATH

    assert LIVE_PATH == "/live"  # make serve's route is the same path
