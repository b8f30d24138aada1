#!/usr/bin/env python3
"""Writes Sources/GiroServer/openapi.json, the `giro serve` contract (compiled into the server as bytes by SwiftPM).

The record, error, batch-line and identifier-check schemas are docs/record.schema.json's $defs, copied into
components/schemas with their $refs rewritten, so the service contract and the CLI's record schema cannot drift
(GiroServerTests checks the document is current and served byte for byte). Run: python3 scripts/openapi.py
"""
import json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rewrite(node):
    if isinstance(node, dict):
        return {k: (v.replace("#/$defs/", "#/components/schemas/") if k == "$ref" else rewrite(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [rewrite(v) for v in node]
    return node


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def problem(description):
    return {"description": description, "content": {"application/problem+json": {"schema": ref("Problem")}}}


def json_ok(description, schema):
    return {"description": description, "content": {"application/json": {"schema": schema}}}


GATED = {  # answers every gated /v1 route can give besides its own
    "401": problem("Bearer token missing or wrong (only when the server runs with --token-file)."),
    "429": problem("Overloaded: all --max-concurrent slots busy and the --max-queue full (Retry-After set)."),
    "503": problem("Draining (shutdown started; Retry-After set) or time_budget_exceeded."),
}
BODY_ERRORS = {
    "400": problem("Malformed request (bad JSON body, bad query parameter): code malformed_request or input_invalid."),
    "413": problem("Body over --max-body (body_too_large) or payload over the engine limit (payload_too_large)."),
    "415": problem("Content-Type not accepted by this route (unsupported_media_type)."),
}


AS_OF = {"name": "asOf", "in": "query", "required": False,
         "description": "Judge by the format rules in force on this day (YYYY-MM-DD, default today in UTC; "
                        "docs/decoding-policy.md, Rules in force on a date). Not a real day: 400 malformed_request.",
         "schema": {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}}


def operation(op_id, summary, request_body, responses, parameters=None):
    op = {"operationId": op_id, "summary": summary, "responses": responses}
    if request_body:
        op["requestBody"] = request_body
    if parameters:
        op["parameters"] = parameters
    return op


def build():
    record_schema = json.load(open(os.path.join(ROOT, "docs/record.schema.json")))
    schemas = rewrite(record_schema["$defs"])
    schemas["Problem"] = {
        "description": "RFC 9457 problem details with Giro's stable error code.",
        "type": "object",
        "required": ["type", "title", "status", "detail", "code", "field", "line", "offset", "format"],
        "properties": {
            "type": {"type": "string", "description": "/problems/{code}"},
            "title": {"type": "string"},
            "status": {"type": "integer"},
            "detail": {"type": "string"},
            "code": {"type": "string", "description": "Giro error code or service code (docs/service.md)."},
            "field": {"type": ["string", "null"]},
            "line": {"type": ["integer", "null"]},
            "offset": {"type": ["integer", "null"]},
            "format": {"type": ["string", "null"]},
            "error": ref("error"),
            "partial": ref("record"),
        },
    }
    schemas["ImageSymbol"] = {
        "type": "object",
        "required": ["schema", "kind", "symbology", "eci", "reader", "pass", "corners", "record", "error", "text",
                     "textCharset", "bytesBase64", "bytesHex"],
        "properties": {
            "schema": {"type": "integer"},
            "kind": {"type": "string", "enum": ["payment", "not_a_payment", "invalid"]},
            "symbology": {"type": "string"},
            "eci": {"type": ["integer", "null"]},
            "reader": {"type": "string"},
            "pass": {"type": "string"},
            "corners": {"type": "array", "items": {"type": "object", "required": ["x", "y"],
                                                   "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}}}},
            "record": {"oneOf": [{"type": "null"}, ref("record")]},
            "error": {"oneOf": [{"type": "null"}, ref("error")]},
            "text": {"type": "string"},
            "textCharset": {"type": "string"},
            "bytesBase64": {"type": "string"},
            "bytesHex": {"type": "string"},
        },
    }
    schemas["ImageSlip"] = {
        "description": "A printed slip read by its template (only where no payment barcode inside it decoded).",
        "type": "object",
        "required": ["kind", "slipClass", "corners", "record"],
        "properties": {
            "kind": {"type": "string", "enum": ["slip"]},
            "slipClass": {"type": "string"},
            "corners": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}},
            "record": ref("record"),
        },
    }
    schemas["ParseAnswer"] = {
        "type": "object", "required": ["schema", "candidates"],
        "properties": {"schema": {"type": "integer"}, "candidates": {"type": "array", "items": {"type": "object"}}},
    }
    schemas["FormatDescriptor"] = {"type": "object", "required": ["id", "name", "symbologies", "canEncode"],
                                   "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                                  "country": {"type": ["string", "null"]},
                                                  "symbologies": {"type": "array", "items": {"type": "string"}},
                                                  "canEncode": {"type": "boolean"}}}
    schemas["Status"] = {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}}
    schemas["DecodeJSONRequest"] = {
        "type": "object",
        "oneOf": [
            {"required": ["payload"], "not": {"required": ["payloadBase64"]}, "properties": {"payload": {"type": "string"}}},
            {"required": ["payloadBase64"], "not": {"required": ["payload"]}, "properties": {"payloadBase64": {
                "type": "string", "contentEncoding": "base64",
                "pattern": "^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"}}},
        ],
    }
    schemas["CheckJSONRequest"] = {
        "type": "object",
        "oneOf": [
            {"required": ["value"], "not": {"required": ["values"]}, "properties": {"value": {"type": "string"}}},
            {"required": ["values"], "not": {"required": ["value"]}, "properties": {"values": {"type": "array", "minItems": 1, "maxItems": 10000,
                                                               "items": {"type": "string"}}}},
        ],
    }
    schemas["Pain001Request"] = {
        "type": "object", "required": ["debtorName", "debtorIBAN", "records"],
        "properties": {"debtorName": {"type": "string"}, "debtorIBAN": {"type": "string"}, "debtorBIC": {"type": "string"},
                       "executionDate": {"type": "string", "description": "YYYY-MM-DD"},
                       "flavor": {"type": "string", "enum": ["sepa", "ch", "03"]},
                       "messageId": {"type": "string", "pattern": "^[A-Za-z0-9-]{1,20}$"},
                       "records": {"type": "array", "minItems": 1, "maxItems": 10000, "items": ref("record")}},
    }
    schemas["Pain001Answer"] = {
        "type": "object", "required": ["schema", "xml", "messageId", "numberOfTransactions", "controlSum", "warnings"],
        "properties": {"schema": {"type": "integer"}, "xml": {"type": "string"}, "messageId": {"type": "string"},
                       "numberOfTransactions": {"type": "integer"}, "controlSum": {"type": "string"},
                       "warnings": {"type": "array", "items": ref("diagnostic")}},
    }
    binary = {"type": "string", "format": "binary"}
    gated = lambda extra: {**extra, **GATED}
    paths = {
        "/v1/decode": {"post": operation(
            "decode", "Decode one payment payload; the record exactly as `giro decode -o json` prints it.",
            {"required": True, "content": {
                "application/octet-stream": {"schema": binary},
                "text/plain": {"schema": {"type": "string"}},
                "application/json": {"schema": ref("DecodeJSONRequest")},
                # An e-invoice (UBL, CII, ZUGFeRD 1.0, ebInterface): its record, source.kind xml.
                "application/xml": {"schema": {"type": "string"}},
                "text/xml": {"schema": {"type": "string"}}}},
            gated({"200": json_ok("The record (status valid or uncertain; Giro-Format and Giro-Status headers).", ref("record")),
                   **BODY_ERRORS,
                   "422": problem("Undecodable payment data: Giro's error code, field, line, offset, partial.")}),
            [{"name": "as", "in": "query", "required": False, "description": "Skip detection: decode with this format id.",
              "schema": {"type": "string"}}, AS_OF])},
        "/v1/images": {"post": operation(
            "decodeImage", "Every barcode symbol and printed slip in an image, as `giro decode IMAGE -o json` prints them.",
            {"required": True, "content": {
                "image/png": {"schema": binary}, "image/jpeg": {"schema": binary}, "image/webp": {"schema": binary},
                "application/octet-stream": {"schema": binary},
                "multipart/form-data": {"schema": {"type": "object", "required": ["image"], "properties": {"image": binary}}}}},
            gated({"200": json_ok("The symbols found, then the printed slips (empty when none).",
                                  {"type": "array", "items": {"oneOf": [ref("ImageSymbol"), ref("ImageSlip")]}}),
                   **BODY_ERRORS,
                   "415": problem("Not PNG, JPEG or WebP (image_format_unsupported), or a Content-Type not accepted."),
                   "422": problem("A corrupt image (image_invalid).")}), [AS_OF])},
        "/v1/documents": {"post": operation(
            "decodeDocument", "One verdict on a PDF, image or XML document: the payments merged across its sources "
            "(barcode, print), each field's sources and every document_source_mismatch (`giro decode --document`).",
            {"required": True, "content": {
                "application/pdf": {"schema": binary}, "image/png": {"schema": binary}, "image/jpeg": {"schema": binary},
                "image/webp": {"schema": binary}, "application/xml": {"schema": binary}, "text/xml": {"schema": binary},
                "application/octet-stream": {"schema": binary},
                "multipart/form-data": {"schema": {"type": "object", "required": ["document"], "properties": {"document": binary}}}}},
            gated({"200": json_ok("The document's verdict (status valid, uncertain or no_payment).", ref("document")),
                   **BODY_ERRORS,
                   "415": problem("Not a PDF, image or XML (document_unsupported, image_format_unsupported), or a Content-Type not accepted."),
                   "422": problem("A corrupt or unreadable file (pdf_invalid, pdf_encrypted, image_invalid …).")}))},
        "/v1/batch": {"post": operation(
            "batch", "NDJSON in, NDJSON out, both streamed: one output line per input line (`giro batch`).",
            {"required": False, "content": {"application/x-ndjson": {"schema": {"type": "string"}},
                                           "text/plain": {"schema": {"type": "string"}}}},
            gated({"200": {"description": "One line per input line, each a batchLine object.",
                           "content": {"application/x-ndjson": {"schema": {"type": "string"},
                                                                "x-line-schema": ref("batchLine")}}},
                   "400": problem("A bad asOf query parameter (malformed_request)."),
                   "415": BODY_ERRORS["415"]}), [AS_OF])},
        "/v1/parse": {"post": operation(
            "parse", "Typed candidates (IBAN, amount, date, reference …) out of OCR text, as `giro parse` prints them.",
            {"required": False, "content": {"text/plain": {"schema": {"type": "string"}}}},
            gated({"200": json_ok("Candidates, best first.", ref("ParseAnswer")), **BODY_ERRORS}),
            [{"name": "parsers", "in": "query", "required": False,
              "description": "Comma-separated: iban, amount, date, reference, email, raw, vin, national (every national "
                             "parser of `country`, of every country without it), or a national type (`cz.vs`, `de.bzue` …). "
                             "The document `giro serve` serves lists this registry's names in the pattern "
                             "(Sources/GiroServer/OpenAPIDocument.swift). Default: iban,amount,date,reference,national.",
              "schema": {"type": "string", "pattern": "^($GIRO_PARSER_NAMES)(,($GIRO_PARSER_NAMES))*$"}},
             {"name": "country", "in": "query", "required": False, "schema": {"type": "string", "pattern": "^[A-Za-z]{2}$"}},
             {"name": "lang", "in": "query", "required": False, "schema": {"type": "string"}},
             {"name": "currency", "in": "query", "required": False, "schema": {"type": "string"}},
             {"name": "mdy", "in": "query", "required": False, "schema": {"type": "boolean"}}])},
        "/v1/check/{kind}": {"post": operation(
            "check", "Validate identifiers; one `giro check --json` object per value, in order.",
            {"required": True, "content": {"application/json": {"schema": ref("CheckJSONRequest")},
                                           "text/plain": {"schema": {"type": "string", "minLength": 1}}}},
            gated({"200": json_ok("One result per value.", {"type": "array", "items": ref("identifierCheck")}),
                   **BODY_ERRORS, "404": problem("No validator of that kind (not_found)."),
                   "422": problem("An option the kind does not take, or a value of it the kind does not know (input_invalid).")}),
            [{"name": "kind", "in": "path", "required": True,
              "description": "A kind of `giro check --list`. The document `giro serve` serves lists the kinds of its "
                             "country registry here (Sources/GiroServer/OpenAPIDocument.swift); another kind is 404.",
              "schema": {"type": "string", "enum": ["$GIRO_CHECK_KINDS"]}},
             {"name": "algorithm", "in": "query", "required": False,
              "description": "The check-digit algorithm of a kind that has several (`au-crn`: MOD10V01, MOD10V05 …; "
                             "`giro check --list` names each kind's options). An option the kind does not take is 422.",
              "schema": {"type": "string", "maxLength": 32}},
             {"name": "length-digit", "in": "query", "required": False,
              "description": "The value must end in its length digit (`se-ocr`). An option the kind does not take is 422.",
              "schema": {"type": "boolean"}}])},
        "/v1/formats": {"get": operation(
            "formats", "The supported payment formats (`giro formats --json`).", None,
            gated({"200": json_ok("Format descriptors.", {"type": "array", "items": ref("FormatDescriptor")})}))},
        "/v1/export/pain001": {"post": operation(
            "exportPain001", "Records (as /v1/decode answers them) as an ISO 20022 pain.001 (`giro export pain001`).",
            {"required": True, "content": {"application/json": {"schema": ref("Pain001Request")}}},
            gated({"200": json_ok("The pain.001 XML, its totals and what was changed to fit the flavour.", ref("Pain001Answer")),
                   **BODY_ERRORS,
                   "422": problem("A record that cannot be a credit transfer, or an invalid debtor (Giro's error code; field records[N].…).")}))},
        "/v1/encode": {"post": operation(
            "encode", "One record (as /v1/decode answers it) as the payload of a format that encodes (`giro encode`).",
            {"required": True, "content": {"application/json": {"schema": ref("record")}}},
            gated({"200": {"description": "The payload bytes.", "content": {"application/octet-stream": {"schema": binary}}},
                   **BODY_ERRORS,
                   "422": problem("Not a format that encodes (encode_not_supported), or what the target cannot carry.")}),
            [{"name": "as", "in": "query", "required": True, "description": "Target format id (/v1/formats, canEncode).",
              "schema": {"type": "string"}}])},
        "/healthz": {"get": operation("health", "Liveness.", None, {"200": json_ok("Alive.", ref("Status"))})},
        "/readyz": {"get": operation("ready", "Readiness: 503 once draining.", None, {
            "200": json_ok("Ready.", ref("Status")), "503": problem("Draining.")})},
        "/openapi.json": {"get": operation("openapi", "This document.", None, {
            "200": json_ok("OpenAPI 3.1 document.", {"type": "object"})})},
        "/metrics": {"get": operation("metrics", "Prometheus metrics.", None, {
            "200": {"description": "Prometheus text exposition.", "content": {"text/plain": {"schema": {"type": "string"}}}},
            "401": GATED["401"]})},
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Giro payment-slip decoding service", "version": "1.0.0",
                 "description": "`giro serve`. Status table, limits and auth: docs/service.md."},
        "servers": [{"url": "http://127.0.0.1:8080"}],
        "paths": paths,
        "components": {"schemas": schemas,
                       "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                                      "description": "Only when the server runs with --token-file."}}},
    }


def main():
    doc = json.dumps(build(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    open(os.path.join(ROOT, "Sources/GiroServer/openapi.json"), "w").write(doc)


if __name__ == "__main__":
    sys.exit(main())
