import CLZMA

/// Raw LZMA1 as PAY by square uses it (lc=3, lp=0, pb=2, 128 KiB dictionary, no container), through liblzma.
enum RawLZMA {
    enum Failure: Error, Equatable {
        /// liblzma found the stream corrupt (`LZMA_DATA_ERROR`, `LZMA_FORMAT_ERROR`, …); the name says which.
        case dataInvalid(String)
        /// The input ended before the stream did.
        case truncated(produced: Int)
        /// More output than the cap.
        case tooLarge
        /// Decoded, but the CRC-32 does not match (set by the envelope, not by liblzma).
        case checksum
        /// liblzma could not run (`LZMA_MEM_ERROR`, `LZMA_OPTIONS_ERROR`, …).
        case unavailable(String)
    }

    static let dictionarySize: UInt32 = 1 << 17

    static func options() -> lzma_options_lzma {
        var opt = lzma_options_lzma()
        _ = lzma_lzma_preset(&opt, 6)
        opt.dict_size = dictionarySize
        opt.lc = 3
        opt.lp = 0
        opt.pb = 2
        return opt
    }

    /// Decodes `input`. With `knownSize`, the stream may or may not end with an end marker (LZMA1EXT +
    /// ALLOW_EOPM); without, it is decoded until the input ends. Never produces more than `limit` bytes.
    static func decode(_ input: ArraySlice<UInt8>, knownSize: Int?, limit: Int) -> Result<[UInt8], Failure> {
        var opt = options()
        // A match never reaches further back than the output so far: a dictionary the size of the output
        // (liblzma's minimum is 4 KiB) decodes the same stream and spares a 128 KiB allocation per call.
        opt.dict_size = UInt32(max(4096, min(knownSize ?? limit, limit)))
        if let knownSize {
            opt.ext_flags = CLZMA_LZMA1EXT_ALLOW_EOPM
            opt.ext_size_low = UInt32(truncatingIfNeeded: knownSize)
            opt.ext_size_high = 0
        } else {
            opt.ext_flags = 0
            opt.ext_size_low = UInt32.max
            opt.ext_size_high = UInt32.max
        }
        return withUnsafeMutablePointer(to: &opt) { optPtr in
            var filters = [
                lzma_filter(id: CLZMA_FILTER_LZMA1EXT, options: UnsafeMutableRawPointer(optPtr)),
                lzma_filter(id: CLZMA_VLI_UNKNOWN, options: nil),
            ]
            var stream = lzma_stream()
            let initResult = lzma_raw_decoder(&stream, &filters)
            guard initResult == LZMA_OK else { return .failure(.unavailable(name(initResult))) }
            defer { lzma_end(&stream) }
            // One byte over the expected size (or the cap), so "exactly" and "more" can be told apart.
            let capacity = min(knownSize ?? limit, limit) + 1
            var output = [UInt8](repeating: 0, count: capacity)
            let ret = finish(&stream, input, into: &output)
            let produced = Int(stream.total_out)
            if produced > limit { return .failure(.tooLarge) }
            switch ret {
            case LZMA_STREAM_END:
                output.removeSubrange(produced...)
                return .success(output)
            case LZMA_OK, LZMA_BUF_ERROR:
                // Input exhausted before an end: the normal case for a stream without end marker and unknown size.
                if knownSize == nil {
                    output.removeSubrange(produced...)
                    return .success(output)
                }
                return .failure(.truncated(produced: produced))
            case LZMA_DATA_ERROR, LZMA_FORMAT_ERROR, LZMA_UNSUPPORTED_CHECK, LZMA_NO_CHECK, LZMA_GET_CHECK, LZMA_SEEK_NEEDED:
                return .failure(.dataInvalid(name(ret)))
            case LZMA_MEM_ERROR, LZMA_MEMLIMIT_ERROR, LZMA_OPTIONS_ERROR, LZMA_PROG_ERROR:
                return .failure(.unavailable(name(ret)))
            default:
                return .failure(.unavailable(name(ret)))
            }
        }
    }

    /// Compresses without end marker (the size travels in the PAY by square header), like the 7-Zip SDK.
    static func encode(_ input: [UInt8]) -> [UInt8]? {
        var opt = options()
        opt.ext_flags = 0
        return withUnsafeMutablePointer(to: &opt) { optPtr -> [UInt8]? in
            var filters = [
                lzma_filter(id: CLZMA_FILTER_LZMA1EXT, options: UnsafeMutableRawPointer(optPtr)),
                lzma_filter(id: CLZMA_VLI_UNKNOWN, options: nil),
            ]
            var stream = lzma_stream()
            guard lzma_raw_encoder(&stream, &filters) == LZMA_OK else { return nil }
            defer { lzma_end(&stream) }
            var output = [UInt8](repeating: 0, count: input.count + input.count / 2 + 64)
            let ret = finish(&stream, input[...], into: &output)
            guard ret == LZMA_STREAM_END else { return nil }
            return Array(output[0..<Int(stream.total_out)])
        }
    }

    /// Runs `stream` over all of `input` into `output` with LZMA_FINISH. liblzma returns OK while it makes
    /// progress and BUF_ERROR once it cannot; the round cap is a guard against a library that never settles.
    static func finish(_ stream: inout lzma_stream, _ input: ArraySlice<UInt8>, into output: inout [UInt8]) -> lzma_ret {
        var ret = LZMA_OK
        input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = inp.baseAddress
                stream.avail_in = inp.count
                stream.next_out = out.baseAddress
                stream.avail_out = out.count
                var rounds = 0
                repeat {
                    ret = lzma_code(&stream, LZMA_FINISH)
                    rounds += 1
                } while ret == LZMA_OK && stream.avail_out > 0 && rounds < 64
            }
        }
        return ret
    }

    static func name(_ r: lzma_ret) -> String {
        switch r {
        case LZMA_OK: return "LZMA_OK"
        case LZMA_STREAM_END: return "LZMA_STREAM_END"
        case LZMA_NO_CHECK: return "LZMA_NO_CHECK"
        case LZMA_UNSUPPORTED_CHECK: return "LZMA_UNSUPPORTED_CHECK"
        case LZMA_GET_CHECK: return "LZMA_GET_CHECK"
        case LZMA_MEM_ERROR: return "LZMA_MEM_ERROR"
        case LZMA_MEMLIMIT_ERROR: return "LZMA_MEMLIMIT_ERROR"
        case LZMA_FORMAT_ERROR: return "LZMA_FORMAT_ERROR"
        case LZMA_OPTIONS_ERROR: return "LZMA_OPTIONS_ERROR"
        case LZMA_DATA_ERROR: return "LZMA_DATA_ERROR"
        case LZMA_BUF_ERROR: return "LZMA_BUF_ERROR"
        case LZMA_PROG_ERROR: return "LZMA_PROG_ERROR"
        case LZMA_SEEK_NEEDED: return "LZMA_SEEK_NEEDED"
        default: return "lzma_ret \(r.rawValue)"
        }
    }
}
