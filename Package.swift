// swift-tools-version:6.0
import PackageDescription

// One direction of flow: GiroCore ← country plug-ins / GiroParsers (on GiroRegex) ← Giro (engine) ← giro CLI.
// A country plug-in depends on GiroCore only.
let countries: [(target: String, path: String)] = [
    ("GiroSEPA", "Countries/SEPA"),
    ("GiroSwitzerland", "Countries/Switzerland"),
    ("GiroCzechia", "Countries/Czechia"),
    ("GiroSlovakia", "Countries/Slovakia"),
    ("GiroHungary", "Countries/Hungary"),
    ("GiroCroatia", "Countries/Croatia"),
    ("GiroSerbia", "Countries/Serbia"),
    ("GiroSlovenia", "Countries/Slovenia"),
    ("GiroUnitedKingdom", "Countries/UnitedKingdom"),
    ("GiroBelgium", "Countries/Belgium"),
    ("GiroNetherlands", "Countries/Netherlands"),
    ("GiroAustria", "Countries/Austria"),
    ("GiroKosovo", "Countries/Kosovo"),
    ("GiroGermany", "Countries/Germany"),
]
// System libraries a plug-in needs besides GiroCore (PAY by square is LZMA-compressed).
let countryLibraries: [String: [Target.Dependency]] = ["GiroSlovakia": ["CLZMA"]]
// Printed-slip templates (data, docs/slip-templates.md), compiled into their plug-in as bytes.
let countrySlips: [String: [String]] = [
    "GiroCroatia": ["hub-3a.json"],
    "GiroSlovenia": ["upn.json"],
    "GiroSwitzerland": ["esr.json", "es.json"],
    "GiroAustria": ["zahlungsanweisung.json"],
    "GiroGermany": ["sepa-ueberweisung.json"],
    "GiroBelgium": ["overschrijving.json"],
    "GiroNetherlands": ["acceptgiro.json"],
    "GiroUnitedKingdom": ["bank-giro-credit.json"],
    "GiroKosovo": ["kos-giro.json"],
    "GiroCzechia": ["postovni-poukazka-a.json", "prikaz-k-uhrade.json"],
    "GiroSlovakia": ["postovy-poukaz-u.json", "prikaz-na-uhradu.json"],
    "GiroHungary": ["atutalasi-megbizas.json", "csekk.json"],
    "GiroSerbia": ["nalog-za-uplatu.json", "nalog-za-uplatu-cyr.json"],
]
// Files in a plug-in's folder that are not sources (the UK weight tables the generated Swift is made from).
let countryExcludes: [String: [String]] = ["GiroUnitedKingdom": ["Data"]]

// GiroImaging and GiroSlips are optimised in debug builds too: their passes written in Swift (grid fits, QR recovery,
// DataMatrix grid, resampling, slip detection and template fits) are pixel loops many times slower unoptimised, and the
// tests read hundreds of images through them (the zxing-cpp corpus ratchet alone took minutes). Neither module has an
// assert(), so -O drops no check (overflow traps and preconditions stay). SwiftPM refuses unsafe flags in a package used as a versioned dependency, so they apply only
// when Giro is built as the root package (a dependency is checked out under a `checkouts` folder).
let isCheckedOutDependency = Context.packageDirectory.contains("/checkouts/")
let optimisedInDebug: [SwiftSetting] = isCheckedOutDependency ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

func countryTarget(_ c: (target: String, path: String)) -> Target {
    let dependencies: [Target.Dependency] = ["GiroCore"] + (countryLibraries[c.target] ?? [])
    let slips: [Resource] = (countrySlips[c.target] ?? []).map { Resource.embedInCode("Slips/" + $0) }
    return .target(name: c.target, dependencies: dependencies, path: c.path, exclude: countryExcludes[c.target] ?? [], resources: slips)
}

let package = Package(
    name: "Giro",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Giro", targets: ["Giro"]),
        .library(name: "GiroRegex", targets: ["GiroRegex"]),
        .executable(name: "giro", targets: ["GiroCLI"]),
        .executable(name: "giro-bench", targets: ["GiroBench"]),
        .executable(name: "giro-regex-bench", targets: ["GiroRegexBench"]),
        .executable(name: "giro-image-bench", targets: ["GiroImageBench"]),
        .executable(name: "giro-slip-bench", targets: ["GiroSlipBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target Giro` (make docs); a plug-in only, nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `giro serve` (GiroServer): HTTP, graceful shutdown, structured logs, Prometheus metrics.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(name: "GiroCore"),
        .target(name: "GiroRegex"),
        // What the tests share (not a product): the repository root, the external corpora (`.corpus(…)`), fixture
        // and decode helpers of the plug-ins, policy expectations, the JSON Schema validator, `giro serve` processes;
        // the benchmarks use its seeded generators and OCR-like text. Its Swift Testing helpers are compiled in debug
        // builds only (GIRO_TESTING): release benchmarks link the Swift runtime statically, and the toolchain has
        // no static Swift Testing library.
        .target(
            name: "GiroTestSupport", dependencies: ["GiroCore"], path: "Tests/GiroTestSupport",
            swiftSettings: [.define("GIRO_TESTING", .when(configuration: .debug))]
        ),
        // Typed values (IBAN, amount, date, references …) out of OCR text.
        .target(name: "GiroParsers", dependencies: ["GiroCore", "GiroRegex"]),
        // PCRE2 is the regex engine's test oracle and benchmark baseline only.
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        // Images: Debian's barcode and image libraries, opened with dlopen on first use rather than linked, so a
        // command that reads no image (grep, batch, decode of a payload) does not map and relocate their ~40
        // libraries at every start (Sources/CLazyLibrary/include/giro_lazy_library.h). Each target holds the
        // library's header, the list of functions Giro calls and their jump stubs; only libdl is linked.
        // zxing-cpp and poppler-cpp are C++ (behind extern "C" shims) and libjpeg reports errors by longjmp
        // (caught in C), so those have their own C/C++ code beside the stubs.
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CZBar", dependencies: ["CLazyLibrary"]),
        .target(name: "CDmtx", dependencies: ["CLazyLibrary"]),
        .target(name: "CPNG", dependencies: ["CLazyLibrary"]),
        .target(name: "CWebP", dependencies: ["CLazyLibrary"]),
        .target(name: "CJPEG", dependencies: ["CLazyLibrary"]),
        .target(name: "CZXingShim", dependencies: ["CLazyLibrary"], cxxSettings: [.define("ZX_USE_UTF8")]),
        // PDF pages: poppler-cpp (GPL; chosen over AGPL MuPDF, see Sources/GiroImaging/README.md) behind a C shim.
        .target(name: "CPopplerShim", dependencies: ["CLazyLibrary"]),
        .target(
            name: "GiroImaging", dependencies: ["GiroCore", "CZXingShim", "CZBar", "CDmtx", "CPNG", "CJPEG", "CWebP", "CPopplerShim"],
            swiftSettings: optimisedInDebug
        ),
        // Printed slips: OCR engines and the caller's OCR formats (words JSON, hOCR, ALTO, TSV) → PageWords.
        // Tesseract 5 through its C API (libtesseract-dev; pkg-config also links Leptonica).
        // Tesseract is opened with dlopen on first use (Sources/CTesseract/include/giro_tesseract.h says why): headers
        // only at build time, libdl at link time.
        .target(name: "CTesseract", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "GiroOCR", dependencies: ["GiroCore", "GiroImaging", "CTesseract"]),
        // Printed slips read by data-driven templates (Countries/<Country>/Slips/*.json, docs/slip-templates.md).
        .target(name: "GiroSlips", dependencies: ["GiroCore", "GiroImaging", "GiroOCR", "GiroParsers"], swiftSettings: optimisedInDebug),
    ] + countries.map(countryTarget) + [
        .target(name: "Giro", dependencies: ["GiroCore", "GiroParsers", "GiroImaging", "GiroOCR", "GiroSlips"] + countries.map { .target(name: $0.target) }),
        // The HTTP service behind `giro serve`; the OpenAPI document it serves is its contract.
        .target(
            name: "GiroServer",
            dependencies: [
                "Giro",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The contract, compiled into the binary as bytes (served at /openapi.json; no copy to keep in sync).
            resources: [.embedInCode("openapi.json")]
        ),
        .executableTarget(
            name: "GiroCLI",
            dependencies: ["Giro", "GiroServer", "GiroRegex", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "GiroBench", dependencies: ["Giro", "GiroParsers", "GiroTestSupport"], path: "benchmarks/GiroBench"),
        .executableTarget(name: "GiroImageBench", dependencies: ["Giro", "GiroTestSupport"], path: "benchmarks/GiroImageBench"),
        .executableTarget(name: "GiroSlipBench", dependencies: ["Giro", "GiroTestSupport"], path: "benchmarks/GiroSlipBench"),
        .executableTarget(name: "GiroRegexBench", dependencies: ["GiroRegex", "CPCRE2", "GiroTestSupport"], path: "benchmarks/GiroRegexBench"),
        .testTarget(name: "GiroCoreTests", dependencies: ["GiroCore"]),
        .testTarget(name: "GiroRegexTests", dependencies: ["GiroRegex", "CPCRE2", "GiroTestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "GiroSEPATests", dependencies: ["GiroSEPA", "GiroTestSupport"]),
        .testTarget(name: "GiroSwitzerlandTests", dependencies: ["GiroSwitzerland", "GiroTestSupport"]),
        .testTarget(name: "GiroCzechiaTests", dependencies: ["GiroCzechia", "GiroTestSupport"]),
        .testTarget(name: "GiroSlovakiaTests", dependencies: ["GiroSlovakia", "GiroTestSupport"]),
        .testTarget(name: "GiroHungaryTests", dependencies: ["GiroHungary", "GiroTestSupport"]),
        .testTarget(name: "GiroCroatiaTests", dependencies: ["GiroCroatia", "GiroTestSupport"]),
        .testTarget(name: "GiroSerbiaTests", dependencies: ["GiroSerbia", "GiroTestSupport"]),
        .testTarget(name: "GiroSloveniaTests", dependencies: ["GiroSlovenia", "GiroTestSupport"]),
        .testTarget(name: "GiroUnitedKingdomTests", dependencies: ["GiroUnitedKingdom", "GiroTestSupport"]),
        .testTarget(name: "GiroBelgiumTests", dependencies: ["GiroBelgium", "GiroTestSupport"]),
        .testTarget(name: "GiroNetherlandsTests", dependencies: ["GiroNetherlands", "GiroTestSupport"]),
        .testTarget(name: "GiroAustriaTests", dependencies: ["GiroAustria", "GiroTestSupport"]),
        .testTarget(name: "GiroKosovoTests", dependencies: ["GiroKosovo", "GiroTestSupport"]),
        .testTarget(name: "GiroGermanyTests", dependencies: ["GiroGermany", "GiroTestSupport"]),
        // The engine, public API and fuzz regressions; golden files and contracts; the `giro` executable end to end.
        .testTarget(name: "GiroTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroGoldenTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroCLITests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroSlipsTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroParsersTests", dependencies: ["GiroParsers", "GiroTestSupport"], exclude: ["Corpus"]),
        .testTarget(
            name: "GiroServerTests",
            dependencies: [
                "GiroServer", "Giro", "GiroTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "GiroOCRTests", dependencies: ["GiroOCR", "GiroCore", "GiroImaging", "GiroTestSupport"]),
        .testTarget(name: "GiroImagingTests", dependencies: ["Giro", "GiroTestSupport"], exclude: ["zxing-samples-ratchet.json"]),
    ],
    cxxLanguageStandard: .cxx17
)

// Plug-in and module folders carry a README.md: documentation, neither source nor resource.
let documentedModules: Set<String> = Set(countries.map(\.target) + ["GiroRegex", "GiroParsers", "GiroImaging", "GiroOCR", "GiroSlips"])
for target in package.targets where documentedModules.contains(target.name) {
    target.exclude.append("README.md")
}

// libFuzzer harnesses (fuzz/README.md). Only with GIRO_FUZZ=1: they link against the fuzzer runtime, which
// supplies `main`, so a normal `swift build` must never see them. Build them into their own scratch path.
let fuzzHarnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzDecode", ["Giro"]),
    ("FuzzJSON", ["Giro"]),
    ("FuzzBatch", ["Giro"]),
    ("FuzzRegex", ["GiroRegex"]),
    ("FuzzParsers", ["GiroParsers", "GiroCore"]),
    ("FuzzImage", ["Giro"]),
    ("FuzzOCR", ["Giro"]),
]
if Context.environment["GIRO_FUZZ"] == "1" {
    package.targets.append(.target(name: "CFuzzerDriver", path: "fuzz/Sources/CFuzzerDriver"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "fuzz/Sources/FuzzSupport"))
    for harness in fuzzHarnesses {
        package.targets.append(.executableTarget(
            name: harness.name, dependencies: harness.dependencies + ["FuzzSupport"], path: "fuzz/Sources/\(harness.name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
        package.products.append(.executable(name: harness.name, targets: [harness.name]))
    }
}
