"""`make test-spark`: runs giro_spark.decode in local[2] and checks it against one plain `giro batch` process.

    python3 check_spark.py --giro .build/debug/giro --workdir .build/spark-test [--lines 100000]

1. Deterministic input (generate_input.py, poisoned lines included), several partitions, written as Parquet
   and read back with the explicit schema: one row per input line, the same id, record xor error, and every
   row equal to the line of a single-process `giro batch` run on the same file. A SQL sum over the typed
   amount column must match the exact decimal sum of the reference records.
2. A giro that dies mid-partition (crashing_giro.py, SIGKILL on marker lines): still one row per line, the
   marked lines as engine_failed errors, every other line equal to the reference.
3. A giro that fails on everything (/bin/false) fails the job loudly.
4. Documents: a folder of PDFs and images (fixtures/documents, a fixture photo, a file that is no document) read
   with Spark's binaryFile source: one row per file, each verdict equal to `giro decode --document` on the file,
   and the altered QR codes reported as mismatches.
Exit status 1 on any mismatch. Prints the throughput of both runs.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402
from pyspark.sql.types import DecimalType  # noqa: E402

import generate_input  # noqa: E402
import giro_spark  # noqa: E402
import record_schema  # noqa: E402

failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def write_lines(path, lines):
    with open(path, "wb") as out:
        for line in lines:
            out.write(line + b"\n")


def reference_run(giro, path):
    started = time.monotonic()
    done = subprocess.run([giro, "batch", "--jobs", "1", "--input", str(path)], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, check=True)
    seconds = time.monotonic() - started
    return done.stdout.decode("utf-8").split("\n")[:-1], seconds


def input_ids(lines):
    return [giro_spark._input_id(line) for line in lines]  # noqa: SLF001 - same rule as the job's


def canonical(df):
    """line -> the whole row as JSON text, so map columns can be compared too."""
    return df.select("line", F.to_json(F.struct(*[F.col(name) for name in df.columns])).alias("row"))


def compare(spark, rows, reference_lines, input_lines, skip=frozenset()):
    # The reference gets the job's two documented fixes too (global line numbers are its own already).
    reference = spark.createDataFrame(
        [(number, giro_spark.finish_line(text, line, number))
         for number, (text, line) in enumerate(zip(reference_lines, input_lines), start=1)],
        "line long, json string")
    expected = canonical(giro_spark.json_lines_to_rows(reference)).withColumnRenamed("row", "expected")
    joined = canonical(rows).join(expected, "line", "full_outer")
    differing = joined.where(~F.col("line").isin(list(skip)) if skip else F.lit(True)) \
        .where(F.col("row").isNull() | F.col("expected").isNull() | (F.col("row") != F.col("expected")))
    count = differing.count()
    if count:
        for sample in differing.limit(3).collect():
            print(f"     line {sample['line']}:\n       spark:     {sample['row']}\n       reference: {sample['expected']}")
    return count


def check_one_row_per_line(rows, lines, label):
    count = len(lines)
    stats = rows.agg(F.count("*").alias("rows"), F.countDistinct("line").alias("lines"),
                     F.min("line").alias("first"), F.max("line").alias("last"),
                     F.sum((F.col("record").isNull() == F.col("error").isNull()).cast("int")).alias("both_or_none")
                     ).collect()[0]
    check(stats["rows"] == count and stats["lines"] == count and stats["first"] == 1 and stats["last"] == count,
          f"{label}: {stats['rows']} rows, {stats['lines']} distinct lines 1…{stats['last']} for {count} input lines")
    check(stats["both_or_none"] == 0, f"{label}: every row holds a record or an error, never both or none "
          f"({stats['both_or_none']} do not)")
    expected_ids = input_ids(lines)
    got = {row["line"]: row["id"] for row in rows.select("line", "id").collect()}
    wrong = [line for line, ident in enumerate(expected_ids, start=1)
             if ident is not None and got.get(line) != str(ident)]
    check(not wrong, f"{label}: every line with an id has that id in its row "
          f"({sum(ident is not None for ident in expected_ids)} ids, {len(wrong)} wrong{': ' + str(wrong[:5]) if wrong else ''})")


def check_documents(spark, giro, work):
    root = HERE.parent.parent
    folder = work / "documents"
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "photos").mkdir(parents=True)
    for pdf in sorted((root / "fixtures" / "documents").glob("*.pdf")):
        shutil.copy(pdf, folder / pdf.name)
    shutil.copy(root / "fixtures" / "images" / "generated" / "epc-qr-page.png", folder / "photos" / "epc-qr-page.png")
    (folder / "photos" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    (folder / "notes.txt").write_text("not a document: left out by the glob")
    started = time.monotonic()
    rows = {row["path"].split("/documents/", 1)[1]: row for row in giro_spark.decode_documents(spark, str(folder), giro).collect()}
    seconds = time.monotonic() - started
    expected = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.suffix in (".pdf", ".png"))
    check(sorted(rows) == expected, f"documents: one row per PDF or image ({sorted(rows)})")
    differing = []
    for name, row in rows.items():
        done = subprocess.run([giro, "decode", "--document", "--slips", "off", "--format", "json", "--file", str(folder / name)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
        value = json.loads(done.stdout)
        if "error" in value and "schema" not in value:
            same = row["error"] == value["error"]["code"] and row["document"] is None
        else:
            same = row["document"] == json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        if not same:
            differing.append(name)
    check(not differing, f"documents: every row equals `giro decode --document` on its file ({differing})")
    verdicts = {name: (row["status"], row["mismatches"], row["error"]) for name, row in rows.items()}
    check(verdicts.get("epc-consistent.pdf") == ("valid", [], None), f"documents: consistent invoice valid ({verdicts.get('epc-consistent.pdf')})")
    check(verdicts.get("epc-qr-iban-changed.pdf") == ("uncertain", ["creditor.account.iban"], None),
          f"documents: QR with an altered IBAN is a mismatch ({verdicts.get('epc-qr-iban-changed.pdf')})")
    check(verdicts.get("epc-qr-amount-changed.pdf") == ("uncertain", ["amount.value"], None),
          f"documents: QR with an altered amount is a mismatch ({verdicts.get('epc-qr-amount-changed.pdf')})")
    check(verdicts.get("photos/epc-qr-page.png", (None,))[0] in ("valid", "uncertain"), f"documents: the photo has a payment ({verdicts.get('photos/epc-qr-page.png')})")
    check(verdicts.get("photos/broken.png", (None, None, None))[2] is not None, f"documents: a broken image is an error row ({verdicts.get('photos/broken.png')})")
    print(f"spark documents: {len(rows)} files in {seconds:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--giro", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--partitions", type=int, default=8)
    args = parser.parse_args()
    giro = str(Path(args.giro).resolve())
    work = Path(args.workdir)
    work.mkdir(parents=True, exist_ok=True)

    # Set before the JVM starts: Spark's Python workers inherit its environment, not later changes.
    os.environ["GIRO_REAL_BINARY"] = giro
    spark = (SparkSession.builder.master("local[2]").appName("giro-spark-check")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4")
             .config("spark.driver.memory", "1g").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    cores = spark.sparkContext.defaultParallelism

    # 1. The whole input through Spark vs one giro batch process.
    lines = list(generate_input.generate(args.lines))
    input_path = work / "input.ndjson"
    write_lines(input_path, lines)
    reference_lines, reference_seconds = reference_run(giro, input_path)
    started = time.monotonic()
    output = work / "records.parquet"
    giro_spark.decode(spark, str(input_path), args.partitions, giro).write.mode("overwrite").parquet(str(output))
    spark_seconds = time.monotonic() - started
    rows = spark.read.schema(record_schema.output_schema()).parquet(str(output))
    partitions = spark.sparkContext.textFile(str(input_path), args.partitions).getNumPartitions()
    check(partitions >= 4, f"input read in {partitions} partitions")
    check_one_row_per_line(rows, lines, "spark")
    differing = compare(spark, rows, reference_lines, lines)
    check(differing == 0, f"spark rows equal the single-process giro batch output ({differing} differ)")

    check(isinstance(rows.schema["record"].dataType["amount"].dataType["value"].dataType, DecimalType),
          "record.amount.value is a decimal column")
    rows.createOrReplaceTempView("records")
    summed = {row["currency"]: row["total"] for row in spark.sql(
        "SELECT record.amount.currency AS currency, SUM(record.amount.value) AS total FROM records "
        "WHERE record.amount IS NOT NULL GROUP BY 1").collect()}
    exact = {}
    for text in reference_lines:
        amount = (json.loads(text).get("record") or {}).get("amount")
        if amount:
            exact[amount["currency"]] = exact.get(amount["currency"], Decimal(0)) + Decimal(amount["value"])
    check(summed and {k: Decimal(v) for k, v in summed.items()} == exact,
          f"SQL SUM(record.amount.value) by currency equals the exact decimal sums ({len(exact)} currencies)")

    records = sum('"record":' in text for text in reference_lines)
    print(f"giro batch, 1 process, 1 thread: {len(lines)} lines in {reference_seconds:.1f} s "
          f"= {len(lines) / reference_seconds:.0f} lines/s")
    print(f"spark local[{cores}], {partitions} partitions, giro batch --jobs 1 per task: {len(lines)} lines "
          f"({records} records) in {spark_seconds:.1f} s = {len(lines) / spark_seconds:.0f} lines/s, "
          f"{len(lines) / spark_seconds / cores:.0f} lines/s per core (JVM start-up, Parquet write included)")

    # 2. A giro that dies: every line still answered once.
    crash_lines = [line for line in generate_input.generate(3000, seed=7)]
    killers = {}
    for position in (10, 1234, 2999):
        killers[position + 1] = b'{"id": "kill-%d", "payload": "KILL-GIRO"}' % position
        crash_lines[position] = killers[position + 1]
    crash_path = work / "crash.ndjson"
    write_lines(crash_path, crash_lines)
    crash_reference, _ = reference_run(giro, crash_path)
    crashed = giro_spark.decode(spark, str(crash_path), 3, str(HERE / "crashing_giro.py")).cache()
    check_one_row_per_line(crashed, crash_lines, "crashing giro")
    failed = {row["line"]: row["id"] for row in crashed.where(F.col("error.code") == giro_spark.ENGINE_FAILED)
              .select("line", "id").collect()}
    check(failed == {line: f"kill-{line - 1}" for line in killers},
          f"crashing giro: exactly the marked lines are engine_failed ({sorted(failed)})")
    differing = compare(spark, crashed, crash_reference, crash_lines, skip=frozenset(killers))
    check(differing == 0, f"crashing giro: every other line equals the single-process run ({differing} differ)")

    # 3. A giro that cannot work at all (here /bin/false) fails the job instead of writing error rows.
    spark.sparkContext.setLogLevel("OFF")  # the failing task's stack trace is expected here
    try:
        giro_spark.decode(spark, str(crash_path), 1, "/bin/false").count()
        check(False, "an unusable giro fails the job")
    except Exception as error:  # noqa: BLE001 - Py4J wraps the worker's exception
        check("GiroUnusable" in str(error), "an unusable giro (/bin/false) fails the job with GiroUnusable")
    spark.sparkContext.setLogLevel("ERROR")

    check_documents(spark, giro, work)

    spark.stop()
    if failures:
        print(f"test-spark: {len(failures)} check(s) failed")
        sys.exit(1)
    print("test-spark: all checks passed")


if __name__ == "__main__":
    main()
