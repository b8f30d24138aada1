"""Spark schema of a `giro batch` output line, derived from docs/record.schema.json (never copied by hand).

The JSON Schema is the contract; this module walks it and builds the StructType, so a field Giro starts
printing reaches Spark as soon as the schema documents it. Mapping:

- object with properties -> StructType (every field nullable: Spark cannot express "required");
- object with only additionalProperties -> MapType(string, ...);
- array -> ArrayType; ["string", "null"] -> the non-null type; ["string", "integer"] (the batch id) -> string;
- a decimal string (the schema's decimal pattern) -> DecimalType(38, 18), so amounts sum exactly in SQL;
- an ISO date string (the schema's date pattern) -> DateType;
- a number (a measure such as a provenance confidence; never money) -> DoubleType;
- a recursive reference (a record's additionalPayments hold records) -> string: Spark types cannot recurse,
  and its JSON reader keeps such a value as raw JSON text, to be read with from_json when needed.
"""

import json
from pathlib import Path

from pyspark.sql.types import (ArrayType, BooleanType, DataType, DateType, DecimalType, DoubleType, LongType,
                               MapType, StringType, StructField, StructType)

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "record.schema.json"
DECIMAL_PATTERN = "^-?[0-9]+(\\.[0-9]+)?$"
DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
DECIMAL_TYPE = DecimalType(38, 18)


class SchemaConversionError(ValueError):
    pass


class _Converter:
    def __init__(self, document):
        self.defs = document.get("$defs", {})

    def convert(self, node, refs=()):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name in refs:
                return StringType()
            if name not in self.defs:
                raise SchemaConversionError(f"unknown reference {node['$ref']}")
            return self.convert(self.defs[name], refs + (name,))
        if "oneOf" in node and "type" not in node:
            # Alternatives that only add "required" constraints carry no type (batchLine: record xor error).
            typed = [alt for alt in node["oneOf"] if alt != {"type": "null"} and ("$ref" in alt or "type" in alt)]
            if len(typed) != 1:
                raise SchemaConversionError(f"oneOf with {len(typed)} typed alternatives: {node}")
            return self.convert(typed[0], refs)
        types = node.get("type")
        if isinstance(types, list):
            types = [t for t in types if t != "null"]
            if len(types) != 1:
                return StringType()  # an id that is a string or an integer
            types = types[0]
        if types == "object":
            return self._object(node, refs)
        if types == "array":
            return ArrayType(self.convert(node.get("items", {"type": "string"}), refs), containsNull=True)
        if types == "string":
            pattern = node.get("pattern")
            if pattern == DECIMAL_PATTERN:
                return DECIMAL_TYPE
            if pattern == DATE_PATTERN:
                return DateType()
            return StringType()
        if types == "integer":
            return LongType()
        if types == "boolean":
            return BooleanType()
        if types == "number":
            # A measure (a provenance confidence, 0-1), never money: amounts are decimal strings.
            return DoubleType()
        raise SchemaConversionError(f"no Spark type for {node}")

    def _object(self, node, refs):
        properties = node.get("properties")
        if properties:
            return StructType([StructField(name, self.convert(sub, refs), nullable=True)
                               for name, sub in properties.items()])
        values = node.get("additionalProperties")
        if isinstance(values, dict):
            return MapType(StringType(), self.convert(values, refs), valueContainsNull=True)
        raise SchemaConversionError(f"object without properties or value schema: {node}")


def load_document(path=SCHEMA_PATH):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def spark_type(definition: str, document=None) -> DataType:
    """The Spark type of one definition of the record schema ("record", "error", "batchLine" ...)."""
    document = document or load_document()
    return _Converter(document).convert({"$ref": f"#/$defs/{definition}"})


def batch_line_schema(document=None) -> StructType:
    """What from_json reads from a `giro batch` output line: id, record, error (giro's own `line` counts within
    one process's input, so the job replaces it with the line number in the whole input)."""
    line = spark_type("batchLine", document)
    return StructType([field for field in line.fields if field.name != "line"])


def output_schema(document=None) -> StructType:
    """The rows the job writes: the 1-based line in the job's input, then the batch line's fields."""
    return StructType([StructField("line", LongType(), nullable=False)] + batch_line_schema(document).fields)


if __name__ == "__main__":
    print(output_schema().simpleString())
