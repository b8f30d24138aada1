import GiroCore
@testable import GiroBelgium
import GiroPluginTestKit

enum Payconiq: PluginTestHelpers {
    static let kit = PluginFixtures(BelgianPayconiqLink(), directory: "be.payconiq")
}
