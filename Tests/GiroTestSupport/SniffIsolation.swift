#if GIRO_TESTING  // extends PluginFixtures: debug builds only (Package.swift, GiroTestSupport)
import Foundation
import GiroCore

extension PluginFixtures {
    /// What this format's sniff claims that is not its own: every other format's fixture payload, and 10,000
    /// seeded random strings (digits, alphanumerics, URL-ish text), each also presented as `symbology`.
    /// Empty when the sniff is tight.
    public func foreignClaims(symbology: Symbology? = nil) -> [String] {
        var claims: [String] = []
        let fm = FileManager.default
        for dir in ((try? fm.contentsOfDirectory(atPath: Self.payloadRoot.path)) ?? []).sorted() where dir != directory {
            let d = Self.payloadRoot.appendingPathComponent(dir)
            for f in ((try? fm.contentsOfDirectory(atPath: d.path)) ?? []) where f.hasSuffix(".txt") || f.hasSuffix(".bin") {
                guard let data = fm.contents(atPath: d.appendingPathComponent(f).path) else { continue }
                if format.matches(Payload(bytes: [UInt8](data), symbology: symbology)) { claims.append("\(dir)/\(f)") }
            }
        }
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % n
        }
        let digits = Array("0123456789".utf8)
        let alnum = digits + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        let urlish = alnum + Array(":/?&=%.-_+#".utf8)
        let prefixes = ["", "https://", "http://", "https://www.", "epspay", "payconiq.", "XK", "RF"]
        for i in 0..<10_000 {
            let alphabet = i % 3 == 0 ? digits : i % 3 == 1 ? alnum : urlish
            let body = (0..<(1 + next(60))).map { _ in alphabet[next(alphabet.count)] }
            let bytes = Array(prefixes[i % prefixes.count].utf8) + body
            if format.matches(Payload(bytes: bytes, symbology: symbology)) { claims.append(String(decoding: bytes, as: UTF8.self)) }
        }
        return claims
    }
}
#endif
