import GiroCore
@testable import GiroAustria
import GiroTestSupport

enum EPS: PluginTestHelpers {
    static let kit = PluginFixtures(AustrianEPSLink(), directory: "at.eps")
}
