# Giro — two commands do everything on a fresh Debian machine with Swift:
#   make demo   installs what is missing, builds, decodes the bundled samples and prints the records
#   make test   installs what is missing, builds, runs every test
SWIFT ?= swift
GIRO_DEBUG := .build/debug/giro
# Release builds link the Swift runtime and Foundation statically (as the shipped binary in examples/spark is built):
# no libswiftCore/libFoundation/ICU to map and relocate at each start. A linker flag cuts what is left of the
# start (benchmarks/README.md, "Process start-up"):
#   --no-export-dynamic     undoes the static stdlib's -export-dynamic: 27 000 exported names made the runtime's
#                           start-up dladdr() scan them all; nothing looks Giro's symbols up by name.
# The binary stays position-independent: -no-pie would save about 0.9 ms of start (no ~100 000 relative relocations)
# but put the executable image of a service that parses untrusted images at a fixed address (no ASLR for it).
# One flag set for every release target, so switching targets never rebuilds the whole package.
RELEASE := -c release --static-swift-stdlib -Xlinker --no-export-dynamic
# Tesseract's OpenMP team only slows Giro's one-call-per-thread OCR down (Sources/GiroOCR/README.md); the engine also
# limits it at run time, this covers the tesseract CLI the fixture scripts run.
export OMP_THREAD_LIMIT ?= 1

.PHONY: deps build test corpora test-service test-spark bench-serve soak-serve demo record bench bench-regex bench-parsers bench-uk bench-images bench-slips bench-slips-words fixtures-images fixtures-pdf fixtures-slips fixtures-ocr-inputs docs clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The external corpora (scripts/fetch-corpora.sh, pinned in scripts/corpora.tsv) are fetched first; tests whose corpus
# could not be had are reported as not run, by name, unless GIRO_REQUIRE_CORPORA=1 (.ci/run), where they fail.
test: deps
	SWIFT="$(SWIFT)" scripts/run-tests.sh

corpora:
	scripts/fetch-corpora.sh

# schemathesis (PyPI, in a venv under .build/) against a live `giro serve` on a free loopback port, driven by
# Sources/GiroServer/openapi.json: fails on any 5xx, schema violation, undocumented status or crash (docs/service.md).
test-service: deps
	SWIFT="$(SWIFT)" scripts/test-service.sh

# examples/spark in Spark local[2] mode (pyspark from PyPI in a venv under .build/, Debian's OpenJDK 17): 100 000
# generated lines with poisoned ones, and a giro that crashes; checked line by line against one `giro batch` run.
test-spark: deps
	SWIFT="$(SWIFT)" scripts/test-spark.sh

# wrk on loopback against a release `giro serve` (/v1/decode with the fixture payloads, /v1/images with the
# generated photos), compared in the same run with `giro batch` on the same payloads. Prints a table.
bench-serve: deps
	SWIFT="$(SWIFT)" scripts/bench-serve.sh

# Mixed valid, invalid and junk requests on every route plus faulty clients for SOAK_SECONDS (default 300)
# against a release `giro serve`: no 5xx, every request answered, bounded memory, no leaked slot.
soak-serve: deps
	SWIFT="$(SWIFT)" GIRO_CONFIG=release scripts/soak-serve.sh

demo: deps
	$(SWIFT) build --product giro
	@for f in fixtures/samples/*.txt; do \
	  echo "== giro decode --file $$f --format text"; \
	  $(GIRO_DEBUG) decode --file "$$f" --format text; echo "(exit $$?)"; echo; \
	done
	@echo "== giro batch < fixtures/samples/batch.ndjson"
	@$(GIRO_DEBUG) batch --input fixtures/samples/batch.ndjson
	@echo; echo "== giro decode --format text fixtures/images/generated/qr-and-pdf417-photo.jpg (a photographed page, two bills)"
	@$(GIRO_DEBUG) decode --file fixtures/images/generated/qr-and-pdf417-photo.jpg --format text; echo "(exit $$?)"
	@echo; echo "== giro parse --country HR fixtures/ocr/uplatnica-hr.txt (OCR text of a printed slip)"
	@$(GIRO_DEBUG) parse --country HR --pretty fixtures/ocr/uplatnica-hr.txt; echo "(exit $$?)"
	@echo; echo "== giro decode --format text fixtures/slips/samples/ch.esr-spec-example-scan.png (a printed slip, no barcode: OCR + template)"
	@$(GIRO_DEBUG) decode --file fixtures/slips/samples/ch.esr-spec-example-scan.png --format text; echo "(exit $$?)"

# Rewrite the golden JSON files of the regression suite from the current decoder output. The run FAILS on
# purpose (each rewritten file is reported as an issue), so a recording can never pass as a test run:
# review `git diff fixtures/`, then `make test`.
record: deps
	GIRO_RECORD=1 $(SWIFT) test --filter 'GoldenTests|ValidatorGoldenTests'

bench: deps
	$(SWIFT) build $(RELEASE) --product giro-bench
	$(SWIFT) build $(RELEASE) --product giro
	.build/release/giro-bench

bench-parsers: deps
	$(SWIFT) build $(RELEASE) --product giro-bench
	.build/release/giro-bench --parsers

# UK sort code + account modulus checks per second (one core).
bench-uk: deps
	$(SWIFT) build $(RELEASE) --product giro-bench
	.build/release/giro-bench --uk

bench-regex: deps
	$(SWIFT) build $(RELEASE) --product giro-regex-bench
	$(SWIFT) build $(RELEASE) --product giro
	.build/release/giro-regex-bench --cli .build/release/giro

# Per symbology and variant: ms per image and success for each backend, the combined strategy, zbarimg and ZXingReader;
# then per folder of the zxing-cpp sample corpus: Giro's combined strategy vs zxing-cpp 3.1.1 (PyPI, venv in .build/).
bench-images: deps
	$(SWIFT) build $(RELEASE) --product giro-image-bench
	.build/release/giro-image-bench
	scripts/bench-images-zxingcpp.sh

# Slip engine, three tables (own renders, perturbed renders, the development sample $(SLIPS_DEV)), each per class ×
# input kind (words, clean, scan, photo), with confusion matrix, confidence reliability and ms per image (CPU = one
# core). SEEDS perturbed slips per case (fixtures/slips/perturb.py → .build/slips-perturbed). See benchmarks/README.md.
SEEDS ?= 3
SLIPS_DEV ?= $(or $(GIRO_SLIPS_DEV),../shared/slips-dev)
bench-slips: deps
	python3 fixtures/slips/generate.py --images
	python3 fixtures/slips/perturb.py --seeds $(SEEDS)
	$(SWIFT) build $(RELEASE) --product giro-slip-bench
	.build/release/giro-slip-bench --dev=$(SLIPS_DEV)

# The words files alone (no OCR, no images, a debug build): the same three tables over perfect-OCR words in seconds.
bench-slips-words:
	python3 fixtures/slips/perturb.py --words-only --seeds $(SEEDS)
	$(SWIFT) build --product giro-slip-bench
	.build/debug/giro-slip-bench --words --dev=$(SLIPS_DEV)

# OCR engines on zone crops of slips (benchmarks/README.md, "OCR engines on zone crops"): Tesseract's modes and
# models against RapidOCR's PP-OCRv4 recogniser. A venv under .build/ (pinned, hashed), models verified into
# .build/ocr-models; not part of make test. Arguments for compare.py: make bench-ocr OCR_ARGS="--only rapidocr".
.PHONY: bench-ocr
bench-ocr: deps
	python3 benchmarks/ocr-compare/render-own.py
	benchmarks/ocr-compare/run.sh $(OCR_ARGS)

# Regenerate fixtures/images/generated and manifest.tsv from fixtures/images/symbols.tsv.
fixtures-images: deps
	fixtures/images/generate.sh

# Regenerate the slip fixtures (fixtures/slips: words files, expectations, and with IMAGES=1 the rendered
# scans/photos) from the templates in Countries/*/Slips; then `make record` and review `git diff fixtures/slips`.
fixtures-slips:
	python3 fixtures/slips/generate.py $(if $(IMAGES),--images,)
	$(if $(IMAGES),python3 fixtures/slips/generate.py --barcode-samples,)

# Regenerate the PDF bills in fixtures/pdf and their manifest.tsv.
fixtures-pdf: deps
	fixtures/pdf/generate.sh

# Regenerate the real Tesseract samples in fixtures/ocr-inputs/tesseract (rendered page, its hOCR/ALTO/TSV, coding line).
fixtures-ocr-inputs: deps
	fixtures/ocr-inputs/generate.sh

# API documentation of the Giro module (DocC catalog Sources/Giro/Giro.docc) via swift-docc-plugin.
docs: deps
	$(SWIFT) package generate-documentation --target Giro

clean:
	rm -rf .build

# libFuzzer harnesses (fuzz/README.md): sanitizer build in .build-fuzz, never in the normal .build.
#   make fuzz FUZZ_SECONDS=600 FUZZ_TARGETS="regex image"   grows .build-fuzz/corpus/<target>
#   make fuzz-smoke                                          CI: fresh seeds, 30 s per target, fails on any crash
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?= decode json batch regex parsers image ocr

.PHONY: fuzz fuzz-smoke
fuzz: deps
	fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: deps
	fuzz/run.sh --smoke 30 $(FUZZ_TARGETS)
