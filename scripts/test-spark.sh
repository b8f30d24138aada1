#!/usr/bin/env bash
# make test-spark: examples/spark/check_spark.py in Spark local[2] mode over 100 000 generated lines and a folder of
# documents (PDFs, images: the binaryFile mode) (pyspark from
# PyPI in a venv under .build/, Debian's OpenJDK 17 from install-deps.sh). See examples/spark/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
VENV=.build/spark-venv
LINES="${GIRO_SPARK_LINES:-100000}"

"$SWIFT" build --product giro
GIRO="$("$SWIFT" build --product giro --show-bin-path)/giro"

if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pyspark' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet pyspark
fi
if [ -z "${JAVA_HOME:-}" ] && [ -d /usr/lib/jvm/java-17-openjdk-amd64 ]; then
  export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64
fi
export PYSPARK_PYTHON="$PWD/$VENV/bin/python"

"$VENV/bin/python" -u examples/spark/check_spark.py --giro "$GIRO" --workdir .build/spark-test --lines "$LINES"
