#include "zxing_shim.h"

#include <ZXing/ReadBarcode.h>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

using namespace ZXing;

namespace {
struct Item {
    zxs_symbol symbol;
    std::vector<uint8_t> bytes;
    std::string text;
};

void setError(char *err, int cap, const char *message) {
    if (err && cap > 0) std::snprintf(err, (size_t)cap, "%s", message);
}

int toShimFormat(BarcodeFormat f) {
    switch (f) {
    case BarcodeFormat::QRCode: return ZXS_QR;
    case BarcodeFormat::PDF417: return ZXS_PDF417;
    case BarcodeFormat::Code128: return ZXS_CODE128;
    case BarcodeFormat::DataMatrix: return ZXS_DATAMATRIX;
    default: return 0;
    }
}

// bytesECI() follows ISO/IEC 15424: "]" + 2 identifier chars, then "\NNNNNN" for each ECI designator
// (a backslash in the data is doubled). Collects the distinct designators in order.
std::vector<int> allECIs(const Result &r) {
    std::vector<int> out;
    if (!r.hasECI()) return out;
    ByteArray b = r.bytesECI();
    for (size_t i = 0; i + 6 < b.size(); ++i) {
        if (b[i] != '\\') continue;
        if (b[i + 1] == '\\') { ++i; continue; }  // escaped backslash in data
        int value = 0;
        bool digits = true;
        for (size_t k = 1; k <= 6; ++k) {
            if (b[i + k] < '0' || b[i + k] > '9') { digits = false; break; }
            value = value * 10 + (b[i + k] - '0');
        }
        if (!digits) continue;
        bool seen = false;
        for (int v : out) seen = seen || v == value;
        if (!seen) out.push_back(value);
        i += 6;
    }
    return out;
}
// Reads the segment headers of a QR code's data codewords (zxing 1.4 keeps them as rawBytes()) and returns the
// ZXS_MODE_* bits of the Kanji and Hanzi segments: zxing's text() transcodes those segments by their mode, but
// bytes() does not say which bytes came from which mode. The version, which sets the count-field widths, is not
// reported either, so each of the three width groups is tried and one whose segments account for exactly the
// symbol's byte count is taken; 0 when none does (FNC1 modes, which rewrite '%', are not modelled).
int qrModes(const ByteArray &codewords, size_t byteCount) {
    static const int widths[3][5] = {{10, 9, 8, 8, 8}, {12, 11, 16, 10, 10}, {14, 13, 16, 12, 12}};  // num, alnum, byte, kanji, hanzi
    const size_t totalBits = codewords.size() * 8;
    for (const auto &w : widths) {
        size_t bit = 0, bytes = 0;
        int modes = 0;
        bool ok = true;
        auto take = [&](int n) -> long {
            if (n <= 0 || bit + (size_t)n > totalBits) { ok = false; return 0; }
            long v = 0;
            for (int k = 0; k < n; ++k, ++bit) v = (v << 1) | ((codewords[bit / 8] >> (7 - bit % 8)) & 1);
            return v;
        };
        while (ok && bit + 4 <= totalBits) {
            long mode = take(4);
            if (mode == 0) break;  // terminator
            switch (mode) {
            case 1: { long n = take(w[0]); bytes += (size_t)n; bit += (size_t)(n / 3 * 10 + (n % 3 == 2 ? 7 : n % 3 == 1 ? 4 : 0)); break; }
            case 2: { long n = take(w[1]); bytes += (size_t)n; bit += (size_t)(n / 2 * 11 + (n % 2) * 6); break; }
            case 4: { long n = take(w[2]); bytes += (size_t)n; bit += (size_t)n * 8; break; }
            case 8: { long n = take(w[3]); bytes += (size_t)n * 2; bit += (size_t)n * 13; modes |= ZXS_MODE_KANJI; break; }
            case 13: { take(4); long n = take(w[4]); bytes += (size_t)n * 2; bit += (size_t)n * 13; modes |= ZXS_MODE_HANZI; break; }
            case 7: { long first = take(8); if (first & 0x80) take((first & 0x40) ? 16 : 8); break; }  // ECI designator
            case 3: take(16); break;  // structured append header
            default: ok = false;      // FNC1 (5, 9) and unknown modes
            }
            if (bit > totalBits) ok = false;
        }
        if (ok && bytes == byteCount) return modes;
    }
    return 0;
}
} // namespace

struct zxs_results {
    std::vector<Item> items;
};

extern "C" zxs_results *zxs_read(const uint8_t *gray, int width, int height, int rowStride,
                                 int formats, int flags, int maxSymbols, char *err, int errCapacity) {
    if (!gray || width <= 0 || height <= 0 || rowStride < width) {
        setError(err, errCapacity, "invalid image dimensions");
        return nullptr;
    }
    // The only entry that calls into libZXing (count/get/free read the shim's own copies), so it opens it.
    if (!giro_zxing_available()) {
        setError(err, errCapacity, giro_zxing_load_error());
        return nullptr;
    }
    try {
        BarcodeFormats matrix;
        if (formats & ZXS_QR) matrix |= BarcodeFormat::QRCode;
        if (formats & ZXS_PDF417) matrix |= BarcodeFormat::PDF417;
        if (formats & ZXS_DATAMATRIX) matrix |= BarcodeFormat::DataMatrix;
        DecodeHints hints;
        hints.setTryHarder(flags & ZXS_TRY_HARDER);
        hints.setTryRotate(flags & ZXS_TRY_ROTATE);
        hints.setTryDownscale(flags & ZXS_TRY_DOWNSCALE);
        if (flags & ZXS_GLOBAL_HISTOGRAM) hints.setBinarizer(Binarizer::GlobalHistogram);
        hints.setIsPure(flags & ZXS_PURE);
        ImageView view(gray, width, height, ImageFormat::Lum, rowStride);
        Results found;
        if (!matrix.empty()) {
            hints.setFormats(matrix);
            hints.setMaxNumberOfSymbols((uint8_t)(maxSymbols > 0 && maxSymbols < 255 ? maxSymbols : 255));
            found = ReadBarcodes(view, hints);
        }
        if (formats & ZXS_CODE128) {
            // Not ReadBarcodes: in 1.4 its de-duplication compares linear results with Result::operator==,
            // which asserts lineCount() == 1 and aborts the process (Debian builds keep asserts) when a
            // Code128 symbol is found on several rows and pyramid layers. ReadBarcode (with
            // maxNumberOfSymbols != 1, which would route back to ReadBarcodes) never compares results.
            hints.setFormats(BarcodeFormat::Code128);
            hints.setMaxNumberOfSymbols(2);
            Result one = ReadBarcode(view, hints);
            if (one.isValid()) found.push_back(std::move(one));
        }

        auto *out = new zxs_results();
        out->items.reserve(found.size());
        for (const Result &r : found) {
            int f = toShimFormat(r.format());
            if (!r.isValid() || f == 0) continue;
            Item item{};
            const ByteArray &raw = r.bytes();
            item.bytes.assign(raw.begin(), raw.end());
            item.symbol.format = f;
            std::vector<int> ecis = allECIs(r);
            item.symbol.eci = ecis.empty() ? -1 : ecis[0];
            item.symbol.eciCount = 0;
            for (int v : ecis) {
                if (item.symbol.eciCount == 8) break;
                item.symbol.ecis[item.symbol.eciCount++] = v;
            }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            item.symbol.qrModes = f == ZXS_QR ? qrModes(r.rawBytes(), raw.size()) : 0;
#pragma GCC diagnostic pop
            // UTF-8 (the target defines ZX_USE_UTF8), each ECI segment and each Kanji/Hanzi segment transcoded.
            if (!ecis.empty() || item.symbol.qrModes != 0) item.text = r.text();
            const Position &p = r.position();
            for (int k = 0; k < 4; ++k) {
                item.symbol.x[k] = p[k].x;
                item.symbol.y[k] = p[k].y;
            }
            out->items.push_back(std::move(item));
        }
        for (Item &item : out->items) {  // pointers are fixed only once the vector stops growing
            item.symbol.bytes = item.bytes.data();
            item.symbol.length = (int)item.bytes.size();
            item.symbol.text = item.text.empty() ? nullptr : item.text.c_str();
            item.symbol.textLength = (int)item.text.size();
        }
        return out;
    } catch (const std::exception &e) {
        setError(err, errCapacity, e.what());
    } catch (...) {
        setError(err, errCapacity, "zxing-cpp failed");
    }
    return nullptr;
}

extern "C" int zxs_count(const zxs_results *results) {
    return results ? (int)results->items.size() : 0;
}

extern "C" int zxs_get(const zxs_results *results, int index, zxs_symbol *out) {
    if (!results || !out || index < 0 || (size_t)index >= results->items.size()) return 0;
    *out = results->items[(size_t)index].symbol;
    return 1;
}

extern "C" void zxs_free(zxs_results *results) {
    delete results;
}
