"""Decode NDJSON payment payloads on Apache Spark: each partition goes through one `giro batch` process.

    spark-submit --files /usr/local/bin/giro examples/spark/giro_spark.py \
        --input s3a://bucket/payloads/ --output s3a://bucket/records/ --format parquet

Input: the `giro batch` line contract (docs/cli.md): {"id": ..., "payload": "..."}, {"id": ...,
"payloadBase64": "..."} or a plain-text payload per line. Output: one row per input line, in the explicit
schema record_schema.output_schema() derived from docs/record.schema.json: `line` (1-based line number in the
whole input), `id`, and either `record` or `error`, exactly as `giro batch` prints them.

Documents (--documents): the input is a folder of PDFs and images, read with Spark's `binaryFile` source; each
file becomes one `{"id": path, "payloadBase64": ...}` line for `giro batch`, which reads it as one document. Output:
one row per file: `path`, `status` (valid, uncertain, no_payment), `payments`, `mismatches` (the fields with a
`document_source_mismatch`), `error` (the code when the file could not be read) and `document` (the whole verdict as
JSON text, docs/record.md "Documents").

A broken line (bad JSON, oversized, binary junk) becomes an error row inside `giro batch` itself. If the giro
process dies or hangs, the partition is not failed: the lines it answered are kept and the rest is re-run in
halves until the lines that kill giro are isolated; each of those gets an `engine_failed` error row.
"""

import argparse
import base64
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pyspark import SparkFiles  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402

import record_schema  # noqa: E402

ENGINE_FAILED = "engine_failed"
# More lines than this isolated as engine failures in one partition means giro itself is unusable on this
# worker (wrong binary, missing library): the task fails loudly instead of writing error rows for everything.
MAX_ENGINE_FAILURES = 16


class GiroUnusable(RuntimeError):
    pass


def resolve_giro(giro):
    """An absolute path is used as is; a bare name is looked up among the files shipped with --files, then PATH."""
    if os.path.isabs(giro):
        return giro
    try:
        shipped = SparkFiles.get(giro)
        if os.path.exists(shipped):
            return shipped
    except Exception:  # noqa: BLE001 - no SparkContext files on this worker
        pass
    return giro


def _input_id(line: bytes):
    """The id of a line giro could not answer, so the error row still names it when the line is valid JSON."""
    try:
        value = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(value, dict) and isinstance(value.get("id"), (str, int)) and not isinstance(value.get("id"), bool):
        return value["id"]
    return None


def engine_failed_line(line: bytes, detail: str) -> str:
    return json.dumps({"id": _input_id(line), "error": {
        "code": ENGINE_FAILED, "field": "line", "format": None, "line": None, "offset": None,
        "message": f"giro batch failed on this line ({detail})", "diagnostics": [], "partial": None}})


def run_giro(command, lines, timeout_s):
    """Complete output lines of one `giro batch` run (in input order), and None or why the run failed."""
    data = b"".join(line + b"\n" for line in lines)
    try:
        done = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired as expired:
        return _complete_lines(expired.stdout or b""), f"no answer within {timeout_s:.0f} s"
    outputs = _complete_lines(done.stdout)
    if done.returncode != 0:
        return outputs, f"exit status {done.returncode}"
    if len(outputs) != len(lines):
        return outputs, f"{len(outputs)} output lines for {len(lines)} input lines"
    return outputs, None


def _complete_lines(stdout: bytes):
    # A line cut by a crash has no newline yet; it is dropped and its input line is run again.
    return [line.decode("utf-8", errors="replace") for line in stdout.split(b"\n")[:-1]]


def decode_lines(command, lines, timeout_s, failures=None):
    """One output JSON text per input line, whatever giro does: bisects around the lines that kill it."""
    failures = [0] if failures is None else failures
    if not lines:
        return []
    outputs, failure = run_giro(command, lines, timeout_s(len(lines)))
    if failure is None:
        return outputs
    answered = outputs[:len(lines)]
    if len(answered) == len(lines):
        return answered  # every line answered; the failure came after the last one
    if len(lines) == 1:
        failures[0] += 1
        if failures[0] > MAX_ENGINE_FAILURES:
            raise GiroUnusable(f"{command[0]} failed on {failures[0]} single lines, last: {failure}")
        return [engine_failed_line(lines[0], failure)]
    rest = lines[len(answered):]
    if len(rest) == 1:
        return answered + decode_lines(command, rest, timeout_s, failures)
    middle = (len(rest) + 1) // 2
    return (answered + decode_lines(command, rest[:middle], timeout_s, failures)
            + decode_lines(command, rest[middle:], timeout_s, failures))


def finish_line(output: str, line: bytes, number: int) -> str:
    """Two fixes to a `giro batch` answer that only the job can make: a line-level error (field "line")
    gets the line number in the whole input instead of the one within its partition, and a line giro refused
    before reading its JSON (longer than 64 KiB) gets the id the input line carries."""
    fix_line = '"field":"line"' in output
    fix_id = '"id":null' in output
    if not (fix_line or fix_id):
        return output
    value = json.loads(output)  # the markers may also match inside a record (an invoice's "id":null)
    changed = False
    error = value.get("error")
    if fix_line and isinstance(error, dict) and error.get("field") == "line" and error.get("line") is not None:
        error["line"] = number
        changed = True
    if value.get("id") is None:
        value["id"] = _input_id(line)
        changed = changed or value["id"] is not None
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) if changed else output


def partition_decoder(giro, jobs, base_timeout_s, per_line_timeout_s):
    def decode_partition(rows):
        command = [resolve_giro(giro), "batch", "--jobs", str(jobs)]
        rows = list(rows)  # (line bytes, 0-based index); kept so failed runs can be repeated
        lines = [line for line, _ in rows]
        outputs = decode_lines(command, lines, lambda count: base_timeout_s + per_line_timeout_s * count)
        for (line, index), output in zip(rows, outputs):
            yield index + 1, finish_line(output, line, index + 1)
    return decode_partition


_shipped = set()


def ship_modules(sc):
    """The workers unpickle the partition function by module name: send them this file and the schema module
    (what `spark-submit --py-files` would do)."""
    for module in (__file__, record_schema.__file__):
        path = os.path.abspath(module)
        if path not in _shipped:
            sc.addPyFile(path)
            _shipped.add(path)


def decode(spark, input_path, partitions=None, giro="giro", jobs=1, base_timeout_s=60.0, per_line_timeout_s=0.05,
           document=None):
    """The typed DataFrame of every input line's record or error, in input order."""
    sc = spark.sparkContext
    ship_modules(sc)
    lines = sc.textFile(input_path, minPartitions=partitions, use_unicode=False) if partitions else \
        sc.textFile(input_path, use_unicode=False)
    answered = lines.zipWithIndex().mapPartitions(
        partition_decoder(giro, jobs, base_timeout_s, per_line_timeout_s))
    raw = spark.createDataFrame(answered, "line long, json string")
    return json_lines_to_rows(raw, document)


def json_lines_to_rows(raw, document=None):
    """(line, giro batch output JSON) -> typed rows; shared with the check so both sides parse alike."""
    parsed = raw.select(F.col("line"), F.from_json("json", record_schema.batch_line_schema(document)).alias("b"))
    return parsed.select("line", "b.*")


DOCUMENT_GLOB = "*.{pdf,PDF,png,PNG,jpg,JPG,jpeg,JPEG,webp,WEBP}"
DOCUMENT_SCHEMA = ("path string, status string, payments int, mismatches array<string>, error string, "
                   "document string")


def document_row(path, output):
    """One `giro batch` answer to a document line -> the row of the documents DataFrame."""
    value = json.loads(output)
    document = value.get("document")
    error = value.get("error") or {}
    if document is None:
        return (path, None, 0, [], error.get("code"), None)
    return (path, document["status"], len(document["payments"]), [m["field"] for m in document["mismatches"]],
            None, json.dumps(document, ensure_ascii=False, separators=(",", ":"), sort_keys=True))


def document_decoder(giro, jobs, base_timeout_s, per_file_timeout_s):
    def decode_partition(rows):
        command = [resolve_giro(giro), "batch", "--jobs", str(jobs)]
        rows = list(rows)  # (path, content)
        lines = [json.dumps({"id": path, "payloadBase64": base64.b64encode(bytes(content)).decode("ascii")}).encode()
                 for path, content in rows]
        outputs = decode_lines(command, lines, lambda count: base_timeout_s + per_file_timeout_s * count)
        for (path, _), output in zip(rows, outputs):
            yield document_row(path, output)
    return decode_partition


def decode_documents(spark, folder, giro="giro", jobs=1, base_timeout_s=60.0, per_file_timeout_s=30.0):
    """One row per PDF or image under `folder` (recursively): the document's verdict (DOCUMENT_SCHEMA)."""
    ship_modules(spark.sparkContext)
    files = (spark.read.format("binaryFile").option("recursiveFileLookup", "true")
             .option("pathGlobFilter", DOCUMENT_GLOB).load(folder).select("path", "content"))
    answered = files.rdd.map(lambda row: (row["path"], row["content"])).mapPartitions(
        document_decoder(giro, jobs, base_timeout_s, per_file_timeout_s))
    return spark.createDataFrame(answered, DOCUMENT_SCHEMA)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="NDJSON file or folder (any Hadoop path)")
    parser.add_argument("--output", required=True, help="output folder (overwritten)")
    parser.add_argument("--format", choices=["parquet", "json"], default="parquet")
    parser.add_argument("--partitions", type=int, default=None, help="minimum input partitions")
    parser.add_argument("--giro", default="giro",
                        help="giro binary: an absolute path on every worker, or the name shipped with --files")
    parser.add_argument("--jobs", type=int, default=1, help="giro batch threads per task (one per Spark core)")
    parser.add_argument("--documents", action="store_true",
                        help="--input is a folder of PDFs and images: one verdict row per file")
    parser.add_argument("--record-schema", default=str(record_schema.SCHEMA_PATH),
                        help="docs/record.schema.json, or its name when shipped with --files")
    args = parser.parse_args(argv)

    spark = SparkSession.builder.appName("giro-batch").getOrCreate()
    if args.documents:
        started = time.monotonic()
        rows = decode_documents(spark, args.input, args.giro, args.jobs)
        rows.write.mode("overwrite").format(args.format).save(args.output)
        counts = {row["status"]: row["count"] for row in
                  spark.read.format(args.format).load(args.output).groupBy("status").count().collect()}
        print(f"giro-spark: {sum(counts.values())} documents in {time.monotonic() - started:.1f} s: "
              + ", ".join(f"{counts[k]} {k or 'unreadable'}" for k in sorted(counts, key=str)))
        spark.stop()
        return
    schema_path = args.record_schema if os.path.exists(args.record_schema) else SparkFiles.get(args.record_schema)
    document = record_schema.load_document(schema_path)
    started = time.monotonic()
    rows = decode(spark, args.input, args.partitions, args.giro, args.jobs, document=document)
    rows.write.mode("overwrite").format(args.format).save(args.output)
    seconds = time.monotonic() - started
    written = spark.read.format(args.format).schema(record_schema.output_schema(document)).load(args.output)
    counts = written.groupBy(F.col("error").isNull().alias("decoded")).count().collect()
    total = sum(row["count"] for row in counts)
    records = sum(row["count"] for row in counts if row["decoded"])
    cores = spark.sparkContext.defaultParallelism
    print(f"giro-spark: {total} lines, {records} records, {total - records} errors in {seconds:.1f} s "
          f"({total / seconds:.0f} lines/s, {total / seconds / cores:.0f} lines/s per core on {cores} cores)")
    spark.stop()


if __name__ == "__main__":
    main()
