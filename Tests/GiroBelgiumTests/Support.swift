import GiroCore
@testable import GiroBelgium
import GiroTestSupport

enum Payconiq: PluginTestHelpers {
    static let kit = PluginFixtures(BelgianPayconiqLink(), directory: "be.payconiq")
}
