#!/usr/bin/env bash
# Installs the Debian packages Giro builds and tests against. Idempotent: does nothing when all are present.
# PCRE2 is the regex engine's test oracle and benchmark baseline; pkg-config lets SwiftPM find system libraries.
# liblzma decodes PAY by square (raw LZMA1).
set -euo pipefail

packages=(pkg-config libpcre2-dev pcre2-utils liblzma-dev
  # images: barcode and image libraries (build), fixture generators and the CLIs the image benchmark compares with
  libzxing-dev libzbar-dev libdmtx-dev libpng-dev libjpeg-dev libwebp-dev
  # QR codes out (giro encode --png)
  libqrencode-dev
  # PDFs: poppler's C++ API renders pages and lists words; fixtures/pdf/generate.sh draws bills with the tools
  libpoppler-cpp-dev librsvg2-bin img2pdf qpdf
  # e-invoices: libxml2's reader, opened at run time (Sources/CLibXML2 declares the few functions it calls)
  libxml2
  zint qrencode imagemagick zbar-tools zxing-cpp-tools
  # printed slips: Tesseract 5 (library + engine), a language pack per supported country, OCR-B for slip fixtures
  libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-hrv tesseract-ocr-slv
  tesseract-ocr-srp tesseract-ocr-srp-latn tesseract-ocr-ces tesseract-ocr-slk tesseract-ocr-hun tesseract-ocr-deu
  tesseract-ocr-nld tesseract-ocr-fra tesseract-ocr-ita tesseract-ocr-sqi tesseract-ocr-swe fonts-ocr-b fonts-dejavu-core
  # make bench-serve and make soak-serve: HTTP load generator
  wrk
  # make test-spark: the JVM that pyspark (from PyPI, in a venv under .build/) runs on
  openjdk-17-jre-headless
  # scripts/count-public-api.sh (run by PublicAPITests) reads the compiler's symbol graphs
  jq
  # the pain.001 tests validate Giro's XML against the ISO 20022 / EPC XSDs with libxml2's xmllint
  libxml2-utils)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
