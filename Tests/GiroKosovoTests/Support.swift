import GiroCore
@testable import GiroKosovo
import GiroTestSupport

enum KosGiro: PluginTestHelpers {
    static let kit = PluginFixtures(KosovoKosGiro(), directory: "xk.kos-giro")

    /// Kos-GIRO is only claimed from a Code128 symbol.
    static func code128(_ text: String) -> Payload { Payload(text: text, symbology: .code128) }
}
