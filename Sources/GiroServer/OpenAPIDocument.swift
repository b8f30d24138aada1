import Giro

/// The contract `giro serve` serves at `/openapi.json`: `openapi.json` (compiled in as bytes) with the `giro check`
/// kinds of this binary's country registry in place of the `$GIRO_CHECK_KINDS` entry, so a client and a contract
/// tester see every kind `/v1/check/{kind}` answers, and a country plug-in adds its kinds without editing the file.
package enum OpenAPIDocument {
    package static let placeholder = #""$GIRO_CHECK_KINDS""#
    /// In the `parsers` pattern of `/v1/parse`: the registry's parser names (kinds, `national`, national types).
    package static let parserPlaceholder = "$GIRO_PARSER_NAMES"

    package static let served: [UInt8] = substituting(PackageResources.openapi_json)

    /// `document` with the placeholder (a JSON string) replaced by the registry's kinds, as JSON strings.
    package static func substituting(_ document: [UInt8]) -> [UInt8] {
        let kinds = CountryRegistry.identifiers.map { "\"\($0.kind)\"" }.joined(separator: ", ")
        let text = String(decoding: document, as: UTF8.self)
        // Parser names as a regex alternation inside a JSON string: `.` escaped for the regex, the `\` for JSON.
        let names = ParserGroup.registryNames.map { $0.replacingOccurrences(of: ".", with: #"\\."#) }.joined(separator: "|")
        return Array(text.replacingOccurrences(of: placeholder, with: kinds)
            .replacingOccurrences(of: parserPlaceholder, with: names).utf8)
    }
}
