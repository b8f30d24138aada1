import CDmtx
import CJPEG
import CPNG
import CPopplerShim
import CQREncode
import CWebP
import CZBar
import CZXingShim
import GiroCore

/// The Debian libraries behind image and PDF input. They are opened with dlopen the first time a reader needs
/// them, not at process start (Sources/CLazyLibrary/include/giro_lazy_library.h); a reader asks with
/// ``require(field:)`` before its first call, so a missing library is a typed `reader_failed`, never a crash.
package enum SystemLibrary: Sendable {
    case zbar, dmtx, png, jpeg, webp, poppler, zxing, qrencode

    /// Opens the library on first use; `reader_failed` naming the Debian package when it cannot be opened.
    package func require(field: String) throws(GiroError) {
        guard !isAvailable else { return }
        let why = loadError.map { String(cString: $0) } ?? "unknown error"
        throw GiroError(.readerFailed, field: field, "\(why) (Debian: apt-get install \(debianPackage))")
    }

    private var isAvailable: Bool {
        switch self {
        case .zbar: giro_zbar_available() != 0
        case .dmtx: giro_dmtx_available() != 0
        case .png: giro_png_available() != 0
        case .jpeg: giro_libjpeg_available() != 0
        case .webp: giro_webp_available() != 0
        case .poppler: giro_poppler_available() != 0
        case .zxing: giro_zxing_available() != 0
        case .qrencode: giro_qrencode_available() != 0
        }
    }

    private var loadError: UnsafePointer<CChar>? {
        switch self {
        case .zbar: giro_zbar_load_error()
        case .dmtx: giro_dmtx_load_error()
        case .png: giro_png_load_error()
        case .jpeg: giro_libjpeg_load_error()
        case .webp: giro_webp_load_error()
        case .poppler: giro_poppler_load_error()
        case .zxing: giro_zxing_load_error()
        case .qrencode: giro_qrencode_load_error()
        }
    }

    private var debianPackage: String {
        switch self {
        case .zbar: "libzbar0"
        case .dmtx: "libdmtx0b"
        case .png: "libpng16-16"
        case .jpeg: "libjpeg62-turbo"
        case .webp: "libwebp7"
        case .poppler: "libpoppler-cpp0v5"
        case .zxing: "libzxing2"
        case .qrencode: "libqrencode4"
        }
    }
}
