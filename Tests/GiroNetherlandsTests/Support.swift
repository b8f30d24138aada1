import GiroCore
@testable import GiroNetherlands
import GiroPluginTestKit

enum NLLink: PluginTestHelpers {
    static let kit = PluginFixtures(DutchPaymentLink(), directory: "nl.payment-link")
}
