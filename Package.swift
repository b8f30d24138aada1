// swift-tools-version:6.0
import PackageDescription

import Foundation
import PackageDescription

// One direction of flow: GiroCore ← country plug-ins / GiroParsers (on GiroRegex) ← Giro (engine) ← giro CLI.
// A country plug-in depends on GiroCore only.
//
// The country plug-ins, in detection order. Adding a country is a folder `Countries/<Name>/` (module `Giro<Name>`,
// declaring `public enum <Name>` with its `descriptor`) and one line here: its slip templates (`Slips/*.json`) and
// its test target (`Tests/Giro<Name>Tests`, when present) are found from the folder, and the `Giro` module's
// registry is generated from this list (Plugins/CountryRegistryPlugin).
struct Country {
    var name: String
    /// System libraries the plug-in needs besides GiroCore (PAY by square is LZMA-compressed).
    var libraries: [Target.Dependency] = []
    /// Files in the folder that are neither sources nor slip templates (the UK weight tables the Swift is made from).
    var excludes: [String] = []
    var target: String { "Giro" + name }
    var path: String { "Countries/" + name }
}
let countries: [Country] = [
    Country(name: "SEPA"),
    Country(name: "Switzerland"),
    Country(name: "Czechia"),
    Country(name: "Slovakia", libraries: ["CLZMA"]),
    Country(name: "Hungary"),
    Country(name: "Croatia"),
    Country(name: "Serbia"),
    Country(name: "Slovenia"),
    Country(name: "Belgium"),
    Country(name: "Netherlands"),
    Country(name: "Austria"),
    Country(name: "Kosovo"),
    Country(name: "Germany"),
    Country(name: "UnitedKingdom", excludes: ["Data"]),
    Country(name: "BosniaAndHerzegovina"),
    Country(name: "NorthMacedonia"),
    Country(name: "Montenegro"),
    Country(name: "Australia"),
    Country(name: "Sweden"),
]

let packageDirectory = Context.packageDirectory

/// The `*.json` files under a folder of the package, sorted (nothing when the folder is absent).
func jsonFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: packageDirectory + "/" + folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
}

func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: packageDirectory + "/" + path)
}

// GiroImaging and GiroSlips are optimised in debug builds too: their passes written in Swift (grid fits, QR recovery,
// DataMatrix grid, resampling, slip detection and template fits) are pixel loops many times slower unoptimised, and the
// tests read hundreds of images through them (the zxing-cpp corpus ratchet alone took minutes). Neither module has an
// assert(), so -O drops no check (overflow traps and preconditions stay). SwiftPM refuses unsafe flags in a package
// used as a versioned dependency, so they apply only when Giro is built as the root package (a dependency is checked
// out under a `checkouts` folder).
let isCheckedOutDependency = Context.packageDirectory.contains("/checkouts/")
let optimisedInDebug: [SwiftSetting] = isCheckedOutDependency ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

// Printed-slip templates (data, docs/slip-templates.md), compiled into their plug-in as bytes.
func countryTarget(_ c: Country) -> Target {
    let slips: [Resource] = jsonFiles(in: c.path + "/Slips").map { Resource.embedInCode("Slips/" + $0) }
    return .target(name: c.target, dependencies: ["GiroCore"] + c.libraries, path: c.path, exclude: c.excludes, resources: slips)
}

func countryTestTarget(_ c: Country) -> Target? {
    guard exists("Tests/\(c.target)Tests") else { return nil }
    return .testTarget(name: c.target + "Tests", dependencies: [.target(name: c.target), "GiroTestSupport"])
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
        // Already under Hummingbird; named for `giro serve`'s `Expect: 100-continue` channel handler.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.26.0"),
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
        // QR codes out (`giro encode --png`): libqrencode, lazily opened like the readers.
        .target(name: "CQREncode", dependencies: ["CLazyLibrary"]),
        .target(
            name: "GiroImaging", dependencies: ["GiroCore", "CZXingShim", "CZBar", "CDmtx", "CPNG", "CJPEG", "CWebP", "CPopplerShim", "CQREncode"],
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
        // E-invoices (UBL, CII, ZUGFeRD 1.0, ebInterface) → the payment record. libxml2's reader, opened lazily like
        // the image libraries (Sources/CLibXML2/include/giro_xml.h).
        .target(name: "CLibXML2", dependencies: ["CLazyLibrary"]),
        .target(name: "GiroInvoices", dependencies: ["GiroCore", "CLibXML2"]),
        // Records out as ISO 20022 pain.001 credit-transfer initiations (Sources/GiroISO20022/README.md).
        .target(name: "GiroISO20022", dependencies: ["GiroCore"]),
    ] + countries.map(countryTarget) + [
        // The one module users import. Its country registry is generated from its dependencies under Countries/.
        .target(
            name: "Giro",
            dependencies: ["GiroCore", "GiroParsers", "GiroImaging", "GiroOCR", "GiroSlips", "GiroInvoices", "GiroISO20022"] + countries.map { .target(name: $0.target) },
            plugins: ["CountryRegistryPlugin"]
        ),
        .plugin(name: "CountryRegistryPlugin", capability: .buildTool()),
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
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
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
    ] + countries.compactMap(countryTestTarget) + [
        // The engine, public API and fuzz regressions; golden files and contracts; the `giro` executable end to end.
        .testTarget(name: "GiroTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroGoldenTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroCLITests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroSlipsTests", dependencies: ["Giro", "GiroTestSupport"]),
        // The OCR parsers' verdicts are compared with the plug-ins' validators (`giro check`), so two plug-ins come in.
        .testTarget(name: "GiroParsersTests", dependencies: ["GiroParsers", "GiroTestSupport", "GiroBelgium", "GiroNetherlands"], exclude: ["Corpus"]),
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
        .testTarget(name: "GiroInvoicesTests", dependencies: ["Giro", "GiroInvoices", "GiroTestSupport"]),
        .testTarget(name: "GiroImagingTests", dependencies: ["Giro", "GiroTestSupport"], exclude: ["zxing-samples-ratchet.json"]),
        .testTarget(name: "GiroISO20022Tests", dependencies: ["Giro", "GiroTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)

// Plug-in and module folders carry a README.md: documentation, neither source nor resource.
let documentedModules: Set<String> = Set(countries.map(\.target) + ["GiroRegex", "GiroParsers", "GiroImaging", "GiroOCR", "GiroSlips", "GiroInvoices", "GiroISO20022"])
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
