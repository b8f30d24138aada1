import GiroCore
@testable import GiroAustria
import GiroPluginTestKit

enum EPS: PluginTestHelpers {
    static let kit = PluginFixtures(AustrianEPSLink(), directory: "at.eps")
}
