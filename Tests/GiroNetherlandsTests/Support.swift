import GiroCore
@testable import GiroNetherlands
import GiroTestSupport

enum NLLink: PluginTestHelpers {
    static let kit = PluginFixtures(DutchPaymentLink(), directory: "nl.payment-link")
}
