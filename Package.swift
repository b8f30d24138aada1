// swift-tools-version:6.0
import PackageDescription

// One direction of flow: GiroCore ← country plug-ins / GiroParsers (on GiroRegex) ← Giro (engine) ← giro CLI.
// A country plug-in depends on GiroCore only.
let countries: [(target: String, path: String)] = [
    ("GiroSEPA", "Countries/SEPA"),
    ("GiroSwitzerland", "Countries/Switzerland"),
]

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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "GiroCore"),
        .target(name: "GiroRegex"),
        // Seeded generators and the OCR-like benchmark text, shared by tests and benchmarks (not a product).
        .target(name: "GiroTestSupport"),
        // PCRE2 is the regex engine's test oracle and benchmark baseline only.
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        // Images: Debian's barcode and image libraries. zxing-cpp is C++ (behind an extern "C" shim) and
        // libjpeg reports errors by longjmp (caught in C), so those two are small C/C++ targets.
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CDmtx", pkgConfig: "libdmtx", providers: [.apt(["libdmtx-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CZXingShim", cxxSettings: [.define("ZX_USE_UTF8")], linkerSettings: [.linkedLibrary("ZXing")]),
        .target(name: "GiroImaging", dependencies: ["GiroCore", "CZXingShim", "CZBar", "CDmtx", "CPNG", "CJPEG", "CWebP"]),
    ] + countries.map { .target(name: $0.target, dependencies: ["GiroCore"], path: $0.path) } + [
        .target(name: "Giro", dependencies: ["GiroCore", "GiroImaging"] + countries.map { .target(name: $0.target) }),
        .executableTarget(
            name: "GiroCLI",
            dependencies: ["Giro", "GiroRegex", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "GiroBench", dependencies: ["Giro"], path: "benchmarks/GiroBench"),
        .executableTarget(name: "GiroImageBench", dependencies: ["Giro"], path: "benchmarks/GiroImageBench"),
        .executableTarget(name: "GiroRegexBench", dependencies: ["GiroRegex", "CPCRE2", "GiroTestSupport"], path: "benchmarks/GiroRegexBench"),
        .testTarget(name: "GiroCoreTests", dependencies: ["GiroCore"]),
        .testTarget(name: "GiroRegexTests", dependencies: ["GiroRegex", "CPCRE2", "GiroTestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "GiroSEPATests", dependencies: ["GiroSEPA"]),
        .testTarget(name: "GiroSwitzerlandTests", dependencies: ["GiroSwitzerland"]),
        .testTarget(name: "GiroTests", dependencies: ["Giro", "GiroTestSupport"]),
        .testTarget(name: "GiroImagingTests", dependencies: ["Giro", "GiroTestSupport"], exclude: ["zxing-samples-ratchet.json"]),
    ],
    cxxLanguageStandard: .cxx17
)
