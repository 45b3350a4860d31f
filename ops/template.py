"""Reading infra/template.yaml: the one source of the DynamoDB table and the
site's security headers.

CloudFormation YAML has short-form tags (!Ref, !Sub, !GetAtt ...) that a plain
YAML loader refuses; here they load as {"Fn::...": value} like the long form.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

TEMPLATE = Path(__file__).resolve().parent.parent / "infra" / "template.yaml"


class _CfnLoader(yaml.SafeLoader):
    pass


def _tag(loader: yaml.Loader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
        if suffix == "GetAtt" and isinstance(value, str):
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return {name: value}


_CfnLoader.add_multi_constructor("!", _tag)


@cache
def load_template(path: Path = TEMPLATE) -> dict[str, Any]:
    """The template as plain data (short-form tags expanded to their long form)."""
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_CfnLoader)  # a SafeLoader subclass


def resource(logical_id: str, path: Path = TEMPLATE) -> dict[str, Any]:
    """One resource of the template by its logical id; KeyError names it when absent."""
    resources = load_template(path)["Resources"]
    if logical_id not in resources:
        raise KeyError(f"infra/template.yaml has no resource {logical_id!r}")
    return resources[logical_id]


def dynamodb_table_kwargs(
    table_name: str, logical_id: str = "Table", path: Path = TEMPLATE
) -> dict[str, Any]:
    """boto3 `create_table` arguments for the template's table, under `table_name`.

    Only the parts create_table takes; TTL and point-in-time recovery are
    separate calls (see `dynamodb_ttl_attribute`).
    """
    props = resource(logical_id, path)["Properties"]
    kwargs: dict[str, Any] = {
        "TableName": table_name,
        "AttributeDefinitions": props["AttributeDefinitions"],
        "KeySchema": props["KeySchema"],
        "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
    }
    if props.get("GlobalSecondaryIndexes"):
        kwargs["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
    return kwargs


def dynamodb_ttl_attribute(logical_id: str = "Table", path: Path = TEMPLATE) -> str | None:
    """The table's TTL attribute name, or None when TTL is off."""
    spec = resource(logical_id, path)["Properties"].get("TimeToLiveSpecification") or {}
    return spec.get("AttributeName") if spec.get("Enabled") else None
